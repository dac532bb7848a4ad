"""What a quick-reference sheet says of itself, read from the built sheets: which rulebook its
page numbers are of (its language and paper), the printing, author and rights the rulebooks carry
(nqprint/imprint.py), and no pointer to what only the book holds ("see the retreat rules below")."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqprint.imprint import book_pages, imprint
from nqprint.latex import PAPERS
from nqprint.quick_reference import ELSEWHERE, SEE_PAGE
from nqprint.rulebook_pages import RulebookPages
from nqprint.texts import print_text
from tests.print import layout, pdfs
from tests.print.conftest import Products

LANGS = ["en", "fr"]


def _words(text: str) -> str:
    """Text as a reader sees it: one space between words, none of French typography's own."""
    return layout.squeeze(text).replace(" :", ":").replace(" ;", ";")


def check_sheet(sheet: Path, rulebook_aux: Path, lang: str, paper: str) -> None:
    """Each page names its book and carries the imprint; the panic table's reference to the
    retreat rules gives their page in that book."""
    for page in range(1, pdfs.pages(sheet) + 1):
        text = _words(pdfs.text(sheet, layout=False, page=page))
        assert _words(book_pages(lang, PAPERS[paper])) in text, (page, text[:400])
        assert _words(imprint(lang)) in text, (page, text[:400])
    whole = _words(pdfs.text(sheet, layout=False))
    book = RulebookPages(rulebook_aux)
    for words, label in ELSEWHERE.values():
        assert _words(print_text(words, lang)) not in whole
        see = print_text(SEE_PAGE, lang).format(page=book.page(label))
        assert _words(see) in whole, see


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_names_its_book_and_carries_the_imprint(
    products: Products, lang: str, paper: str
) -> None:
    aux = products.rulebook(lang, paper).with_name("noquarter.aux")
    check_sheet(products.pdf("quick-reference", lang, paper), aux, lang, paper)
