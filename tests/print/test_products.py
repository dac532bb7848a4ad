"""The print products build in both languages, speak their reader's language and show the
engine's values: the quick-reference sheet, the spell cards, the templates at true scale."""

from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction

import pytest

from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import all_spells
from nqcore.rules.templates import (
    blast_templates,
    counters,
    siege_templates,
    spell_templates,
    teardrop_templates,
)
from nqcore.tables.registry import get_table
from nqprint import quick_reference, spell_cards, template_sheets
from nqprint.latex import PAPERS as PAPERS_BY_NAME
from nqprint.texts import cell_text, engine_text, print_text
from tests.print.conftest import Products
from tests.print.pdfs import PT_PER_INCH, pages, shapes, text, unembedded_fonts

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]
PRODUCTS = ["quick-reference", "spell-cards", "templates"]
#: The page sizes in PostScript points: A4 is 210 × 297 mm, US Letter 8.5 × 11 inches.
PAGE_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: A printed shape may differ from its nominal size by 0.5 %.
TOLERANCE = 0.005


def squeeze(value: str) -> str:
    """Text with every run of spaces made one (pdftotext spaces columns out), and none before
    high punctuation (babel-french sets its own)."""
    value = re.sub(r"\s+", " ", value.replace("\u202f", " ").replace("\u00a0", " ")).strip()
    return re.sub(r" ([:;!?])", r"\1", value)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("product", PRODUCTS)
def test_product_builds_on_its_paper_without_missing_glyphs(
    products: Products, product: str, lang: str, paper: str
) -> None:
    pdf = products.pdf(product, lang, paper)
    assert pdf.stat().st_size > 5_000
    log = products.latex_log(product, lang, paper)
    assert "Missing character" not in log
    assert "Overfull \\hbox" not in log, "something is wider than the page or its box"
    assert "Card text too long" not in log
    assert "Card title too long" not in log
    assert unembedded_fonts(pdf) == []
    from pypdf import PdfReader

    for page in PdfReader(str(pdf)).pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(PAGE_POINTS[paper], abs=0.5), f"every page is {paper}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_page_counts(products: Products, lang: str, paper: str) -> None:
    assert pages(products.pdf("quick-reference", lang, paper)) == len(quick_reference.PAGES)
    cards = len(all_spells()) + len(all_mutations())
    per_page = spell_cards.COLUMNS * spell_cards.ROWS
    assert pages(products.pdf("spell-cards", lang, paper)) == math.ceil(cards / per_page)
    sheets = template_sheets.pack(template_sheets.shapes(lang), PAPERS_BY_NAME[paper])
    assert pages(products.pdf("templates", lang, paper)) == len(sheets)


OTHER = {"en": "fr", "fr": "en"}


@pytest.mark.parametrize("lang", LANGS)
def test_headings_are_in_the_readers_language(products: Products, lang: str) -> None:
    sheet = squeeze(text(products.pdf("quick-reference", lang)))
    for key in quick_reference.PAGES[0] + quick_reference.PAGES[1]:
        if key in ("turn-sequence", "opposed-aspects"):
            continue
        assert squeeze(engine_text(get_table(key).title, lang)) in sheet
    assert print_text(quick_reference.TITLE, lang) in sheet
    assert squeeze(quick_reference.work_it_out(lang)) in sheet  # the calculators' page
    assert f"{lang}/at-the-table.html" in quick_reference.work_it_out(lang)
    other = print_text(quick_reference.TITLE, OTHER[lang])
    assert other not in sheet, f"the {lang} sheet has the {OTHER[lang]} title"
    templates = squeeze(text(products.pdf("templates", lang)))
    assert print_text(template_sheets.TITLE, lang) in templates
    assert print_text(template_sheets.TITLE, OTHER[lang]) not in templates


def _rows_in_text(key: str, lang: str, sheet: str) -> list[str]:
    """The rows of an engine table that the sheet does not show, cells in order on one line."""
    missing = []
    lines = [squeeze(line) for line in sheet.splitlines()]
    for row in get_table(key).rows:
        cells = [squeeze(cell_text(cell, lang)) for cell in row]
        pattern = re.compile(r"(^|\s)" + r"\s+".join(re.escape(c) for c in cells) + r"(\s|$)")
        if not any(pattern.search(line) for line in lines):
            missing.append(" | ".join(cells))
    return missing


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "key", ["wound-table", "movement-abilities", "armour-modifiers", "game-turns", "chance-to-cast"]
)
def test_quick_reference_tables_equal_the_engine(products: Products, key: str, lang: str) -> None:
    sheet = text(products.pdf("quick-reference", lang))
    assert _rows_in_text(key, lang, sheet) == []


@pytest.mark.parametrize("lang", LANGS)
def test_quick_reference_has_every_modifier_and_panic_result(products: Products, lang: str) -> None:
    """Each modifier on the line of its situation (pdftotext keeps the page's lines), each
    panic result on the line of its roll."""
    lines = [squeeze(line) for line in text(products.pdf("quick-reference", lang)).splitlines()]
    for key in ("close-combat-modifiers", "ranged-modifiers", "command-modifiers"):
        for situation, modifier in get_table(key).rows:
            start, value = squeeze(cell_text(situation, lang))[:20], cell_text(modifier, lang)
            row = re.compile(rf"{re.escape(start)}.*\s{re.escape(value)}(\s|$)")
            assert any(row.search(line) for line in lines), (key, situation, modifier)
    for roll, result, _effect in get_table("panic-table").rows:
        row = re.compile(rf"(^|\s){re.escape(f'{roll} {cell_text(result, lang)}')}(\s|$)")
        assert any(row.search(line) for line in lines), (roll, result)
    sheet = squeeze(text(products.pdf("quick-reference", lang), layout=False))
    for action, _cost in get_table("action-costs").rows:
        assert squeeze(cell_text(action, lang))[:25] in sheet


