"""What a publisher's proof-reader marked on the print products, read from the PDFs: nothing
within 10 mm of the paper's edge, "≤ 6" never split from its number, true minus signs and en-dash
ranges, one type size for the spell cards' text, the teardrops named in the reader's language,
and metadata that tell the twelve files apart, with the French translator and the books' /Lang."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.rules.templates import teardrop_templates
from nqprint import credits, spell_cards
from nqprint.glossary_terms import abbreviation
from nqprint.latex import PAPERS as PAPERS_BY_NAME
from tests.print.conftest import Products
from tests.print.layout import document_info
from tests.print.pdfs import PT_PER_INCH, pages, reader, runs, text
from tests.print.test_rulebook import words_near_the_edge

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]
PRODUCTS = ["quick-reference", "spell-cards", "templates"]
#: The least distance (mm) from a word to the paper's edge: printers trim or do not print there.
PRINTER_EDGE_MM = 10
MM = PT_PER_INCH / 25.4


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("product", PRODUCTS)
def test_no_word_of_a_product_is_where_a_printer_trims(
    products: Products, product: str, lang: str, paper: str
) -> None:
    """The quick reference's running head was 7.7 mm from the top, the spell cards' side
    notes 6.4 mm from the side (A4), their text 9.6 mm from the top (3 × 3 cards on Letter)."""
    pdf = products.pdf(product, lang, paper)
    assert words_near_the_edge(pdf, PRINTER_EDGE_MM, top_and_bottom=True) == []


def _sheet_lines(products: Products, lang: str, paper: str) -> list[str]:
    printed = text(products.pdf("quick-reference", lang, paper))
    return [re.sub(r"\s+", " ", line).strip() for line in printed.splitlines()]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_at_most_keeps_its_number_and_concentrating_costs_one_action(
    products: Products, lang: str, paper: str
) -> None:
    """ "models moved ≤ 6 | 3" was broken after "≤", the 6 under the cost 3, then before "≤",
    "≤ 6" alone on a line (proof 12); concentrating costs 1 action (Concentration) for +1, not
    "+1"."""
    lines = _sheet_lines(products, lang, paper)
    assert [line for line in lines if re.search(r"≤$", line)] == []
    assert [line for line in lines if re.match(r"≤\s?6\b", line)] == []
    assert any(re.search(r"(moved|déplacées)\s?≤\s?6\b", line) for line in lines)  # "≤6": pdftotext
    concentrate = {"en": r"Concentrate \(once\): \+1 1 ", "fr": r"\(une fois\) : \+1 1 "}
    assert [line for line in lines if re.search(concentrate[lang], f"{line} ")], concentrate


#: A hyphen used as a minus sign (before a figure, after no letter or figure), and a range of
#: two figures joined by a hyphen.
HYPHEN_MINUS = re.compile(r"(?<![\w.,])-\d")
HYPHEN_RANGE = re.compile(r"\d-\d")
ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("product", ["quick-reference", "spell-cards"])
def test_products_print_true_minus_signs_and_en_dash_ranges(
    products: Products, product: str, lang: str, paper: str
) -> None:
    """ "Enemy on higher ground −1", "1–2": the sheets had 26 hyphens for minus signs, the
    cards 7; the type has the minus sign (pdftotext reads it back as U+2212)."""
    printed = text(products.pdf(product, lang, paper), layout=False)
    printed = ISO_DATE.sub("", printed)  # the printing's date (2026-11-30) is no range
    assert HYPHEN_MINUS.findall(printed) == []
    assert HYPHEN_RANGE.findall(printed) == []
    assert printed.count("\u2212") >= (20 if product == "quick-reference" else 5)
    assert "\u2013" in printed


def _body_sizes(pdf: Path, paper: str) -> set[float]:
    """The sizes (points, to the tenth) of the cards' text: the runs between each card's title
    band and its stats line."""
    grid, on = spell_cards.GRIDS[paper], PAPERS_BY_NAME[paper]
    height = spell_cards.page_mm(on)[1]
    left, top = spell_cards.grid_origin(on)
    top_of_text = spell_cards.INSET_MM + spell_cards.BAND_MM + 0.5
    foot = spell_cards.CARD_HEIGHT_MM - spell_cards.STATS_MM - 0.5
    sizes = set()
    for page in range(1, pages(pdf) + 1):
        for run in runs(pdf, page):
            x, y = run.x / MM - left, height - run.y / MM - top
            row, within = divmod(y, spell_cards.CARD_HEIGHT_MM)
            across = 0 < x < grid.columns * spell_cards.CARD_WIDTH_MM
            if across and 0 <= row < grid.rows and top_of_text < within < foot:
                sizes.add(round(run.size, 1))
    return sizes


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_spell_cards_text_is_one_size_through_the_deck(
    products: Products, lang: str, paper: str
) -> None:
    """Cut and shuffled, the cards look alike: their text measured 9.5 pt on one sheet, 12 on
    the next."""
    sizes = _body_sizes(products.pdf("spell-cards", lang, paper), paper)
    assert len(sizes) == 1, sorted(sizes)
    assert min(sizes) >= 9.4


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_teardrops_are_named_in_the_readers_language(
    products: Products, lang: str, paper: str
) -> None:
    """The large label of each teardrop is the glossary's abbreviation in the reader's
    language: « GGG » in French (the French sheets printed the English "TTL" large)."""
    pdf = products.pdf("templates", lang, paper)
    every = [run for page in range(1, pages(pdf) + 1) for run in runs(pdf, page)]
    large = {run.text for run in every if run.size >= 14}
    for template in teardrop_templates():
        key = f"teardrop-template-{template.size.value}"
        assert abbreviation(key, lang, "") in large, (key, sorted(large))
        if lang != "en":
            assert template.size.abbreviation not in large


#: What each product's title names, by language.
PRODUCT_TITLES = {
    ("quick-reference", "en"): "Quick reference",
    ("quick-reference", "fr"): "Aide-mémoire",
    ("spell-cards", "en"): "Spell cards",
    ("spell-cards", "fr"): "Cartes de sorts",
    ("templates", "en"): "Templates and counters",
    ("templates", "fr"): "Gabarits et marqueurs",
}
#: The game's tagline, the subject of every product as of the books.
SUBJECTS = {
    "en": "The fantasy battles miniatures wargame, for 25–30 mm miniatures",
    "fr": "Le jeu de figurines de batailles fantastiques, pour figurines de 25 mm à 30 mm",
}
PAPER_NAMES = {("a4", "en"): "A4", ("a4", "fr"): "A4", ("letter", "en"): "US Letter"}


def test_products_metadata_name_the_product_its_paper_its_translator_and_language(
    products: Products,
) -> None:
    """Each file its own title (the game, the product, the paper), the French ones naming the
    translator as the French books do, /Lang as the books give it: "en-GB", "fr-FR"; the
    game's tagline as their subject, and XMP metadata as the books carry it."""
    titles = []
    for product in PRODUCTS:
        for lang in LANGS:
            for paper in PAPERS:
                info = document_info(products.pdf(product, lang, paper))
                name = PAPER_NAMES.get((paper, lang), "format Lettre US")
                title = f"No Quarter Fantasy Wargames — {PRODUCT_TITLES[product, lang]} · {name}"
                assert info["/Title"] == title
                assert info["/Author"] == "Chris Gilders"
                if lang == "fr":  # a contributor, not an author (proof round fifteen)
                    assert info["/Translator"] == "Rodolphe Carpentier"
                assert info["/Lang"] == {"en": "en-GB", "fr": "fr-FR"}[lang]
                assert info["/Subject"] == SUBJECTS[lang]
                assert info["/Keywords"] == credits.keywords(lang)
                xmp = reader(products.pdf(product, lang, paper)).xmp_metadata
                assert xmp is not None, (product, lang, paper)
                assert title in (xmp.dc_title or {}).values()
                assert xmp.dc_language == [info["/Lang"]]
                translators = ["Rodolphe Carpentier"] if lang == "fr" else []
                assert xmp.dc_contributor == translators, (product, lang, paper)
                titles.append(info["/Title"])
    assert len(set(titles)) == 12
