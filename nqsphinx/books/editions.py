"""Two editions from one source: the site, and the print editions (PDF, EPUB) for players.

The site keeps the editors' material (its pages in the navigation's "For Editors" section): the
Rules Coverage page, the command-line page (its doctests print Python) and, beside the points the
engine computes for each profile (the points a player builds an army with), the points the book
prints (the Printed Points column). A print edition is the book a publisher would ship: it leaves
all three out, and shows the engine's points headed Points, the cells where the book prints other
points marked, with a note naming the erratum (:mod:`nqcore.tables.printed_cells`).

How: the print builds pass the tag ``print`` (``-t print``: the Makefile's ``pdf`` targets, an
``epub`` target likewise, ``tests/building.py``). It has to be a tag rather than the builder's
name, because the editors' pages are left out with ``exclude_patterns`` before Sphinx reads
anything, and Sphinx creates the builder only after that; exclusion (not an ``{only}`` around
their toctree) is what keeps them out of an EPUB, whose builder writes every page it has read.
A latex or epub build without the tag stops with one line saying so, so that no print edition
ships editors' pages.

- The toctree of the editors' pages in ``docs/index.md`` stays an ordinary ``{toctree}``: in a
  print edition the toctree directive drops the entries naming them (an ``{only}`` around it
  would not do: the toctree directive checks its entries when the page is read, before ``{only}``
  is evaluated, and warns about each excluded page, which ``-W`` makes an error).
- ``{only} not print`` holds prose that points at the editors' pages (the home page's blocks,
  the Odds page's pointer to the ``nq`` command). Sphinx resolves references (post-transform
  priority 10) before it drops the ``{only}`` blocks a build leaves out (50), so a reference in
  such a block is left unresolved without a warning (:func:`_left_out`): no reader sees it.
- Engine tables drop the editors' columns and their note (:func:`players_table`); the value of
  ``nq_print_edition`` is part of the environment, so a doctree folder built for one edition is
  read again in full for the other.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.directives.other import TocTree
from sphinx.environment import BuildEnvironment

from nqcore.i18n import N_
from nqcore.tables.profile_tables import COMPUTED_POINTS, POINTS_DIFFER, PRINTED_POINTS
from nqcore.tables.registry import Table
from nqsphinx.languages.translation_notice import left_out

#: The tag of the print editions (``-t print``).
PRINT_TAG = "print"
#: Builders that make a print edition: they need the tag.
PRINT_BUILDERS = frozenset({"latex", "epub"})
#: The pages for the book's editors (docnames), on the site only.
EDITOR_PAGES = ("coverage", "nq")
#: Pages that only a browser can use (the calculators), and the editors' pages: site only.
SITE_ONLY_PAGES = (*EDITOR_PAGES, "at-the-table")
#: Table columns for the editors: the points the book prints beside the engine's.
EDITOR_COLUMNS = frozenset({PRINTED_POINTS})
#: Notes under a table that speak of an editors' column.
EDITOR_NOTES = frozenset({POINTS_DIFFER})
#: Headings that read otherwise once the editors' columns are gone ("Computed Points" beside
#: nothing else is just the profile's points).
PRINT_HEADINGS = {COMPUTED_POINTS: N_("Points")}


def players_table(table: Table) -> Table:
    """``table`` without the editors' columns and notes (itself if it has none)."""
    keep = [i for i, column in enumerate(table.columns) if column not in EDITOR_COLUMNS]
    if len(keep) == len(table.columns) and not set(table.columns) & set(PRINT_HEADINGS):
        return table
    return replace(
        table,
        columns=tuple(PRINT_HEADINGS.get(table.columns[i], table.columns[i]) for i in keep),
        rows=tuple(tuple(row[i] for i in keep) for row in table.rows),
        notes=tuple(note for note in table.notes if note not in EDITOR_NOTES),
    )


def is_print_edition(config: Config) -> bool:
    """A project that loads a part of the extension without this module is a site."""
    return bool(getattr(config, "nq_print_edition", False))


class EditionTocTree(TocTree):
    """Sphinx's ``toctree``; in a print edition, without the entries naming an editors' page,
    and nothing at all if no entry is left. Never ``:hidden:`` in print: the home page hides its
    contents on the site, but the EPUB's navigation leaves hidden toctrees out."""

    content: StringList

    def run(self) -> list[nodes.Node]:
        if is_print_edition(self.config):
            content = self.content
            kept = [n for n, line in enumerate(content) if _docname(line) not in SITE_ONLY_PAGES]
            if not any(content[n].strip() for n in kept):
                left_out(self.env, *filter(None, [self.options.get("caption")]))
                return []
            self.content = StringList(
                [content[n] for n in kept], items=[content.items[n] for n in kept]
            )
            self.options.pop("hidden", None)
        return super().run()


def _docname(entry: str) -> str:
    """The page a toctree entry names (``Title <page>`` or ``page``)."""
    entry = entry.strip()
    return entry[entry.rindex("<") + 1 : -1] if entry.endswith(">") and "<" in entry else entry


def _configure(app: Sphinx, config: Config) -> None:
    config.nq_print_edition = app.tags.has(PRINT_TAG)
    if config.nq_print_edition:
        config.exclude_patterns = [*config.exclude_patterns, *(f"{p}.md" for p in SITE_ONLY_PAGES)]


def _left_out(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.TextElement
) -> nodes.Node | None:
    """A reference that finds no target inside an ``{only}`` block this build leaves out: its
    words stand (the block is dropped next), with no warning."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, addnodes.only) and not app.tags.eval_condition(parent["expr"]):
            return contnode
        parent = parent.parent
    return None


def _check_builder(app: Sphinx) -> None:
    """One line and exit status 2, nothing built: a print edition without the tag."""
    if app.builder.name in PRINT_BUILDERS and not is_print_edition(app.config):
        print(
            f"the {app.builder.name} builder makes a print edition: add -t {PRINT_TAG} "
            "(as `make pdf` does), which leaves out the editors' pages",
            file=sys.stderr,
        )
        raise SystemExit(2)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("nq_print_edition", False, "env", types=frozenset({bool}))
    app.connect("config-inited", _configure)
    app.connect("builder-inited", _check_builder)
    app.connect("missing-reference", _left_out)
    app.add_directive("toctree", EditionTocTree, override=True)
    return {"parallel_read_safe": True}