#: Where the cards sit on the page (mm): 3 × 3 cards of 63 × 88 mm, centred on the paper.
CARDS_MM = {
    "a4": ((210 - 3 * spell_cards.CARD_WIDTH_MM) / 2, (297 - 3 * spell_cards.CARD_HEIGHT_MM) / 2),
    "letter": (
        (215.9 - 3 * spell_cards.CARD_WIDTH_MM) / 2,
        (279.4 - 3 * spell_cards.CARD_HEIGHT_MM) / 2,
    ),
}
MM = PT_PER_INCH / 25.4


def _card_text(products: Products, lang: str, index: int, paper: str = "a4") -> str:
    page, place = divmod(index, spell_cards.COLUMNS * spell_cards.ROWS)
    row, column = divmod(place, spell_cards.COLUMNS)
    left, top = CARDS_MM[paper]
    x = (left + column * spell_cards.CARD_WIDTH_MM + 1) * MM
    y = (top + row * spell_cards.CARD_HEIGHT_MM + 1) * MM
    crop = (x, y, (spell_cards.CARD_WIDTH_MM - 2) * MM, (spell_cards.CARD_HEIGHT_MM - 2) * MM)
    pdf = products.pdf("spell-cards", lang, paper)
    return squeeze(text(pdf, layout=False, page=page + 1, crop=crop))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_spell_card_shows_its_spell(products: Products, lang: str, paper: str) -> None:
    """Each card, read on its own square of the page, names its spell and prints the engine's
    use cost, level, upkeep and points."""
    for index, spell in enumerate(all_spells()):
        card = _card_text(products, lang, index, paper)
        name = engine_text(spell.name, lang)
        assert squeeze(name) in card, (index, name, card[:80])
        assert squeeze(engine_text(spell.aspect.label, lang)) in card
        stats = [("UC", spell.use_cost), ("Level", spell.level), ("Points", spell.points)]
        if spell.upkeep is not None:
            stats.append(("Upkeep", spell.upkeep))
        for label, value in stats:
            assert f"{engine_text(label, lang)} {value}" in card, (name, label, card[-80:])
        assert squeeze(engine_text(spell.text[0], lang))[:30] in card
    last = _card_text(products, lang, len(all_spells()) + len(all_mutations()) - 1, paper)
    assert squeeze(engine_text(all_mutations()[-1].name, lang)) in last


def _sizes(products: Products, lang: str, paper: str) -> list[tuple[float, float, int]]:
    """Every curved shape of the template sheets: width and height in inches, curve count."""
    pdf = products.pdf("templates", lang, paper)
    found = []
    for page in range(1, pages(pdf) + 1):
        for shape in shapes(pdf, page):
            if shape.curves:
                width, height = shape.width / PT_PER_INCH, shape.height / PT_PER_INCH
                found.append((width, height, shape.lines))
    return found


def _count(found: list[tuple[float, float, int]], width: Fraction, height: Fraction) -> int:
    return sum(
        1
        for w, h, _ in found
        if abs(w - float(width)) <= TOLERANCE * float(width)
        and abs(h - float(height)) <= TOLERANCE * float(height)
    )


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_circles_measure_their_nominal_diameter(products: Products, lang: str, paper: str) -> None:
    """At 100 % every circle of the sheets is as wide and as tall as its template's diameter
    (72 pt to the inch, within 0.5 %), and there are as many of each size as the engine lists."""
    found = [(w, h, lines) for w, h, lines in _sizes(products, lang, paper) if lines == 0]
    expected: Counter[Fraction] = Counter()
    for template in blast_templates():
        expected[template.diameter] += 1
    for template in spell_templates():
        expected[template.diameter] += template_sheets.COPIES.get(template.key, 1)
    for template in siege_templates():
        if not template.semicircle:
            expected[template.diameter] += 1
    for counter in counters():
        expected[counter.diameter] += template_sheets.COUNTER_COPIES
    circles = [(w, h) for w, h, _ in found if abs(w - h) <= TOLERANCE * w]
    assert len(circles) == sum(expected.values())
    for diameter, count in expected.items():
        assert _count(found, diameter, diameter) == count, f'{diameter}" circles'


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_teardrops_and_semicircles_measure_their_size(
    products: Products, lang: str, paper: str
) -> None:
    found = _sizes(products, lang, paper)
    for template in teardrop_templates():
        assert _count(found, template.width, template.length) == 1, template.size
    semicircles = [t for t in siege_templates() if t.semicircle]
    for template in semicircles:
        assert _count(found, template.diameter, template.diameter / 2) == len(semicircles)


def test_the_chosen_teardrop_sizes_grow_with_their_points() -> None:
    """The engine's teardrop sizes (the book gives none) cover more ground as they cost more."""
    table = get_table("teardrop-points")
    points = {str(label): cost for label, cost in table.rows}
    areas = {}
    for template in teardrop_templates():
        radius, centre, half = template_sheets.teardrop_geometry(template)
        side = math.sqrt(centre**2 - radius**2)
        areas[str(template.size.label)] = radius * side + radius**2 * (math.pi + 2 * half) / 2
    assert sorted(areas, key=areas.__getitem__) == sorted(points, key=points.__getitem__)
