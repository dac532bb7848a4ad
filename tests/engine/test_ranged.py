"""Tests for nqcore.rules.ranged, with the book's worked examples."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.ranged
from nqcore.book.errata import all_errata
from nqcore.rules.ranged import (
    AIM_ACTIONS,
    BURST_FIRE_SPLIT_INCHES,
    GRENADE_DEVIATION_INCHES,
    Coverage,
    GrenadeThrow,
    Range,
    RangeBand,
    SupportWeaponElement,
    TeardropSize,
    WeaponRanges,
    aimed_use_cost,
    blast_deviation,
    burst_fire_distribution,
    close_combat_victim_chances,
    combined_grenade_blast,
    extra_shot_distribution,
    grenade_range,
    grenade_target,
    grenade_throw,
    grenade_use_cost,
    loaded_firing_cost,
    loading_cost,
    move_and_fire_actions,
    parse_range,
    projectile_further_damage_distribution,
    projectile_travel_distribution,
    rain_of_arrows_templates,
    range_band,
    ranged_attack_target,
    ranged_hit_chance,
    ranged_modifiers,
    ranged_target,
    support_weapon_crew_state,
    support_weapon_hit_element,
    support_weapon_hit_element_chances,
    support_weapon_move_inches,
    support_weapon_use_cost,
    teardrop_use_cost,
    template_hit_chance,
)
from nqcore.tables.registry import get_table

BOW = WeaponRanges.parse("10/+1", "20/+0", "30/-1")


def errata() -> dict[str, dict[str, str]]:
    """The errata of ranged.toml as the engine reads them: their values filled."""
    return {
        e.id: {"printed": e.printed, "correct": e.correct}
        for e in all_errata()
        if e.source_file.endswith("/ranged.toml")
    }


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.ranged).failed == 0


def test_range_bands_of_the_bow() -> None:
    # Weapon Profile: "10/+1 ... maximum distance ... 10 inches ... bonus ... +1".
    assert parse_range("10/+1") == Range(10, 1)
    assert parse_range("-") is None
    assert range_band(10, BOW) == (RangeBand.CLOSE, 1)
    assert range_band(11, BOW) == (RangeBand.MEDIUM, 0)
    assert range_band(30, BOW) == (RangeBand.LONG, -1)
    # Measuring Range: beyond long range the shot is a miss.
    assert range_band(Fraction(61, 2), BOW) is None
    assert ranged_hit_chance(9, 31, BOW) == 0
    assert BOW.maximum == 30
    with pytest.raises(ValueError):
        WeaponRanges.parse("20/+1", "10/+0", "30/-1")


def test_weapon_with_missing_bands() -> None:
    close_only = WeaponRanges.parse("4/+2", "-", "-")
    assert range_band(3, close_only) == (RangeBand.CLOSE, 2)
    assert range_band(5, close_only) is None


def test_ranged_attack_modifiers_example() -> None:
    # "A human archer with a ranged attack (RA) value of 5 (armed with a bow 12/+1, 24/+0, 36/-1)
    # is firing at an Orc unit ... closed formation (+1 to hit) and within 12 inches (+1 to hit)
    # so the archer needs 5+1+1 giving a 7 or less to hit."
    bow = WeaponRanges.parse("12/+1", "24/+0", "36/-1")
    assert ranged_attack_target(5, 12, bow, ["large-target"]) == 7


def test_every_listed_modifier() -> None:
    expected = {
        "large-target": 1,
        "dispersed": -1,
        "aiming": 1,
        "soft-cover": -1,
        "hard-cover": -2,
        "second-and-third-ranks": -1,
        "indirect-fire": -1,
        "very-difficult-shot": -3,
        "target-terrified": 1,
    }
    known = ranged_modifiers()
    for key, value in expected.items():
        assert known[key].value == value
    with pytest.raises(ValueError):
        ranged_target(5, 0, ["soft-cover", "hard-cover"])
    with pytest.raises(ValueError, match="'smoke'"):
        ranged_target(5, 0, ["smoke"])


def test_a_very_large_target_is_a_roll_of_its_own_not_a_row_of_the_modifiers_table() -> None:
    from nqcore.army.armoury import weapon

    cannon = WeaponRanges.of(weapon("cannon").ranges)  # the armoury's, as `nq shoot` reads it
    longest = max(band.max_inches for band in cannon.bands().values())
    for ra in (1, 5, 10):
        assert ranged_attack_target(ra, longest, cannon, ["very-large-target", "hard-cover"]) == 9
    assert ranged_attack_target(5, longest + 1, cannon, ["very-large-target"]) is None
    assert ranged_modifiers()["very-large-target"].hits_on == 9
    labels = [row[0] for row in get_table("ranged-modifiers").rows]
    assert (
        "large-target" in ranged_modifiers() and ranged_modifiers()["large-target"].label in labels
    )
    assert ranged_modifiers()["very-large-target"].label not in labels


def test_target_selection_example() -> None:
    # "the closer two targets are in hard cover and will benefit from a -2 to hit modifier".
    assert ranged_target(5, 0, ["hard-cover"]) == 3


def test_aiming_example() -> None:
    # "The bow has a UC of 4 and it will require 2 additional actions to aim ... 6 AC".
    assert AIM_ACTIONS == 2
    assert aimed_use_cost(4) == 6
    for forbidden in ("support_weapon", "rain_of_arrows", "undead", "response"):
        with pytest.raises(ValueError):
            aimed_use_cost(4, **{forbidden: True})


def test_extra_shot() -> None:
    dist = extra_shot_distribution(5, 1)
    assert sum(dist.values()) == 1
    assert sum(c for v, c in dist.items() if v.hits == 2) == Fraction(5, 10) ** 2


def test_shooting_into_close_combat() -> None:
    chances = close_combat_victim_chances([False, False, True])
    assert sum(chances) == 1
    assert chances[0] == chances[1] < chances[2]


def test_grenade_example() -> None:
    # "The strength (ST) of this pirate is 4 so the model may throw a grenade a total distance
    # of 6" (ST4 + 2"). The grenade strength is 3 so the model requires 3 actions (AC)".
    assert grenade_range(4) == 6
    assert grenade_use_cost(3) == 3
    assert grenade_target(4, line_of_sight=True) == 5
    assert grenade_target(4, line_of_sight=False) == 3
    assert GRENADE_DEVIATION_INCHES == 2
    assert grenade_throw(10, 9) is GrenadeThrow.IN_HAND
    assert grenade_throw(6, 5) is GrenadeThrow.DEVIATES
    assert grenade_throw(5, 5) is GrenadeThrow.ON_TARGET


def test_grenade_profile_use_cost() -> None:
    # The grenade profile (UC4, ST4) follows "UC = grenade ST".
    assert grenade_use_cost(4) == 4


def test_combined_grenade_example() -> None:
    # "two models would throw a single strength 4, 1½" blast attack, three models ... 2" blast
    # ... and so on to a maximum 3" blast template."
    assert combined_grenade_blast(1, 2) == Fraction(3, 2)
    assert combined_grenade_blast(1, 3) == 2
    assert combined_grenade_blast(1, 5) == 3
    assert combined_grenade_blast(1, 12) == 3


def test_templates() -> None:
    assert template_hit_chance(Coverage.FULL) == 1
    assert template_hit_chance(Coverage.PARTIAL) == Fraction(1, 2)
    assert template_hit_chance(Coverage.PARTIAL, rain_of_arrows=True) == 1
    assert blast_deviation(3, 5, 7) == 0
    assert blast_deviation(8, 5, 7) == 7
    assert blast_deviation(10, 5, 7) is None  # misfire or "airburst": no deviation
    assert rain_of_arrows_templates(8) == 2 and rain_of_arrows_templates(9) == 3


def test_teardrop_use_cost_examples() -> None:
    # "A small teardrop (TTS) weapon ... ST5 ... use cost ... (5+1) 6."
    assert teardrop_use_cost(TeardropSize.SMALL, 5) == 6
    # "A large teardrop (TTL) weapon that inflicts a ST6 hit has a use cost of 8 as that is the
    # minimum use cost for the large teardrop template."
    assert teardrop_use_cost(TeardropSize.LARGE, 6) == 8


def test_teardrop_use_cost_summary_examples() -> None:
    # Profile Creation Summary, teardrop examples (lines 4061-4078): UC for ST 3 to 8.
    printed = {
        TeardropSize.SMALL: [5, 5, 6, 7, 8, 9],
        TeardropSize.MEDIUM: [6, 6, 6, 7, 8, 9],
        TeardropSize.LARGE: [8, 8, 8, 8, 8, 9],
    }
    for size, costs in printed.items():
        assert [teardrop_use_cost(size, st) for st in range(3, 9)] == costs


def test_teardrop_use_cost_table_erratum() -> None:
    # The table under the rule (lines 1547-1550) prints ST+2 (TTM) and ST+3 (TTL).
    table = get_table("teardrop-use-cost")
    small = [row[1] for row in table.rows]
    medium = [row[2] for row in table.rows]
    large = [row[3] for row in table.rows]
    assert small == [5, 5, 6, 7, 8, 9, 10]  # as printed
    # One correction for the table and the creation chapter's ST+2/ST+3: one record, not two.
    (erratum,) = [
        e
        for e in all_errata()
        if "use-cost-for-teardrop-templates" in e.sections and "TTM" in e.correct
    ]
    assert erratum.id == "teardrop-template-use-cost"
    assert "UC 6, 6, 7, 8, 9, 10, 11" in erratum.printed
    assert "UC 8, 8, 8, 9, 10, 11, 12" in erratum.printed
    assert f"TTM ST 3 to 9: UC {', '.join(map(str, medium))}" in erratum.correct
    assert f"TTL UC {', '.join(map(str, large))}" in erratum.correct


def test_support_weapon_use_and_loading() -> None:
    # Use Cost For Support Weapons: UC = ST; the Organ Gun (ST6) has UC6, the Bolt Thrower of
    # the armoury (ST7) UC7 (the Projectile Travel profile prints 6: an erratum).
    assert support_weapon_use_cost(6) == 6
    assert support_weapon_use_cost(7) == 7
    assert errata()["bolt-thrower-use-cost"]["correct"] == "7"
    # Loading: half the use cost, rounded up, then half again to fire.
    assert loading_cost(7) == 4 and loaded_firing_cost(7) == 4
    assert loading_cost(6) == 3 and loaded_firing_cost(6) == 3


def test_burst_fire_and_projectile_travel() -> None:
    dist = burst_fire_distribution(3, 7)
    assert sum(dist.values()) == 1
    assert sum(c for v, c in dist.items() if v.fumbled) == 1 - Fraction(9, 10) ** 3
    # "If the shots are to be split ... no more than 1" apart from each other."
    assert BURST_FIRE_SPLIT_INCHES == 1
    assert projectile_travel_distribution(5) == {n: Fraction(1, 5) for n in range(1, 6)}
    assert projectile_travel_distribution(10)[10] == Fraction(1, 10)
    with pytest.raises(ValueError):
        projectile_travel_distribution(6)
    chain = projectile_further_damage_distribution(Fraction(1, 3), 3)
    assert sum(chain.values()) == 1 and chain[0] == Fraction(2, 3)


def test_repeating_bolt_thrower_points_confirm_burst_fire_x2() -> None:
    # Weapon creation costs: ST6 +4, range 12/24/36 +6, modifiers +1/+0/-1 +0, PM -1 +1,
    # burst fire x2 +4 (x3 would be +10), projectile travel D5" +2: the armoury's 17 points.
    assert 4 + 6 + 0 + 1 + 4 + 2 == 17
    assert 4 + 6 + 0 + 1 + 10 + 2 != 17
    assert "x2" in errata()["repeating-bolt-thrower-burst-fire"]["correct"]


def test_shooting_at_support_weapons() -> None:
    assert support_weapon_hit_element(4, RangeBand.MEDIUM) is SupportWeaponElement.CREW
    assert support_weapon_hit_element(5, RangeBand.LONG) is SupportWeaponElement.WEAPON
    assert support_weapon_hit_element(5, RangeBand.CLOSE) is None
    assert support_weapon_hit_element_chances() == {
        SupportWeaponElement.CREW: Fraction(2, 5),
        SupportWeaponElement.WEAPON: Fraction(3, 5),
    }


def test_loss_of_crew() -> None:
    assert support_weapon_crew_state(2).can_move
    one = support_weapon_crew_state(1)
    assert one.can_fire and one.fires_every_other_turn and not one.can_move and one.can_turn
    assert not support_weapon_crew_state(0).can_fire
    assert support_weapon_move_inches(8) == 4


@given(
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=0, max_value=40),
    st.lists(
        st.sampled_from(["large-target", "dispersed", "aiming", "indirect-fire"]), unique=True
    ),
)
def test_better_ra_never_lowers_the_chance(ra: int, distance: int, modifiers: list[str]) -> None:
    low = ranged_hit_chance(ra, distance, BOW, modifiers)
    high = ranged_hit_chance(ra + 1, distance, BOW, modifiers)
    assert 0 <= low <= high <= 1


@given(st.lists(st.booleans(), min_size=1, max_size=5))
def test_victim_chances_sum_to_one(models: list[bool]) -> None:
    chances = close_combat_victim_chances(models)
    assert sum(chances) == 1
    assert all(0 < c <= 1 for c in chances)


def test_small_tables() -> None:
    minimum = get_table("ranged-combat-teardrop-minimum-use-cost")
    assert minimum.rows == (("Small (TTS)", 5), ("Medium (TTM)", 6), ("Large (TTL)", 8))
    hit = get_table("support-weapons-model-hit")
    assert hit.rows == (("1-4", "Crew"), ("5-10", "Support Weapon"))
    # The quick reference prints the table alone: it says when the roll applies (proof round 18)
    assert "At medium or long range" in hit.notes[0]
    assert "At close range the firer chooses" in hit.notes[0]


def test_archer_use_cost_example() -> None:
    # "A human archer is about to fire his bow that has a UC4. This requires that the archer use
    # 4 actions (AC) to fire the bow once."
    from nqcore.rules.close_combat import attacks_possible

    assert attacks_possible(4, 4) == 1


def test_move_and_fire_examples() -> None:
    # "If a weapon requires 8 actions (AC) to fire and a model moves 4" and then fires, the model
    # has used 8 actions in total." / "a model may move 8" and then fire at the end of the move."
    assert move_and_fire_actions(4, 8) == 8
    assert move_and_fire_actions(8, 8) == 8
    assert ranged_target(5, 0, ["move-and-fire"]) == 4
