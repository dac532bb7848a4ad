"""The print products' words set as the rulebook sets them: curly apostrophes in English, minus
signs and en dashes (the proof-reader found "caster's" on the spell cards and "rulebook's" on
the quick reference, p. 172-182), read from the LaTeX each product writes (no build needed)."""

from __future__ import annotations

import re

from nqcore.rules.spells import all_spells
from nqprint.quick_reference import SUBTITLE, work_it_out
from nqprint.spell_cards import spell_card
from nqprint.texts import print_text

#: A straight apostrophe inside a word (caster's), never an inch or a foot mark (12", 4').
_STRAIGHT_APOSTROPHE = re.compile(r"[A-Za-z]'[a-z]")


def _cards_text(lang: str) -> str:
    return "\n".join("".join(spell_card(spell, lang)[1:3]) for spell in all_spells())


def test_the_spell_cards_have_curly_apostrophes() -> None:
    text = _cards_text("en")
    assert _STRAIGHT_APOSTROPHE.findall(text) == []
    assert "caster’s" in text and "Wizard’s" in text


def test_the_quick_reference_has_curly_apostrophes() -> None:
    words = print_text(SUBTITLE, "en") + work_it_out("en")
    assert _STRAIGHT_APOSTROPHE.findall(words) == []
    assert "rulebook’s" in words and "website’s" in words


def test_the_meteor_card_says_within() -> None:
    (meteor,) = [s for s in all_spells() if s.name == "Meteor"]
    assert 'within 30"' in spell_card(meteor, "en")[2]
