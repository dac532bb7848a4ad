"""A whole force priced and checked against the book's army rules (nqcore.army.force,
nqcore.army.army_rules): each rule kept and broken, its kind and section, the book's numbers."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nqcore.army.army_rules import Breach, army_rules, check
from nqcore.army.characteristics import ModelType
from nqcore.army.force import Force, parse_army, price
from nqcore.army.profile_files import example_profile, sample_profile
from nqcore.army.profile_points import profile_points
from nqcore.data import datafiles

ROOT = Path(__file__).resolve().parents[2]
ARMIES = ROOT / "examples" / "armies"
DOCS = ROOT / "docs"


def unit(name: str, profile: Any, models: int, **more: Any) -> dict[str, Any]:
    return {"name": name, "profile": profile, "models": models, **more}


def force(*units: dict[str, Any], points: int = 3000, **more: Any) -> Force:
    data: dict[str, Any] = {"name": "Test", "points": points, "unit": list(units), **more}
    return price(*parse_army(data, "army.toml", str(ARMIES)))


def with_general(*units: dict[str, Any], **more: Any) -> Force:
    """An army with a General, so that only the rule under test speaks."""
    general = {"name": "Lord", "profile": "hero", "general": True}
    return force(*units, individual=[general, *more.pop("individual", [])], **more)


def rules_broken(army: Force) -> dict[str, Breach]:
    return {found.rule.key: found for found in check(army)}


CORE = unit("Orcs", "orc-bruiser", 10)


# --- the rules as data ----------------------------------------------------------------------


def test_every_rule_names_a_section_of_the_book() -> None:
    labels = {
        line.strip()[1:-2]
        for page in DOCS.glob("*.md")
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("(") and line.rstrip().endswith(")=")
    }
    rules = army_rules()
    assert len(rules) == 34
    assert {rule.section for rule in rules.values()} <= labels
    assert {rule.kind for rule in rules.values()} == {"refusal", "warning"}


def test_loose_rules_are_warnings_and_say_so() -> None:
    """Where the book says "normally", "should", "tend to", "usually" or "recommended", the rule
    is a warning and its text quotes the word."""
    for rule in army_rules().values():
        loose = "the book says" in rule.text
        if loose:
            assert rule.kind == "warning", rule.key
    for key in ("unit-size", "elite-models", "core-units-larger", "support-availability"):
        assert "a guideline" in army_rules()[key].text


def test_the_rules_texts_use_the_typographic_apostrophe() -> None:
    """The army builder says these texts beside its own words, which write "army’s": "the
    army's points (1,001) exceed ..." stood out (player round fifteen)."""
    straight = [rule.key for rule in army_rules().values() if re.search(r"\w'\w", rule.text)]
    assert not straight, straight


def test_the_rules_file_is_checked_against_its_schema() -> None:
    data = tomllib.loads((ROOT / "nqcore/data/army_rules.toml").read_text(encoding="utf-8"))
    data["rule"][0]["kind"] = "advice"
    with pytest.raises(datafiles.DataFileError, match=r"rule #1 \(game-size\), field kind"):
        datafiles.check(data, "army_rules.toml", datafiles.schema_for("army_rules.toml"))


# --- pricing ------------------------------------------------------------------------------------


def test_a_unit_is_priced_model_by_model_with_the_engine() -> None:
    army = with_general(
        unit("Orcs", "orc-bruiser", 12, leader="hero", specialists=["standard-bearer", "musician"])
    )
    orcs = army.entries[0]
    bruiser = profile_points(sample_profile("orc-bruiser").profile).total
    hero = profile_points(example_profile("hero").profile).total
    assert bruiser == 30
    # "an additional 25% of the models normal profile points value (rounded down)": 30 + 7
    assert orcs.points == 9 * bruiser + hero + 2 * 37
    assert army.total == sum(entry.points for entry in army.entries)


def test_the_sample_skirmish_force_is_1000_points_or_less_and_keeps_every_rule() -> None:
    data = tomllib.loads((ARMIES / "barrow-host.toml").read_text(encoding="utf-8"))
    army = price(*parse_army(data, "barrow-host.toml"))
    assert army.points == 1000
    # 18 Skeletons at 20, standard bearer and musician at 25; 11 Ghouls at 31; the Wight Lord 219
    assert [entry.points for entry in army.entries] == [410, 341, 219]
    assert army.total == 970
    assert check(army) == []


