"""The table-side products read at arm's length and match the book, on A4 and US Letter: the
quick reference at 10 pt or more, each block giving the rulebook page that LaTeX printed for its
rule; the cards at 9.5 pt or more, their text filling the card; the templates' 1-inch and 5-cm bars
exact, labelled, and far from the page number. Everything is measured on the PDFs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from nqcore.tables.registry import get_table
from nqprint import quick_reference, spell_cards
from nqprint.latex import PAPERS as PAPERS_BY_NAME
from nqprint.latex import PrintError
from nqprint.rulebook_pages import RulebookPages
from nqprint.template_sheets import CM_BAR, INCH_BAR
from nqprint.texts import print_text
from tests.building import ROOT
from tests.print.conftest import Products
from tests.print.page_refs import aux_labels, block_table, book_tables, squeeze, tables_titled
from tests.print.pdfs import PT_PER_INCH, Run, pages, runs, shapes, text_lines
from tests.print.pdfs import reader as pdf_reader

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]
MM = PT_PER_INCH / 25.4
#: The least sizes, in PostScript points (pdf units): 10 pt for the sheet, 9.5 pt for the cards.
QUICK_REFERENCE_PT, CARD_PT = 10, 9.5


def _body(pdf: Path, page: int, lang: str) -> list[Run]:
    """The runs of a quick-reference page from its first block's heading down: above it, the
    title line and its small print (the subtitle and, on the first page, the line naming the At
    the table page, which may take two lines)."""
    found = runs(pdf, page)
    first = squeeze(quick_reference.block_title(quick_reference.PAGES[page - 1][0], lang))
    heading = next(run for run in found if squeeze(run.text) == first)
    return [run for run in found if run.y <= heading.y + 1]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_quick_reference_body_is_10_pt_and_fills_the_page(
    products: Products, lang: str, paper: str
) -> None:
    pdf = products.pdf("quick-reference", lang, paper)
    for page in range(1, pages(pdf) + 1):
        body = _body(pdf, page, lang)
        small = [(run.text, round(run.size, 2)) for run in body if run.size < QUICK_REFERENCE_PT]
        assert not small, f"page {page}: under {QUICK_REFERENCE_PT} pt: {small[:5]}"
        lowest = min(run.y for run in body)
        # Above the 8 mm margin, less than 35 mm unused under the longest column (44 at 9 pt).
        assert lowest < (8 + 35) * MM, f"page {page}: {(lowest / MM) - 8:.0f} mm left unused"


def _named_page(reader: PdfReader, anchor: str) -> str:
    """The printed page number (the page label) where a named destination of the PDF is."""
    destination = reader.named_destinations[anchor]
    return reader.page_labels[reader.get_destination_page_number(destination)]


_ANCHOR = re.compile(
    r"^\\newlabel\{(?P<label>[^{}]+)\}\{\{[^{}]*\}\{[^{}]*\}\{.*\}\{(?P<anchor>[^{}]+)\}\{\}\}$"
)


def _anchors(aux: Path) -> dict[str, str]:
    """Sphinx label → hyperref anchor (``section.10.3``), as the aux file records them."""
    found: dict[str, str] = {}
    for line in aux.read_text(encoding="utf-8").splitlines():
        match = _ANCHOR.match(line)
        if match:
            found.setdefault(match["label"], match["anchor"])
    return found


def _printed_refs(pdf: Path, lang: str) -> dict[str, str]:
    """Each block's page reference as the sheet prints it: the run after its heading."""
    every = [run for page in range(1, pages(pdf) + 1) for run in runs(pdf, page)]
    texts = [re.sub(r"\s+", " ", run.text) for run in every]
    refs = {}
    for key in quick_reference.SOURCES:
        title = re.sub(r"\s+", " ", quick_reference.block_title(key, lang))
        index = texts.index(title)
        refs[key] = texts[index + 1]
    return refs


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_quick_reference_pages_are_the_rulebooks(products: Products, lang: str, paper: str) -> None:
    """Each block's "p. 74" is the page where the built rulebook of the same language and paper
    shows the rule: found through the PDF's own named destination and page labels. A block that
    is one of the book's tables gives that table's page instead
    (test_page_references.test_the_quick_references_tables_are_on_their_pages); a rule whose
    table stands elsewhere gives both."""
    rulebook = products.rulebook(lang, paper)
    reader = pdf_reader(rulebook)
    aux = rulebook.with_suffix(".aux")
    anchors, tables = _anchors(aux), book_tables(aux_labels(aux))
    printed = _printed_refs(products.pdf("quick-reference", lang, paper), lang)
    checked = []
    for key, labels in quick_reference.SOURCES.items():
        if block_table(tables, key, lang) is not None:
            continue
        checked.append(key)
        rules = {_named_page(reader, anchors[label]) for label in labels}
        # a rule whose table stands in another chapter cites that page too (the chance to cast)
        real = sorted(rules | {t.page for t in tables_titled(tables, key, lang)}, key=int)
        numbers = re.findall(r"\d+", printed[key])
        assert numbers == real, (key, printed[key], real)
        assert printed[key].startswith("p"), printed[key]
    assert "turn-sequence" in checked and "opposed-aspects" in checked, checked


