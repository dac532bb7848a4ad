"""The ``nq-table`` directive: a reference table rendered from the engine, never typed.

Each rendered table carries the classes ``nq-table`` and ``nq-table-<key>`` so that the drift
guard of the test suite can find it in the built HTML and compare it with the engine.  The rows of
the armoury tables are weapons, each with its anchor ``weapon-<key>``
(:mod:`nqsphinx.directives.entities`).

A cell whose value the 2007 book prints otherwise (an erratum's ``[[erratum.cell]]``,
:mod:`nqcore.tables.printed_cells`) carries a mark (†, then ‡, § and ¶: one per erratum and
column), and a note under the table says what the book prints there and links the erratum.  On
the site the mark is a link to its note, which a screen reader announces; in print it is a
superscript, the note just below the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.book.errata import ErrataError
from nqcore.rules.spells import all_spells
from nqcore.tables import table_text
from nqcore.tables.printed_cells import PrintedCell, printed_cells
from nqcore.tables.profile_tables import COMPUTED_POINTS
from nqcore.tables.registry import Detail, Note, Table, get_table
from nqsphinx.books.editions import PRINT_HEADINGS, is_print_edition, players_table
from nqsphinx.books.latex import PAGE_PLACEHOLDER, table_style
from nqsphinx.books.turned_tables import turn_end
from nqsphinx.directives import entities
from nqsphinx.directives.errata import erratum_label, section_ref
from nqsphinx.messages import engine_text, page_language, ui_text
from nqsphinx.site.accessibility import VISUALLY_HIDDEN

EMPTY_CELL = table_text.EMPTY_CELL
#: Tables whose rows name what the site shows elsewhere: the column that links, and the label of
#: each row's target (the spell list's names go to their cards).
LINKED_COLUMNS: dict[str, tuple[int, Callable[[], list[str]]]] = {
    "spell-list": (1, lambda: [f"spell-{spell.key}" for spell in all_spells()]),
}


#: The marks of the cells the book prints otherwise, one per erratum and column, in order.
MARKS = ("†", "‡", "§", "¶")
#: The class of a mark (a ``sup``) and of its note.
MARK_CLASS = "nq-printed-mark"
NOTE_CLASS = "nq-printed-note"


@dataclass(frozen=True)
class PrintedMark:
    """One mark of a table: the cells it marks (one erratum, one column) and its note's id."""

    symbol: str
    note_id: str
    column: int
    cells: tuple[PrintedCell, ...]
    points: bool  # the cells are a profile's points


def printed_marks(table: Table, printed: Sequence[PrintedCell]) -> list[PrintedMark]:
    """The marks of ``table``'s printed cells (:func:`printed_cells`, their columns named as
    ``table`` heads them), grouped by erratum and column, in reading order."""
    groups: dict[tuple[str, str], list[PrintedCell]] = {}
    for cell in printed:
        groups.setdefault((cell.erratum.id, cell.column), []).append(cell)
    if len(groups) > len(MARKS):
        raise ValueError(f"table {table.key}: more than {len(MARKS)} errata mark its cells")
    headings = [str(column) for column in table.columns]
    return [
        PrintedMark(
            symbol=MARKS[n],
            note_id=f"nq-printed-{table.key}-{n + 1}",
            column=headings.index(column),
            cells=tuple(cells),
            points=column in (COMPUTED_POINTS, PRINT_HEADINGS[COMPUTED_POINTS]),
        )
        for n, ((_, column), cells) in enumerate(groups.items())
    ]


def printed_words(printed: str, lang: str) -> str:
    """What the book prints in a cell, in the reader's words where the engine's catalogue has
    them (« F+2 » for ST+2); a number as it is."""
    return engine_text(printed, lang) if printed and not printed.isdigit() else printed


def printed_note(mark: PrintedMark, lang: str, docname: str) -> nodes.paragraph:
    """Under the table: what the book prints in the marked cells, and the erratum's link."""
    printed = ", ".join(printed_words(cell.printed, lang) for cell in mark.cells)
    if len(mark.cells) > 1:
        text = ui_text(
            "The 2007 book prints {printed} in the cells so marked, from top to bottom; "
            "see the erratum:",
            lang,
        )
    elif mark.points:
        text = ui_text("The 2007 book prints {printed} points; see the erratum:", lang)
    else:
        text = ui_text("The 2007 book prints {printed} here; see the erratum:", lang)
    erratum = mark.cells[0].erratum
    note = nodes.paragraph(ids=[mark.note_id], classes=["nq-table-note", NOTE_CLASS])
    note["translatable"] = False
    note += nodes.Text(f"{mark.symbol} {text.format(printed=printed)} ")
    note += section_ref(erratum_label(erratum), engine_text(erratum.subject, lang), docname)
    note += nodes.Text(".")
    return note


