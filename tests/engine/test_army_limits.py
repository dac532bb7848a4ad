"""The army rules the book gives as limits: opposed magic in one army ("Magic Relationships"),
the maxima of extra attack, of magic tattoos and of magic level 4 ("may have a maximum"):
refusals where the book states a limit, naming the entries and what breaks it."""

from __future__ import annotations

from typing import Any

from nqcore.army.army_rules import Breach, army_rules, as_json, check
from nqcore.army.force import Force, parse_army, price

HERO = {
    "name": "Mage",
    "type": "individual",
    "ac": 10,
    "ra": 5,
    "cc": 5,
    "st": 4,
    "t": 4,
    "w": 2,
    "co": 7,
}
CORE = {"name": "Orcs", "profile": "orc-bruiser", "models": 10}


def mage(name: str, *spells: str, level: int = 1, **more: Any) -> dict[str, Any]:
    profile = {**HERO, "name": name, "traits": [{"key": "magic-user", "level": str(level)}]}
    return {"name": name, "profile": {**profile, "spells": list(spells), **more}}


def army(*individuals: dict[str, Any], **more: Any) -> Force:
    general = {"name": "Lord", "profile": "hero", "general": True}
    data = {"name": "Test", "points": 5000, "unit": [CORE], **more}
    data["individual"] = [general, *individuals]
    return price(*parse_army(data, "army.toml"))


def broken(force: Force) -> dict[str, list[Breach]]:
    found: dict[str, list[Breach]] = {}
    for item in check(force):
        found.setdefault(item.rule.key, []).append(item)
    return found


# --- Magic Relationships ------------------------------------------------------------------------


def test_opposed_aspects_in_one_army_are_refused_naming_both_entries_and_aspects() -> None:
    found = broken(army(mage("Fire Mage", "fireball"), mage("Water Mage", "flood")))
    (refusal,) = found["opposed-magic"]
    assert refusal.refused and refusal.rule.section == "magic-relationships"
    said = str(refusal)
    assert "Fire Mage uses the Fire aspect and Water Mage the Water aspect" in said
    assert refusal.concerns == ("Fire Mage", "Water Mage")
    assert as_json(refusal, "en")["concerns"] == ["Fire Mage", "Water Mage"]
    french = refusal.text("fr")
    assert "Fire Mage" in french and "Feu" in french and "Eau" in french and "opposés" in french


def test_aspects_that_are_not_opposed_pass() -> None:
    kept = broken(army(mage("Fire Mage", "fireball"), mage("Earth Mage", "stone-armour")))
    assert "opposed-magic" not in kept
    assert "opposed-magic" not in broken(army(mage("A", "fireball"), mage("B", "smoke")))


def test_each_opposed_pair_is_named_once() -> None:
    found = broken(
        army(mage("Fire 1", "fireball"), mage("Fire 2", "smoke"), mage("Water", "flood"))
    )
    assert [b.concerns for b in found["opposed-magic"]] == [
        ("Fire 1", "Water"),
        ("Fire 2", "Water"),
    ]


def test_the_opposition_is_the_aspects_data() -> None:
    from nqcore.data import datafiles
    from nqcore.rules.magic import Aspect

    records = datafiles.load("aspects.toml")["aspect"]
    assert {Aspect(r["key"]): Aspect(r["opposed"]) for r in records} == {
        a: a.opposed for a in Aspect
    }
    assert army_rules()["opposed-magic"].kind == "refusal"
