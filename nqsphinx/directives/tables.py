"""The ``nq-table`` directive: a reference table rendered from the engine, never typed.

Each rendered table carries the classes ``nq-table`` and ``nq-table-<key>`` so that the drift
guard of the test suite can find it in the built HTML and compare it with the engine.  The rows of
the armoury tables are weapons, each with its anchor ``weapon-<key>``
(:mod:`nqsphinx.directives.entities`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.rules.spells import all_spells
from nqcore.tables import table_text
from nqcore.tables.registry import Detail, Table, get_table
from nqsphinx.books.editions import is_print_edition, players_table
from nqsphinx.books.latex import table_style
from nqsphinx.directives import entities
from nqsphinx.messages import engine_text, page_language

EMPTY_CELL = table_text.EMPTY_CELL
#: Tables whose rows name what the site shows elsewhere: the column that links, and the label of
#: each row's target (the spell list's names go to their cards).
LINKED_COLUMNS: dict[str, tuple[int, Callable[[], list[str]]]] = {
    "spell-list": (1, lambda: [f"spell-{spell.key}" for spell in all_spells()]),
}


def format_cell(cell: Detail, lang: str) -> str:
    """One cell (or a phrase under a table) as the reader of ``lang`` reads it."""
    return table_text.cell_text(cell, lang)


def table_node(table: Table, lang: str) -> nodes.table:
    """A docutils table for ``table``, its title as caption, its header row translated; the
    cells of a linked column (:data:`LINKED_COLUMNS`) link to their row's target."""
    column, labels = LINKED_COLUMNS.get(table.key, (-1, list))
    targets = labels()
    if column >= 0 and len(targets) != len(table.rows):
        raise ValueError(
            f"table {table.key}: {len(targets)} link targets for {len(table.rows)} rows"
        )
    node = nodes.table(classes=["nq-table", f"nq-table-{table.key}"])
    node += _generated(nodes.title(text=engine_text(table.title, lang)))
    group = nodes.tgroup(cols=len(table.columns))
    node += group
    for _ in table.columns:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    head += _row([engine_text(c, lang) for c in table.columns], header=True)
    body = nodes.tbody()
    group += body
    for index, row in enumerate(table.rows):
        link = (column, targets[index]) if column >= 0 else None
        body += _row([format_cell(cell, lang) for cell in row], link=link)
    return node


def _row(texts: list[str], header: bool = False, link: tuple[int, str] | None = None) -> nodes.row:
    row = nodes.row()
    for column, text in enumerate(texts):
        entry = nodes.entry()
        if link and link[0] == column:
            entry += _generated(nodes.paragraph("", "", _reference(text, link[1])))
        else:
            entry += _generated(nodes.paragraph(text=text))
        row += entry
    return row


def _reference(text: str, label: str) -> addnodes.pending_xref:
    """``text`` linking to ``label``, as ``{ref}`text <label>``` would."""
    content = nodes.inline(text, text, classes=["xref", "std", "std-ref"])
    return addnodes.pending_xref(
        "",
        content,
        refdomain="std",
        reftype="ref",
        reftarget=label,
        refexplicit=True,
        refwarn=True,
    )


def _generated(node: nodes.TextElement) -> nodes.TextElement:
    """Text made from engine data is already in the page's language: gettext must skip it."""
    node["translatable"] = False
    return node


class EngineTableDirective(SphinxDirective):
    """``{nq-table} key``: the engine's table ``key`` in the page's language.  ``:no-notes:``
    leaves out the notes under it where the page's own text already says them (the notes stay
    on the quick-reference sheet, which has no such text)."""

    required_arguments = 1
    has_content = False
    option_spec = {"no-notes": directives.flag}

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        try:
            table = get_table(key)
        except KeyError as error:
            raise self.error(str(error.args[0])) from None
        if is_print_edition(self.config):
            table = players_table(table)  # no column for the book's editors
        lang = page_language(self.config.language)
        node = table_node(table, lang)
        self.set_source_info(node)
        self.anchor_rows(table, node)
        header = [engine_text(c, lang) for c in table.columns]
        cells = [[format_cell(cell, lang) for cell in row] for row in table.rows]
        result: list[nodes.Node] = table_style(node, header, cells)
        if table.details:
            fields = nodes.field_list(classes=["nq-table-details"])
            for label, value in table.details:
                field = nodes.field()
                field += _generated(nodes.field_name(text=engine_text(label, lang)))
                body = nodes.field_body()
                body += _generated(nodes.paragraph(text=format_cell(value, lang)))
                field += body
                fields += field
            result.append(fields)
        for note in () if "no-notes" in self.options else table.notes:
            result.append(
                _generated(nodes.paragraph(text=engine_text(note, lang), classes=["nq-table-note"]))
            )
        return result

    def anchor_rows(self, table: Table, node: nodes.table) -> None:
        """Each row of an armoury table is a weapon: it gets the weapon's anchor, and the
        weapon is recorded under the name its first cell shows
        (:mod:`nqsphinx.directives.entities`)."""
        kind = entities.ROW_ENTITIES.get(table.key)
        if kind is None:
            return
        if not table.row_keys:
            raise self.error(f"table {table.key}: the engine gives no row keys")
        for row, key in zip(node.findall(nodes.row), ("", *table.row_keys), strict=True):
            if key:  # the header row is not an entity
                self.set_source_info(row)
                entities.register(self.env, kind, key, row[0].astext(), row)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("nqsphinx.directives.entities")
    app.add_directive("nq-table", EngineTableDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}  # also loaded alone
