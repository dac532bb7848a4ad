"""What the fifth proof-reading found in the four rulebooks, read from the PDFs
(:mod:`tests.print.proof_five`, which also runs as a script on any built PDFs): a note under a
profile without its mark (« ¹ TTM = … » under the Wight Lord, whose profile has no ¹).  (The
module's checks of table breaks, the Index's bookmark, narrow columns and units wait for their
fixes.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.print import proof_five

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
