"""The rulebook's cards chapter is laid out as cards: the spell-card product's own cards, drawn by
the same code, with each card's anchor on the page it is drawn on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docutils import nodes

from nqcore.i18n import format_number
from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import Spell, all_spells
from nqprint import spell_cards
from nqprint.texts import engine_text
from nqsphinx.directives.cards import SHEET_COLUMNS, card_sheets
from nqsphinx.untrusted import GENERATED
from tests.print.page_geometry import BAND_MM, INSET_MM, MM, _block
from tests.print.pdfs import reader, shapes, text

LANGS = ["en", "fr"]


def _stats(spell: Spell, lang: str) -> str:
    """The stats line of a printed card, as pdftotext reads it: "UC 6 Level 3 Points 15"."""
    parts = [("UC", spell.use_cost), ("Level", spell.level)]
    if spell.upkeep is not None:
        parts.append(("Upkeep", spell.upkeep))
    parts.append(("Points", spell.points))
    return " ".join(
        f"{spell_cards.stat_label(label, lang)} {format_number(n, lang)}" for label, n in parts
    )


def _one_line(page: str) -> str:
    return re.sub(r"\s+", " ", page)


def test_a_grid_of_cards_becomes_rows_of_the_products_cards() -> None:
    cards = [("spell", "fireball"), ("spell", "smoke"), ("mutation", all_mutations()[0].key)]
    result = card_sheets(cards, "en")
    targets = [node["ids"][0] for node in result if isinstance(node, nodes.target)]
    assert targets == ["spell-fireball", "spell-smoke", f"mutation-{all_mutations()[0].key}"]
    raws = [node for node in result if isinstance(node, nodes.raw)]
    assert all(raw[GENERATED] and raw["format"] == "latex" for raw in raws)
    rows = [raw.astext() for raw in raws if "tikzpicture" in raw.astext()]
    assert len(rows) == -(-len(cards) // SHEET_COLUMNS) == 2
    fireball = spell_cards.spell_card(all_spells()[0], "en")
    assert fireball[2] in rows[0] and fireball[3] in rows[0]  # the product's text and stats
    assert rows[0].count(r"\nqsheetfit{") == 2 and rows[1].count(r"\nqsheetfit{") == 1
    assert r"\nqfit{" not in rows[0] + rows[1]  # the deck's one size, never each card's own
    measure = next(raw.astext() for raw in raws if r"\nqdecksized" in raw.astext())
    deck = measure.split(r"\ifdefined\nqdecksized")[1]
    assert deck.count(r"\nqshrink{") == len(spell_cards.cards("en"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_chapter_prints_every_card_as_the_product_does(
    pdfs: dict[str, Path], lang: str
) -> None:
    book = _one_line(text(pdfs[lang]))
    missing = [s.key for s in all_spells() if _stats(s, lang) not in book]
    assert not missing, f"{lang}: no card stats line for {missing}"
    for mutation in all_mutations():
        title = engine_text(mutation.name, lang)
        assert f"{engine_text('Points', lang)} {mutation.points}" in book, title
    fireball = all_spells()[0]
    site_footer = f"{engine_text('Level', lang)} {fireball.level} · {fireball.points}"
    assert site_footer not in book  # the site's card footer, not the printed card


def card_overhangs(pdf: Path) -> list[tuple[str, float, float]]:
    """Each cards page's rows: how far (mm) the cards stand past the text block's left and
    right edges (a card's edge is its colour band's, less the band's inset); a page of one card
    a row (an aspect's last card, alone on its page) stands where the grid's first column does,
    its right as its left."""
    found = []
    for number in range(1, len(reader(pdf).pages) + 1):
        drawn = shapes(pdf, number)
        bands = [
            s
            for s in drawn
            if abs(s.width - BAND_MM[0] * MM) <= 0.5 and abs(s.height - BAND_MM[1] * MM) <= 0.5
        ]
        if bands:
            left, right = _block(float(reader(pdf).pages[number - 1].mediabox.width))
            past_left = (left - min(b.x0 for b in bands)) / MM + INSET_MM
            past_right = (max(b.x1 for b in bands) - right) / MM + INSET_MM
            if len({round(b.x0) for b in bands}) == 1:  # one card a row: its place in the grid
                past_right = past_left
            found.append((f"file page {number}", round(past_left, 1), round(past_right, 1)))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_are_centred_on_the_text_block(pdfs: dict[str, Path], lang: str) -> None:
    """Two cards of the deck's size (2 × 63 mm) are wider than the text block (120 mm): they
    stand as far past each edge (3 mm), not 6 mm past the right one only."""
    found = card_overhangs(pdfs[lang])
    assert found
    assert [(where, a, b) for where, a, b in found if abs(a - b) > 0.5] == []
    assert max(a for _, a, _ in found) - min(a for _, a, _ in found) <= 0.5  # a lone card too
