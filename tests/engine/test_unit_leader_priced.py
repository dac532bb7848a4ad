"""Player round fourteen (#15): a unit leader is priced as his profile, without the options
added to the unit's models; the army builder's card and the roster say so (no control arms
him: the smaller honest answer)."""

from __future__ import annotations

import pytest

from nqcompanion.bridge.web_army import army

DATA = {
    "name": "T",
    "points": 2000,
    "unit": [
        {
            "name": "M",
            "profile": "human-men-at-arms",
            "models": 12,
            "leader": "hero",
            "options": {"weapons": ["spear"]},
        }
    ],
}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "priced as his profile, unarmed where it lists no weapon"),
        ("fr", "au prix de son profil, sans arme s’il n’en liste aucune"),
    ],
)
def test_the_card_and_the_roster_say_the_leader_is_priced_as_his_profile(
    lang: str, said: str
) -> None:
    answer = army({"data": DATA}, lang)
    assert "error" not in answer, answer
    lines = [line["said"] for e in answer["entries"] for line in e["lines"]]
    assert sum(said in line for line in lines) == 1, lines
    assert said in answer["roster_text"]