def test_a4_and_letter_rulebooks_differ_and_sheets_follow(products: Products) -> None:
    """The Letter book has its own pages; each sheet follows its own book."""
    a4 = _printed_refs(products.pdf("quick-reference", "en", "a4"), "en")
    letter = _printed_refs(products.pdf("quick-reference", "en", "letter"), "en")
    assert pages(products.rulebook("en", "a4")) != pages(products.rulebook("en", "letter"))
    assert a4 != letter


def test_a_missing_label_fails_naming_it(tmp_path: Path) -> None:
    aux = tmp_path / "noquarter.aux"
    aux.write_text("\\newlabel{magic:magic}{{15}{58}{Magic}{chapter.15}{}}\n", encoding="utf-8")
    book = RulebookPages(aux)
    assert book.page("magic:magic") == "58"
    with pytest.raises(PrintError, match=r"noquarter\.aux: the rulebook has no label 'x:y'"):
        book.page("x:y")


#: The rule of each roll of the "Rolls needed" block, by the row's test: the block cites them all.
ROLL_RULES = {
    "Hit in close combat": "close-combat:striking-the-enemy",
    "Hit with a ranged attack": "ranged-combat:ranged-combat",
    "Masterful hit": "actions:masterful-hit",
    "Fumble": "actions:fumbles",
    "Armour save": "armour-and-damage:armour-saves",
    "Ranked or closed unit": "armour-and-damage:armour-modifier",
    "Wound": "armour-and-damage:damage",
    "Template, model partially covered": "ranged-combat:ranged-combat-teardrop-templates",
    "Command test": "morale:morale",
    "Cast a spell": "magic:casting-a-spell",
    "Cancel a spell in play": "magic:cancelling-a-spell-in-play",
    "Resist a spell": "magic:resisting-a-spell",
    "Natural 10": "actions:fumbles",
}


def test_the_rolls_block_gives_the_page_of_each_roll(tmp_path: Path) -> None:
    """The proof-reader of session 28 found "Rolls needed pp. 39, 42": the to-hit pages only, for
    a block that also gives the armour save, the wound, the command test and the spells' rolls.
    Each row's rule is cited, in the book's order, on one line of their own if need be."""
    rows = [str(row[0]) for row in get_table("rolls-needed").rows]
    assert set(rows) == set(ROLL_RULES)
    assert set(ROLL_RULES.values()) == set(quick_reference.SOURCES["rolls-needed"])
    labels = sorted(set(ROLL_RULES.values()), key=list(ROLL_RULES.values()).index)
    aux = tmp_path / "noquarter.aux"
    aux.write_text(
        "".join(
            f"\\newlabel{{{label}}}{{{{1}}{{{30 + 3 * number}}}{{x}}{{section.{number}}}{{}}}}\n"
            for number, label in enumerate(labels)
        ),
        encoding="utf-8",
    )
    ref = quick_reference.page_reference("rolls-needed", "en", RulebookPages(aux))
    assert ref == "pp.~" + ", ".join(str(30 + 3 * n) for n in range(len(labels)))
    heading = quick_reference._heading("Rolls needed", "en", ref)
    assert rf"\mbox{{\mdseries {ref}}}\parfillskip=0pt\par}}" in heading


