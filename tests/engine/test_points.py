"""Tests for nqcore.army.points: Creating A Profile and weapon creation, with the book's
examples."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nqcore.army.points
from nqcore.army.armoury import Weapon, WeaponKind, weapon
from nqcore.army.characteristics import (
    CHARACTERISTICS,
    ModelType,
    Size,
    Specialist,
    characteristic_range,
)
from nqcore.army.points import (
    SECTIONS,
    PointsBreakdown,
    ability_limits,
    additional_weapon_cost,
    armour_cost,
    barding_cost,
    characteristic_cost,
    classify,
    core_points_limit,
    magic_level_cost,
    max_elite_models,
    minimum_points,
    recommended_maximum,
    resilience_cost,
    shield_cost,
    specialist_cost,
)
from nqcore.army.profile_files import parse_profile
from nqcore.army.profile_points import profile_points, unit_points
from nqcore.army.profiles import Armour, Element, Pick, Profile
from nqcore.army.weapon_costs import (
    area_effect_cost,
    cc_strength_bonus_cost,
    grenade_points,
    max_strength_for_area,
    max_strength_for_range,
    pm_cost,
    range_cost,
    range_modifier_cost,
    ranged_strength_cost,
    reach_cost,
    special_rule_cost,
    support_strength_cost,
    teardrop_max_strength,
    teardrop_points,
    teardrop_use_cost,
    weapon_points,
)
from nqcore.book.errata import all_errata
from nqcore.i18n import N_
from nqcore.rules.close_combat import combination_attack_cost
from nqcore.rules.ranged import Range
from nqcore.tables.registry import get_table, table_keys

#: The Model Characteristics Summary (Profile Creation Summary, lines 3814-3821), and the chapter's
#: Wound Values table for W 7 and 8.
SUMMARY = {
    "ac": {6: -4, 7: -2, 8: 0, 9: 3, 10: 7, 11: 11, 12: 16},
    "ra": {1: 0, 2: 0, 3: 1, 4: 3, 5: 4, 6: 6, 7: 10, 8: 15},
    "cc": {1: 0, 2: 0, 3: 1, 4: 2, 5: 4, 6: 6, 7: 10, 8: 15},
    "st": {1: 0, 2: 1, 3: 2, 4: 4, 5: 7, 6: 11, 7: 16, 8: 21},
    "t": {1: 0, 2: 1, 3: 2, 4: 4, 5: 7, 6: 11, 7: 16, 8: 21},
    "w": {1: 0, 2: 10, 3: 25, 4: 45, 5: 70, 6: 100, 7: 135, 8: 175},
    "co": {2: 1, 3: 2, 4: 3, 5: 4, 6: 6, 7: 9, 8: 13, 9: 18},
}


def profile(name: str = "Test", **values: object) -> Profile:
    base: dict[str, object] = {"ac": 8, "ra": 4, "cc": 5, "st": 4, "t": 4, "w": 1, "co": 6}
    base.update(values)
    return Profile(name, **base)  # type: ignore[arg-type]


def test_doctests() -> None:
    assert doctest.testmod(nqcore.army.points).failed == 0


def test_cost_tables_agree_with_the_summary() -> None:
    for key, costs in SUMMARY.items():
        for value, cost in costs.items():
            assert characteristic_cost(key, value) == cost, (key, value)
        assert set(characteristic_range(key)) == set(costs)


def test_unpriced_values_are_errors() -> None:
    with pytest.raises(ValueError, match="CO 1 has no points cost: the Command table prices 2"):
        characteristic_cost("co", 1)
    with pytest.raises(ValueError, match="AR 8 has no points cost"):
        armour_cost(8)


def test_the_starting_profile_costs_nine_points() -> None:
    # Creating A Profile: "This profile has a starting cost value of 9 points."
    starting = profile("Starting Profile", ac=8, ra=3, cc=3, st=3, t=3, w=1, co=4)
    assert profile_points(starting).total == 9


def test_the_basic_warrior() -> None:
    # Creating A Profile: the Basic Warrior's items as printed, except T 4 (+4, not +3: erratum).
    breakdown = profile_points(profile("Basic Warrior"))
    items = {item.subject: item.points for item in breakdown.items}
    assert items == {
        "AC 8": 0,
        "RA 4": 3,
        "CC 5": 4,
        "ST 4": 4,
        "T 4": 4,
        "W 1": 0,
        "CO 6": 6,
        "AR 0": 0,
    }
    assert breakdown.total == 21
    (erratum,) = [e for e in all_errata() if e.id == "basic-warrior-toughness-cost"]
    assert "total 21" in erratum.correct and "total 20" in erratum.printed


def test_the_army_sample_warrior_and_swordmaster() -> None:
    # The Army > Sample Profiles: Warrior 24 points, Swordmaster 44 points.
    warrior = profile("Warrior", weapons=(weapon("sword"),))
    assert profile_points(warrior).total == 24
    swordmaster = profile(
        "Swordmaster",
        ac=10,
        cc=6,
        co=7,
        model_type=ModelType.ELITE,
        weapons=(weapon("broadsword"),),
        armour=Armour(value=2, shield=True),
    )
    assert swordmaster.ar == 3
    breakdown = profile_points(swordmaster)
    assert breakdown.total == 44 and breakdown.classification is ModelType.ELITE


def test_the_minimum_of_nine_points() -> None:
    weakling = profile(ac=6, ra=1, cc=1, st=1, t=1, w=1, co=2)
    breakdown = profile_points(weakling)
    assert breakdown.total == minimum_points() == 9
    assert breakdown.items[-1].section == "creating-a-profile" and breakdown.items[-1].points == 12


def test_armour_costs() -> None:
    assert [armour_cost(ar) for ar in range(8)] == [0, 1, 2, 4, 7, 11, 15, 20]
    assert (shield_cost(), barding_cost()) == (1, 3)
    assert [resilience_cost(level) for level in (1, 2, 3)] == [1, 3, 6]
    assert resilience_cost(-2) == 3
    # Barding Cost example: heavy armour, shield and barding, AR 6.
    knight = profile(armour=Armour(value=4, shield=True, barding=True), mounted=True)
    breakdown = profile_points(knight)
    assert knight.ar == 6
    assert breakdown.section_total("creating-a-profile-armour-values") == 7
    assert breakdown.section_total("shield-cost") == 1
    assert breakdown.section_total("barding-cost-armoured-mount") == 3
    # Armoured Mount example: light armour, shield, scaly mount, AR 5.
    fallen_knight = profile(armour=Armour(value=3, shield=True, armoured_mount=True), mounted=True)
    assert fallen_knight.ar == 5
    assert profile_points(fallen_knight).section_total("armoured-mount") == 3
    # Large models: +1 for free.
    ogre = profile(size=Size.LARGE, armour=Armour(value=3, large_bonus=True))
    assert profile_points(ogre).section_total("natural-armour-values") == 0 and ogre.ar == 4
    resilient = profile(armour=Armour(value=4, resilience=2))
    assert profile_points(resilient).section_total("adding-armour-resilience") == 3


def test_weapon_selection_examples() -> None:
    # Weapon Selection: a bow (4) and half the cost of a sword, rounded up (2).
    archer = profile(weapons=(weapon("bow"), weapon("sword")))
    assert profile_points(archer).section_total("weapon-selection") == 6
    # A lance for charging and a secondary sword: 5 + 2.
    lancer = profile(weapons=(weapon("lance"), weapon("sword")), mounted=True)
    assert profile_points(lancer).section_total("weapon-selection") == 7
    assert [additional_weapon_cost(p) for p in (0, 1, 3, 4, 8, 9)] == [0, 1, 2, 2, 4, 5]


def test_standard_bearers_and_musicians() -> None:
    # Example: a 33-point spearman; a musician costs 33 + 8 = 41.
    spearman = profile(ra=3, t=5, weapons=(weapon("spear"),), armour=Armour(value=4))
    assert profile_points(spearman).total == 33
    assert specialist_cost(33) == 8
    musician = profile(
        ra=3,
        t=5,
        weapons=(weapon("spear"),),
        armour=Armour(value=4),
        specialist=Specialist.MUSICIAN,
    )
    breakdown = profile_points(musician)
    assert breakdown.total == 41
    assert breakdown.section_total("standard-bearers-and-musicians") == 8
    bearer = profile(specialist=Specialist.STANDARD_BEARER)
    assert profile_points(bearer).total == 21 + 5


def test_core_and_elite() -> None:
    assert core_points_limit() == 35 and core_points_limit(Size.LARGE) == 55
    assert classify(35) is ModelType.CORE and classify(36) is ModelType.ELITE
    assert classify(55, Size.LARGE) is ModelType.CORE
    assert classify(56, Size.LARGE) is ModelType.ELITE
    # Maximum Number Of Elite Models: 20 core models allow 13 elite models.
    assert max_elite_models(20) == 13
    assert max_elite_models(3) == 2


def test_core_models_above_the_limit_are_warned_about_but_not_refused() -> None:
    brute = profile(st=6, t=6, model_type=ModelType.CORE, weapons=(weapon("battle-axe"),))
    breakdown = profile_points(brute)
    assert breakdown.total == 43 and breakdown.classification is ModelType.ELITE
    assert any("above the core limit of 35" in w for w in said(breakdown))
    # A musician may exceed the limit.
    assert not any(
        "core limit" in w
        for w in said(
            profile_points(
                profile(t=5, weapons=(weapon("spear"),), specialist=Specialist.MUSICIAN, cc=6, st=5)
            )
        )
    )


def test_recommended_maxima() -> None:
    assert recommended_maximum("ac", ModelType.CORE) == 10
    assert recommended_maximum("w", ModelType.CHARACTER) is None
    assert recommended_maximum("w", ModelType.CORE, mounted=True) == 2
    assert recommended_maximum("ar", ModelType.ELITE) == 5
    assert recommended_maximum("ar", ModelType.CORE, mounted=True) == 5
    assert recommended_maximum("ar", ModelType.CHARACTER) is None
    assert ability_limits(ModelType.CHARACTER) == {"abilities": 5, "traits": 3, "equipment": 5}
    assert ability_limits(ModelType.SUPPORT) is None
    steady = profile(co=7)
    assert said(profile_points(steady)) == [
        "CO 7 is above the recommended maximum of 6 for a core model"
    ]
    # a core model above the core points limit is treated as elite: the elite maxima judge it
    fast = profile(ac=11, co=8, armour=Armour(value=6))
    warnings = said(profile_points(fast))
    assert "CO 8 is above the recommended maximum of 7 for an elite model" in warnings
    assert "AR 6 is above the recommended maximum of 5 for an elite model" in warnings


def test_restrictions_give_warnings() -> None:
    brute = profile(
        abilities=(Pick("unerring"), Pick("extra-attack", "x3"), Pick("leap")),
        equipment=(Pick("armour-runes-of-defiance", "RE -1"),),
    )
    warnings = said(profile_points(brute))
    assert "Unerring: Individuals and characters only." in warnings
    assert "Leap: Strength 6+ models only." in warnings
    assert "Extra Attack: core and elite models may have at most extra attack (x2)" in warnings
    assert "3 abilities: the recommended maximum for an elite model is 2" in warnings
    assert any(w.startswith("Armour Runes Of Defiance") for w in warnings)


def test_a_restriction_says_who_may_take_it() -> None:
    """Player round 26: "Large Model: Free for large models." and "Grape Shot: restricted" said
    nothing of what was wrong; each restriction's note now names who may take it."""
    gunner = profile(traits=(Pick("large-model"),), equipment=(Pick("grape-shot"),))
    warnings = said(profile_points(gunner))
    assert "Large Model: Large models only." in warnings
    assert "Grape Shot: A cannon or similar support weapon only." in warnings
    assert not [w for w in warnings if w.endswith(": restricted")]
    evader = profile(model_type=ModelType.CHARACTER, abilities=(Pick("evade"),))
    assert said(profile_points(evader)) == []
    armoured = profile(
        model_type=ModelType.CHARACTER, abilities=(Pick("evade"),), armour=Armour(value=1)
    )
    assert any(w.startswith("Evade") for w in said(profile_points(armoured)))
    undead = profile(traits=(Pick("undead"),), abilities=(Pick("double-time"),))
    assert any("on foot" in w for w in said(profile_points(undead)))
    shielded = profile(weapons=(weapon("halberd"),), armour=Armour(value=3, shield=True))
    assert "Halberd: two handed, may not be used with a shield" in said(profile_points(shielded))


