"""The print products build in both languages, speak their reader's language and show the
engine's values: the quick-reference sheet, the spell cards, the templates at true scale."""

from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from nqcore import po
from nqcore.i18n import format_number
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
from nqprint.latex import NARROW_NO_BREAK_SPACE, tex
from nqprint.latex import PAPERS as PAPERS_BY_NAME
from nqprint.texts import cell_text, engine_text, print_text
from tests.building import ROOT
from tests.print.conftest import Products
from tests.print.pdfs import (
    PT_PER_INCH,
    Line,
    pages,
    run_on,
    shapes,
    text,
    text_lines,
    unembedded_fonts,
)

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]
PRODUCTS = ["quick-reference", "spell-cards", "templates"]
#: The page sizes in PostScript points: A4 is 210 × 297 mm, US Letter 8.5 × 11 inches.
PAGE_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: The spell cards on US Letter are printed landscape (four cards by two).
LANDSCAPE = {("spell-cards", "letter")}


def page_points(product: str, paper: str) -> tuple[float, float]:
    """The page's width and height (points) as ``product`` prints on ``paper``."""
    width, height = PAGE_POINTS[paper]
    return (height, width) if (product, paper) in LANDSCAPE else (width, height)


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
    assert "Overfull \\vbox" not in log, "a column runs into the bottom margin"
    assert "Card text too long" not in log
    assert "Card title too long" not in log
    assert "Card stat line too long" not in log
    assert unembedded_fonts(pdf) == []
    from pypdf import PdfReader

    for page in PdfReader(str(pdf)).pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(page_points(product, paper), abs=0.5), f"every page {paper}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_page_counts(products: Products, lang: str, paper: str) -> None:
    assert pages(products.pdf("quick-reference", lang, paper)) == len(quick_reference.PAGES)
    cards = len(all_spells()) + len(all_mutations())
    per_page = spell_cards.GRIDS[paper].per_page
    assert pages(products.pdf("spell-cards", lang, paper)) == math.ceil(cards / per_page)
    on = PAPERS_BY_NAME[paper]
    sheets = template_sheets.pack(template_sheets.shapes(lang, on), on)
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
    other = print_text(quick_reference.TITLE, OTHER[lang])
    assert other not in sheet, f"the {lang} sheet has the {OTHER[lang]} title"
    templates = squeeze(text(products.pdf("templates", lang)))
    assert print_text(template_sheets.TITLE, lang) in templates
    assert print_text(template_sheets.TITLE, OTHER[lang]) not in templates


def _site_title(page: str, lang: str) -> str:
    """A page's title as its site shows it: the source's heading, or its catalogue's msgstr."""
    source = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    title = next(line[2:] for line in source.splitlines() if line.startswith("# "))
    if lang == "en":
        return title
    path = ROOT / "locale" / lang / "LC_MESSAGES" / f"{page}.po"
    entry = po.read(path.read_bytes()).get(title)
    assert entry is not None and entry.string, f"{page}.po has no {title!r}"
    return str(entry.string)


#: The At the table page's address, as conf.py's nq_site_url makes it for each language.
AT_THE_TABLE_ADDRESS = "https://noquarter.readthedocs.io/{lang}/latest/at-the-table.html"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_and_the_rulebook_give_the_calculators_page_and_its_address(
    products: Products, lang: str, paper: str
) -> None:
    """On paper a title alone or a path ("fr/at-the-table.html") leads nowhere: the sheet and
    the rulebook name the page by the title the reader sees on the site, in their language,
    and give its whole address, the page of that language."""
    title = _site_title(quick_reference.AT_THE_TABLE, lang)
    address = AT_THE_TABLE_ADDRESS.format(lang=lang)
    assert squeeze(title) in squeeze(quick_reference.work_it_out(lang))
    for pdf in (products.pdf("quick-reference", lang, paper), products.rulebook(lang, paper)):
        printed = squeeze(text(pdf, layout=False))
        assert squeeze(title) in printed, pdf.name
        joined = printed.replace(" ", "")  # an address broken over two lines
        assert address in joined, pdf.name
        named = squeeze(title).replace(" ", "")
        gap = joined.index(address) - joined.index(named) - len(named)
        assert 0 <= gap < 20, f"{pdf.name}: the address is not by the page's title"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("product", PRODUCTS)
