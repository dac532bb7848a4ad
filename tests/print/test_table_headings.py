"""No heading ends a page with only its short opening under it, above a table that starts the
next page, nor is left with its boxes only on the page before its turned table
(:mod:`tests.print.table_headings`), in any of the four rulebooks."""

from __future__ import annotations

from pathlib import Path

from tests.print import table_headings
from tests.print.pdfs import Line


def test_no_heading_is_parted_from_its_table(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path]
) -> None:
    books = {**pdfs, **{f"{lang}-letter": pdf for lang, pdf in letter_pdfs.items()}}
    assert len(books) == 4
    parted = {
        edition: found
        for edition, pdf in books.items()
        if (found := table_headings.headings_parted_from_their_table(pdf))
    }
    assert parted == {}


def test_no_heading_is_parted_from_its_turned_table(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path]
) -> None:
    """A turned table's heading and boxes go with it to its landscape page when nothing else of
    its section comes before it: no heading is left on the page before with its boxes only,
    the next section's heading under them (Table 23.1's "23.1 Model Characteristics Summary",
    above "23.2 Armour Summary" in all four books)."""
    books = {**pdfs, **{f"{lang}-letter": pdf for lang, pdf in letter_pdfs.items()}}
    parted = {
        edition: found
        for edition, pdf in books.items()
        if (found := table_headings.headings_parted_from_their_turned_table(pdf))
    }
    assert parted == {}


def _line(x0: float, y0: float) -> Line:
    return Line(x0, y0, x0 + 300, y0 + 11, "text")


def test_the_opening_is_read_as_boxes_and_paragraphs() -> None:
    """Grenades (A4): its erratum box, "Points vary", then two paragraphs of two lines."""
    lines = [_line(135, 572), _line(135, 593), _line(128, 628)]
    lines += [_line(128, 648), _line(128, 662), _line(128, 682), _line(128, 696)]
    blocks = table_headings._opening_blocks(lines, 128)
    assert blocks == [("box", 2), ("paragraph", 1), ("paragraph", 2), ("paragraph", 2)]
    assert table_headings._is_short_opening(blocks)
    longer = table_headings._opening_blocks([*lines, _line(128, 710)], 128)
    assert not table_headings._is_short_opening(longer)  # a paragraph of three lines
    assert not table_headings._is_short_opening([("box", 3)] + [("paragraph", 1)] * 4)


def test_a_tables_notes_count_with_it() -> None:
    """The lines right under a table's bottom rule, a line apart, are its notes (kept on its
    page): Table 16.4's three on US Letter; a paragraph a skip farther is not."""
    notes = [_line(128, 463.7), _line(128, 477.2), _line(128, 490.8), _line(128, 530)]
    assert table_headings._notes_end(notes, 449.3, 742) == 490.8 + 11
    assert table_headings._notes_end(notes[3:], 449.3, 742) == 449.3  # no notes