def test_the_warband_reads_its_leader_from_a_profile_file() -> None:
    data = tomllib.loads((ARMIES / "orc-warband.toml").read_text(encoding="utf-8"))
    army = price(*parse_army(data, "orc-warband.toml", str(ARMIES)))
    bruisers = army.entries[0]
    assert bruisers.entry.leader is not None and bruisers.entry.leader.name == "Orc Captain"
    assert (bruisers.lines[1].label, bruisers.lines[1].detail) == ("Unit leader", "Orc Captain")
    bolt_throwers = next(e for e in army.entries if e.entry.weapon is not None)
    assert [(line.count, line.each) for line in bolt_throwers.lines] == [(6, 25), (2, 19)]
    assert check(army) == []


def test_options_are_added_to_every_model_and_priced() -> None:
    plain = with_general(CORE).entries[0]
    shielded = with_general({**CORE, "options": {"abilities": ["infiltrate"]}}).entries[0]
    assert shielded.model_points == plain.model_points + 5  # Infiltrate: 5 points


# --- the rules, kept and broken -------------------------------------------------------------


def test_game_size_refused_above_the_agreed_points() -> None:
    assert "game-size" not in rules_broken(with_general(CORE, points=1000))
    found = rules_broken(with_general(unit("Orcs", "orc-bruiser", 20), points=500))["game-size"]
    assert found.refused and found.rule.section == "points-values"
    assert "(650) exceed the points agreed for the game (500)" in str(found)


@pytest.mark.parametrize(("models", "broken"), [(3, True), (4, False), (20, False), (21, True)])
def test_unit_size_is_a_warning(models: int, broken: bool) -> None:
    found = rules_broken(with_general(unit("Men", "basic-soldier", models))).get("unit-size")
    assert (found is not None) == broken
    if found is not None:
        assert not found.refused and str(found).startswith("Men: a unit normally has 4 to 20")


@pytest.mark.parametrize(("models", "broken"), [(4, True), (5, True), (6, False)])
def test_a_sample_profiles_unit_size_is_a_warning(models: int, broken: bool) -> None:
    """The Dwarf's Structure line says "6+ per unit": four Dwarves passed without a word."""
    found = rules_broken(with_general(unit("Axes", "dwarf", models))).get("sample-unit-size")
    assert (found is not None) == broken
    if found is not None:
        assert not found.refused and found.rule.section == "sample-profiles-sample-profiles"
        assert str(found).startswith(
            f"Axes: the book fields Dwarf 6 or more to a unit; this one has {models}"
        )
        assert "« Nain »" in found.text("fr") or "Nain" in found.text("fr"), found.text("fr")


@pytest.mark.parametrize(
    ("profile", "models", "warned"),
    [
        ("growler-one-horn", 12, "sample-unit-range"),
        ("growler-one-horn", 5, "sample-unit-range"),
        ("growler-one-horn", 2, None),
        ("growler-one-horn", 4, None),
        ("wolverine-predator", 1, "sample-unit-size"),
        ("wolverine-predator", 2, None),
        ("dwarf", 25, "unit-size"),
    ],
)
def test_a_structure_line_s_own_size_governs_its_unit(
    profile: str, models: int, warned: str | None
) -> None:
    """The Growler One Horn's "2 to 4" and the Wolverine's "2+" are read (player round 39: twelve
    Growlers passed, two were warned "normally 4 to 20"); a line with no most leaves the book's
    usual most (a Dwarf's "6+ per unit", 25 of them)."""
    found = rules_broken(with_general(unit("Pack", profile, models)))
    sizes = {"unit-size", "sample-unit-size", "sample-unit-range"} & set(found)
    assert sizes == ({warned} if warned else set()), sizes
    if warned == "sample-unit-range":
        assert str(found[warned]).startswith(
            f"Pack: the book fields Growler One Horn in units of 2 to 4; this one has {models}"
        )
        assert "par unités de 2 à 4 figurines" in found[warned].text("fr")


def test_leader_and_specialists_must_fit_in_the_unit() -> None:
    kept = unit("Orcs", "orc-bruiser", 3, leader="hero", specialists=["musician", "musician"])
    assert "unit-models" not in rules_broken(with_general(kept))
    broken = rules_broken(with_general({**kept, "models": 2}))["unit-models"]
    assert broken.refused and "(3) outnumber its models (2)" in str(broken)


def test_elite_units_may_never_outnumber_core_units() -> None:
    ogres = unit("Ogres", "ogre-freebooter", 4)
    assert "elite-units" not in rules_broken(with_general(CORE, ogres))
    broken = rules_broken(with_general(CORE, ogres, unit("Chaos", "chaos-warrior", 4)))
    assert broken["elite-units"].refused
    assert broken["elite-units"].rule.section == "units"