def test_products_open_without_an_empty_bookmarks_panel(
    products: Products, product: str, lang: str, paper: str
) -> None:
    """The products have no bookmarks: a viewer opens them on their first page alone."""
    from pypdf import PdfReader

    pdf = PdfReader(str(products.pdf(product, lang, paper)))
    assert not pdf.outline
    assert pdf.trailer["/Root"].get("/PageMode") == "/UseNone"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("product", PRODUCTS)
def test_products_print_at_actual_size_by_default(
    products: Products, product: str, lang: str, paper: str
) -> None:
    """The sheets say "Print at actual size": the PDF asks the print dialog for no scaling
    (a dialog left at "fit" would print the templates and cards a few per cent small)."""
    from pypdf import PdfReader

    pdf = PdfReader(str(products.pdf(product, lang, paper)))
    preferences = pdf.trailer["/Root"].get("/ViewerPreferences", {})
    assert preferences.get("/PrintScaling") == "/None"


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
    panic result's first word on the line of its roll and the rest on the next (the results
    are in two lines, proof round eighteen)."""
    lines = [squeeze(line) for line in text(products.pdf("quick-reference", lang)).splitlines()]
    for key in ("close-combat-modifiers", "ranged-modifiers", "command-modifiers"):
        for situation, modifier in get_table(key).rows:
            start, value = squeeze(cell_text(situation, lang))[:20], cell_text(modifier, lang)
            row = re.compile(rf"{re.escape(start)}.*\s{re.escape(value)}(\s|$)")
            assert any(row.search(line) for line in lines), (key, situation, modifier)
    for roll, result, _effect in get_table("panic-table").rows:
        first = cell_text(result, lang).split()[0]
        shown = f"{cell_text(roll, lang)} {first}"  # "2–7 ...": an en dash
        row = re.compile(rf"(^|\s){re.escape(shown)}(\s|$)")
        at = next((i for i, line in enumerate(lines) if row.search(line)), None)
        assert at is not None, (roll, result)
        both = f"{lines[at]} {lines[at + 1]}".split()
        assert all(word in both for word in cell_text(result, lang).split()), (result, both)
    sheet = squeeze(text(products.pdf("quick-reference", lang), layout=False))
    for action, _cost in get_table("action-costs").rows:
        assert squeeze(cell_text(action, lang))[:25] in sheet


@pytest.mark.parametrize(("lang", "word"), [("en", "Wizardry"), ("fr", "Niveau de magie")])
def test_a_sheets_columns_of_one_name_are_grouped_under_it(lang: str, word: str) -> None:
    """The chances to cast at wizardry 0 to 4 (level 4 added, proof round 28) ran 11 pt past
    the sheet's edge with "Wizardry 0" to "Wizardry 4" as headers: "Wizardry" spans 0 to 4."""
    block = quick_reference.table_tex(get_table("chance-to-cast"), lang)
    assert rf"\multicolumn{{5}}{{c}}{{\textbf{{{word}}}}}" in block
    assert r"\textbf{0} & \textbf{1} & \textbf{2} & \textbf{3} & \textbf{4}\\" in block
    assert r"\multicolumn" not in quick_reference.table_tex(get_table("wound-table"), lang)


def test_french_percentages_get_a_narrow_no_break_space() -> None:
    """As the book prints them ("25 %"), whether the catalogue typed "25%" or "25 %"."""
    assert tex("dissimulée à 25%)", "fr") == "dissimulée à 25\u202f\\%)"
    assert tex("100 %, sans", "fr") == "100\u202f\\%, sans"
    assert tex("70\u00a0%", "fr") == "70\u202f\\%"  # a full no-break space too
    assert tex("25% concealed", "en") == r"25\% concealed"


#: What stands between a number and its ``\\%`` in LaTeX.
PERCENT_TEX = re.compile(r"\d([^\d\\{}]*)\\%")
#: A word of ``pdftotext -bbox-layout``: its box and its text.
WORD_BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


