"""The cells of a table whose value the 2007 book prints otherwise.

Tables show the engine's reading; where an erratum says the book prints another value in a
cell (``[[erratum.cell]]`` in ``nqcore/data/errata``), the page marks the cell and says, under
the table, what the book prints and which erratum explains it.  An erratum's cell is found by
the table's key, the English text of a cell of its row and the English heading of its column;
:func:`printed_cells` fails, naming the erratum, if the cell is not there, or if the table
shows the very value the erratum calls printed (the erratum would then be wrong).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nqcore.book.errata import ErrataError, Erratum, ErratumCell, all_errata
from nqcore.tables.registry import Table
from nqcore.tables.table_text import cell_text


@dataclass(frozen=True)
class PrintedCell:
    """A cell of one table (row index, column heading) and what the book prints there."""

    row: int
    column: str
    printed: str
    erratum: Erratum


def _where(erratum: Erratum, cell: ErratumCell) -> str:
    return f"{erratum.source_file}, erratum {erratum.id}: cell of table {cell.table}"


def locate(table: Table, erratum: Erratum, cell: ErratumCell) -> tuple[int, int]:
    """The row index and column index of ``cell`` in ``table``; ``ErrataError`` naming the
    erratum when the table has no such column, or not exactly one such row."""
    headings = [str(column) for column in table.columns]
    where = _where(erratum, cell)
    for heading in (cell.column, cell.row_column):
        if heading and headings.count(heading) != 1:
            raise ErrataError(f"{where}: no single column {heading!r} (columns: {headings})")
    key = headings.index(cell.row_column) if cell.row_column else 0
    rows = [n for n, row in enumerate(table.rows) if cell_text(row[key], "en") == cell.row]
    if len(rows) != 1:
        count = "no row" if not rows else f"{len(rows)} rows"
        raise ErrataError(f"{where}: {count} whose {headings[key]!r} reads {cell.row!r}")
    return rows[0], headings.index(cell.column)


def printed_cells(table: Table, errata: Sequence[Erratum] | None = None) -> list[PrintedCell]:
    """The cells of ``table`` that ``errata`` (every erratum by default) say the book prints
    otherwise, in reading order (row by row)."""
    found = []
    for erratum in all_errata() if errata is None else errata:
        for cell in erratum.cells:
            if cell.table != table.key:
                continue
            row, column = locate(table, erratum, cell)
            shown = cell_text(table.rows[row][column], "en")
            if shown == cell.printed:
                raise ErrataError(
                    f"{_where(erratum, cell)}: the table shows {shown!r}, the value the erratum "
                    "calls printed"
                )
            found.append(PrintedCell(row, cell.column, cell.printed, erratum))
    headings = [str(column) for column in table.columns]
    return sorted(found, key=lambda p: (p.row, headings.index(p.column)))


def tables_with_printed_cells() -> tuple[str, ...]:
    """The keys of the tables that some erratum names a cell of, sorted."""
    return tuple(sorted({cell.table for e in all_errata() for cell in e.cells}))
