"""Tests for nqcore.rules.armour, with the book's worked examples."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.armour
from nqcore.rules.armour import (
    armour_modifier,
    double_save_chance,
    save_chance,
    save_succeeds,
    save_target,
    total_penetration,
)
from nqcore.rules.dice import d5_distribution, d10_succeeds
from nqcore.tables.registry import get_table


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.armour).failed == 0


def test_armour_modifier_table_as_printed() -> None:
    # Weapon Strength / Armour Modifier: 4 0, 5 -1, 6 -2, 7 -3, etc.
    assert [armour_modifier(st) for st in (4, 5, 6, 7)] == [0, -1, -2, -3]
    assert armour_modifier(10) == -6
    rows = get_table("armour-modifiers").rows
    assert rows[:4] == ((4, 0), (5, -1), (6, -2), (7, -3))


def test_penetration_example() -> None:
    # "A weapon strength of 5 has an armour modifier of -1. With a penetration modifier of -1,
    # the target armour would be adjusted by -2 in total."
    assert total_penetration(armour_modifier(5), -1) == -2


def test_lucky_save_example() -> None:
    # "A model with an armour (AR) value of 2 is successfully hit by a broadsword with armour
    # modifier (AM) value of -2. This reduces the target's armour to zero. However, the model
    # still gets an opportunity to roll a 1".
    assert save_target(2, 6) == 0
    assert save_chance(2, 6) == 0
    assert save_chance(2, 6, lucky_save=True) == Fraction(1, 10)
    assert save_succeeds(1, 0, lucky_save=True)
    # Only for models with some armour.
    assert save_chance(0, 3, lucky_save=True) == 0


def test_resilience_example() -> None:
    # "A model with an armour (AR) value of 3 ... armour modifier (AM) value of -2. The target
    # model has a resilience (RE) of +1 that reduces the total penetration from -2 to -1. The
    # target model needs to make a save of 2 or less".
    assert total_penetration(-2, 0, 1) == -1
    assert save_target(3, 6, resilience=1) == 2
    # Runes of defiance print "RE -1": same resilience.
    assert save_target(3, 6, resilience=-1) == 2
    # Resilience never turns penetration into a bonus.
    assert total_penetration(-1, 0, 3) == 0


def test_ranked_bonus_and_no_armour() -> None:
    assert save_target(3, 4, ranked=True) == 4
    assert save_target(0, 4, ranked=True) is None
    assert save_chance(0, 1) == 0


def test_masterful_hit_allows_no_save() -> None:
    assert save_chance(6, 3, masterful_hit=True) == 0
    assert save_chance(6, 3, masterful_hit=True, special_armour=True) == Fraction(6, 10)


def test_natural_ten_always_fails() -> None:
    assert save_chance(12, 3) == Fraction(9, 10)


def test_masters_of_combat_example() -> None:
    # "his elven units armour which is normally a 4 or below, but with the masters of combat
    # ability active, the save is now an 8. He rolls 4, 5, 8 and 9. ... three of John's Elves
    # make their save and one fails."
    assert 4 in d5_distribution()
    target = 4 + 4
    assert [d10_succeeds(n, target) for n in (4, 5, 8, 9)] == [True, True, True, False]


def test_save_x2() -> None:
    assert double_save_chance(Fraction(3, 10)) == Fraction(9, 100)


def test_chance_to_save_table() -> None:
    table = get_table("chance-to-save")
    assert len(table.rows) == 10
    assert table.rows[3][2] == Fraction(4, 10)  # AR 4 against ST 4


@given(
    st.integers(min_value=0, max_value=10),
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=-3, max_value=0),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
)
def test_save_properties(armour: int, strength: int, pm: int, re: int, lucky: bool) -> None:
    chance = save_chance(armour, strength, penetration=pm, resilience=re, lucky_save=lucky)
    assert 0 <= chance <= Fraction(9, 10)
    # Better armour never lowers the chance; a stronger attack never raises it.
    assert save_chance(armour + 1, strength, penetration=pm, resilience=re) >= save_chance(
        armour, strength, penetration=pm, resilience=re
    )
    assert save_chance(armour, strength + 1, penetration=pm, resilience=re) <= save_chance(
        armour, strength, penetration=pm, resilience=re
    )


def test_bad_values() -> None:
    with pytest.raises(ValueError):
        total_penetration(1)
    with pytest.raises(ValueError):
        save_target(-1, 4)


def test_masters_of_combat_raises_the_save_once() -> None:
    from nqcore.rules.armour import masters_of_combat_target, save_succeeds

    # John's Elves save on 4 or below; with the D5 score of 4 the save is 8.
    target = masters_of_combat_target(4, 4)
    assert target == 8
    assert [save_succeeds(roll, target) for roll in (4, 5, 8, 9)] == [True, True, True, False]
    # A natural 10 is always a failure, even when the save reaches 10.
    assert masters_of_combat_target(6, 5) == 11 and not save_succeeds(10, 11)
    assert masters_of_combat_target(None, 3) is None
    with pytest.raises(ValueError, match="a D5 shows 1 to 5, not 6"):
        masters_of_combat_target(4, 6)