def percent_gaps(pdf: Path) -> list[float]:
    """The space between each number and the "%" after it on the pages, as a share of the
    type's height (the words' boxes; text up a margin too): where pdftotext reads number and
    sign as one word, there is nothing to measure."""
    words = [
        (float(x0), float(y0), float(x1), float(y1), word)
        for x0, y0, x1, y1, word in WORD_BOX.findall(run_on(pdf, "pdftotext", "-bbox-layout"))
    ]
    gaps = []
    for (ax0, ay0, ax1, ay1, a), (bx0, by0, _bx1, _by1, b) in pairwise(words):
        if not (re.search(r"\d$", a) and b.startswith("%")):
            continue
        across = abs(by0 - ay0) < 0.5  # the same line
        gap, height = (bx0 - ax1, ay1 - ay0) if across else (by0 - ay1, ax1 - ax0)
        gaps.append(round(gap / height, 3))
    return gaps


def test_french_rulebook_and_products_set_the_same_space_before_percent(
    products: Products,
) -> None:
    """One space before "%" in every French product: the narrow no-break space (U+202F) in
    their LaTeX and the rulebook's, each set by the same definition (babel-french's thin space,
    the one it sets before ; ! ?), so that on the pages every gap between a number and its "%"
    is the same, in the rulebook and in each product."""
    sources = {"rulebook": products.rulebook("fr")} | {
        product: products.pdf(product, "fr") for product in PRODUCTS
    }
    gaps = {}
    for name, pdf in sources.items():
        folder = pdf.resolve().parent if name == "rulebook" else products.work / pdf.stem
        latex = (folder / f"{pdf.stem}.tex").read_text(encoding="utf-8")
        assert NARROW_NO_BREAK_SPACE in latex, name
        assert Counter(PERCENT_TEX.findall(latex)).keys() == {"\u202f"}, name
        gaps[name] = percent_gaps(pdf)
    assert len(gaps["rulebook"]) > 400 and len(gaps["quick-reference"]) > 30
    every = [gap for found in gaps.values() for gap in found]
    assert max(every) - min(every) < 0.02, {name: Counter(found) for name, found in gaps.items()}


@pytest.mark.parametrize("product", ["quick-reference", "spell-cards"])
def test_french_products_type_numbers_the_french_way(products: Products, product: str) -> None:
    """No percentage glued to its number, no decimal point, no unit glued to its number, on
    either paper; the soft and hard cover modifiers print "25 %" and "50 %"."""
    english = re.compile(r"\d%|\d\.\d|\d(?:mm|cm|km)\b")
    for paper in PAPERS:
        printed = text(products.pdf(product, "fr", paper), layout=False)
        assert not [line for line in printed.splitlines() if english.search(line)]
    if product == "quick-reference":
        sheet = squeeze(printed)
        assert "dissimulée à 25 %" in sheet and "dissimulée à 50 %" in sheet


#: The space (points) between a block's heading and the text above it in its column, at least:
#: pdftotext's boxes of the lines (from the letters' ascent to their descent), so about 3 pt
#: more between the letters.
HEADING_SPACE = 5.0


def _crowded_headings(products: Products, lang: str, paper: str) -> list[str]:
    """Headings of the quick reference closer than :data:`HEADING_SPACE` to the line above them
    in their column (a heading at the top of a column has none)."""
    pdf = products.pdf("quick-reference", lang, paper)
    found = []
    for number, keys in enumerate(quick_reference.PAGES, start=1):
        lines = text_lines(pdf, number)
        titles = [squeeze(quick_reference.block_title(key, lang)) for key in keys]
        headings = [next(x for x in lines if squeeze(x.text).startswith(t)) for t in titles]
        # the sheet's header (title, what its pages are, the imprint) stands above the first
        # row of headings: a heading at the top of a column has nothing above it in the column
        top = min(heading.y0 for heading in headings)
        columns = [line for line in lines if line.y1 > top - 1]
        for title, heading in zip(titles, headings, strict=True):
            above = [line for line in columns if _above(line, heading)]
            if above:
                previous = max(above, key=lambda line: line.y1)
                gap = heading.y0 - previous.y1
                if gap < HEADING_SPACE:
                    found.append(f"p. {number}: {title!r} {gap:.1f} pt under {previous.text!r}")
    return found


def _above(line: Line, heading: Line) -> bool:
    """Whether ``line`` is above ``heading`` in its column (their widths overlap)."""
    overlap = line.x0 < heading.x1 and heading.x0 < line.x1
    return line is not heading and overlap and line.y1 <= heading.y0 + 1


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_quick_reference_headings_have_space_above(
    products: Products, lang: str, paper: str
) -> None:
    """Every heading stands apart from the block above it, be that block's last line a table
    row, a note or a list (test_page_counts: the sheet keeps its two pages)."""
    assert _crowded_headings(products, lang, paper) == []