def test_elite_models_the_books_example() -> None:
    """ "If you have two units of 10 core models (20 in total), you may have up to 13 elite
    models which may be in one or more units.\""""
    core = (unit("Orcs", "orc-bruiser", 10), unit("Goblins", "goblin-archer", 10))
    kept = with_general(*core, unit("Chaos", "chaos-warrior", 13))
    assert "elite-models" not in rules_broken(kept)
    found = rules_broken(with_general(*core, unit("Chaos", "chaos-warrior", 14)))["elite-models"]
    assert not found.refused
    assert "(14) should not exceed two thirds of the core models (20), that is 13" in str(found)


def test_core_units_tend_to_be_larger() -> None:
    kept = with_general(CORE, unit("Chaos", "chaos-warrior", 6))
    assert "core-units-larger" not in rules_broken(kept)
    found = rules_broken(with_general(CORE, unit("Chaos", "chaos-warrior", 12)))
    assert not found["core-units-larger"].refused


def _growler_record(**change: Any) -> dict[str, Any]:
    """The Growler One Horn's profile as a player's own table (no book statement of its type)."""
    from nqcompanion.bridge.web_starting import starting_record

    return {**starting_record("growler-one-horn"), **change}


def test_the_growler_one_horn_counts_as_core_as_the_book_states() -> None:
    """ "the one horns are treated as the core troops for composition purposes" (Sample
    Profiles), at 65 points: two units of them and no other unit break no composition rule."""
    growlers = (unit("Growlers", "growler-one-horn", 4), unit("More", "growler-one-horn", 4))
    army = with_general(*growlers)
    assert [e.classification for e in army.entries[:2]] == [ModelType.CORE] * 2
    broken = rules_broken(army)
    assert not {"elite-units", "elite-models", "core-by-points"} & set(broken), broken
    # the book's note is about its profile: one changed from it is classed by its points
    changed = with_general(CORE, unit("Beasts", _growler_record(co=7), 4))
    assert changed.entries[1].classification is ModelType.ELITE


def test_a_core_profile_above_the_core_limit_counts_as_elite() -> None:
    """A profile typed core that the book states no type for follows its points: the Growler
    One Horn's fields under another key, at 65 points, count as elite."""
    army = with_general(CORE, unit("Beasts", _growler_record(key=""), 4))
    assert army.entries[1].classification is ModelType.ELITE
    found = rules_broken(army)["core-by-points"]
    assert str(found) == (
        "Beasts: 65 points a model, above the core limit of 35: the unit counts as elite"
    )
    # a large model's core limit is 55 ("Core And Elite Points Values"): the Giant Eagle is elite
    # as printed, the large core Wolverine at 68 would not be core
    assert "core-by-points" not in rules_broken(with_general(CORE))


def test_model_types_where_the_structure_expects_them() -> None:
    army = with_general(CORE, character=[{"name": "Warlord", "profile": "orc-warlord-on-dragon"}])
    found = rules_broken(army)["model-type"]
    assert found.where == "Warlord" and not found.refused
    assert "of type individual, but it is added as a character" in str(found)
    assert "model-type" not in rules_broken(with_general(CORE))


def test_one_general_at_most_and_one_expected() -> None:
    assert "general-missing" in rules_broken(force(CORE))
    assert not rules_broken(force(CORE))["general-missing"].refused
    second = {"name": "Second", "profile": "hero", "general": True}
    found = rules_broken(with_general(CORE, individual=[second]))["general-single"]
    assert found.refused and str(found) == "an army has one General; this one has 2"
    kept = rules_broken(with_general(CORE))
    assert not {"general-single", "general-missing", "general-type"} & set(kept)


def test_the_general_is_an_individual_or_a_character() -> None:
    army = force(CORE, individual=[{"name": "Boss", "profile": "orc-bruiser", "general": True}])
    found = rules_broken(army)["general-type"]
    assert found.where == "Boss" and "of type core" in str(found)


def test_an_individual_joins_a_unit_of_the_army() -> None:
    joined = {"name": "Hero", "profile": "hero", "joins": "Orcs"}
    assert "joins-unit" not in rules_broken(with_general(CORE, individual=[joined]))
    stray = {**joined, "joins": "Elves"}
    found = rules_broken(with_general(CORE, individual=[stray]))["joins-unit"]
    assert found.refused and str(found) == "Hero: joins Elves, which is not a unit of this army"


BEARER = {"equipment": ["army-battle-standard"]}


def test_a_single_army_battle_standard_bearer() -> None:
    one = {"name": "Bearer", "profile": "hero", "options": BEARER}
    assert not {"battle-standard-single"} & set(rules_broken(with_general(CORE, individual=[one])))
    two = [one, {**one, "name": "Bearer 2"}]
    assert rules_broken(with_general(CORE, individual=two))["battle-standard-single"].refused