def test_a_rider_with_its_mounts_line_may_take_cavalry_move() -> None:
    """Player round 32 (F4): a knight with his Warhorse's line was warned "Cavalry Move:
    Appropriate models only, such as riders..."; a model with an element is ridden."""
    warned = "Cavalry Move: Appropriate models only, such as riders, chariots and other ridden"
    on_foot = profile(abilities=(Pick("cavalry-move"),))
    assert any(w.startswith(warned) for w in said(profile_points(on_foot)))
    knight = profile(abilities=(Pick("cavalry-move"),), elements=(Element("Warhorse", cc=4, st=4),))
    assert not any(w.startswith(warned) for w in said(profile_points(knight)))


def test_abilities_traits_and_negative_traits() -> None:
    craven = profile(
        abilities=(Pick("extra-attack", "x2"), Pick("double-time")), traits=(Pick("devour"),)
    )
    breakdown = profile_points(craven)
    assert breakdown.section_total("selecting-abilities") == 12
    assert breakdown.section_total("selecting-negative-abilities-or-traits") == -2
    nemesis = profile(model_type=ModelType.CHARACTER, traits=(Pick("nemesis", target="Vampire"),))
    assert profile_points(nemesis).section_total("selecting-traits") == 0


def test_equipment_and_mutations() -> None:
    bomber = profile(equipment=(Pick("grenades", "ST4 1.5"), Pick("army-battle-standard")))
    assert profile_points(bomber).section_total("selecting-equipment") == 16
    tattooed = profile(equipment=(Pick("magic-tattoos", "AR3"),), armour=Armour(shield=True))
    assert tattooed.ar == 4
    assert profile_points(tattooed).section_total("selecting-equipment") == 6
    mutant = profile(traits=(Pick("mutation"),), mutations=("horns", "jaws"))
    assert profile_points(mutant).section_total("mutations") == 14


