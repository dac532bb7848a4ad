"""Properties every mechanic must keep, checked on many generated cases (hypothesis):

- every distribution sums to exactly 1 and every chance lies in [0, 1];
- a better characteristic never lowers the chance: to hit, to save, to wound, to pass a command
  test, to cast; more armour or toughness never raises the chance that a whole attack wounds;
- points never decrease when a characteristic (or the armour) rises.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nqcore.army import armoury
from nqcore.army.characteristics import characteristic_range
from nqcore.army.profile_files import sample_profiles
from nqcore.army.profile_points import profile_points
from nqcore.army.profiles import Armour
from nqcore.rules import dice, movement, ranged, turns
from nqcore.rules.armour import save_chance
from nqcore.rules.attack import (
    AttackChances,
    Defence,
    attack_chances,
    retreat_free_hit_chances,
    wounds_distribution,
)
from nqcore.rules.close_combat import (
    aggressive_attack_distribution,
    close_combat_hit_chance,
    close_combat_modifiers,
    extra_attack_distribution,
    parry_chance,
)
from nqcore.rules.damage import wound_chance
from nqcore.rules.magic import SPELL_LEVELS, WIZARDRY_LEVELS, cancel_chance, cast_chance
from nqcore.rules.morale import (
    FEAR_IN_COMBAT,
    command_chance,
    command_modifiers,
    fear_levels,
    panic_distribution,
)

SKILLS = st.integers(-2, 12)
STRENGTHS = st.integers(0, 12)
NATURAL = st.integers(1, 10)


def is_chance(value: Fraction) -> bool:
    return isinstance(value, Fraction) and 0 <= value <= 1


def is_distribution(chances: Mapping[Any, Fraction] | Iterable[Fraction]) -> bool:
    values = list(chances.values()) if isinstance(chances, Mapping) else list(chances)
    return all(is_chance(v) for v in values) and sum(values) == 1


def ungrouped(keys: Iterable[str], table: Mapping[str, dice.Modifier]) -> list[str]:
    """Modifier keys that may apply together: one of each group, each key once, with those
    they apply only with (a ram with its charge)."""
    chosen: dict[str, str] = {}
    for key in keys:
        chosen.setdefault(table[key].group or key, key)
    needed = [table[key].requires for key in chosen.values() if table[key].requires]
    return [*chosen.values(), *(key for key in needed if key and key not in chosen.values())]


CC_KEYS = st.lists(st.sampled_from(sorted(close_combat_modifiers())), max_size=4)
CO_KEYS = st.lists(st.sampled_from(sorted(command_modifiers())), max_size=4)
RANGED_WEAPONS = [
    w for w in armoury.ranged_weapons() + armoury.support_weapons() if len(w.ranges) == 3
]


# --- distributions --------------------------------------------------------------------------


def test_fixed_distributions_sum_to_one() -> None:
    assert is_distribution(dice.d10_distribution())
    assert is_distribution(dice.d5_distribution())
    assert is_distribution(movement.leap_distance_distribution())
    assert is_distribution(turns.game_turns_distribution())
    assert is_distribution(ranged.support_weapon_hit_element_chances())
    for die in (5, 10):
        assert is_distribution(ranged.projectile_travel_distribution(die))


@given(count=st.integers(0, 4), faces=st.sampled_from([5, 10]), plus=st.integers(-5, 5))
def test_sums_of_dice(count: int, faces: int, plus: int) -> None:
    result = dice.sum_distribution(count, faces, plus=plus)
    assert is_distribution(result)
    assert min(result) == count + plus and max(result) == count * faces + plus


@given(target=SKILLS, unerring=st.booleans(), masterful=st.booleans())
def test_one_die_to_hit(target: int, unerring: bool, masterful: bool) -> None:
    result = dice.attack_roll_distribution(target, unerring=unerring, masterful_allowed=masterful)
    assert is_distribution(result)
    assert is_distribution(aggressive_attack_distribution(target))


@given(dice_count=st.integers(1, 4), target=SKILLS, unerring=st.booleans())
def test_several_dice_to_hit(dice_count: int, target: int, unerring: bool) -> None:
    assert is_distribution(dice.volley_distribution(dice_count, target, unerring=unerring))
    assert is_distribution(ranged.burst_fire_distribution(dice_count, target, unerring=unerring))
    assert is_distribution(extra_attack_distribution(target, dice_count, unerring=unerring))
    assert is_distribution(ranged.extra_shot_distribution(target, unerring=unerring))


@given(modifier=st.integers(-3, 3), choose_from=st.integers(1, 3))
def test_panic_results(modifier: int, choose_from: int) -> None:
    assert is_distribution(panic_distribution(modifier, choose_from=choose_from))


@given(chance=st.fractions(0, 1, max_denominator=100), count=st.integers(0, 6))
def test_counts_of_successes(chance: Fraction, count: int) -> None:
    assert is_distribution(wounds_distribution(chance, count))
    assert is_distribution(ranged.projectile_further_damage_distribution(chance, count))


@given(models=st.lists(st.booleans(), min_size=1, max_size=4))
def test_who_is_hit_in_a_close_combat(models: list[bool]) -> None:
    assert is_distribution(ranged.close_combat_victim_chances(models))


# --- chances --------------------------------------------------------------------------------


@given(
    target=st.integers(-5, 15),
    ten_fails=st.booleans(),
    one_succeeds=st.booleans(),
    n=st.integers(1, 4),
    chance=st.fractions(0, 1, max_denominator=50),
)
def test_chances_are_probabilities(
    target: int, ten_fails: bool, one_succeeds: bool, n: int, chance: Fraction
) -> None:
    assert is_chance(dice.d10_chance(target, ten_fails=ten_fails, one_succeeds=one_succeeds))
    assert is_chance(dice.hit_chance(target)) and is_chance(dice.fumble_chance(n))
    assert is_chance(dice.best_of(chance, n)) and is_chance(dice.with_reroll(chance, chance / 2))
    assert dice.best_of(chance, n) >= chance and dice.with_reroll(chance) >= chance


@given(natural=NATURAL)
def test_parry_is_a_chance(natural: int) -> None:
    assert is_chance(parry_chance(natural))


@given(bonus=st.integers(0, 3), penalty=st.integers(0, 3), other=st.integers(0, 3))
def test_initiative_is_a_chance_and_a_bonus_helps(bonus: int, penalty: int, other: int) -> None:
    chance = turns.initiative_chance(bonus=bonus, penalty=penalty, opponent_bonus=other)
    assert is_chance(chance)
    assert turns.initiative_chance(bonus=bonus + 1, penalty=penalty, opponent_bonus=other) >= chance


# --- a better characteristic never lowers the chance ---------------------------------------------


@given(cc=SKILLS, keys=CC_KEYS)
def test_better_cc_hits_more_often(cc: int, keys: list[str]) -> None:
    mods = ungrouped(keys, close_combat_modifiers())
    chance = close_combat_hit_chance(cc, mods)
    assert is_chance(chance) and close_combat_hit_chance(cc + 1, mods) >= chance


@given(ra=SKILLS, weapon=st.sampled_from(RANGED_WEAPONS), distance=st.integers(0, 80))
def test_better_ra_hits_more_often_and_further_never_better(
    ra: int, weapon: armoury.Weapon, distance: int
) -> None:
    ranges = ranged.WeaponRanges.of(weapon.ranges)
    chance = ranged.ranged_hit_chance(ra, distance, ranges)
    assert is_chance(chance)
    assert ranged.ranged_hit_chance(ra + 1, distance, ranges) >= chance
    bands = [band.modifier for band in (ranges.close, ranges.medium, ranges.long) if band]
    if bands == sorted(bands, reverse=True):  # the book's trebuchet aims best at medium range
        assert ranged.ranged_hit_chance(ra, distance + 1, ranges) <= chance


@given(
    armour=st.integers(0, 10),
    strength=STRENGTHS,
    pm=st.integers(-3, 0),
    resilience=st.integers(0, 3),
    ranked=st.booleans(),
    lucky=st.booleans(),
)
def test_better_armour_saves_more_often(
    armour: int, strength: int, pm: int, resilience: int, ranked: bool, lucky: bool
) -> None:
    def save(**change: Any) -> Fraction:
        values: dict[str, Any] = dict(
            armour=armour,
            strength=strength,
            penetration=pm,
            resilience=resilience,
            ranked=ranked,
            lucky_save=lucky,
        )
        values.update(change)
        return save_chance(values.pop("armour"), values.pop("strength"), **values)

    chance = save()
    assert is_chance(chance)
    assert save(armour=armour + 1) >= chance and save(resilience=resilience + 1) >= chance
    assert save(ranked=True) >= chance
    assert save(strength=strength + 1) <= chance and save(penetration=pm - 1) <= chance


@given(strength=STRENGTHS, toughness=STRENGTHS)
def test_stronger_attacks_wound_more_often(strength: int, toughness: int) -> None:
    chance = wound_chance(strength, toughness)
    assert is_chance(chance) and Fraction(1, 10) <= chance <= Fraction(9, 10)
    assert wound_chance(strength + 1, toughness) >= chance
    assert wound_chance(strength, toughness + 1) <= chance


@given(
    co=SKILLS,
    keys=CO_KEYS,
    fear=st.sampled_from(fear_levels()[:-1]),  # and the next level up
    standard=st.booleans(),
    leader=st.booleans(),
    inspiring=st.booleans(),
)
def test_better_command_passes_more_often(
    co: int, keys: list[str], fear: int, standard: bool, leader: bool, inspiring: bool
) -> None:
    mods = [key for key in ungrouped(keys, command_modifiers()) if key != FEAR_IN_COMBAT]
    flags = {"battle_standard": standard, "great_leader": leader, "inspiring_leadership": inspiring}
    chance = command_chance(co, mods, fear=fear, **flags)
    assert is_chance(chance)
    assert command_chance(co + 1, mods, fear=fear, **flags) >= chance
    assert command_chance(co, mods, fear=fear + 1, **flags) <= chance
    assert command_chance(co, mods, fear=fear, **{**flags, "battle_standard": True}) >= chance


@given(
    level=st.sampled_from(list(SPELL_LEVELS)),
    wizardry=st.sampled_from(list(WIZARDRY_LEVELS)),
    concentrating=st.booleans(),
    chant=st.integers(0, 4),
)
def test_better_wizards_cast_more_often(
    level: int, wizardry: int, concentrating: bool, chant: int
) -> None:
    chanting = chant if wizardry == 0 and not concentrating else 0
    chance = cast_chance(level, wizardry, concentrating=concentrating, chanting_initiates=chanting)
    assert is_chance(chance) and chance <= Fraction(9, 10)  # a natural 10 always fails
    if wizardry + 1 in WIZARDRY_LEVELS and not chanting:
        assert cast_chance(level, wizardry + 1, concentrating=concentrating) >= chance
    if level + 1 in SPELL_LEVELS:  # level 8 is the easiest
        assert (
            cast_chance(
                level + 1, wizardry, concentrating=concentrating, chanting_initiates=chanting
            )
            >= chance
        )
    if not chanting:
        assert cast_chance(level, wizardry, concentrating=True) >= chance
    assert is_chance(cancel_chance(level, concentrating=concentrating))
    assert cancel_chance(level, concentrating=True) >= cancel_chance(level)


# --- the whole attack ------------------------------------------------------------------------

ATTACK_FLAGS = st.fixed_dictionaries(
    {
        "penetration": st.integers(-2, 0),
        "resilience": st.integers(0, 2),
        "to_hit_modifier": st.integers(-2, 2),
        "ranked": st.booleans(),
        "lucky_save": st.booleans(),
        "poisonous": st.booleans(),
        "parry": st.booleans(),
        "unerring": st.booleans(),
    }
)


#: The options of attack_chances that describe the target: its Defence.
DEFENCE_FIELDS = {"armour", "resilience", "ranked", "lucky_save", "parry", "save_modifier"}


def _attack(skill: int, strength: int, toughness: int, **options: Any) -> AttackChances:
    """attack_chances, the target's options gathered into its Defence."""
    defence = Defence(**{k: v for k, v in options.items() if k in DEFENCE_FIELDS})
    rest = {k: v for k, v in options.items() if k not in DEFENCE_FIELDS}
    return attack_chances(skill, strength, toughness, defence=defence, **rest)