#: Where the cards sit on the page (mm): 3 × 3 cards of 63 × 88 mm on A4, 4 × 2 on US Letter
#: turned landscape, centred on the paper.
CARDS_MM = {
    "a4": ((210 - 3 * spell_cards.CARD_WIDTH_MM) / 2, (297 - 3 * spell_cards.CARD_HEIGHT_MM) / 2),
    "letter": (
        (279.4 - 4 * spell_cards.CARD_WIDTH_MM) / 2,
        (215.9 - 2 * spell_cards.CARD_HEIGHT_MM) / 2,
    ),
}
MM = PT_PER_INCH / 25.4


def _card_box(index: int, paper: str) -> tuple[int, float, float]:
    """The page (0-based) of card ``index`` and its top left corner (mm from the page's)."""
    grid = spell_cards.GRIDS[paper]
    page, place = divmod(index, grid.per_page)
    row, column = divmod(place, grid.columns)
    left, top = CARDS_MM[paper]
    return page, left + column * spell_cards.CARD_WIDTH_MM, top + row * spell_cards.CARD_HEIGHT_MM


def _card_text(products: Products, lang: str, index: int, paper: str = "a4") -> str:
    page, x_mm, y_mm = _card_box(index, paper)
    x, y = (x_mm + 1) * MM, (y_mm + 1) * MM
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
            said = f"{spell_cards.stat_label(label, lang)} {value}"
            assert said in card, (name, label, card[-80:])
        assert squeeze(engine_text(spell.text[0], lang))[:30] in card
    last = _card_text(products, lang, len(all_spells()) + len(all_mutations()) - 1, paper)
    assert squeeze(engine_text(all_mutations()[-1].name, lang)) in last


def _sheet_pages(products: Products, lang: str, paper: str) -> range:
    return range(1, pages(products.pdf("spell-cards", lang, paper)) + 1)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_card_sheet_has_its_title_page_and_print_note(
    products: Products, lang: str, paper: str
) -> None:
    """So that an organiser prints the cards at their size, not "fit to page": in the margins,
    outside the cards, the title and page number (above) and the print note (below)."""
    pdf = products.pdf("spell-cards", lang, paper)
    width, height = page_points("spell-cards", paper)
    top = CARDS_MM[paper][1] * MM
    bottom = top + spell_cards.GRIDS[paper].rows * spell_cards.CARD_HEIGHT_MM * MM
    note = print_text(spell_cards.PRINT_NOTE, lang).format(
        width=format_number(spell_cards.CARD_WIDTH_MM, lang),
        height=format_number(spell_cards.CARD_HEIGHT_MM, lang),
    )
    assert "63" in note and "88" in note
    total = len(_sheet_pages(products, lang, paper))
    for page in _sheet_pages(products, lang, paper):
        margin = squeeze(text(pdf, layout=False, page=page, crop=(0, 0, width, top)))
        for part in ("No Quarter Fantasy Wargames", print_text(spell_cards.TITLE, lang)):
            assert part in margin, (page, margin)
        assert f"{page}/{total}" in margin
        margin = squeeze(text(pdf, layout=False, page=page, crop=(0, bottom, width, height)))
        assert squeeze(note) in margin, (page, margin)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_cards_keep_their_size_and_place(products: Products, lang: str, paper: str) -> None:
    """Each card's colour band is where the 63 × 88 mm grid centred on the paper puts it, as wide
    and as tall as drawn (within 0.1 pt): the side notes move and shrink nothing."""
    pdf = products.pdf("spell-cards", lang, paper)
    page_height = page_points("spell-cards", paper)[1]
    inset, band = spell_cards.INSET_MM, spell_cards.BAND_MM
    every = len(all_spells()) + len(all_mutations())
    per_page = spell_cards.GRIDS[paper].per_page
    for page in _sheet_pages(products, lang, paper):
        expected = []
        for place in range(min(per_page, every - (page - 1) * per_page)):
            _, left, top = _card_box((page - 1) * per_page + place, paper)
            x0, y0 = left + inset, top + inset
            box = (x0, y0 + band, x0 + spell_cards.CARD_WIDTH_MM - 2 * inset, y0)
            expected.append(tuple(v * MM for v in box))
        found = [
            (s.x0, page_height - s.y0, s.x1, page_height - s.y1)
            for s in shapes(pdf, page)
            if abs(s.height - band * MM) < 0.1 and s.width > 150
        ]
        assert len(found) == len(expected), page
        for drawn, placed in zip(sorted(found), sorted(expected), strict=True):
            assert drawn == pytest.approx(placed, abs=0.1), page


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