def test_magic_users() -> None:
    assert [magic_level_cost(level) for level in range(5)] == [8, 20, 30, 45, 65]
    with pytest.raises(ValueError, match="magic level 5"):
        magic_level_cost(5)
    wizard = profile(
        model_type=ModelType.INDIVIDUAL,
        traits=(Pick("magic-user", "2"),),
        spells=("fireball", "smoke"),
    )
    breakdown = profile_points(wizard)
    assert breakdown.section_total("magic-user-points-values") == 30 + 15 + 9
    # A unit of Initiates pays for its one spell once.
    initiate = profile(traits=(Pick("initiate"),), spells=("fireball",))
    single = profile_points(initiate)
    assert single.total == 21 + 8
    assert [item.points for item in single.unit_items] == [15]
    assert unit_points(initiate, 5) == 5 * 29 + 15
    level_four = profile(model_type=ModelType.INDIVIDUAL, traits=(Pick("magic-user", "4"),))
    assert any(
        line.startswith("Magic User: level 4 is for characters only")
        for line in said(profile_points(level_four))
    )
    with pytest.raises(ValueError, match="at least one model"):
        unit_points(initiate, 0)
    greedy = profile(traits=(Pick("initiate"),), spells=("fireball", "smoke"))
    assert "Spells: a magic user of level 0 takes one spell for the unit" in (
        said(profile_points(greedy))
    )
    assert "Spells: only initiates and magic users take spells" in (
        said(profile_points(profile(spells=("smoke",))))
    )
    with pytest.raises(ValueError, match="unknown spell 'lightning'"):
        profile(spells=("lightning",))