def test_the_sheet_without_a_built_rulebook_fails_in_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "nqprint",
            "--lang",
            "en",
            "--paper",
            "letter",
            "--latex",
            str(tmp_path),
            "--out",
            str(tmp_path / "pdf"),
            "--work",
            str(tmp_path / "w"),
            "quick-reference",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
    assert f"{tmp_path / 'en-letter' / 'noquarter.aux'}: the rulebook is not built" in result.stderr


def _cards(pdf: Path, page: int, paper: str) -> list[list[Run]]:
    """The runs of each card of a page, by where they stand in the paper's grid (the side notes,
    outside it, are not on a card)."""
    grid_of = spell_cards.GRIDS[paper]
    reader = pdf_reader(pdf)
    height = float(reader.pages[page - 1].mediabox.height)
    left, top = spell_cards.grid_origin(PAPERS_BY_NAME[paper])
    grid: dict[tuple[int, int], list[Run]] = {}
    for run in runs(pdf, page):
        column = (run.x / MM - left) // spell_cards.CARD_WIDTH_MM
        row = ((height - run.y) / MM - top) // spell_cards.CARD_HEIGHT_MM
        if 0 <= column < grid_of.columns and 0 <= row < grid_of.rows:
            grid.setdefault((int(row), int(column)), []).append(run)
    return [grid[place] for place in sorted(grid)]


#: The fullest card of a deck set below the largest size fills this much of its room at least:
#: the next size up would not have fitted it.
FULLEST = 0.85


#: The outer band of a sheet that office printers leave blank (6.35 mm: a quarter inch).
UNPRINTED_MM = 6.35


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_ink_keeps_clear_of_what_printers_clip(
    products: Products, lang: str, paper: str
) -> None:
    """The cards, their cut lines and crop marks, on every page: at 100 % no printer cuts them
    (the A4 crop marks came to 4.5 mm from the edge: proof round ten)."""
    pdf = products.pdf("spell-cards", lang, paper)
    for page in range(1, pages(pdf) + 1):
        box = pdf_reader(pdf).pages[page - 1].mediabox
        drawn = shapes(pdf, page)
        edges = (
            min(s.x0 for s in drawn),
            float(box.width) - max(s.x1 for s in drawn),
            min(s.y0 for s in drawn),
            float(box.height) - max(s.y1 for s in drawn),
        )
        assert min(edges) >= UNPRINTED_MM * MM, (page, [round(e / MM, 1) for e in edges])


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_line_to_the_calculators_leaves_no_word_alone(
    products: Products, lang: str, paper: str
) -> None:
    """The quick reference's line that sends a player to the site's calculators: the first
    block's heading comes right under it, not a word of its own (« réseau. » alone on A4:
    proof round 39)."""
    pdf = products.pdf("quick-reference", lang, paper)
    lines = [line.text for line in text_lines(pdf, 1)]
    sending = next(n for n, line in enumerate(lines) if "at-the-table.html" in line)
    heading = print_text(quick_reference.TURN_SEQUENCE, lang)
    assert lines[sending + 1].startswith(heading), lines[sending : sending + 2]


