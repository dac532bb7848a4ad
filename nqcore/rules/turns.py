"""The game turn: its phases, initiative, unit states, the length of a battle and victory.

Book chapters "Turn Sequence" (p. 17: "Initiative, The Tide Of Battle", "Unit and Model
Activation", "Compulsory Effects", "Remove Counters") and "Victory Conditions" (p. 18: "Casualty
Count", "Additional Battle Points", "Number Of Game Turns").
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.rules.dice import check_d10, d10_distribution
from nqcore.tables.registry import Cell, Table, register_table

#: "Turn Sequence": the four phases of a game turn, in order.
TURN_PHASES: tuple[Msg, ...] = (
    N_("Initiative, the tide of battle"),
    N_("Unit and model activation"),
    N_("Compulsory effects"),
    N_("Remove counters"),
)

#: "Additional Battle Points".
GENERAL_MULTIPLIER = 2
TERRAIN_FEATURE_POINTS = 100
BATTLE_STANDARD_POINTS = 50


class UnitState(Enum):
    """The states of a model or unit ("Unit and Model Activation")."""

    UNACTIVATED = "unactivated"
    ACTIVE = "active"
    HOLDING = "holding"
    RESPONDING = "responding"
    ACTIVATED = "activated"
    PANICKED = "panicked"

    @property
    def label(self) -> Msg:
        return _STATE_LABELS[self]


_STATE_LABELS = {
    UnitState.UNACTIVATED: N_("Unactivated"),
    UnitState.ACTIVE: N_("Active"),
    UnitState.HOLDING: N_("Holding"),
    UnitState.RESPONDING: N_("Responding"),
    UnitState.ACTIVATED: N_("Activated"),
    UnitState.PANICKED: N_("Panicked"),
}


def can_choose_enemy_unit(state: UnitState) -> bool:
    """Per "Initiative, The Tide Of Battle": the winner may activate any unit, even an enemy
    one, as long as it is not on hold nor panicked (and has not yet been activated)."""
    return state is UnitState.UNACTIVATED


def counter_removed(state: UnitState) -> bool:
    """Per "Remove Counters": at the end of the turn activated counters are removed; panic and
    hold counters stay in play."""
    return state is UnitState.ACTIVATED


# --- initiative ----------------------------------------------------------------------------------


def initiative_score(natural: int, *, bonus: int = 0, penalty: int = 0) -> int:
    """Per "Initiative, The Tide Of Battle": a D10, a bonus subtracted and a penalty added;
    the lowest score wins.

    >>> initiative_score(6, bonus=1), initiative_score(6, penalty=2)
    (5, 8)
    """
    check_d10(natural)
    if bonus < 0 or penalty < 0:
        raise ValueError("give bonuses and penalties as positive numbers")
    return natural - bonus + penalty


def initiative_winner(first: int, second: int) -> int | None:
    """Which of two scores wins the initiative (0 or 1); ``None`` on a tie: re-roll."""
    if first == second:
        return None
    return 0 if first < second else 1


def initiative_chance(
    *, bonus: int = 0, penalty: int = 0, opponent_bonus: int = 0, opponent_penalty: int = 0
) -> Fraction:
    """Exact chance of winning the initiative, ties re-rolled until someone wins.

    >>> initiative_chance()
    Fraction(1, 2)
    >>> initiative_chance(bonus=1)
    Fraction(55, 91)
    """
    faces = d10_distribution()
    win = tie = Fraction(0)
    for mine, p_mine in faces.items():
        for theirs, p_theirs in faces.items():
            score = initiative_score(mine, bonus=bonus, penalty=penalty)
            other = initiative_score(theirs, bonus=opponent_bonus, penalty=opponent_penalty)
            outcome = initiative_winner(score, other)
            if outcome is None:
                tie += p_mine * p_theirs
            elif outcome == 0:
                win += p_mine * p_theirs
    return win / (1 - tie)


# --- length of the battle ------------------------------------------------------------------------


def _game_turn_rows() -> list[tuple[range, int]]:
    return [
        (range(int(r["lowest"]), int(r["highest"]) + 1), int(r["turns"]))
        for r in datafiles.load("game_turns.toml")["result"]
    ]


def game_turns(natural: int) -> int:
    """Per "Number Of Game Turns": the random length of a battle.

    >>> [game_turns(n) for n in (1, 3, 5, 8, 10)]
    [7, 6, 5, 4, 4]
    """
    check_d10(natural)
    for rolls, turns in _game_turn_rows():
        if natural in rolls:
            return turns
    raise datafiles.missing_record("game_turns.toml", f"the roll {natural}")


def game_turns_distribution() -> dict[int, Fraction]:
    """Exact chances of each battle length.

    >>> {turns: str(chance) for turns, chance in game_turns_distribution().items()}
    {7: '1/5', 6: '1/5', 5: '3/10', 4: '3/10'}
    """
    result: dict[int, Fraction] = {}
    for face, chance in d10_distribution().items():
        turns = game_turns(face)
        result[turns] = result.get(turns, Fraction(0)) + chance
    return result


# --- victory -------------------------------------------------------------------------------------


def battle_points(
    casualty_points: int,
    *,
    general_points: int = 0,
    terrain_features: int = 0,
    battle_standard: bool = False,
) -> int:
    """Per "Casualty Count" and "Additional Battle Points": the points of the enemy casualties;
    the enemy General's points count twice (``general_points`` is its value, when it is among
    the casualties and in ``casualty_points``); +100 for each designated terrain feature held;
    +50 for capturing or destroying the enemy battle standard.

    >>> battle_points(400, general_points=100, terrain_features=1, battle_standard=True)
    650
    """
    if min(casualty_points, general_points, terrain_features) < 0:
        raise ValueError("points and features cannot be negative")
    return (
        casualty_points
        + (GENERAL_MULTIPLIER - 1) * general_points
        + TERRAIN_FEATURE_POINTS * terrain_features
        + (BATTLE_STANDARD_POINTS if battle_standard else 0)
    )


def concession_battle_points(casualty_points: int, surviving_points: int) -> Fraction:
    """Per "Number Of Game Turns": when a player concedes, the opponent gains the full points of
    the casualties plus half the points of the surviving models (the book does not round).

    >>> str(concession_battle_points(300, 251))
    '851/2'
    """
    if casualty_points < 0 or surviving_points < 0:
        raise ValueError("points cannot be negative")
    return casualty_points + Fraction(surviving_points, 2)


def _rolls_text(rolls: range) -> str:
    return str(rolls.start) if len(rolls) == 1 else f"{rolls.start}-{rolls[-1]}"


@register_table("game-turns")
def game_turns_table() -> Table:
    """Per "Number Of Game Turns": D10 against the number of game turns."""
    rows: list[tuple[Cell, ...]] = [(_rolls_text(r), turns) for r, turns in _game_turn_rows()]
    return Table(
        key="game-turns",
        title=N_("Number of game turns"),
        columns=(N_("D10"), N_("Game turns")),
        rows=tuple(rows),
        source="Victory Conditions > Number Of Game Turns",
    )