def test_the_vampire_on_a_demon_beast() -> None:
    # Special Combination Models: Vampire and Demon Beast (no printed points).
    vampire = parse_profile(
        {
            "name": "Vampire",
            "type": "character",
            "ac": 12,
            "ra": 6,
            "cc": 7,
            "st": 6,
            "t": 7,
            "w": 3,
            "co": 8,
            "mounted": True,
            "weapons": ["broadsword"],
            "armour": {"value": 4, "shield": True},
            "abilities": ["cavalry-move", {"key": "extra-attack", "level": "x2"}],
            "element": [
                {
                    "name": "Demon Beast",
                    "ra": 4,
                    "cc": 6,
                    "st": 5,
                    "weapons": [
                        {"name": "Claws", "uc": 3, "st_bonus": 0, "pm": -1},
                        {
                            "name": "Venom spray",
                            "kind": "teardrop",
                            "teardrop": "TTS",
                            "st": 4,
                            "uc": 5,
                        },
                    ],
                }
            ],
        }
    )
    breakdown = profile_points(vampire)
    characteristics = 16 + 6 + 10 + 11 + 16 + 25 + 13 + (3 + 6 + 7)
    weapons = 8 + 1 + additional_weapon_cost(0 + 6)  # broadsword; claws PM-1; TTS ST4
    assert breakdown.total == characteristics + 8 + weapons + 6 + 8
    # The book's profile pairs a two-handed broadsword with a shield (so does the Orc Warlord's).
    assert said(breakdown) == ["Broadsword: two handed, may not be used with a shield"]


def orc_warlord_on_dragon() -> Profile:
    """Special Combination Models: the Orc Warlord on a Dragon (no printed points)."""
    return parse_profile(
        {
            "name": "Orc Warlord",
            "type": "individual",
            "size": "large",
            "ac": 12,
            "ra": 4,
            "cc": 7,
            "st": 5,
            "t": 7,
            "w": 4,
            "co": 8,
            "weapons": ["broadsword"],
            "armour": {"value": 4, "shield": True},
            "traits": ["flying"],
            "abilities": [{"key": "extra-attack", "level": "x2"}],
            "element": [
                {
                    "name": "Dragon",
                    "ra": 3,
                    "cc": 6,
                    "st": 7,
                    "abilities": [{"key": "extra-attack", "level": "x3"}],
                    "weapons": [
                        {"name": "Claws", "uc": 3, "st_bonus": 0},
                        {
                            "name": "Fire breath",
                            "kind": "teardrop",
                            "teardrop": "TTL",
                            "st": 4,
                            "uc": 8,
                        },
                    ],
                }
            ],
        }
    )


