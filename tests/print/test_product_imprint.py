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


#: The least room (points) between the sheet's header (its imprint, or the line under it) and
#: the first headings of its columns: they sat 2.5 pt under it, as close as two lines of text.
HEADER_ROOM_PT = 5.0
#: Two lines this close (points) in height stand side by side: the columns' first headings and
#: their pages; a line of the header stands alone.
SAME_LINE_PT = 1.0


def imprint_pages(pdf: Path, lang: str) -> list[int]:
    """The pages of ``pdf`` that do not carry the imprint."""
    printed = _words(imprint(lang))
    return [
        page
        for page in range(1, pdfs.pages(pdf) + 1)
        if printed not in _words(pdfs.text(pdf, layout=False, page=page))
    ]


def header_room(pdf: Path, lang: str) -> list[float]:
    """Each page's room (points) from the last line of the header (the imprint's, or a line
    under it that stands alone) to the first line of the columns (beside another)."""
    start = _words(imprint(lang))[:12]
    found = []
    for page in range(1, pdfs.pages(pdf) + 1):
        lines = sorted(pdfs.text_lines(pdf, page), key=lambda line: (line.y0, line.x0))
        index = next(i for i, line in enumerate(lines) if _words(line.text).startswith(start))
        last = lines[index]
        for line in lines[index + 1 :]:
            if any(o is not line and abs(o.y0 - line.y0) < SAME_LINE_PT for o in lines):
                found.append(line.y0 - last.y1)
                break
            last = line
    return found


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("product", ["spell-cards", "templates"])
def test_the_cards_and_templates_carry_the_imprint(
    products: Products, product: str, lang: str, paper: str
) -> None:
    """The spell cards and the templates carry the printing, author and rights on every page,
    as the quick reference does."""
    assert imprint_pages(products.pdf(product, lang, paper), lang) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_s_columns_start_clear_of_its_header(
    products: Products, lang: str, paper: str
) -> None:
    rooms = header_room(products.pdf("quick-reference", lang, paper), lang)
    assert rooms and min(rooms) >= HEADER_ROOM_PT, rooms


def test_a_reference_the_table_does_not_say_is_refused_at_its_catalogue_line() -> None:
    """Attacker round 26: "see retreat rules below" in nqprint.po, the panic table's cell saying
    "see the retreat rules below", stopped the sheet with no catalogue's line."""
    from nqprint.latex import PrintError
    from nqprint.quick_reference import _say_elsewhere

    with pytest.raises(
        PrintError, match=r"^nqprint/locale/fr/LC_MESSAGES/nqprint\.po:\d+: no cell"
    ):
        _say_elsewhere([["flee"]], "voir plus bas", "p. 3", "panic-table")
