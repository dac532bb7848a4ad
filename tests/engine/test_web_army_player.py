"""The army builder's answers to what a player met with the book's own profiles: a large model's
Broadsword with its shield (the edition's reading of the printed profiles), an entry added as
another kind than its profile's said in a player's words, a new unit started at its profile's
least, one warning for a core model above the core limit, the Army Battle Standard offered only
where it can be taken."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from nqcompanion.bridge.web_army import army

LORD = {"name": "Lord", "profile": "hero", "general": True}


def _answer(**entries: list[dict[str, Any]]) -> dict[str, Any]:
    data = {"name": "Test", "points": 4000, "individual": [LORD], **entries}
    answer = army({"data": data}, "en")
    assert "error" not in answer, answer
    return answer


def _entry(answer: dict[str, Any], kind: str, index: int) -> dict[str, Any]:
    return next(e for e in answer["entries"] if e["kind"] == kind and e["index"] == index)


@pytest.mark.parametrize(
    ("profile", "warned"),
    [
        ("vampire-on-demon-beast", False),
        ("orc-warlord-on-dragon", False),
        ("swordmaster", True),
    ],
)
def test_a_large_model_wields_its_broadsword_with_a_shield(profile: str, warned: bool) -> None:
    """ "Any weapon with a use cost (UC) of 5 or more counts as a double handed weapon unless the
    model wielding the weapon is particularly large": the two mounted models are large, the
    Swordmaster is not (the erratum "A Broadsword carried with a shield")."""
    answer = _answer(character=[{"name": "Them", "profile": profile}])
    codes = [w["code"] for w in _entry(answer, "character", 0)["warnings"]]
    assert ("two-handed-shield" in codes) is warned, codes


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_entry_added_as_another_kind_than_its_profiles_is_said_plainly(lang: str) -> None:
    data = {"name": "Test", "points": 4000, "individual": [LORD]}
    data["character"] = [{"name": "Orc Warlord", "profile": "orc-warlord-on-dragon"}]
    answer = army({"data": data}, lang)
    said = [b["said"] for b in answer["breaches"] if b["rule"] == "model-type"]
    expected = {
        "en": "its profile is of type individual, but it is added as a character, which takes "
        "a profile of type character",
        "fr": "son profil est de type individu, mais l’entrée est ajoutée comme un personnage, "
        "qui demande un profil de type personnage",
    }[lang]
    assert [re.sub("[\u00a0\u202f]", " ", s) for s in said] == [expected]


@pytest.mark.parametrize(
    ("profile", "models"),
    [
        ("skeleton-warrior", 8),
        ("human-men-at-arms", 6),
        ("ogre-freebooter", 2),
        ("basic-soldier", 4),
    ],
)
def test_a_new_unit_starts_at_its_profiles_least(profile: str, models: int) -> None:
    """A unit of a sample profile starts at its Structure line's least ("8+ per unit", "2+ per
    unit": the profile's own line governs its unit), another at the book's usual least of a unit
    (4): no warning at once."""
    data = {"name": "Test", "points": 4000, "individual": [LORD]}
    answer = army({"data": data, "add": {"kind": "unit", "profile": profile}}, "en")
    assert answer["data"]["unit"][0]["models"] == models
    assert not [b for b in answer["breaches"] if b["field"] == "models"], answer["breaches"]


def test_a_core_model_above_the_core_limit_is_warned_once() -> None:
    """Men at Arms with a spear and a battle standard each: 42 points a model, the unit counts
    as elite (the army rule); the profile's own "the model is elite" is not said again."""
    options = {"weapons": ["spear"], "equipment": ["army-battle-standard"]}
    answer = _answer(
        unit=[{"name": "Men", "profile": "human-men-at-arms", "models": 8, "options": options}]
    )
    rules = [b["rule"] for b in answer["breaches"] if b["entry"] == {"kind": "unit", "index": 0}]
    codes = [w["code"] for w in _entry(answer, "unit", 0)["warnings"]]
    assert "core-by-points" in rules, answer["breaches"]
    assert "core-points-limit" not in codes, codes


def test_the_army_battle_standard_is_offered_where_it_can_be_taken() -> None:
    from nqcompanion.page.army import _choices

    found = re.search(r'<option value="equipment:army-battle-standard"([^>]*)>', _choices("en"))
    assert found is not None
    assert 'data-kinds="individual character"' in found[1]


#: A wizard of the player's own, made in the profile builder: a Magic User (2).
WIZARD = {"start": "hero", "set": {"name": "Wizard"}}


def _wizard(spell: str, lang: str = "en") -> dict[str, Any]:
    from nqcompanion.bridge.web import build

    made = build(WIZARD, lang)
    made = build({"toml": made["toml"], "add": ["traits", "magic-user|2"]}, lang)
    return build({"toml": made["toml"], "add": ["spells", spell]}, lang)


@pytest.mark.parametrize(("lang", "said"), [("en", "Fireball"), ("fr", "Boule de feu")])
def test_the_profile_builder_gives_a_wizard_its_spells(lang: str, said: str) -> None:
    from nqcompanion.bridge.web import build

    made = _wizard("fireball", lang)
    assert "error" not in made, made
    assert 'spells = ["fireball"]' in made["toml"]
    assert made["picks"]["spells"] == [said]
    assert "error" not in made["points"], made["points"]
    twice = build({"toml": made["toml"], "add": ["spells", "fireball"]}, lang)
    assert "error" in twice
    removed = build({"toml": made["toml"], "remove": ["spells", 0]}, lang)
    assert "spells" not in removed["toml"] and removed["picks"]["spells"] == []


