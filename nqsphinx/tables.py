"""The ``nq-table`` directive: a reference table rendered from the engine, never typed.

Each rendered table carries the classes ``nq-table`` and ``nq-table-<key>`` so that the drift
guard of the test suite can find it in the built HTML and compare it with the engine.  The rows of
the armoury tables are weapons, each with its anchor ``weapon-<key>`` (:mod:`nqsphinx.entities`).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore import table_text
from nqcore.tables import Detail, Table, get_table
from nqsphinx import entities
from nqsphinx.editions import is_print_edition, players_table
from nqsphinx.latex import table_style
from nqsphinx.messages import engine_text, page_language

EMPTY_CELL = table_text.EMPTY_CELL


def format_cell(cell: Detail, lang: str) -> str:
    """One cell (or a phrase under a table) as the reader of ``lang`` reads it."""
    return table_text.cell_text(cell, lang)


def table_node(table: Table, lang: str) -> nodes.table:
    """A docutils table for ``table``, its title as caption, its header row translated."""
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
    for row in table.rows:
        body += _row([format_cell(cell, lang) for cell in row])
    return node


def _row(texts: list[str], header: bool = False) -> nodes.row:
    row = nodes.row()
    for text in texts:
        entry = nodes.entry()
        entry += _generated(nodes.paragraph(text=text))
        row += entry
    return row


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
        weapon is recorded under the name its first cell shows (:mod:`nqsphinx.entities`)."""
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
    app.setup_extension("nqsphinx.entities")
    app.add_directive("nq-table", EngineTableDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}  # also loaded alone
