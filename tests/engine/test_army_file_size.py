"""An army file lists 100 entries at most, of all kinds, and a unit 10 specialists: 600 entries
with inline profiles, each within its kind's old bound of 200, priced for 205 s and froze the At
the table page for 75 s (attack round twenty-seven).  Refused in one line, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from nqcore.army.army_schema import MAX_ENTRIES, MAX_SPECIALISTS
from nqcore.army.force import ArmyError, parse_army


def _army(units: int, characters: int, **unit: Any) -> dict[str, Any]:
    one = {"name": "Orcs", "profile": "orc-bruiser", "models": 10, **unit}
    return {
        "name": "Big",
        "points": 3000,
        "unit": [{**one, "name": f"Orcs {n}"} for n in range(units)],
        "character": [{"name": f"Hero {n}", "profile": "hero"} for n in range(characters)],
    }


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "army.toml: 101 entries in all: an army file lists 100 at most"),
        (
            "fr",
            "army.toml\u00a0: 101 entrées en tout\u00a0: un fichier d’armée en liste 100 au plus",
        ),
    ],
)
def test_an_army_of_more_entries_than_any_table_holds_is_refused(lang: str, said: str) -> None:
    assert MAX_ENTRIES == 100
    with pytest.raises(ArmyError) as refused:
        parse_army(_army(60, 41), "army.toml")
    assert refused.value.text(lang) == said


def test_a_unit_of_more_specialists_than_the_rules_name_is_refused() -> None:
    with pytest.raises(ArmyError) as refused:
        parse_army(_army(1, 0, specialists=["musician"] * (MAX_SPECIALISTS + 1)), "army.toml")
    assert "field specialists" in refused.value.text("en")


def test_an_army_of_a_hundred_entries_is_read() -> None:
    force = parse_army(_army(60, 40), "army.toml")
    assert force is not None