@settings(max_examples=60)
@given(
    skill=st.integers(1, 10),
    strength=st.integers(1, 10),
    toughness=st.integers(1, 10),
    armour=st.integers(0, 9),
    flags=ATTACK_FLAGS,
)
def test_a_whole_attack(
    skill: int, strength: int, toughness: int, armour: int, flags: dict[str, Any]
) -> None:
    def total(**change: int) -> Fraction:
        values = {"skill": skill, "strength": strength, "toughness": toughness, "armour": armour}
        values.update(change)
        return _attack(
            values.pop("skill"), values.pop("strength"), values.pop("toughness"), **values, **flags
        ).total

    steps = _attack(skill, strength, toughness, armour=armour, **flags)
    for value in (
        steps.hit,
        steps.masterful,
        steps.fumble,
        steps.parried,
        steps.save,
        steps.unsaved,
        steps.wound,
        steps.total,
    ):
        assert is_chance(value)
    assert steps.total <= steps.unsaved <= steps.hit
    chance = steps.total
    assert total(armour=armour + 1) <= chance  # more armour never raises the chance
    assert total(toughness=toughness + 1) <= chance
    assert total(skill=skill + 1) >= chance
    assert total(strength=strength + 1) >= chance


@given(strength=st.integers(1, 10), toughness=st.integers(1, 10), armour=st.integers(0, 9))
def test_the_free_hit_of_a_retreat(strength: int, toughness: int, armour: int) -> None:
    chance = retreat_free_hit_chances(strength, toughness, armour=armour).total
    assert is_chance(chance)
    assert retreat_free_hit_chances(strength, toughness, armour=armour + 1).total <= chance
    assert (
        chance
        == _attack(
            0, strength, toughness, armour=armour, save_modifier=-1, automatic_hit=True
        ).total
    )


