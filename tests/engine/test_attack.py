"""Tests for nqcore.rules.attack: the exact chance of a whole attack."""

from __future__ import annotations

import doctest
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.attack
from nqcore.rules.armour import save_chance
from nqcore.rules.attack import (
    Defence,
    attack_chances,
    retreat_free_hit_chances,
    wounds_distribution,
)
from nqcore.rules.close_combat import close_combat_modifier_total
from nqcore.rules.damage import wound_chance
from nqcore.rules.dice import hit_chance
from nqcore.tables.registry import get_table


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.attack).failed == 0


def test_regency_soldier_charges_a_goblin() -> None:
    # Striking example: CC5 + charging = 6.  With a sword (ST4+1 = 5) against an unarmoured T3.
    result = attack_chances(5, 5, 3, to_hit_modifier=close_combat_modifier_total(["charging"]))
    assert result.to_hit_target == 6
    assert result.hit == Fraction(6, 10)
    assert result.total == Fraction(6, 10) * wound_chance(5, 3)


def test_masterful_hits_skip_the_save() -> None:
    result = attack_chances(5, 4, 4, defence=Defence(armour=5))
    ordinary = result.hit - result.masterful
    expected = result.masterful * result.wound + ordinary * (1 - result.save) * result.wound
    assert result.total == expected
    assert result.save == save_chance(5, 4)
    assert result.unsaved == result.masterful + ordinary * (1 - result.save)


def test_poisonous_attack() -> None:
    plain = attack_chances(5, 3, 6)
    poison = attack_chances(5, 3, 6, poisonous=True)
    assert poison.total - plain.total == Fraction(1, 10) * (1 - wound_chance(3, 6))


def test_parry() -> None:
    result = attack_chances(8, 5, 4, defence=Defence(armour=3, parry=True))
    assert result.parried > 0
    assert result.unsaved + result.parried <= result.hit
    assert attack_chances(8, 5, 4, defence=Defence(armour=3)).total > result.total


def test_retreat_free_hit() -> None:
    # Automatic hit at base ST, saved at an extra -1.
    result = retreat_free_hit_chances(4, 4, armour=4)
    assert result.hit == 1 and result.fumble == 0
    assert result.save == Fraction(3, 10)
    assert result.total == Fraction(7, 10) * Fraction(1, 2)


def test_unerring_changes_no_chance_to_hit() -> None:
    assert attack_chances(6, 4, 4, unerring=True).fumble == 0
    assert attack_chances(6, 4, 4, unerring=True).hit == attack_chances(6, 4, 4).hit


def test_wounds_distribution() -> None:
    dist = wounds_distribution(Fraction(1, 3), 3)
    assert sum(dist.values()) == 1
    assert dist[3] == Fraction(1, 27)


def test_chance_to_hit_table() -> None:
    table = get_table("chance-to-hit")
    assert len(table.rows) == 10 and len(table.columns) == 8
    assert table.rows[4][4] == Fraction(1, 2)  # CC5, no modifier
    assert table.rows[9][7] == Fraction(9, 10)  # a natural 10 always misses


@given(
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=0, max_value=8),
    st.integers(min_value=-2, max_value=2),
    st.booleans(),
    st.booleans(),
)
def test_attack_properties(
    skill: int, strength: int, toughness: int, armour: int, mod: int, parry: bool, lucky: bool
) -> None:
    result = attack_chances(
        skill,
        strength,
        toughness,
        defence=Defence(armour=armour, parry=parry, lucky_save=lucky),
        to_hit_modifier=mod,
    )
    for chance in (result.hit, result.masterful, result.save, result.unsaved, result.total):
        assert 0 <= chance <= 1
    assert result.total <= result.unsaved <= result.hit <= hit_chance(skill + mod)
    better = attack_chances(
        skill + 1,
        strength,
        toughness,
        defence=Defence(armour=armour, parry=parry, lucky_save=lucky),
        to_hit_modifier=mod,
    )
    assert better.total >= result.total
    stronger = attack_chances(
        skill,
        strength + 1,
        toughness,
        defence=Defence(armour=armour, parry=parry, lucky_save=lucky),
        to_hit_modifier=mod,
    )
    assert stronger.total >= result.total