def _length_and_width(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    """A shape's length (its longest chord) and its width across that chord, in inches,
    however it leans."""
    (ax, ay), (bx, by) = max(
        ((p, q) for i, p in enumerate(points) for q in points[i + 1 :]),
        key=lambda pair: math.dist(*pair),
    )
    length = math.dist((ax, ay), (bx, by))
    across = [((x - ax) * (ay - by) + (y - ay) * (bx - ax)) / length for x, y in points]
    return length / PT_PER_INCH, (max(across) - min(across)) / PT_PER_INCH


def _teardrops(products: Products, lang: str, paper: str) -> list[tuple[float, float]]:
    """The width and length (inches) of every curved shape with straight sides."""
    pdf = products.pdf("templates", lang, paper)
    found = []
    for page in range(1, pages(pdf) + 1):
        for shape in shapes(pdf, page):
            if shape.curves and shape.lines:
                length, width = _length_and_width(shape.points)
                found.append((width, length))
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_teardrops_and_semicircles_measure_their_size(
    products: Products, lang: str, paper: str
) -> None:
    """Each teardrop as long and as wide as the engine's, upright or leaning (the 10" one on
    Letter, to keep its margins); each semicircle as wide as its diameter."""
    teardrops = [(w, h, 1) for w, h in _teardrops(products, lang, paper)]
    for template in teardrop_templates():
        assert _count(teardrops, template.width, template.length) == 1, template.size
    found = _sizes(products, lang, paper)
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


#: The least distance from a template sheet's drawings and words to the paper's edge: many
#: printers clip within a quarter inch, some more.  Paths are measured on their line's middle:
#: half the outlines' width (0.6 pt) is added.
EDGE_MM = 10
HALF_OUTLINE = 0.3


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_templates_keep_10_mm_from_every_edge(products: Products, lang: str, paper: str) -> None:
    pdf = products.pdf("templates", lang, paper)
    width, height = PAGE_POINTS[paper]
    least = EDGE_MM * MM
    close, measured = [], 0
    for page in range(1, pages(pdf) + 1):
        boxes = [(s.x0, s.y0, s.x1, s.y1, HALF_OUTLINE, "a drawing") for s in shapes(pdf, page)]
        boxes += [
            (t.x0, height - t.y1, t.x1, height - t.y0, 0, t.text) for t in text_lines(pdf, page)
        ]
        measured += len(boxes)
        for x0, y0, x1, y1, stroke, what in boxes:
            edge = min(x0, y0, width - x1, height - y1) - stroke
            if edge < least:
                close.append(f"p. {page}: {what[:30]!r} {edge / MM:.1f} mm from the edge")
    assert measured > 100
    assert close == []


def test_a_product_takes_its_second_layout_only_where_the_first_runs_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick reference is written in two layouts (proof round eighteen: the French sheet's
    second page ran over): the first that keeps to its planned pages is printed, and a
    product none of whose layouts fits is refused, naming its source."""
    from nqprint import __main__ as products
    from nqprint.latex import A4, PAGE_BREAK, OverPlan, document

    def sheet(body: str) -> str:
        return document(body, lang="en", title="Sheet", geometry="margin=20mm")

    fits = sheet(f"first{PAGE_BREAK}second")
    over = sheet(f"first{PAGE_BREAK}second\\newpage third")
    for layouts, printed in (((over, fits), fits), ((fits, over), fits)):
        monkeypatch.setitem(products.WRITERS, "quick-reference", lambda *_, given=layouts: given)
        target = products.build("quick-reference", "en", A4, tmp_path, tmp_path / "work", tmp_path)
        assert target.is_file()
        written = next((tmp_path / "work").glob("*/quick-reference-en.tex"))
        assert written.read_text(encoding="utf-8") == printed
    monkeypatch.setitem(products.WRITERS, "quick-reference", lambda *_: (over, over))
    with pytest.raises(OverPlan, match="3 pages where 2 are planned"):
        products.build("quick-reference", "en", A4, tmp_path, tmp_path / "work", tmp_path)