def test_the_battle_standard_bearer_is_an_individual() -> None:
    found = rules_broken(with_general({**CORE, "options": BEARER}))
    assert found["battle-standard-individual"].refused
    assert found["battle-standard-single"].refused  # ten bearers


def test_the_battle_standard_is_the_only_standard_of_its_unit() -> None:
    bearer = {"name": "Bearer", "profile": "hero", "options": BEARER, "joins": "Orcs"}
    kept = with_general(CORE, individual=[bearer])
    assert "battle-standard-only-standard" not in rules_broken(kept)
    flagged = {**CORE, "specialists": ["standard-bearer"]}
    found = rules_broken(with_general(flagged, individual=[bearer]))
    assert found["battle-standard-only-standard"].refused


def battery(crew: int, weapons: int = 1, **more: Any) -> dict[str, Any]:
    return {
        "name": "Guns",
        "weapon": "cannon",
        "weapons": weapons,
        "profile": "dwarf",
        "crew": crew,
        **more,
    }


@pytest.mark.parametrize(("crew", "broken"), [(1, True), (2, False), (4, False), (5, True)])
def test_support_weapon_crew(crew: int, broken: bool) -> None:
    found = rules_broken(with_general(CORE, support=[battery(crew)])).get("support-crew")
    assert (found is not None) == broken
    if found is not None:
        assert found.refused and found.rule.section == "support-weapon-crew"


def test_a_battery_may_have_a_leader() -> None:
    assert "battery-leader" in rules_broken(with_general(CORE, support=[battery(2, leader="hero")]))
    two = battery(2, weapons=2, leader="hero")
    assert "battery-leader" not in rules_broken(with_general(CORE, support=[two]))


def test_one_support_weapon_per_core_or_elite_unit_is_recommended() -> None:
    assert "support-availability" not in rules_broken(with_general(CORE, support=[battery(3)]))
    found = rules_broken(with_general(CORE, support=[battery(3, weapons=2)]))
    assert not found["support-availability"].refused


@pytest.mark.parametrize(
    ("formation", "models", "rule", "refused"),
    [("ranked", 7, "ranked-size", True), ("closed", 7, "closed-size", False)],
)
def test_formations_minimum_sizes(formation: str, models: int, rule: str, refused: bool) -> None:
    small = unit("Orcs", "orc-bruiser", models, formation=formation)
    assert rules_broken(with_general(small))[rule].refused is refused
    big = unit("Orcs", "orc-bruiser", models + 1, formation=formation)
    assert rule not in rules_broken(with_general(big))
    skirmish = unit("Orcs", "orc-bruiser", models, formation="skirmish")
    assert rule not in rules_broken(with_general(skirmish))


@pytest.mark.parametrize("formation", ["ranked", "closed"])
def test_who_joins_a_unit_counts_in_its_formation(formation: str) -> None:
    """Seven Dwarves joined by a Hero are a unit of eight in its ranks (open question
    ranked-unit-joined-models; player round 39: "this one has 7"); the Hero alone beside them
    adds nothing."""
    dwarves = unit("Axes", "dwarf", 7, formation=formation)
    hero = {"name": "Thane", "profile": "hero"}
    joined = rules_broken(with_general(dwarves, individual=[{**hero, "joins": "Axes"}]))
    assert f"{formation}-size" not in joined
    apart = rules_broken(with_general(dwarves, individual=[hero]))
    assert str(apart[f"{formation}-size"]).endswith("this one has 7")


def test_infiltrating_units_of_at_most_seven() -> None:
    """ "An infiltrating unit may never consist of more than seven models" (the engine follows
    Infiltrating Units, erratum infiltrate-maximum-models)."""
    scouts = {"options": {"abilities": ["infiltrate"]}}
    assert "infiltrating-size" not in rules_broken(
        with_general(unit("S", "goblin-archer", 7, **scouts))
    )
    found = rules_broken(with_general(unit("S", "goblin-archer", 8, **scouts)))
    assert found["infiltrating-size"].refused


def test_initiates_usually_form_units_of_3_to_6() -> None:
    initiates = {"options": {"traits": ["initiate"]}}
    kept = with_general(CORE, unit("Initiates", "human-men-at-arms", 6, **initiates))
    assert "initiates-size" not in rules_broken(kept)
    found = rules_broken(with_general(CORE, unit("Initiates", "human-men-at-arms", 8, **initiates)))
    assert not found["initiates-size"].refused