def test_combination_models() -> None:
    warlord = orc_warlord_on_dragon()
    breakdown = profile_points(warlord)
    assert breakdown.section_total("calculating-combination-models") == 1 + 6 + 16
    # Item by item: the Warlord's characteristics, the Dragon's RA, CC, ST (23), armour, weapons.
    main = 16 + 3 + 10 + 7 + 16 + 45 + 13
    armour = 7 + 1
    weapons = 8 + 0 + additional_weapon_cost(0 + 32)  # broadsword; claws; TTL ST4 at half
    abilities = 8 + 8 + 16  # flying, extra attack x2, x3
    assert breakdown.total == main + 23 + armour + weapons + abilities
    # Example: the Warlord's 5-AC attack and the Dragon's 3-AC claws both go at 5 AC.
    claws = warlord.elements[0].weapons[0]
    assert combination_attack_cost(warlord.weapons[0].uc or 0, claws.uc or 0) == 5
    assert warlord.elements[0].weapons[1].uc == teardrop_use_cost(4, "TTL") == 8


def test_the_chariot_with_driver_and_weaponeer() -> None:
    chariot = parse_profile(
        {
            "name": "Chariot",
            "type": "support",
            "size": "large",
            "mounted": True,
            "ac": 12,
            "ra": "-",
            "cc": "-",
            "st": 7,
            "t": 7,
            "w": 3,
            "co": 7,
            "weapons": ["broadsword"],
            "armour": {"value": 5, "description": "Heavy Chariot Save"},
            "abilities": ["cavalry-move", "overrun"],
            "equipment": ["scythes"],
            "element": [
                {"name": "Driver", "ra": 4, "cc": 6, "st": 4, "weapons": ["hand-weapon"]},
                {
                    "name": "Weaponeer",
                    "ra": 4,
                    "cc": 6,
                    "st": 4,
                    "weapons": ["lance", "hand-weapon"],
                },
            ],
        }
    )
    breakdown = profile_points(chariot)
    characteristics = 16 + 16 + 16 + 25 + 9 + 2 * (3 + 6 + 4)
    assert breakdown.total == characteristics + 11 + 8 + 0 + 5 + 0 + 6 + 10 + 2
    # Chariot Crew And Overrun: momentum gives 3 AC; the driver's hand weapon (UC3) strikes at
    # once, the weaponeer's lance (UC5) needs 2 more actions.
    lance = chariot.elements[1].weapons[0]
    driver_weapon = chariot.elements[0].weapons[0]
    assert driver_weapon.uc == 3 and (lance.uc or 0) - 3 == 2


def test_close_combat_weapon_creation() -> None:
    assert [cc_strength_bonus_cost(b) for b in range(4)] == [0, 3, 8, 14]
    assert [pm_cost(pm) for pm in (0, -1, -2, -3)] == [0, 1, 3, 6]
    assert [reach_cost(r) for r in (1, Fraction(3, 2), 2)] == [1, 2, 4]
    refused = "a penetration modifier of \u22124 is not priced; the table gives 0, \u22121"
    with pytest.raises(ValueError, match=refused):
        pm_cost(-4)


@pytest.mark.parametrize(
    ("uc", "bonus", "pm", "cost"),
    [  # Close Combat Weapon Profiles (3994-4010)
        (3, 0, 0, 0),
        (3, 0, -1, 1),
        (3, 0, -2, 3),
        (3, 0, -3, 6),
        (4, 1, 0, 3),
        (4, 1, -1, 4),
        (4, 1, -2, 6),
        (4, 1, -3, 9),
        (5, 2, 0, 8),
        (5, 2, -1, 9),
        (5, 2, -2, 11),
        (5, 2, -3, 14),
        (6, 3, 0, 14),
        (6, 3, -1, 15),
        (6, 3, -2, 17),
        (6, 3, -3, 20),
    ],
)
def test_close_combat_weapon_profiles_summary(uc: int, bonus: int, pm: int, cost: int) -> None:
    created = Weapon("x", N_("X"), WeaponKind.CLOSE_COMBAT, uc=uc, st_bonus=bonus, pm=pm)
    breakdown = weapon_points(created)
    assert breakdown.total == cost and said(breakdown) == []


