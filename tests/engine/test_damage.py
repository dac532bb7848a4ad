"""Tests for nqcore.rules.damage: the roll to wound and knock prone."""

from __future__ import annotations

import doctest
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.damage
from nqcore.rules.damage import STAND_UP_ACTIONS, knocked_prone, wound_chance, wound_target
from nqcore.tables.registry import get_table

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "002_4d7decefb10fec18.txt"

# The wound table as the book prints it (Damage, lines 1297-1306): ST rows, T 1..10 columns.
PRINTED = [
    [5, 4, 3, 2, 1, 1, 1, 1, 1, 1],
    [6, 5, 4, 3, 2, 1, 1, 1, 1, 1],
    [7, 6, 5, 4, 3, 2, 1, 1, 1, 1],
    [8, 7, 6, 5, 4, 3, 2, 1, 1, 1],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 1],
    [9, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    [9, 9, 9, 8, 7, 6, 5, 4, 3, 2],
    [9, 9, 9, 9, 8, 7, 6, 5, 4, 3],
    [9, 9, 9, 9, 9, 8, 7, 6, 5, 4],
    [9, 9, 9, 9, 9, 9, 8, 7, 6, 5],
]


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.damage).failed == 0


def test_wound_table_matches_the_book() -> None:
    for st_index, row in enumerate(PRINTED, start=1):
        assert [wound_target(st_index, t) for t in range(1, 11)] == row
    table = get_table("wound-table")
    assert [list(r[1:]) for r in table.rows] == PRINTED


@pytest.mark.skipif(not SEED.exists(), reason=f"the extracted rulebook is not at {SEED}")
def test_wound_table_matches_the_seed_when_present() -> None:
    lines = SEED.read_text("utf-8").splitlines()
    start = lines.index("ST\tTarget Toughness" + "\t" * 9) + 2
    for offset in range(10):
        cells = [int(c) for c in lines[start + offset].split("\t")]
        assert cells[1:] == PRINTED[cells[0] - 1]


def test_equal_strength_and_toughness() -> None:
    # "If the strength (ST) and the toughness (T) are equal, the roll to damage is a 5 or less".
    assert wound_target(4, 4) == 5
    assert wound_chance(4, 4) == Fraction(1, 2)


def test_natural_rolls() -> None:
    assert wound_chance(1, 10) == Fraction(1, 10)  # a 1 always wounds
    assert wound_chance(10, 1) == Fraction(9, 10)  # a 10 never does


def test_knock_prone() -> None:
    assert knocked_prone(4, 4)
    assert not knocked_prone(4, 5)
    assert not knocked_prone(9, 3, steadfast=True)
    assert STAND_UP_ACTIONS == 3


@given(st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=12))
def test_wound_properties(strength: int, toughness: int) -> None:
    chance = wound_chance(strength, toughness)
    assert Fraction(1, 10) <= chance <= Fraction(9, 10)
    assert wound_chance(strength + 1, toughness) >= chance
    assert wound_chance(strength, toughness + 1) <= chance
