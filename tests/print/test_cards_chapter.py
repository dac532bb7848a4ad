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
from tests.print.pdfs import text

LANGS = ["en", "fr"]


def _stats(spell: Spell, lang: str) -> str:
    """The stats line of a printed card, as pdftotext reads it: "UC 6 Level 3 Points 15"."""
    parts = [("UC", spell.use_cost), ("Level", spell.level)]
    if spell.upkeep is not None:
        parts.append(("Upkeep", spell.upkeep))
    parts.append(("Points", spell.points))
    return " ".join(f"{engine_text(label, lang)} {format_number(n, lang)}" for label, n in parts)


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