#: How near a cut line may come to the margins' text (mm).
CLEAR_OF_TEXT_MM = 0.5


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_cut_lines_keep_clear_of_the_margins_text(
    products: Products, lang: str, paper: str
) -> None:
    """No cut line or crop mark runs into the title, imprint or print note around the cards: a
    cutter following a line crossed printed text (proof round 39: "(so|urces" on the A4 sheets,
    the Letter note touched at both ends)."""
    pdf = products.pdf("spell-cards", lang, paper)
    left, top = spell_cards.grid_origin(PAPERS_BY_NAME[paper])
    grid = spell_cards.GRIDS[paper]
    inside = (top * MM, (top + grid.rows * spell_cards.CARD_HEIGHT_MM) * MM)
    gap = CLEAR_OF_TEXT_MM * MM
    for page in range(1, pages(pdf) + 1):
        height = float(pdf_reader(pdf).pages[page - 1].mediabox.height)
        notes = [line for line in text_lines(pdf, page) if not inside[0] < line.y0 < inside[1]]
        assert len(notes) >= 3, (page, notes)
        cuts = [s for s in shapes(pdf, page) if not s.curves and min(s.width, s.height) < 1]
        for line in notes:
            x0, x1 = line.x0 - gap, line.x1 + gap
            y0, y1 = height - line.y1 - gap, height - line.y0 + gap  # y up, as the shapes'
            crossed = [
                (round(c.x0 / MM, 1), round(c.y0 / MM, 1))
                for c in cuts
                if c.x0 < x1 and c.x1 > x0 and c.y0 < y1 and c.y1 > y0
            ]
            assert not crossed, f"page {page}: cut lines at {crossed} mm run into {line.text!r}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_cards_text_is_9_5_pt_one_size_a_deck_and_fills_the_fullest_card(
    products: Products, lang: str, paper: str
) -> None:
    """Every word of the cards is 9.5 pt or more; the title band holds the name and the aspect (or
    "Mutation") on their own line; the text of every card of the deck (between the band and the
    stats line) is in one size, the largest at which all of them fit: no card runs over its
    stats line, and unless the deck is in the largest size, its fullest card fills its room
    (cut and shuffled, cards of 9.5 and 12 pt looked careless)."""
    pdf = products.pdf("spell-cards", lang, paper)
    sizes: set[float] = set()
    fills: list[float] = []
    for page in range(1, pages(pdf) + 1):
        for card in _cards(pdf, page, paper):
            small = [(run.text, round(run.size, 2)) for run in card if run.size < CARD_PT]
            assert not small, f"page {page}: under {CARD_PT} pt: {small[:3]}"
            band_y, stats_y = max(run.y for run in card), min(run.y for run in card)
            band = [run.text for run in card if abs(run.y - band_y) < 1]
            assert len(band) == 2, f"page {page}: the band holds the name and kind alone: {band}"
            body = [run for run in card if stats_y + 1 < run.y < band_y - 1]
            sizes |= {round(run.size, 1) for run in body}
            top = max(run.y + run.size * 0.75 for run in body)
            bottom = min(run.y - run.size * 0.25 for run in body)
            fills.append((top - bottom) / (spell_cards.TEXT_HEIGHT_MM * MM))
    assert len(fills) == 45
    assert len(sizes) == 1, f"the cards' text in {sorted(sizes)} pt"
    assert max(fills) <= 1.02, "a card's text runs over its stats line"
    if sizes != {round(spell_cards.SIZES[0][0] * 72 / 72.27, 1)}:
        assert max(fills) > FULLEST, f"{sizes} pt, a larger size fits"


def _bars(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """The scale bars of a template page: stroked paths 6 pt tall (the end ticks) and straight."""
    return [
        (shape.x0, shape.y0, shape.x1, shape.y1)
        for shape in shapes(pdf, page)
        if not shape.curves and abs(shape.height - 6) < 0.2 and shape.width > 50
    ]


def _distance(run: Run, box: tuple[float, float, float, float]) -> float:
    """From a text run's start to a box (points)."""
    x0, y0, x1, y1 = box
    dx = max(x0 - run.x, 0, run.x - x1)
    dy = max(y0 - run.y, 0, run.y - y1)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_template_bars_are_exact_labelled_and_apart_from_the_page_number(
    products: Products, lang: str, paper: str
) -> None:
    pdf = products.pdf("templates", lang, paper)
    total = pages(pdf)
    for page in range(1, total + 1):
        bars = sorted(_bars(pdf, page), key=lambda box: box[2] - box[0])
        lengths = [box[2] - box[0] for box in bars]
        assert lengths == [
            pytest.approx(PT_PER_INCH, abs=0.05),
            pytest.approx(5 / 2.54 * PT_PER_INCH, abs=0.05),
        ], f"page {page}: 1 inch and 5 cm at 72 pt to the inch"
        found = runs(pdf, page)
        for bar, label in zip(bars, (INCH_BAR, CM_BAR), strict=True):
            word = next(run for run in found if run.text == print_text(label, lang))
            centre = (bar[0] + bar[2]) / 2
            assert bar[3] < word.y < bar[3] + 12, f"{word.text!r} stands just above its bar"
            assert bar[0] < word.x < centre, f"{word.text!r} is centred on its bar"
        number = next(run for run in found if run.text == f"{page}/{total}")
        for bar in bars:
            assert _distance(number, bar) > 40 * MM, f"page {page}: the page number is by a bar"
