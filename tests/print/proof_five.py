"""Checks of a rulebook PDF for what the fifth proof-reading measured: each note under a table
on the page of its mark, no part of a table broken over pages with fewer than
:data:`LEAST_ROWS` rows, no heading left at a page's foot by the table that opens its section,
the Index's bookmark on its heading, no number glued to its unit.

Each returns what it found wrong as short strings naming the page (an empty list: the rule
holds). Run as a script on built PDFs (``python -m tests.print.proof_five a.pdf b.pdf``) it
prints them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from nqsphinx.books.measure import TEXT_WIDTH_MM
from nqsphinx.messages import engine_text
from tests.print.layout import (
    CAPTION,
    CONTINUED,
    _heading_line,
    _words,
    outline,
    read_pages,
    squeeze,
)
from tests.print.page_geometry import Word, page_words
from tests.print.pdfs import reader, run_on, shapes, text_lines

#: The marks a note under a table starts with, as a line of its own: "† The 2007 book prints".
NOTE_MARKS = "¹²³⁴⁵†‡§¶*"
_NOTE = re.compile(rf"^\s*([{NOTE_MARKS}])\s+\w")
#: A part of a table broken over pages has at least this many rows (the header left out).
LEAST_ROWS = 5
#: The foot of a table part that goes on, and the head of one that goes on from the page before.
GOES_ON = re.compile(r"continues on next page|suite sur la page suivante", re.I)
WENT_ON = re.compile(r"continued from previous page|suite de la page précédente", re.I)
#: A heading with fewer lines than this under it at a page's foot, the next page opening with a
#: table, was left there by the table (its opening paragraphs are bound to it).
OPENING_LINES = 8
#: The most room (points) between two rows of one table: the rules under its header.
RULES_GAP = 8.0
#: A table this share of the text block wide or wider uses its width (its cells may wrap).
FULL_WIDTH = 0.95
#: How far (points) the Index's bookmark may land from the top of its heading's title: a line.
LINE = 14.0
#: A number glued to a unit ("25mm", "40mm"), where a narrow no-break space belongs.
GLUED_UNIT = re.compile(r"\b\d+(?:[.,]\d+)?(?:mm|cm)\b")
#: A unit as a word of its own, and the widest a narrow space is (a share of the type's size:
#: the thin space is a sixth of it, a word space a third or more).
UNIT = re.compile(r"^(?:mm|cm)\b")
NARROW = 0.25
#: The widest gap between two words of a line set ragged right (a share of the type's size).
WIDE_GAP = 0.45


def notes_without_marks(pdf: Path) -> list[str]:
    """Notes (a line that opens with a mark, then words) whose mark is nowhere else on the
    page: a note whose table has no such mark."""
    found = []
    for page in read_pages(pdf):
        body = "\n".join(page.lines)
        notes = [m.group(1) for line in page.lines if (m := _NOTE.match(line))]
        for mark in set(notes):
            if body.count(mark) <= notes.count(mark):
                note = next(line for line in page.lines if _NOTE.match(line) and mark in line)
                found.append(f"{page.where()}: {squeeze(note)[:60]!r}")
    return found


def _row_bands(pdf: Path, number: int) -> list[list[tuple[float, float]]]:
    """The tables of a page as the PDF paints them (a rectangle behind each cell): each a list
    of its rows' vertical bands, top down (points, y up), the header first; a gap taller than
    :data:`RULES_GAP` between two bands starts another table."""
    cells = [s for s in shapes(pdf, number) if s.lines == 4 and s.curves == 0]
    bands = sorted({(round(s.y0, 1), round(s.y1, 1)) for s in cells if 4 < s.height < 200})
    bands = [b for b in bands if not any(o != b and o[0] <= b[0] and b[1] <= o[1] for o in bands)]
    tables: list[list[tuple[float, float]]] = []
    for low, high in sorted(bands, key=lambda b: -b[1]):
        if tables and tables[-1][-1][0] - high < RULES_GAP:
            tables[-1].append((low, high))
        else:
            tables.append([(low, high)])
    return tables


def short_table_parts(pdf: Path, least: int = LEAST_ROWS) -> list[str]:
    """Parts of a table broken over pages with fewer than ``least`` rows: the last table of a
    page whose foot says it continues, the first of a page whose head says it goes on."""
    found = []
    for page in read_pages(pdf):
        body = "\n".join(page.lines)
        tables = _row_bands(pdf, page.number)
        parts = []
        if WENT_ON.search(body) and tables:
            parts.append(("goes on with", tables[0]))
        if GOES_ON.search(body) and tables:
            parts.append(("starts with", tables[-1]))
        for what, rows in parts:
            if len(rows) - 1 < least:
                found.append(f"{page.where()}: a table {what} {len(rows) - 1} rows")
    return found


def headings_left_by_tables(
    pdf: Path, least: int = OPENING_LINES, broken_only: bool = True
) -> list[str]:
    """Headings at the foot of a page with fewer than ``least`` lines under them (their
    opening paragraphs) while the next page opens with a table's caption: the table, which
    starts its section, went to the next page without them.  ``broken_only``: only the tables
    broken over pages (longtables, which keep room for their heading's opening)."""
    pages = read_pages(pdf)
    headings = outline(pdf)
    found = []
    for page in pages[1:]:
        first = page.lines[0] if page.lines else ""
        if not CAPTION.match(first) or CONTINUED.search(first):
            continue
        if broken_only and not GOES_ON.search("\n".join(page.lines)):
            continue
        before = pages[page.number - 2]
        lines = [
            (i, t)
            for n, t in headings
            if n == before.number
            if (i := _heading_line(before.lines, t)) is not None
        ]
        if lines:
            index, title = max(lines)
            if len(before.lines) - index - 1 < least:
                found.append(f"{before.where()}: {title!r}, its table on the next page")
    return found


def tall_rows(pdf: Path, number: str) -> list[str]:
    """Rows of Table ``number`` (on the pages from its caption to its end) taller than its
    shortest by half a line or more, a cell that wraps, while the table is narrower than the
    text block (its cells' rectangles less than :data:`FULL_WIDTH` of it)."""
    caption = re.compile(rf"^\s*(?:Table|Tableau)\s+{re.escape(number)}\s*[:–-]", re.I)
    pages = read_pages(pdf)
    first = next(p for p in pages if any(caption.match(line) for line in p.lines))
    goes_on = GOES_ON.search("\n".join(first.lines)) and first.number < len(pages)
    following = [pages[first.number]] if goes_on else []
    block = TEXT_WIDTH_MM / 25.4 * 72
    found = []
    for index, page in enumerate([first, *following]):
        tables = _row_bands(pdf, page.number)
        rows = (tables[-1] if index == 0 else tables[0])[1:]
        if not rows:  # a part without rows: short_table_parts reports it
            continue
        cells = [s for s in shapes(pdf, page.number) if s.lines == 4 and s.curves == 0]
        inside = [s for s in cells if (round(s.y0, 1), round(s.y1, 1)) in rows]
        width = max(s.x1 for s in inside) - min(s.x0 for s in inside)
        least = min(high - low for low, high in rows)
        found += [
            f"{page.where()}: a row {high - low:.0f} pt high in a table {width:.0f} pt wide"
            for low, high in rows
            if high - low > least + 6 and width < FULL_WIDTH * block
        ]
    return found


def justified_column(pdf: Path, number: str, header: str, following: str) -> list[str]:
    """The lines of the column headed ``header`` (its first word) of Table ``number``, up to the
    column headed ``following``, that end hyphenated or have a gap between words wider than
    :data:`WIDE_GAP` of the type's size: a narrow text column set justified."""
    caption = re.compile(rf"(?:Table|Tableau)\s+{re.escape(number)}\s*[:–-]", re.I)
    for index, text in enumerate(run_on(pdf, "pdftotext").split("\f"), start=1):
        if not caption.search(text):
            continue
        words = page_words(pdf, index)
        left = next(w for w in words if w.text == header.split()[0])
        right = next(w for w in words if w.text == following and abs(w.y0 - left.y0) < 2)
        column = [w for w in words if w.y0 > left.y1 and left.x0 - 1 <= w.x0 < right.x0 - 1]
        lines: dict[int, list[Word]] = {}
        for word in column:
            lines.setdefault(round(word.y1), []).append(word)
        found = []
        for row in (sorted(ws, key=lambda w: w.x0) for _, ws in sorted(lines.items())):
            size = max(w.y1 - w.y0 for w in row)
            gaps = [b.x0 - a.x1 for a, b in zip(row, row[1:], strict=False)]
            line = " ".join(w.text for w in row)
            if line.endswith("-") or any(gap > WIDE_GAP * size for gap in gaps):
                found.append(f"file page {index}: {line!r}")
        return found
    raise AssertionError(f"{pdf.name}: no Table {number}")


def special_rules_justified(pdf: Path, lang: str) -> list[str]:
    """:func:`justified_column` for Table 16.4's "Special Rules" column."""
    return justified_column(
        pdf, "16.4", engine_text("Special Rules", lang), engine_text("DA", lang)
    )


def index_bookmark_offset(pdf: Path, title: str = "Index") -> float:
    """How far (points) the outline's ``title`` entry lands below the top of the heading's
    title on its page (negative: above it)."""
    parsed = reader(pdf)
    entry = next(o for o in parsed.outline if not isinstance(o, list) and o.title == title)
    number = parsed.get_destination_page_number(entry) + 1
    height = float(parsed.pages[number - 1].mediabox.height)
    heading = next(line for line in text_lines(pdf, number) if line.text == title)
    return (height - float(entry.top)) - heading.y0


def glued_units(pdf: Path) -> list[str]:
    """Numbers written against their unit ("25mm") or a word space from it ("25 mm"), by
    page: a narrow space is under :data:`NARROW` of the type's size (pdftotext's words)."""
    labels = reader(pdf).page_labels
    found = []
    for number, words in enumerate(_words(pdf), 1):
        where = f"page {labels[number - 1]} (file page {number})"
        found += [f"{where}: {w[4]!r}" for w in words if GLUED_UNIT.search(w[4])]
        for first, second in zip(words, words[1:], strict=False):
            same_line = abs(first[1] - second[1]) < 2
            if same_line and first[4][-1:].isdigit() and UNIT.match(second[4]):
                gap, size = second[0] - first[2], first[3] - first[1]
                if gap > NARROW * size:
                    found.append(f"{where}: {first[4]} {second[4]} ({gap:.1f} pt apart)")
    return found


def main(paths: list[str]) -> int:
    failed = 0
    for path in map(Path, paths):
        offset = index_bookmark_offset(path)
        results = {
            "notes without marks": notes_without_marks(path),
            "short table parts": short_table_parts(path),
            "headings left by their broken tables": headings_left_by_tables(path),
            "headings left by their tables": headings_left_by_tables(path, broken_only=False),
            "Index bookmark": [f"{offset:.1f} pt from the heading"] if abs(offset) > LINE else [],
            "glued units": glued_units(path),
            "spell list's tall rows": tall_rows(path, "15.1"),
            "16.4 justified": special_rules_justified(path, "fr" if "-fr" in path.name else "en"),
        }
        for name, found in results.items():
            failed += bool(found)
            print(f"{path.name}: {name}: {len(found)}", *found, sep="\n  ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
