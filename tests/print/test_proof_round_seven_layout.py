"""What the seventh proof-reading marked in the four rulebooks' pages, read from the PDFs
(:mod:`tests.print.proof_seven_layout`, which also runs as a script on any built PDFs): Table
15.1's and Table 23.8's last five rows alone on a page a chapter's end left blank, « bâ-/ton »
split across a page turn, and the figures' labels in DejaVu Sans. (The short section before a
turned table, alone on its page: tests/print/test_proof_round_six_layout.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.print import proof_seven_layout as proof_seven

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]


def _book(pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str) -> Path:
    return (pdfs if paper == "a4" else letter_pdfs)[lang]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_table_tail_alone_on_a_page(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """A long table's last part has ten rows at least (nqsphinx.books.table_breaks.TAIL_ROWS)."""
    assert proof_seven.lonely_table_tails(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_page_ends_with_a_hyphenated_word(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    assert proof_seven.hyphens_at_page_ends(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_figures_are_set_in_the_books_fonts(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """The diagrams' labels in FreeSans, as the headings and the cover's wheel: their SVGs
    asked for any sans-serif, which rsvg-convert found in DejaVu Sans."""
    assert proof_seven.other_fonts(_book(pdfs, letter_pdfs, lang, paper)) == []