def _mark_node(mark: PrintedMark, cell: PrintedCell, lang: str, site: bool) -> nodes.superscript:
    """The mark of a cell: on the site a link to its note that says to a screen reader what
    the book prints (a symbol alone is not read by every one), in print the symbol alone."""
    sup = nodes.superscript(classes=[MARK_CLASS])
    if not site:
        sup += nodes.Text(mark.symbol)
        return sup
    link = nodes.reference("", mark.symbol, refid=mark.note_id, internal=True)
    spoken = ui_text("(the 2007 book prints {printed})", lang).format(
        printed=printed_words(cell.printed, lang)
    )
    link += nodes.inline("", f" {spoken}", classes=[VISUALLY_HIDDEN])
    sup += link
    return sup


def format_cell(cell: Detail, lang: str) -> str:
    """One cell (or a phrase under a table) as the reader of ``lang`` reads it, its negative
    numbers with a true minus sign and its ranges with an en dash, as the print products set
    them (:func:`nqcore.tables.table_text.printed_text`)."""
    return table_text.printed_text(cell, lang)


def table_node(
    table: Table, lang: str, marks: Sequence[PrintedMark] = (), site: bool = True
) -> nodes.table:
    """A docutils table for ``table``, its title as caption, its header row translated; the
    cells of a linked column (:data:`LINKED_COLUMNS`) link to their row's target, and the
    cells that ``marks`` name carry their mark."""
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
    marked = {(cell.row, mark.column): (mark, cell) for mark in marks for cell in mark.cells}
    for index, row in enumerate(table.rows):
        link = (column, targets[index]) if column >= 0 else None
        entries = _row([format_cell(cell, lang) for cell in row], link=link)
        for (row_index, column_index), (mark, cell) in marked.items():
            if row_index == index:
                entries[column_index][0] += _mark_node(mark, cell, lang, site)
        body += entries
    return node


def _with_page_references(cells: list[list[str]], key: str, lang: str) -> list[list[str]]:
    """``cells`` as the book prints them for measuring: a linked column's cells with their page,
    " (p. 174)", which the PDF adds to every link (its widest, three figures; the column then
    takes the width the others leave): measured without it, the spell list's names wrapped
    ("Molten Grasp / (p. 174)") in a table half the line wide."""
    column = LINKED_COLUMNS.get(key, (-1, list))[0]
    if column < 0:
        return cells
    page = f" ({ui_text('p.', lang)}{PAGE_PLACEHOLDER}"
    return [[c + page if i == column else c for i, c in enumerate(row)] for row in cells]


def _row(texts: list[str], header: bool = False, link: tuple[int, str] | None = None) -> nodes.row:
    row = nodes.row()
    for column, text in enumerate(texts):
        entry = nodes.entry()
        if link and link[0] == column:
            entry += _generated(nodes.paragraph("", "", _reference(text, link[1])))
        else:
            entry += _generated(nodes.paragraph("", "", nodes.Text(text)))
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
    on the quick-reference sheet, which has no such text); ``:no-notes: 1`` only those
    numbered (from 1): the command test modifiers' re-roll, which the prose says, and not its
    fear test's penalty, which it does not (proof round thirty-one)."""

    required_arguments = 1
    has_content = False
    option_spec = {"no-notes": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        try:
            table = get_table(key)
            printed = printed_cells(table)
        except (KeyError, ErrataError) as error:
            raise self.error(str(error.args[0])) from None
        in_print = is_print_edition(self.config)
        if in_print:
            table = players_table(table)  # no column for the book's editors
            headings = {str(c): str(h) for c, h in PRINT_HEADINGS.items()}
            shown = {str(c) for c in table.columns}
            printed = [replace(p, column=headings.get(p.column, p.column)) for p in printed]
            printed = [p for p in printed if p.column in shown]
        marks = printed_marks(table, printed)
        lang = page_language(self.config.language)
        node = table_node(table, lang, marks, site=not in_print)
        self.set_source_info(node)
        self.anchor_rows(table, node)
        header = [engine_text(c, lang) for c in table.columns]
        cells = [[format_cell(cell, lang) for cell in row] for row in table.rows]
        for mark in marks:
            for cell in mark.cells:
                cells[cell.row][mark.column] += mark.symbol
        if in_print:
            cells = _with_page_references(cells, table.key, lang)
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
        for note in self.shown_notes(table):
            # a sentence, or a phrase of the engine's names, with true minus signs ("the −1")
            text = table_text.printed_text(note, lang)
            result.append(_generated(nodes.paragraph(text=text, classes=["nq-table-note"])))
        result += [printed_note(mark, lang, self.env.docname) for mark in marks]
        result.append(turn_end())
        return result

    def shown_notes(self, table: Table) -> tuple[Note, ...]:
        """The table's notes, but those ``:no-notes:`` leaves out (all, without a number)."""
        if "no-notes" not in self.options:
            return table.notes
        words = self.options["no-notes"].replace(",", " ").split()
        if not words:
            return ()
        if not all(word.isdigit() and 1 <= int(word) <= len(table.notes) for word in words):
            raise self.error(f":no-notes: numbers 1 to {len(table.notes)}, not {' '.join(words)}")
        left_out = {int(word) for word in words}
        return tuple(note for n, note in enumerate(table.notes, 1) if n not in left_out)

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
