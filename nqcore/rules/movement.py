"""Movement: actions per inch, terrain, standing up, movement abilities, fleeing and leaping.

Book chapter "Actions" (pp. 21-23): "Move", "Stand Up From Prone", "Difficult Terrain",
"Impassable Terrain", "Terrain Barriers", "Movement Abilities", "Movement Ability Table"; with
"Flee From A Charge" (Hold Actions), Abilities > "Double Time", "Cavalry Move", "Agile", "Leap",
and Traits > "Flying".
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from math import ceil
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.rules.dice import check_d10, sum_distribution
from nqcore.tables.registry import Cell, Table, register_table

Inches = Fraction | int | float

#: "Stand Up From Prone": 3 actions.
STAND_UP_ACTIONS = 3
#: "Difficult Terrain": each inch costs double.
DIFFICULT_TERRAIN_FACTOR = 2
#: "Terrain Barriers": 1 action to cross a barrier no taller than the model.
BARRIER_ACTIONS = 1
#: Abilities > "Agile": barriers up to 1½" high cost nothing.
AGILE_MAX_BARRIER = Fraction(3, 2)
#: "Changing Formations": 3 actions move up to 6 models of a ranked unit.
REORGANISE_ACTIONS = 3
REORGANISE_MODELS = 6
#: Abilities > "Sound Charge": 2 extra actions, for movement, when the unit declares a charge.
SOUND_CHARGE_ACTIONS = 2
#: Abilities > "Leap": 5 actions, D10+5 inches, strength 6 or more.
LEAP_ACTIONS = 5
LEAP_EXTRA_INCHES = 5
LEAP_MINIMUM_STRENGTH = 6

#: The rows of the movement ability table ("Movement Ability Table": 1 to 12 actions).
TABLE_ACTIONS = range(1, 13)


class MovementAbility(Enum):
    """How a model moves ("Move", "Movement Abilities")."""

    NORMAL = "normal"
    DOUBLE_TIME = "double-time"
    CAVALRY = "cavalry"
    FLYING = "flying"

    @property
    def label(self) -> Msg:
        return Msg(str(_ability_record(self)["label"]))

    @property
    def inches_per_action(self) -> Fraction:
        """Inches per action: 1, 1½, 2, 2½ ("2 actions (AC) to move 3"" etc.)."""
        record = _ability_record(self)
        return Fraction(int(record["inches"]), int(record["actions"]))

    @property
    def terrain_applies(self) -> bool:
        """Whether terrain slows the model (flyers ignore it: Traits > "Flying")."""
        return bool(_ability_record(self)["terrain"])


def _ability_record(ability: MovementAbility) -> Mapping[str, Any]:
    for record in datafiles.load("movement_abilities.toml")["ability"]:
        if record["key"] == ability.value:
            return dict(record)
    raise datafiles.missing_record("movement_abilities.toml", f"the {ability.value!r} move")


def max_move(actions: int, ability: MovementAbility = MovementAbility.NORMAL) -> Fraction:
    """How far a model moves in the open for ``actions`` ("Move", "Movement Ability Table").

    >>> str(max_move(3, MovementAbility.DOUBLE_TIME))  # the book's table prints 5½"
    '9/2'
    >>> max_move(6, MovementAbility.FLYING)  # the Flying example: 6 actions, 15"
    Fraction(15, 1)
    """
    if actions < 0:
        raise ValueError("actions cannot be negative")
    return actions * ability.inches_per_action


def move_cost(
    inches: Inches = 0,
    *,
    difficult_inches: Inches = 0,
    barriers: int = 0,
    ability: MovementAbility = MovementAbility.NORMAL,
    agile: bool = False,
) -> int:
    """Actions spent to move ``inches`` in the open and ``difficult_inches`` through difficult
    terrain, crossing ``barriers`` terrain barriers.

    "Move": only whole actions are spent (1½" costs 2); "Difficult Terrain": 2 actions an inch,
    the whole move then rounded up; "Terrain Barriers": 1 action each (none for agile models:
    the caller checks the barrier is at most :data:`AGILE_MAX_BARRIER` high).  Movement
    abilities keep the terrain restrictions, flying ignores them.

    >>> move_cost(Fraction(3, 2)), move_cost(Fraction(7, 2)), move_cost(7)
    (2, 4, 7)
    >>> move_cost(1, difficult_inches=1, barriers=1)
    4
    """
    open_inches, rough = Fraction(inches), Fraction(difficult_inches)
    if open_inches < 0 or rough < 0 or barriers < 0:
        raise ValueError("distances and barriers cannot be negative")
    if ability.terrain_applies:
        effort = open_inches + DIFFICULT_TERRAIN_FACTOR * rough
        crossing = 0 if agile else BARRIER_ACTIONS * barriers
    else:
        effort = open_inches + rough
        crossing = 0
    return ceil(effort / ability.inches_per_action) + crossing


def move_working(
    inches: Inches, difficult_inches: Inches, ability: MovementAbility
) -> tuple[Fraction, int]:
    """The effort of a move in inches (difficult terrain counted twice where the ability keeps
    the terrain's restrictions) and the whole actions it takes, before any barrier: the working
    of :func:`move_cost` a player checks.

    >>> move_working(4, 2, MovementAbility.DOUBLE_TIME)
    (Fraction(8, 1), 6)
    """
    factor = DIFFICULT_TERRAIN_FACTOR if ability.terrain_applies else 1
    effort = Fraction(inches) + factor * Fraction(difficult_inches)
    return effort, ceil(effort / ability.inches_per_action)


def can_cross_impassable(ability: MovementAbility) -> bool:
    """Per "Impassable Terrain": only flying models may cross it."""
    return ability is MovementAbility.FLYING


def flee_actions(actions: int) -> int:
    """Per "Flee From A Charge": a flee move uses up to half the unit's normal actions, rounded
    down."""
    if actions < 0:
        raise ValueError("actions cannot be negative")
    return actions // 2


def flight_altitude(inches_moved: Inches) -> Fraction:
    """Traits > "Flying": a flying model is assumed to fly at half the distance it moves.

    >>> str(flight_altitude(15))
    '15/2'
    """
    return Fraction(inches_moved) / 2


def leap_distance(natural: int) -> int:
    """Abilities > "Leap": D10+5 inches.

    >>> leap_distance(4)  # the Growler Bull rolls a 4
    9
    """
    check_d10(natural)
    return natural + LEAP_EXTRA_INCHES


def leap_distance_distribution() -> Mapping[int, Fraction]:
    """Exact distribution of a leap's length (D10+5 inches)."""
    return sum_distribution(1, plus=LEAP_EXTRA_INCHES)


def leap_max_obstacle(distance: Inches) -> Fraction:
    """Abilities > "Leap": obstacles up to half the distance travelled may be crossed.

    >>> str(leap_max_obstacle(9))  # the Bull clears 4½"
    '9/2'
    """
    return Fraction(distance) / 2


_TABLE_ABILITIES = (MovementAbility.DOUBLE_TIME, MovementAbility.CAVALRY, MovementAbility.FLYING)


def _cell(inches: Fraction) -> Cell:
    return int(inches) if inches.denominator == 1 else inches


@register_table("movement-abilities")
def movement_abilities_table() -> Table:
    """Distance moved in the open for 1 to 12 actions with each movement ability."""
    rows: list[tuple[Cell, ...]] = [
        (actions, *(_cell(max_move(actions, ability)) for ability in _TABLE_ABILITIES))
        for actions in TABLE_ACTIONS
    ]
    return Table(
        key="movement-abilities",
        title=N_("Movement ability table"),
        columns=(
            N_("Actions"),
            N_("Double Time (inches)"),
            N_("Cavalry (inches)"),
            N_("Flying (inches)"),
        ),
        rows=tuple(rows),
        source="Actions > Movement Ability Table",
    )