# --- points -----------------------------------------------------------------------------------

SAMPLES = [s.profile for s in sample_profiles()]


@given(
    sample=st.sampled_from(SAMPLES),
    key=st.sampled_from(["ac", "ra", "cc", "st", "t", "w", "co", "ar"]),
)
def test_a_better_sample_profile_never_costs_less(sample: Any, key: str) -> None:
    if key == "ar":
        better_value = sample.armour.value + 1
        assume(better_value in characteristic_range("ar"))
        better = dataclasses.replace(
            sample, armour=dataclasses.replace(sample.armour, value=better_value)
        )
    else:
        value = getattr(sample, key)
        assume(value is not None and value + 1 in characteristic_range(key))
        better = dataclasses.replace(sample, **{key: value + 1})
    assert profile_points(better).total >= profile_points(sample).total


@given(value=st.sampled_from(list(characteristic_range("ar"))), resilience=st.integers(0, 2))
def test_more_armour_never_costs_less(value: int, resilience: int) -> None:
    base = SAMPLES[0]

    def points(**armour: Any) -> int:
        return profile_points(dataclasses.replace(base, armour=Armour(**armour))).total

    cost = points(value=value, resilience=resilience)
    if value + 1 in characteristic_range("ar"):
        assert points(value=value + 1, resilience=resilience) >= cost
    assert points(value=value, resilience=resilience + 1) >= cost
    assert points(value=value, resilience=resilience, shield=True) >= cost
