"""What the seventh proof-reading found in the words of the books, read from their sources in
both languages: the odds chapter explained its table by the engine ("The table reads a natural 1
as the engine does"), which the rulebook introduces only in its first pages; the rule is stated
instead."""

from __future__ import annotations

import re

from nqcore import po
from tests.building import ROOT

DOCS = ROOT / "docs"
FR = ROOT / "locale" / "fr" / "LC_MESSAGES"
#: A rule explained by the engine's reading of it, in each language.
DEFERS = re.compile(r"as the engine does|comme le moteur\b", re.I)


def test_the_odds_state_the_natural_one_rule() -> None:
    english = (DOCS / "odds.md").read_text("utf-8")
    catalogue = po.read((FR / "odds.po").read_bytes())
    french = " ".join(str(m.string) for m in po.messages(catalogue))
    assert DEFERS.findall(english) == [] and DEFERS.findall(french) == []
    assert "A natural 1 hits, as a masterful hit, only when 1 is within" in english
    assert "Un 1 naturel ne touche, en coup de maître, que si 1 est dans" in " ".join(
        french.split()
    )
