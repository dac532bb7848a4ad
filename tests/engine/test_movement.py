"""Tests for nqcore.rules.movement, with the book's worked examples and the movement ability
table."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqcore.rules.movement
from nqcore.book.errata import all_errata
from nqcore.rules.movement import (
    BARRIER_ACTIONS,
    STAND_UP_ACTIONS,
    MovementAbility,
    can_cross_impassable,
    flee_actions,
    flight_altitude,
    leap_distance,
    leap_distance_distribution,
    leap_max_obstacle,
    max_move,
    move_cost,
)
from nqcore.tables.registry import get_table

H = Fraction(1, 2)

# Movement Ability Table (lines 1028-1040) as printed: Double Time, Cavalry, Flying.
PRINTED: dict[int, tuple[Fraction | int, ...]] = {
    1: (1 + H, 2, 2 + H),
    2: (3, 4, 5),
    3: (5 + H, 6, 7 + H),
    4: (6, 8, 10),
    5: (7 + H, 10, 12 + H),
    6: (9, 12, 15),
    7: (10 + H, 14, 17 + H),
    8: (12, 16, 20),
    9: (13 + H, 18, 22 + H),
    10: (15, 20, 25),
    11: (16 + H, 22, 27 + H),
    12: (18, 24, 30),
}
ABILITIES = (MovementAbility.DOUBLE_TIME, MovementAbility.CAVALRY, MovementAbility.FLYING)


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.movement).failed == 0


def test_move_whole_actions() -> None:
    # "If a model moves 1½" the model is assumed to have used 2 actions."
    assert move_cost(Fraction(3, 2)) == 2
    assert move_cost(1) == 1
    assert move_cost(0) == 0


def test_terrain() -> None:
    # "it takes 2 actions to move 1" through rough ground"; barriers cost 1 action.
    assert move_cost(difficult_inches=1) == 2
    assert move_cost(2, barriers=1) == 2 + BARRIER_ACTIONS
    assert move_cost(2, barriers=1, agile=True) == 2
    assert STAND_UP_ACTIONS == 3
    # Flyers ignore terrain and may cross impassable terrain.
    assert move_cost(difficult_inches=5, barriers=2, ability=MovementAbility.FLYING) == 2
    assert can_cross_impassable(MovementAbility.FLYING)
    assert not can_cross_impassable(MovementAbility.CAVALRY)


def test_movement_abilities_summary() -> None:
    # "Double time : 2 actions (AC) to move 3"", cavalry 4", flying 5".
    assert [max_move(2, a) for a in ABILITIES] == [3, 4, 5]
    assert move_cost(3, ability=MovementAbility.DOUBLE_TIME) == 2


def test_movement_ability_table_against_the_book() -> None:
    for actions, printed in PRINTED.items():
        computed: tuple[Fraction | int, ...] = tuple(max_move(actions, a) for a in ABILITIES)
        if actions == 3:
            # Double time with 3 actions: printed 5½", the rate gives 4½" (erratum).
            assert computed == (4 + H, 6, 7 + H) and printed[0] == 5 + H
            continue
        assert computed == printed
    erratum = next(
        e for e in all_errata() if e.id == "movement-ability-table-double-time-3-actions"
    )
    assert erratum.correct == '4½"' and erratum.printed == '5½"'
    table = get_table("movement-abilities")
    assert table.rows[2] == (3, Fraction(9, 2), 6, Fraction(15, 2))
    assert len(table.rows) == 12


def test_flying_example() -> None:
    # "A model with the flying trait uses 6 actions (AC) to move 15" ... a height of ... 7½"".
    assert max_move(6, MovementAbility.FLYING) == 15
    assert flight_altitude(15) == Fraction(15, 2)


def test_leap_example() -> None:
    # "The Bull rolls a 4 ... a total distance of 9". The Bull may leap over any intervening
    # model that is no more than 4 1/2" tall."
    assert leap_distance(4) == 9
    assert leap_max_obstacle(9) == Fraction(9, 2)
    assert sum(leap_distance_distribution().values()) == 1
    assert min(leap_distance_distribution()) == 6


def test_flee() -> None:
    assert flee_actions(9) == 4
    with pytest.raises(ValueError):
        flee_actions(-1)


@given(
    st.fractions(min_value=0, max_value=30, max_denominator=2),
    st.sampled_from(list(MovementAbility)),
)
def test_cost_covers_distance(inches: Fraction, ability: MovementAbility) -> None:
    cost = move_cost(inches, ability=ability)
    assert max_move(cost, ability) >= inches
    assert cost == 0 or max_move(cost - 1, ability) < inches