RANGED_SUMMARY = {  # Ranged Combat Weapon Profiles (4024-4056): ST -> costs by range band
    3: [-2, -1, 0, 1, 2, 3, 5, 7],
    4: [-1, 0, 1, 2, 3, 4, 6, 8],
    5: [1, 2, 3, 4, 5, 6, 8, 10],
    6: [3, 4, 5, 6, 7, 8, 10, 12],
}
BANDS = [
    (3, 6, 9),
    (4, 8, 12),
    (5, 10, 15),
    (6, 12, 18),
    (8, 16, 24),
    (10, 20, 30),
    (12, 24, 36),
    (15, 30, 45),
]


def test_ranged_weapon_profiles_summary() -> None:
    for strength, costs in RANGED_SUMMARY.items():
        for band, cost in zip(BANDS, costs, strict=True):
            ranges = tuple(Range(m, d) for m, d in zip(band, (1, 0, -1), strict=True))
            created = Weapon(
                "x", N_("X"), WeaponKind.RANGED, uc=strength, ranges=ranges, st=strength
            )
            assert weapon_points(created).total == cost, (strength, band)


def test_ranged_weapon_creation_tables() -> None:
    assert [ranged_strength_cost(s) for s in (3, 4, 5, 6)] == [-1, 0, 2, 4]
    assert [range_cost(b) for b in BANDS] == [-1, 0, 1, 2, 3, 4, 6, 8]
    assert range_modifier_cost((1, 0, -1)) == 0
    assert range_modifier_cost((-1, 0, 1)) == 1
    assert range_modifier_cost((0, -1, -2)) == -1
    assert range_modifier_cost((2, 1, 0)) == 1
    with pytest.raises(ValueError, match='range band 20/40/60" is not priced'):
        range_cost((20, 40, 60))
    with pytest.raises(ValueError, match="a ranged weapon ST of 7 is not priced"):
        ranged_strength_cost(7)
    # Strength To Range Ratio, read as merged rows of two bands each.
    assert [max_strength_for_range(b) for b in BANDS] == [8, 8, 7, 7, 6, 6, 5, 5]


def test_support_weapon_creation_tables() -> None:
    assert [support_strength_cost(s) for s in range(3, 10)] == [-1, 0, 2, 4, 6, 10, 18]
    sizes = (1, Fraction(3, 2), 2, Fraction(5, 2), 3)
    assert [area_effect_cost(s) for s in sizes] == [3, 4, 6, 9, 12]
    assert [max_strength_for_area(s) for s in sizes] == [9, 8, 7, 6, 5]


@pytest.mark.parametrize(
    ("size", "strength", "uc", "cost"),
    [  # the teardrop examples of the Profile Creation Summary (4060-4078)
        ("TTS", 3, 5, 5),
        ("TTS", 4, 5, 6),
        ("TTS", 5, 6, 8),
        ("TTS", 6, 7, 10),
        ("TTS", 7, 8, 12),
        ("TTS", 8, 9, 16),
        ("TTM", 3, 6, 13),
        ("TTM", 4, 6, 14),
        ("TTM", 5, 6, 16),
        ("TTM", 6, 7, 18),
        ("TTM", 7, 8, 20),
        ("TTM", 8, 9, 24),
        ("TTL", 3, 8, 31),
        ("TTL", 4, 8, 32),
        ("TTL", 5, 8, 34),
        ("TTL", 6, 8, 36),
        ("TTL", 7, 8, 38),
        ("TTL", 8, 9, 42),
    ],
)
def test_teardrop_examples(size: str, strength: int, uc: int, cost: int) -> None:
    created = Weapon("x", N_("X"), WeaponKind.TEARDROP, uc=uc, st=strength, teardrop=size)
    assert teardrop_use_cost(strength, size) == uc
    assert weapon_points(created).total == cost


def test_teardrop_tables() -> None:
    assert [teardrop_points(s) for s in ("TTS", "TTM", "TTL")] == [6, 14, 32]
    assert [teardrop_max_strength(s) for s in ("TTS", "TTM", "TTL")] == [8, 7, 6]
    with pytest.raises(ValueError, match="unknown teardrop template 'TTX'"):
        teardrop_points("TTX")


