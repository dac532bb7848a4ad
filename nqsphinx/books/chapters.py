"""How a chapter of the PDF rulebooks opens and ends.

It opens a new page (:data:`CHAPTER_STYLE`, fncychap's Sonny in every language).
It never ends on a page of a few lines: its last blocks (a short last section with its heading,
an erratum's record, an epigraph, and what comes before them up to :data:`END_LINES` lines of
text) start on a page with room for all of them, or all go to the next page together
(``\\nqkeephead`` before the first of them, as a heading's keep: the macro is in
:data:`nqsphinx.books.latex.KEEP`).  Each block's lines are estimated as the headings' keeps
estimate them (:mod:`nqsphinx.books.page_keeps`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.books import page_keeps
from nqsphinx.untrusted import generated_raw

#: The chapter openings and the contents' title of every language (fncychap's Sonny): the title
#: as written, under "Chapter 1" / « Chapitre 1 » in the language's word and figures.
CHAPTER_STYLE = r"\usepackage[Sonny]{fncychap}"

#: The fewest lines of text of a chapter's last page: one more than any other page may hold
#: (tests/print/test_book_typography.py).
END_LINES = 5
#: The most lines of room the last blocks may ask for: past it, a block before them (a long
#: table) would leave most of its page empty, and the chapter keeps its ending as it falls.
MOST_ROOM = 16


def _text_lines(block: nodes.Element) -> int:
    """The lines of text a block prints, about (a section: its heading's line)."""
    if isinstance(block, nodes.section):
        return 1
    if isinstance(block, (nodes.table, nodes.figure)) or page_keeps._unbreakable(block):
        return page_keeps._height(block)
    if isinstance(block, nodes.Admonition):
        return page_keeps._box_height(block)
    paragraphs = list(block.findall(nodes.paragraph))  # a list's items, a record's lines
    if len(paragraphs) > 1:
        return sum(page_keeps._lines(paragraph) for paragraph in paragraphs)
    return page_keeps._lines(block)


def _room(block: nodes.Element) -> int:
    """The lines of the page a block takes, a paragraph's skip after each of its paragraphs."""
    if isinstance(block, nodes.section):
        return page_keeps.HEADING_LINES
    return _text_lines(block) + max(1, len(list(block.findall(nodes.paragraph))))


def _in_order(section: nodes.Element) -> list[nodes.Element]:
    """The blocks of ``section`` in reading order, each subsection as itself (its heading) and
    then its own blocks."""
    found: list[nodes.Element] = []
    for block in page_keeps._blocks(section):
        found.append(block)
        if isinstance(block, nodes.section):
            found += _in_order(block)
    return found


def ending(chapter: nodes.section) -> tuple[nodes.Element, int] | None:
    """The first of a chapter's last blocks that make :data:`END_LINES` lines of text (or the
    section it opens), and the room they take; None for a chapter whose ending would ask for
    more than :data:`MOST_ROOM`, or that is shorter."""
    lines = room = 0
    for block in reversed(_in_order(chapter)):
        lines, room = lines + _text_lines(block), room + _room(block)
        if lines >= END_LINES:
            break
    else:
        return None
    # a section's first block is kept by its heading's keep (a keep after a heading is none)
    while block.parent is not chapter and page_keeps._blocks(block.parent)[:1] == [block]:
        block, room = block.parent, room + page_keeps.HEADING_LINES
    return (block, room) if room <= MOST_ROOM else None


class KeepChapterEnds(SphinxPostTransform):
    """``\\nqkeephead`` with the room of a chapter's last blocks before the first of them."""

    default_priority = 891  # after page_keeps' own keeps, which it leaves in their places
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for chapter in list(self.document.findall(nodes.section)):
            if not isinstance(chapter.parent, nodes.document):
                continue
            found = ending(chapter)
            if found is None or found[0].parent is None:
                continue
            block, room = found
            keep = generated_raw(rf"\nqkeephead{{{room}}}" + "\n", "latex")
            block.parent.insert(page_keeps._before_targets(block), keep)


def setup(app: Sphinx) -> None:
    app.add_post_transform(KeepChapterEnds)
