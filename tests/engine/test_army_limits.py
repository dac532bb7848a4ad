"""The army rules the book gives as limits: opposed magic in one army ("Magic Relationships"),
the maxima of extra attack, of magic tattoos and of magic level 4 ("may have a maximum"):
refusals where the book states a limit, naming the entries and what breaks it."""

from __future__ import annotations

from typing import Any

from nqcore.army.army_rules import Breach, army_rules, check
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
    if "character" in more:
        general["general"] = False
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
    assert list(refusal.concerns) == ["Fire Mage", "Water Mage"]
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


def test_one_wizard_with_spells_of_two_aspects_is_refused() -> None:
    """ "A Wizard is able to use spells from one of the magic aspects" (Magic)."""
    found = broken(army(mage("Mixed Mage", "fireball", "stone-armour", level=2)))
    (refusal,) = found["one-aspect"]
    assert refusal.refused and refusal.rule.section == "magic"
    assert refusal.where == "Mixed Mage" and refusal.concerns == ("Mixed Mage",)
    assert str(refusal) == (
        "Mixed Mage: its spells come from more than one aspect (Fire, Earth): a wizard is able"
        " to use spells from one of the magic aspects"
    )
    french = refusal.text("fr")
    assert "Mixed Mage" in french and "Feu, Terre" in french and "sorts" in french
    assert "one-aspect" not in broken(army(mage("Fire Mage", "fireball", "smoke", level=2)))


def test_one_wizard_with_opposed_aspects_is_refused_once_not_as_two_models() -> None:
    found = broken(army(mage("Opposed Mage", "fireball", "flood", level=2)))
    assert "opposed-magic" not in found
    (refusal,) = found["one-aspect"]
    assert "(Fire, Water)" in str(refusal)


def test_a_unit_and_its_leader_with_opposed_aspects_are_named_apart() -> None:
    initiates = {**HERO, "name": "Initiate", "type": "core", "spells": ["fireball"]}
    initiates["traits"] = ["initiate"]
    water = mage("Water", "flood")["profile"]
    unit = {"name": "Cult", "profile": initiates, "models": 6, "leader": water}
    (refusal,) = broken(army(unit=[CORE, unit]))["opposed-magic"]
    assert str(refusal).startswith("Cult uses the Fire aspect and the leader of Cult the Water")
    assert "le chef d’unité de Cult" in refusal.text("fr")


def test_the_opposition_is_the_aspects_data() -> None:
    from nqcore.data import datafiles
    from nqcore.rules.magic import Aspect

    records = datafiles.load("aspects.toml")["aspect"]
    assert {Aspect(r["key"]): Aspect(r["opposed"]) for r in records} == {
        a: a.opposed for a in Aspect
    }
    assert army_rules()["opposed-magic"].kind == "refusal"


# --- the maxima of one model --------------------------------------------------------------------


def unit(**options: Any) -> dict[str, Any]:
    return {"name": "Men", "profile": "human-men-at-arms", "models": 10, "options": options}


def test_extra_attack_above_x2_on_core_models_is_refused() -> None:
    """ "Core and elite models may have a maximum of extra attack (x2)"."""
    found = broken(army(unit=[CORE, unit(abilities=[x3])]))
    (refusal,) = found["extra-attack-maximum"]
    assert refusal.refused and refusal.where == "Men"
    assert "core and elite models may have at most extra attack (x2)" in str(refusal)
    men = next(e for e in army(unit=[CORE, unit(abilities=[x3])]).entries if e.entry.name == "Men")
    assert "extra-attack" not in {w.code for w in men.warnings}  # said once, as the refusal
    x2 = {"key": "extra-attack", "level": "x2"}
    assert "extra-attack-maximum" not in broken(army(unit=[CORE, unit(abilities=[x2])]))
    hero = {"name": "Hero", "profile": "hero", "options": {"abilities": [x3]}}
    assert "extra-attack-maximum" not in broken(army(hero))


x3 = {"key": "extra-attack", "level": "x3"}


def test_tattoo_armour_above_the_model_types_maximum_is_refused() -> None:
    """ "Core models may have a maximum tattoo armour of AR3. Elite may have a maximum of AR4,
    individual and character models may have a maximum of AR5"."""
    tattoos = [{"key": "magic-tattoos", "level": "AR4"}]
    skeletons = {**unit(equipment=tattoos), "profile": "skeleton-warrior"}  # 29 points: core
    (refusal,) = broken(army(unit=[CORE, skeletons]))["tattoo-maximum"]
    assert refusal.refused and "a core model may have at most tattoo armour of AR3" in str(refusal)
    assert "une figurine régulière peut avoir au plus une armure de tatouages Ar3" in (
        refusal.text("fr")
    )
    three = [{"key": "magic-tattoos", "level": "AR3"}]
    assert "tattoo-maximum" not in broken(army(unit=[CORE, unit(equipment=three)]))
    # Men At Arms with AR4 tattoos cost 37 points: treated as elite troops, elite's maximum
    assert "tattoo-maximum" not in broken(army(unit=[CORE, unit(equipment=tattoos)]))
    five = [{"key": "magic-tattoos", "level": "AR5"}]
    (elite,) = broken(army(unit=[CORE, unit(equipment=five)]))["tattoo-maximum"]
    assert "an elite model may have at most tattoo armour of AR4" in str(elite)
    hero = {"name": "Hero", "profile": "hero", "options": {"equipment": tattoos}}
    assert "tattoo-maximum" not in broken(army(hero))


def test_magic_level_4_is_refused_but_of_a_character() -> None:
    """ "Level 4 ... Named characters only": refused of an individual; a character passes (the
    engine cannot tell a named one)."""
    (refusal,) = broken(army(mage("Archmage", "fireball", level=4)))["magic-level-4"]
    assert refusal.refused and refusal.where == "Archmage"
    assert "level 4 is for characters only" in str(refusal)
    character = {**mage("Archmage", "fireball", level=4)}
    character["profile"] = {**character["profile"], "type": "character"}
    assert "magic-level-4" not in broken(army(character=[character]))


def test_magic_level_3_stays_a_warning_of_the_entry() -> None:
    """ "Normal maximum level for Individuals": loose, a warning beside the entry."""
    core_mage = unit(traits=[{"key": "magic-user", "level": "3"}])
    men = next(e for e in army(unit=[CORE, core_mage]).entries if e.entry.name == "Men")
    assert "magic-level-3" in {w.code for w in men.warnings}
    assert not {"magic-level-3", "magic-level-4"} & set(broken(army(unit=[CORE, core_mage])))
    assert army_rules()["magic-level-4"].kind == "refusal"