def test_grenades() -> None:
    table = {
        3: [1, 2, 3, 5, 7, 11],
        4: [2, 3, 4, 6, 8, 12],
        5: [4, 5, 6, 8, 10, 14],
        6: [6, 7, 8, 10, 12, 16],
    }
    sizes = [Fraction(1, 2), 1, Fraction(3, 2), 2, Fraction(5, 2), 3]
    for strength, costs in table.items():
        assert [grenade_points(strength, s) for s in sizes] == costs
    assert grenade_points(4, 1, knock_prone=True) == 5
    with pytest.raises(ValueError, match="ST 7"):
        grenade_points(7, 1)


def test_weapon_special_rules() -> None:
    support, ranged, cc = WeaponKind.SUPPORT, WeaponKind.RANGED, WeaponKind.CLOSE_COMBAT
    assert special_rule_cost("knock-prone", cc) == 2
    assert [special_rule_cost(f"burst-x{n}", support) for n in (2, 3, 4)] == [4, 10, 18]
    assert special_rule_cost("burst-x2", ranged) == 4
    assert special_rule_cost("indirect", support) == 3
    assert [special_rule_cost(k, support) for k in ("travel-d5", "travel-d10")] == [2, 4]
    assert special_rule_cost("save-x2", ranged) == 2
    assert special_rule_cost("extra-wound", support) == 18
    with pytest.raises(ValueError, match=r"Burst Fire \(x3\) is not for ranged weapons"):
        special_rule_cost("burst-x3", ranged)
    with pytest.raises(ValueError, match="Knock Prone is not for ranged weapons"):
        special_rule_cost("knock-prone", ranged)


def test_created_weapon_warnings() -> None:
    bands = tuple(Range(m, d) for m, d in zip((15, 30, 45), (1, 0, -1), strict=True))
    cannon = Weapon(
        "big", N_("Big Gun"), WeaponKind.SUPPORT, uc=8, ranges=bands, st=8, blast=Fraction(3)
    )
    warnings = said(weapon_points(cannon))
    assert "Big Gun: ST8 is above the recommended ST5 for the range band 15/30/45" in warnings
    assert 'Big Gun: ST8 is above the recommended ST5 for a 3" blast' in warnings
    assert "Big Gun: UC 8; a support weapon's UC is its ST (8)" not in warnings
    club = Weapon("club", N_("Club"), WeaponKind.CLOSE_COMBAT, uc=3, st_bonus=1)
    assert said(weapon_points(club)) == [
        "Club: UC 3; a close combat weapon with ST+1 generally has UC 4"
    ]
    assert weapon_points(club).warnings[0].params == (
        ("name", "Club"),
        ("uc", 3),
        ("bonus", "+1"),
        ("expected", 4),
    )


def said(breakdown: PointsBreakdown) -> list[str]:
    """The breakdown's warnings as English sentences."""
    return [str(warning) for warning in breakdown.warnings]


def test_tables_are_registered() -> None:
    wanted = {
        "hand-weapons",
        "ranged-weapons",
        "support-weapon-chassis",
        "support-weapons",
        "abilities",
        "traits",
        "equipment",
        "cost-ac",
        "cost-ra",
        "cost-cc",
        "cost-st",
        "cost-t",
        "cost-w",
        "cost-co",
        "cost-ar",
        "cost-resilience",
        "magic-user-levels",
        "ability-limits",
        "sample-profiles",
        "cc-strength-bonus-cost",
        "pm-cost",
        "reach-cost",
        "ranged-strength-cost",
        "range-cost",
        "range-modifier-cost",
        "support-strength-cost",
        "area-effect-cost",
        "teardrop-points",
        "grenades",
        "weapon-special-rules-cost",
    }
    assert wanted <= set(table_keys())
    for key in wanted:
        table = get_table(key)
        assert table.rows and table.key == key


def test_cost_tables_render_costs_as_signed() -> None:
    ac = get_table("cost-ac")
    assert ac.rows[0] == (6, -4) and type(ac.rows[0][1]).__name__ == "Signed"
    assert get_table("magic-user-levels").rows[0] == (0, 8, "Initiates, single spell for the unit")
    assert get_table("ability-limits").rows[-1] == ("Core", 1, 2, 1)
    assert len(get_table("grenades").rows) == 24
    specials = {row[0]: row for row in get_table("weapon-special-rules-cost").rows}
    assert specials["Extra Wound"] == ("Extra Wound", "Characters Only", "No", "Yes", "No", 18)


def test_every_section_is_a_label_of_the_docs() -> None:
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    labels: set[str] = set()
    for page in docs.glob("*.md"):
        labels |= set(re.findall(r"^\(([a-z0-9-]+)\)=$", page.read_text(encoding="utf-8"), re.M))
    assert sorted(set(SECTIONS.values()) - labels) == []


