"""Tests for nqcore.rules.dice: natural rolls, D5, volleys of dice and modifiers."""

from __future__ import annotations

import doctest
import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.dice
from nqcore.i18n import N_
from nqcore.rules.dice import (
    D5_FACES,
    D5_RULE,
    AttackRoll,
    DiceVolley,
    Modifier,
    attack_roll,
    attack_roll_distribution,
    best_of,
    check_d10,
    d5_distribution,
    d5_from_d10,
    d10_chance,
    fumble_chance,
    hit_chance,
    keep_better,
    load_modifiers,
    sum_distribution,
    total_modifier,
    volley_distribution,
    with_reroll,
)

targets = st.integers(min_value=-5, max_value=15)


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.dice).failed == 0


def test_existing_api_kept() -> None:
    assert d10_chance(7) == Fraction(7, 10)
    assert d10_chance(12) == Fraction(9, 10)
    assert d10_chance(0, one_succeeds=True) == Fraction(1, 10)


def test_masterful_hit_and_fumble() -> None:
    # "Masterful Hit": a natural 1; "Fumbles": a natural 10, whatever the target.
    assert attack_roll(1, 6) is AttackRoll.MASTERFUL_HIT
    assert attack_roll(10, 15) is AttackRoll.FUMBLE
    # "Fumbles And The Unerring Ability": a miss instead.
    assert attack_roll(10, 15, unerring=True) is AttackRoll.MISS
    # "Cover": players may deny the critical hit of very difficult shots.
    assert attack_roll(1, 1, masterful_allowed=False) is AttackRoll.HIT
    assert attack_roll(1, 0) is AttackRoll.MISS


def test_d5_is_a_halved_d10_rounded_up() -> None:
    assert "rounded up" in D5_RULE
    assert [d5_from_d10(n) for n in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert d5_distribution() == {face: Fraction(1, 5) for face in D5_FACES}
    with pytest.raises(ValueError):
        d5_from_d10(11)


def test_projectile_travel_example_d5_rolls_are_possible() -> None:
    # Projectile Travel example: "a D5 roll is made ... this results in a 2 and a 4".
    assert d5_distribution()[2] > 0 and d5_distribution()[4] > 0


def test_sum_distribution() -> None:
    two = sum_distribution(2)
    assert two[2] == Fraction(1, 100) and two[11] == Fraction(1, 10)
    assert sum(two.values()) == 1
    assert sum_distribution(1, faces=5, plus=1)[6] == Fraction(1, 5)  # Boiler Overload D5+1
    with pytest.raises(ValueError):
        sum_distribution(1, faces=6)


def test_extra_attack_fumbles() -> None:
    # One natural 10 is a fumble but the other die may still hit.
    dist = volley_distribution(2, 5)
    assert dist[DiceVolley(hits=1, masterful_hits=0, fumbles=1)] == 2 * Fraction(4, 10) * Fraction(
        1, 10
    )
    # Two natural 10s in close combat: the enemy gets a free attack at CC+1.
    free = sum(c for v, c in dist.items() if v.gives_free_attack)
    assert free == Fraction(1, 100)
    assert fumble_chance(2) == Fraction(19, 100)
    assert fumble_chance(3, unerring=True) == 0


def test_burst_fire_three_dice_all_hit() -> None:
    dist = volley_distribution(3, 7)
    assert sum(c for v, c in dist.items() if v.hits == 3) == Fraction(7, 10) ** 3


def test_rerolls() -> None:
    assert best_of(Fraction(1, 2), 2) == Fraction(3, 4)
    assert with_reroll(Fraction(7, 10), Fraction(8, 10)) == Fraction(47, 50)


def test_modifiers() -> None:
    known = {
        "a": Modifier("a", N_("A"), 1, "x"),
        "b": Modifier("b", N_("B"), -2, "x", group="g"),
        "c": Modifier("c", N_("C"), -1, "x", group="g"),
        "d": Modifier("d", N_("D"), -1, "x", cumulative=False),
    }
    assert total_modifier(["a", "b", "d", "d"], known) == -2
    with pytest.raises(ValueError, match="'zzz'"):
        total_modifier(["zzz"], known)
    with pytest.raises(ValueError, match="twice"):
        total_modifier(["a", "a"], known)
    with pytest.raises(ValueError, match="together"):
        total_modifier(["b", "c"], known)


def test_data_files_load() -> None:
    for name in ("close_combat_modifiers.toml", "ranged_modifiers.toml", "command_modifiers.toml"):
        modifiers = load_modifiers(name)
        assert modifiers
        assert all(m.source and m.label for m in modifiers.values())


@given(targets, st.booleans())
def test_attack_distribution_sums_to_one(target: int, unerring: bool) -> None:
    dist = attack_roll_distribution(target, unerring=unerring)
    assert sum(dist.values()) == 1
    assert all(0 <= c <= 1 for c in dist.values())
    assert dist[AttackRoll.MASTERFUL_HIT] + dist[AttackRoll.HIT] == hit_chance(target)


@given(st.integers(min_value=1, max_value=4), targets)
def test_volley_distribution_sums_to_one(dice: int, target: int) -> None:
    dist = volley_distribution(dice, target)
    assert sum(dist.values()) == 1
    expected_hits = sum(v.hits * c for v, c in dist.items())
    assert expected_hits == dice * hit_chance(target)


@given(targets)
def test_better_target_never_lowers_the_chance(target: int) -> None:
    assert hit_chance(target + 1) >= hit_chance(target)
    assert 0 <= hit_chance(target) <= Fraction(9, 10)


def _kept_by_hand(
    one: dict[str, Fraction], best_first: list[str], dice: int
) -> dict[str, Fraction]:
    """Every throw of ``dice`` dice, the best of each kept: what keep_better works out."""
    kept = dict.fromkeys(best_first, Fraction(0))
    for throw in itertools.product(one, repeat=dice):
        chance = math.prod((one[face] for face in throw), start=Fraction(1))
        kept[min(throw, key=best_first.index)] += chance
    return kept


@given(
    st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=4),
    st.integers(min_value=1, max_value=3),
)
def test_keeping_the_better_die_is_every_throw_counted(weights: list[int], dice: int) -> None:
    if not sum(weights):
        weights = [1, *weights[1:]]
    names = [f"outcome {n}" for n in range(len(weights))]
    one = {name: Fraction(w, sum(weights)) for name, w in zip(names, weights, strict=True)}
    assert keep_better(one, names, dice) == _kept_by_hand(one, names, dice)
    assert best_of(one[names[0]], dice) == keep_better(one, names, dice)[names[0]]