def test_two_wizards_of_opposed_aspects_are_refused_in_one_army() -> None:
    """Made in the profile builder, added to the army as the player's own profile, a fire
    wizard and a water wizard: "Magic Relationships" refuses them together."""
    fire, water = _wizard("fireball")["toml"], _wizard("flood")["toml"]
    data: dict[str, Any] = {"name": "Test", "points": 4000, "individual": [LORD]}
    for toml in (fire, water):
        data = army({"data": data, "add": {"kind": "individual", "toml": toml}}, "en")["data"]
    answer = army({"data": data}, "en")
    rules = [b["rule"] for b in answer["breaches"] if b["kind"] == "refusal"]
    assert rules == ["opposed-magic"], answer["breaches"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "its spells come from more than one aspect (Fire, Water): a wizard is able"),
        ("fr", "ses sorts viennent de plus d’un aspect (Feu, Eau)\u00a0: un magicien peut"),
    ],
)
def test_the_profile_builder_warns_of_spells_from_two_aspects(lang: str, said: str) -> None:
    """ "A Wizard is able to use spells from one of the magic aspects" (Magic): the builder says
    it when the second aspect's spell is added, as the army refuses it; the army says it once,
    as its refusal."""
    from nqcompanion.bridge.web import build

    fire = _wizard("fireball", lang)
    assert not fire["points"]["json"]["warnings"]
    both = build({"toml": fire["toml"], "add": ["spells", "flood"]}, lang)
    warnings = both["points"]["json"]["warnings"]
    assert [w["code"] for w in warnings] == ["one-aspect"], warnings
    assert said in warnings[0]["text"], warnings
    assert any(said in line for line in both["points"]["text"])
    (beside,) = both["beside"]["spells"]  # said under the list of spells, where it was added
    assert beside.startswith("Warning: " if lang == "en" else "Avertissement\u00a0: ")
    assert said in beside
    assert fire["beside"] == {"spells": []}
    data: dict[str, Any] = {"name": "Test", "points": 4000, "individual": [LORD]}
    data = army({"data": data, "add": {"kind": "individual", "toml": both["toml"]}}, "en")["data"]
    answer = army({"data": data}, "en")
    assert [b["rule"] for b in answer["breaches"]] == ["one-aspect"], answer["breaches"]
    assert '"code": "one-aspect"' not in json.dumps(answer)  # no entry's warning besides


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Trebuchet: a support weapon may not be wielded by a normal man sized model: "
            "crew it in a support unit, or mount it on a large model",
        ),
        (
            "fr",
            "Trébuchet : une arme de soutien ne peut pas être maniée par une figurine normale "
            "de taille humaine : servez-la avec une unité de soutien, ou montez-la sur une "
            "grande figurine",
        ),
    ],
)
def test_a_support_weapon_given_to_every_model_of_a_unit_is_warned(lang: str, said: str) -> None:
    """ "Support weapons are large powerful weapons that may not be wielded by a normal man sized
    model" (Support Weapons): a Trebuchet for each Skeleton is said on its entry (player round
    nine: the armoury offered it to every model without a word); a large model may carry one
    ("mounted on a vehicle"), and a support unit crews its weapon."""
    data: dict[str, Any] = {"name": "Test", "points": 4000, "individual": [LORD]}
    data["unit"] = [
        {
            "name": "S",
            "profile": "skeleton-warrior",
            "models": 10,
            "options": {"weapons": ["trebuchet"]},
        }
    ]
    data["character"] = [
        {"name": "W", "profile": "orc-warlord-on-dragon", "options": {"weapons": ["catapult"]}}
    ]
    answer = army({"data": data}, lang)
    unit = [w for w in _entry(answer, "unit", 0)["warnings"] if w["code"] == "support-weapon-size"]
    assert [re.sub("[\u00a0\u202f]", " ", w["text"]) for w in unit] == [said]
    large = [w["code"] for w in _entry(answer, "character", 0)["warnings"]]
    assert "support-weapon-size" not in large


def test_the_growler_one_horn_is_core_in_its_warnings_too() -> None:
    """Player round 28: "65 points is above the core limit of 35: the model is elite" under the
    Growler One Horn, whom the roster and the army's counts (rightly) hold core: "the one horns
    are treated as the core troops for composition purposes"; changed, its points judge it."""
    answer = _answer(unit=[{"name": "Growlers", "profile": "growler-one-horn", "models": 4}])
    growlers = _entry(answer, "unit", 0)
    assert growlers["class"] == "core"
    assert [w["code"] for w in growlers["warnings"]] == []
    from nqcompanion.bridge.web import build

    book = build({"start": "growler-one-horn"}, "en")
    assert "core-points-limit" not in [w["code"] for w in book["points"]["json"]["warnings"]]
    changed = build({"toml": book["toml"], "set": {"cc": "6"}}, "en")
    assert "core-points-limit" in [w["code"] for w in changed["points"]["json"]["warnings"]]