# --- properties ----------------------------------------------------------------------------------

in_range = {key: st.sampled_from(list(characteristic_range(key))) for key in CHARACTERISTICS}


@given(
    values=st.fixed_dictionaries(in_range),
    key=st.sampled_from(CHARACTERISTICS),
)
def test_raising_a_characteristic_never_lowers_the_points(values: dict[str, int], key: str) -> None:
    allowed = characteristic_range(key)
    assume(values[key] + 1 in allowed)
    before = profile_points(profile(**values)).total
    after = profile_points(profile(**{**values, key: values[key] + 1})).total
    assert after >= before


@given(values=st.fixed_dictionaries(in_range), ar=st.integers(0, 7))
def test_every_profile_costs_at_least_nine(values: dict[str, int], ar: int) -> None:
    breakdown = profile_points(profile(armour=Armour(value=ar), **values))
    assert breakdown.total >= 9
    assert breakdown.total == sum(item.points for item in breakdown.items)


@given(st.integers(0, 500))
def test_half_cost_and_specialist_rounding(points: int) -> None:
    assert 2 * additional_weapon_cost(points) in (points, points + 1)
    assert 4 * specialist_cost(points) <= points < 4 * (specialist_cost(points) + 1)


@given(strength=st.integers(3, 5), band=st.sampled_from(BANDS), pm=st.sampled_from([0, -1, -2]))
def test_stronger_ranged_weapons_never_cost_less(
    strength: int, band: tuple[int, int, int], pm: int
) -> None:
    ranges = tuple(Range(m, d) for m, d in zip(band, (1, 0, -1), strict=True))

    def cost(s: int) -> int:
        created = Weapon("x", N_("X"), WeaponKind.RANGED, uc=4, ranges=ranges, st=s, pm=pm)
        return weapon_points(created).total

    assert cost(strength + 1) >= cost(strength)


def test_elements_are_priced_for_ra_cc_st_only() -> None:
    rider = profile(elements=(Element("Steed", ra=None, cc=5, st=5),))
    assert profile_points(rider).section_total("calculating-combination-models") == 4 + 7


def test_the_example_profiles_of_the_rules() -> None:
    from nqcore.army.profile_files import example_profile, example_profiles

    assert len(example_profiles()) == 10
    for example in example_profiles():
        computed = profile_points(example.profile).total
        if example.profile.key == "basic-warrior":
            assert (example.printed_points, computed) == (20, 21)  # erratum
        elif example.printed_points is not None:
            assert computed == example.printed_points, example.profile.key
    warlord = example_profile("orc-warlord-on-dragon").profile
    assert profile_points(warlord).total == profile_points(orc_warlord_on_dragon()).total
    chariot = example_profile("chariot-driver-weaponeer").profile
    assert [e.name for e in chariot.elements] == ["Driver", "Weaponeer"]
    with pytest.raises(KeyError):
        example_profile("nobody")


def test_profile_table_builders() -> None:
    from nqcore.army.profile_files import example_profile
    from nqcore.tables.profile_tables import (
        profile_table,
        recommended_maximum_table,
        sample_profile_table,
        single_profile_table,
    )

    dwarf = sample_profile_table("dwarf")
    assert dwarf.key == "sample-dwarf"
    assert dwarf.columns[-3:] == ("AR", "Printed Points", "Computed Points")
    assert dwarf.rows == (("Dwarf", 8, 4, 5, 5, 6, 1, 6, 3, 39, 39),)
    elf = sample_profile_table("Wood Elf Archer".lower().replace(" ", "-"))
    assert elf.rows[0][-2:] == (35, 32)
    warlord = example_profile("orc-warlord-on-dragon").profile
    table = single_profile_table("x", N_("Orc Warlord"), warlord, warlord.source)
    assert table.rows == (
        ("Orc Warlord", 12, 4, 7, 5, 7, 4, 8, 5, profile_points(warlord).total),
        ("Dragon", None, 3, 6, 7, None, None, None, None, None),
    )
    side_by_side = profile_table("y", N_("Two"), (warlord, warlord), "")
    assert side_by_side.rows[1] == ("Orc Warlord", 12, 4, 7, 5, 7, 4, 8)
    assert recommended_maximum_table("ac").rows == (
        ("Characters", 12),
        ("Individuals", 12),
        ("Unit Leaders", 12),
        ("Elite", 12),
        ("Core", 10),
    )
    assert recommended_maximum_table("w").rows[0] == ("Individuals", 3)
    assert recommended_maximum_table("ar").rows == (("Unit Leaders", 5), ("Elite", 5), ("Core", 4))
