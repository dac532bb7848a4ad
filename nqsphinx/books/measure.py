"""The rulebook's measure: type size and line length of a book, not of a manual.

The 2007 PDF set 10 pt across 159 mm, 113 characters a line (up to 124): the eye loses the next
line's start.  A book sets 60 to 85; the rulebook sets 11 pt across :data:`TEXT_WIDTH_MM`, about
80 characters, on A4 and on US Letter alike (the wider Letter page gets wider margins, not longer
lines).  A table of engine data with :data:`SPLIT_ROWS` rows or more may break over pages, its
header repeated (a longtable), rather than leave the foot of a page empty.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.languages.typography import ancestors

#: The type size of the text.
POINT_SIZE = "11pt"
#: The width of the text block, the same on every paper.
TEXT_WIDTH_MM = 120.0
#: The paper widths (``latex_elements["papersize"]``) the book is made for.
PAPER_WIDTH_MM = {"a4paper": 210.0, "letterpaper": 215.9}
#: An engine table of this many rows or more breaks over pages with its header repeated.
SPLIT_ROWS = 12


def margins(papersize: str) -> str:
    """The ``hmargin`` option of ``sphinxsetup`` for ``papersize``: equal margins around a text
    block of :data:`TEXT_WIDTH_MM`.

    >>> margins("a4paper"), margins("letterpaper")
    ('hmargin={45.0mm,45.0mm}', 'hmargin={47.95mm,47.95mm}')
    """
    side = round((PAPER_WIDTH_MM.get(papersize, 210.0) - TEXT_WIDTH_MM) / 2, 2)
    return f"hmargin={{{side}mm,{side}mm}}"


def book_measure(elements: dict[str, str]) -> dict[str, str]:
    """``elements`` with the book's type size and margins (a ``sphinxsetup`` of the project's
    own is kept, after them)."""
    result = dict(elements)
    result["pointsize"] = POINT_SIZE
    setup = margins(result.get("papersize", "a4paper"))
    result["sphinxsetup"] = ",".join(s for s in (setup, result.get("sphinxsetup", "")) if s)
    return result


class SplittableTables(SphinxPostTransform):
    """An engine table of :data:`SPLIT_ROWS` rows or more is set as a longtable: it starts
    where the text reaches it and goes on over the page with its header repeated (Sphinx makes
    a longtable only from 31 rows; a table of 20 went whole to the next page and left half of
    the page before it empty)."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: Any) -> None:
        for table in list(self.document.findall(nodes.table)):
            if splits(table) and "longtable" not in table["classes"]:
                table["classes"].append("longtable")


def splits(table: nodes.table) -> bool:
    """Whether ``table`` is an engine table that :class:`SplittableTables` sets as a
    longtable."""
    return may_split(table) and not _opens_section(table)


def may_split(table: nodes.table) -> bool:
    """Whether ``table`` is an engine table long enough to break over pages, with nothing bound
    to its end, outside a box (a longtable cannot sit in one: framed.sty)."""
    rows = sum(1 for body in table.findall(nodes.tbody) for _ in body.children)
    boxed = any(isinstance(a, nodes.Admonition) for a in ancestors(table))
    if "nq-table" not in table["classes"] or rows < SPLIT_ROWS or boxed:
        return False
    return not _bound_to_next(table)


#: The classes of what follows a table and stays on its page (a printed cell's note, a
#: profile's details: ``\nqtablewithnext``, which a longtable's end does not honour).
BOUND_AFTER = frozenset({"nq-printed-note", "nq-table-details"})


def _opens_section(table: nodes.table) -> bool:
    """Whether ``table`` comes right after its heading and a short paragraph at most: it is
    bound to them (page_keeps), which a longtable's start would break, leaving the heading with
    a line at a page's foot."""
    parent = table.parent
    if not isinstance(parent, nodes.section):
        return False
    shown = [
        child
        for child in parent.children[: parent.index(table)]
        if not isinstance(child, (nodes.title, nodes.target, nodes.raw, addnodes.index))
        and not isinstance(child, addnodes.tabular_col_spec)
    ]
    return len(shown) <= 1 and all(len(child.astext()) < 2 * 80 for child in shown)


def _bound_to_next(table: nodes.table) -> bool:
    """Whether a note or details bound to ``table`` follow it (such a table stays whole)."""
    parent = table.parent
    if parent is None:
        return False
    following = parent.children[parent.index(table) + 1 : parent.index(table) + 4]
    return any(
        BOUND_AFTER & set(node.get("classes", []))
        for sibling in following
        if isinstance(sibling, nodes.Element)
        for node in sibling.findall(nodes.Element)
    )


def setup(app: Sphinx) -> None:
    app.add_post_transform(SplittableTables)