def test_the_d10_range_check_is_written_once() -> None:
    """Each rule taking a natural D10 refuses another number through :func:`check_d10`."""
    rules = Path(nqcore.rules.dice.__file__).parent
    written = [
        f"{path.name}:{number}"
        for path in sorted(rules.glob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if "a D10 shows 1 to 10" in line or re.search(r"not in (D10_FACES|range\(1, 11\))", line)
    ]
    assert [place.split(":")[0] for place in written] == ["dice.py", "dice.py"], written
    with pytest.raises(ValueError, match="a D10 shows 1 to 10, not 11"):
        check_d10(11)


def test_a_volley_says_the_chances_a_player_asks_for() -> None:
    """Extra Attack (x2) at CC5: both dice at CC-1, 4 or less (the book's "Extra Attack Fumbles":
    one natural 10 fumbles, the other die may still hit)."""
    from nqcore.rules.dice import volley_chances

    two = volley_chances(2, 4)
    assert two.dice == 2
    assert two.at_least == (Fraction(16, 25), Fraction(4, 25))  # one hit or more, both
    assert two.expected_hits == Fraction(4, 5)
    assert two.fumble == Fraction(19, 100)  # a natural 10 on either die
    assert two.double_fumble == Fraction(1, 100)
    unerring = volley_chances(2, 4, unerring=True)
    assert unerring.fumble == unerring.double_fumble == 0
    assert unerring.at_least == two.at_least
    three = volley_chances(3, 10)  # a natural 10 never hits
    assert three.at_least[2] == Fraction(729, 1000)
    assert three.expected_hits == Fraction(27, 10)


@given(st.integers(1, 4), st.integers(-2, 12), st.booleans())
def test_a_volley_s_chances_are_its_distribution_s(dice: int, target: int, unerring: bool) -> None:
    from nqcore.rules.dice import volley_chances

    chances = volley_chances(dice, target, unerring=unerring)
    dist = volley_distribution(dice, target, unerring=unerring)
    for hits in range(1, dice + 1):
        assert chances.at_least[hits - 1] == sum(c for v, c in dist.items() if v.hits >= hits)
    assert chances.expected_hits == sum(v.hits * c for v, c in dist.items())
    assert chances.fumble == sum(c for v, c in dist.items() if v.fumbled)
    assert chances.double_fumble == sum(c for v, c in dist.items() if v.gives_free_attack)
