"""How tall a table kept whole is as LaTeX sets it, in lines of the book's text, from its cells:
the type and column widths that :func:`nqsphinx.books.latex.table_style` gives it (a smaller
type for more columns; a short column as wide as its widest cell, the long ones sharing the rest
of the line).  :func:`nqsphinx.books.page_keeps._height` counts a row as if set in the text's
type, its columns in equal shares, about twice what LaTeX sets for a table of many short columns
(Table 16.4: 86 lines counted, 27 set): enough to keep a heading's room, not to tell whether a box
and its table fit one page.
"""

from __future__ import annotations

import math

from docutils import nodes

from nqsphinx.books.latex import LONG_COLUMN, MIN_FLEX, VERY_WIDE_TABLE, WIDE_TABLE

#: Characters of a line of the text's 11 pt type across the text block (measure.py).
TEXT_LINE_CHARS = 80
#: The type of a table by how many columns it has (latex.TABLE_SIZES' first three sizes):
#: (the point size, its baseline) against the text's 11 pt on 13.6 pt.
TABLE_TYPES = ((10.0, 12.0), (9.0, 11.0), (8.0, 9.5))
TEXT_SIZE, TEXT_BASELINE = 11.0, 13.6
#: Characters a cell gives up to its gaps; lines of a caption and its skips, and of the rules
#: and padding of a header and a body, in the text's lines.
CELL_GAP_CHARS, CAPTION_LINES, FRAME_LINES = 4, 2.0, 1.0


def _type(columns: int) -> tuple[float, float]:
    index = 2 if columns >= VERY_WIDE_TABLE else 1 if columns >= WIDE_TABLE else 0
    return TABLE_TYPES[index]


def _cells(row: nodes.row) -> list[str]:
    return [" ".join(c.astext().split()) for c in row.children if isinstance(c, nodes.entry)]


def _widths(rows: list[list[str]], line_chars: float) -> list[float]:
    """Each column's width in characters: a short column its widest cell (its longest word
    when the short columns leave the long ones less than :data:`MIN_FLEX` of the line, as
    LaTeX's measure does), the long ones the rest of the line in proportion to their text (at
    least their longest word)."""
    columns = list(zip(*rows, strict=False))
    widest = [max((len(cell) for cell in column), default=1) for column in columns]
    words = [
        max((len(w) for cell in column for w in cell.split()), default=1) for column in columns
    ]
    long = [i for i, width in enumerate(widest) if width > LONG_COLUMN]
    short = [i for i in range(len(columns)) if i not in long]
    if sum(widest[i] + CELL_GAP_CHARS for i in short) > line_chars * (1 - MIN_FLEX):
        widest = [words[i] if i in short else widest[i] for i in range(len(columns))]
    left = max(line_chars * MIN_FLEX, line_chars - sum(widest[i] + CELL_GAP_CHARS for i in short))
    text = {i: sum(len(cell) for cell in columns[i]) or 1 for i in long}
    total = sum(text.values()) or 1
    return [
        max(words[i], left * text[i] / total - CELL_GAP_CHARS) if i in long else widest[i]
        for i in range(len(columns))
    ]


def _cell_lines(cell: str, width: float) -> int:
    return max(1, math.ceil(len(cell) / max(1.0, width)))


def set_lines(table: nodes.Element) -> float:
    """The lines of the text's type that ``table`` (its caption, header and rows) takes."""
    rows = [_cells(row) for row in table.findall(nodes.row)]
    rows = [row for row in rows if row]
    if not rows:
        return CAPTION_LINES
    size, baseline = _type(max(len(row) for row in rows))
    widths = _widths(rows, TEXT_LINE_CHARS * TEXT_SIZE / size)
    lines = sum(
        max(_cell_lines(cell, width) for cell, width in zip(row, widths, strict=False))
        for row in rows
    )
    return CAPTION_LINES + FRAME_LINES + lines * baseline / TEXT_BASELINE
