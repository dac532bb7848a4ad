"""Tests for nqcore.rules.turns: initiative, the number of game turns, battle points."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.turns
from nqcore.rules.turns import (
    TURN_PHASES,
    UnitState,
    battle_points,
    can_choose_enemy_unit,
    concession_battle_points,
    counter_removed,
    game_turns,
    game_turns_distribution,
    initiative_chance,
    initiative_score,
    initiative_winner,
)
from nqcore.tables.registry import get_table


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.turns).failed == 0


def test_game_turns_table_as_printed() -> None:
    # D10: 1-2 Seven, 3-4 Six, 5-7 Five, 8-10 Four.
    assert [game_turns(n) for n in range(1, 11)] == [7, 7, 6, 6, 5, 5, 5, 4, 4, 4]
    assert game_turns_distribution() == {
        7: Fraction(2, 10),
        6: Fraction(2, 10),
        5: Fraction(3, 10),
        4: Fraction(3, 10),
    }
    table = get_table("game-turns")
    assert table.rows == (("1-2", 7), ("3-4", 6), ("5-7", 5), ("8-10", 4))


def test_initiative() -> None:
    # A bonus is subtracted, a penalty added; lowest wins; ties re-roll.
    assert initiative_score(5, bonus=2) == 3
    assert initiative_winner(3, 4) == 0
    assert initiative_winner(4, 3) == 1
    assert initiative_winner(4, 4) is None
    assert initiative_chance() == Fraction(1, 2)
    assert initiative_chance(bonus=1) + initiative_chance(opponent_bonus=1) == 1
    with pytest.raises(ValueError):
        initiative_score(5, bonus=-1)


def test_turn_sequence_and_states() -> None:
    assert len(TURN_PHASES) == 4
    assert len(UnitState) == 6
    assert not can_choose_enemy_unit(UnitState.HOLDING)
    assert not can_choose_enemy_unit(UnitState.PANICKED)
    assert counter_removed(UnitState.ACTIVATED)
    assert not counter_removed(UnitState.HOLDING)


def test_battle_points() -> None:
    assert battle_points(250, general_points=120) == 370
    assert battle_points(0, terrain_features=2, battle_standard=True) == 250
    assert concession_battle_points(100, 301) == Fraction(501, 2)


@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))
def test_initiative_properties(bonus: int, penalty: int, other_bonus: int, other_pen: int) -> None:
    chance = initiative_chance(
        bonus=bonus, penalty=penalty, opponent_bonus=other_bonus, opponent_penalty=other_pen
    )
    assert 0 <= chance <= 1
    better = initiative_chance(
        bonus=bonus + 1, penalty=penalty, opponent_bonus=other_bonus, opponent_penalty=other_pen
    )
    assert better >= chance