def test_breaches_are_said_in_french() -> None:
    found = rules_broken(
        with_general(CORE, unit("Chaos", "chaos-warrior", 4), unit("C2", "chaos-warrior", 4))
    )
    french = found["elite-units"].text("fr")
    assert "unités d’élite (2)" in french and french != str(found["elite-units"])


def test_a_unit_counted_elite_is_judged_against_the_elite_maxima() -> None:
    """ "Any medium sized models with a points cost of 36 points or more are treated as elite
    troops" (The Army > Units): a core profile above the core limit counts as elite, so its
    abilities are judged against an elite model's recommended maximum (Ability, Trait And
    Equipment Maximums), not a core one's."""
    mage = {"traits": [{"key": "magic-user", "level": "2"}]}
    army = with_general(CORE, unit("Ghouls", "craven-ghouls", 8, options=mage))
    ghouls = army.entries[1]
    assert ghouls.model_points == 61 and "core-by-points" in rules_broken(army)
    assert [str(w) for w in ghouls.warnings] == []
    more = {**mage, "abilities": ["dodge"]}
    ghouls = with_general(CORE, unit("Ghouls", "craven-ghouls", 8, options=more)).entries[1]
    assert [str(w) for w in ghouls.warnings] == [
        "3 abilities: the recommended maximum for an elite model is 2"
    ]


def _support(profile: str, models: int = 1, **more: Any) -> dict[str, Any]:
    return {"name": f"S {profile}", "profile": profile, "models": models, **more}


def test_a_support_unit_is_a_support_model_not_a_core_or_elite_one() -> None:
    """ "A support unit is a specialist model, usually a war machine such as a cannon or a
    chariot. Some large creatures are also classed as support units" (Support Units); "A model
    is classed as one of the following: core, elite, support, individual or character", shown
    on its Structure line.  A core or elite model added as a support unit is refused (three
    Chaos Warriors would escape "the number of elite units may never exceed the number of core
    units"); a large creature whose Structure line says core or elite is warned of; a support
    weapon's crew may be any warriors."""
    chaos = [_support("chaos-warrior") | {"name": f"Chaos {n}"} for n in range(3)]
    found = [b for b in check(with_general(CORE, support=chaos)) if b.where.startswith("Chaos")]
    assert [b.rule.key for b in found] == ["support-unit-type"] * 3
    assert found[0].refused and found[0].rule.section == "extra-equipment-and-special-rules"
    # Said as what to do, and about the field where it is done (the army builder links it).
    assert str(found[0]) == (
        "Chaos 0: a model of type elite can be a support unit only as the crew of a support "
        "weapon: choose one in “Support weapon”"
    )
    assert found[0].rule.field == "weapon"
    men = rules_broken(with_general(CORE, support=[_support("human-men-at-arms", 6)]))
    assert "a model of type core can be a support unit" in str(men["support-unit-type"])
    ogre = rules_broken(with_general(CORE, support=[_support("ogre-freebooter")]))
    large = ogre["support-large-creature"]
    assert not large.refused and large.rule.section == "support-units"
    assert "support-unit-type" not in ogre
    assert '(the book says "some": a guideline)' in str(large)
    kept = with_general(CORE, support=[_support("chariot-and-driver")])
    assert not {"support-unit-type", "support-large-creature", "model-type"} & set(
        rules_broken(kept)
    )
    crew = {"name": "Guns", "profile": "dwarf", "weapon": "cannon", "crew": 3}
    assert "support-unit-type" not in rules_broken(with_general(CORE, support=[crew]))
    hero = rules_broken(with_general(CORE, support=[_support("hero")]))["model-type"]
    assert "of type individual, but it is added as a support unit" in str(hero)
    french = found[0].text("fr")
    assert "figurine de type élite" in french and "« Arme de soutien »" in french


@pytest.mark.parametrize(
    ("weapons", "place"),
    [
        (["laser"], "weapons #1"),
        (["spear", "laser"], "weapons #2"),
        (["laser", "spear"], "weapons #1"),
    ],
)
def test_an_option_refused_is_numbered_within_the_options(weapons: list[str], place: str) -> None:
    """The Dwarf carries an axe of its own; an option refused is the options' own item ("weapons
    #2" was said for the first option, the profile's axe counted: player round 41)."""
    data = {
        "name": "Q",
        "points": 1000,
        "unit": [{"name": "Q", "profile": "dwarf", "models": 10, "options": {"weapons": weapons}}],
    }
    with pytest.raises(
        Exception, match=rf"unit #1 \(Q\), options: {place}: unknown weapon 'laser'"
    ):
        parse_army(data, "army.toml")
