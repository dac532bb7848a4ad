"""What the fifth proof-reading found in the four rulebooks, read from the PDFs
(:mod:`tests.print.proof_five`, which also runs as a script on any built PDFs): a note under a
profile without its mark (« ¹ TTM = … » under the Wight Lord, whose profile has no ¹), tables
broken with two or three rows on a page (or none: the spell list's head alone on a page), a
heading left at a page's foot by its table, the spell list's names wrapping in a table half
the line wide, the Index's bookmark 110 pt under its heading, a narrow column justified
("Indi-rect"), "25mm" against "25–30 mm"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.print import layout, proof_five

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]


def _book(pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str) -> Path:
    return (pdfs if paper == "a4" else letter_pdfs)[lang]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_note_is_on_the_page_of_its_mark(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    assert proof_five.notes_without_marks(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_part_of_a_broken_table_is_short(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """A table broken over pages has :data:`~tests.print.proof_five.LEAST_ROWS` rows at least
    on each page; and the spell list's names fit their column (one line a row)."""
    book = _book(pdfs, letter_pdfs, lang, paper)
    assert proof_five.short_table_parts(book) == []
    assert proof_five.tall_rows(book, "15.1") == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_heading_stays_with_the_start_of_its_broken_table(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """No heading is the last line of a page, nor stands at its foot with only its opening
    paragraphs while its section's broken table starts on the next page (the spell list,
    Table 15.1, sent to the page after its heading)."""
    book = _book(pdfs, letter_pdfs, lang, paper)
    assert layout.headings_at_foot(book) == []
    assert proof_five.headings_left_by_tables(book) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_index_bookmark_lands_on_its_heading(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    offset = proof_five.index_bookmark_offset(_book(pdfs, letter_pdfs, lang, paper))
    assert abs(offset) <= proof_five.LINE, offset


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_narrow_text_column_is_ragged_right_and_not_hyphenated(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """Table 16.4's "Special Rules" column was justified: wide gaps, "Indi-rect"."""
    book = _book(pdfs, letter_pdfs, lang, paper)
    assert proof_five.special_rules_justified(book, lang) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_figure_and_its_unit_are_held_by_a_narrow_space(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    assert proof_five.glued_units(_book(pdfs, letter_pdfs, lang, paper)) == []
