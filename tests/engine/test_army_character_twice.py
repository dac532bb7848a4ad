"""One character in the army twice: an individual (or character) entry and the leader of a unit
of the same profile ("Individuals": "They can operate as a single model or be added to a unit
of warriors. In many cases, individuals may be used as unit leaders"). The book prices each
model; it forbids nothing here, so the army is warned, naming both entries, and the model's
spells are counted once."""

from __future__ import annotations

from typing import Any

from nqcore.army.army_rules import Breach, check
from nqcore.army.force import Force, parse_army, price

MAGE = {
    "name": "Earth Mage",
    "type": "individual",
    "ac": 10,
    "ra": 5,
    "cc": 5,
    "st": 4,
    "t": 4,
    "w": 2,
    "co": 7,
    "traits": [{"key": "magic-user", "level": "1"}],
    "spells": ["stone-armour"],
}
WIND = {**MAGE, "name": "Wind Mage", "spells": ["fog"]}


def army(leader: dict[str, Any] | None = MAGE, *others: dict[str, Any]) -> Force:
    unit = {"name": "Dwarfs", "profile": "dwarf", "models": 10, "leader": leader}
    data = {
        "name": "Test",
        "points": 5000,
        "unit": [{k: v for k, v in unit.items() if v is not None}],
        "individual": [{"name": "The Earth Mage", "profile": MAGE, "general": True}, *others],
    }
    return price(*parse_army(data, "army.toml"))


def breaches(force: Force, key: str) -> list[Breach]:
    return [b for b in check(force) if b.rule.key == key]


def test_an_individual_that_also_leads_a_unit_is_warned_naming_both_entries() -> None:
    (warning,) = breaches(army(), "character-twice")
    assert not warning.refused and warning.rule.section == "individuals"
    assert warning.concerns == ("The Earth Mage", "Dwarfs")
    said = str(warning)
    assert "Earth Mage" in said and "The Earth Mage" in said and "the leader of Dwarfs" in said
    assert "twice" in said
    french = warning.text("fr")
    assert "deux fois" in french and "The Earth Mage" in french and "Dwarfs" in french
    assert list(warning.concerns) == ["The Earth Mage", "Dwarfs"]  # what `nq army --json` gives


def test_another_leader_or_none_is_not_warned() -> None:
    assert not breaches(army(None), "character-twice")
    sergeant = {**MAGE, "name": "Sergeant", "type": "unit-leader"}
    assert not breaches(army(sergeant), "character-twice")


def test_the_character_s_spells_are_refused_once_against_an_opposed_wizard() -> None:
    """The Earth Mage leads the Dwarfs and is an individual: opposed to the Wind Mage once."""
    wind = {"name": "Wind Mage", "profile": WIND}
    (refusal,) = breaches(army(MAGE, wind), "opposed-magic")
    assert refusal.concerns == ("The Earth Mage", "Wind Mage")
