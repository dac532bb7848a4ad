"""Morale: command tests, their modifiers and re-rolls, fear, the panic table and rallying.

Book chapter "Morale" (pp. 36-38) and the sections of "Actions" on fear ("Fear Causing Models",
"Charging Fear Causing Models", "Being Charged By Fear Causing Models", "Command Test
Modifiers").  A command (CO) test passes on a D10 roll equal to or under the modified CO; the book
gives command tests no natural-roll rule, so none is applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import N_, Counted, Msg, Refusal
from nqcore.rules.dice import (
    D10_FACES,
    Modifier,
    best_of,
    check_d10,
    d10_chance,
    d10_distribution,
    keep_better,
    load_modifiers,
    total_modifier,
    with_reroll,
)
from nqcore.tables.registry import Cell, Signed, Table, register_table

#: Equipment > "Army Battle Standard": the re-roll of a failed command test is made at CO+1.
BATTLE_STANDARD_REROLL_BONUS = 1
#: "Failing To Rally": the unit re-rolls on the panic table adding +1.
FAILED_RALLY_PANIC_MODIFIER = 1
#: Abilities > "Infamous Fighters": their enemies roll on the panic table at +1.
INFAMOUS_FIGHTERS_PANIC_MODIFIER = 1


def command_modifiers() -> dict[str, Modifier]:
    """The named command test modifiers ("Command Test Modifiers", Morale and Actions)."""
    return load_modifiers("command_modifiers.toml")


#: The command modifier of a close combat against a fear causing enemy, which a fear test
#: does not take besides its fear (X) penalty (erratum "Fear test: the penalty ...").
FEAR_IN_COMBAT = "fear-in-close-combat"
#: The refusal of a fear test given that modifier too.
FEAR_TWICE = N_(
    "a fear test takes its fear level alone, not also “{modifier}” (\u22121): that would "
    "count the same fear twice (see the errata)"
)


def command_target(co: int, modifiers: Iterable[str] = (), *, fear: int | None = None) -> int:
    """The number to roll equal to or under in a command test ("Morale", "Command Test
    Modifiers"); ``fear``: a fear test against a fear (X) enemy, X its penalty ("Fear Causing
    Models"), which takes no :data:`FEAR_IN_COMBAT` besides (the erratum).

    >>> command_target(7, fear=1)  # Regency knights charging a fear (1) Vampire
    6
    >>> command_target(6, ["ranked-or-closed", "banner", "enemy-nearby", "enemy-nearby"])
    7
    """
    modifiers = list(modifiers)
    if fear is not None and fear not in fear_levels():
        raise ValueError(f"a fear level is one of the Fear ability's, not {fear}")
    if fear is not None and FEAR_IN_COMBAT in modifiers:
        refused = Refusal(FEAR_TWICE, modifier=command_modifiers()[FEAR_IN_COMBAT].label)
        raise refused.about("mod", FEAR_IN_COMBAT, also=("fear",), reading="fear-test-modifiers")
    total = total_modifier(modifiers, command_modifiers(), kind="command modifier")
    return co + total - (fear or 0)


def fear_levels() -> range:
    """The fear levels a test is taken against: the Fear ability's, Fear (0) to Fear (2)
    (Abilities > "Fear"; "Fear Causing Models": a command test at -X).

    >>> fear_levels()
    range(0, 3)
    """
    from nqcore.army.features import feature

    levels = [int(level.level) for level in feature("ability", "fear").levels]
    return range(min(levels), max(levels) + 1)


def command_test_passes(natural: int, target: int) -> bool:
    """Whether a natural D10 passes a command test against ``target`` ("Morale")."""
    check_d10(natural)
    return natural <= target


def command_chance(
    co: int,
    modifiers: Iterable[str] = (),
    *,
    fear: int | None = None,
    battle_standard: bool = False,
    great_leader: bool = False,
    inspiring_leadership: bool = False,
    unwavering: bool = False,
) -> Fraction:
    """Exact chance of passing a command test.

    ``battle_standard``: the Army Battle Standard is not panicked, within 20" and in sight; a
    failed test is re-rolled at CO+1 ("Command Test Modifiers", Equipment > "Army Battle
    Standard").  ``great_leader``: a failed test may be re-rolled at the same CO (Abilities >
    "Great Leader").  The engine allows one re-roll of a test: the battle standard's when both
    apply, as it is the better.  ``inspiring_leadership``: every roll is 2D10, keep one
    (Abilities > "Inspiring Leadership").  ``unwavering``: the test is passed automatically
    (Abilities > "Unwavering", Traits > "Undead", "Mechanical").

    >>> command_chance(7)
    Fraction(7, 10)
    >>> command_chance(7, battle_standard=True)  # 7/10 + 3/10 x 8/10
    Fraction(47, 50)
    """
    if unwavering:
        return Fraction(1)
    target = command_target(co, modifiers, fear=fear)

    def one_roll(value: int) -> Fraction:
        chance = d10_chance(value, ten_fails=False)
        return best_of(chance, 2) if inspiring_leadership else chance

    first = one_roll(target)
    if battle_standard:
        return with_reroll(first, one_roll(target + BATTLE_STANDARD_REROLL_BONUS))
    if great_leader:
        return with_reroll(first)
    return first


def fear_test_target(co: int, fear: int, modifiers: Iterable[str] = ()) -> int:
    """ "Fear Causing Models": a command test at -X against a fear (X) model, all command test
    modifiers applying.

    >>> fear_test_target(7, 1), fear_test_target(6, 0)  # the two examples: knights, Orc
    (6, 6)
    """
    return command_target(co, modifiers, fear=fear)


def must_test_fear(
    fear: int,
    *,
    passed_fear: int | None = None,
    causes_fear: bool = False,
    large_against_smaller: bool = False,
) -> bool:
    """Whether a unit must take a fear test ("Fear Causing Models"): not once it has passed a
    test against the same or a higher fear level, not if it causes fear itself, and not for a
    large model against smaller models (Traits > "Large Model").
    """
    if causes_fear or large_against_smaller:
        return False
    return passed_fear is None or fear > passed_fear


# --- when a unit must test -----------------------------------------------------------------------


@dataclass(frozen=True)
class CommandTestTrigger:
    """One command test a unit must take: in which game turn (counted from 1), how many models
    (or wounds) it had when that turn started, how many it lost in the turn, and why."""

    turn: int
    at_start_of_turn: int
    casualties: int
    reason: Msg


HALF_STARTING_NUMBER: Msg = N_("Half of the starting number lost")
HALF_IN_ONE_TURN: Msg = N_("Half of the models at the start of the turn lost in that turn")


def command_test_triggers(
    starting: int, casualties_per_turn: Iterable[int]
) -> list[CommandTestTrigger]:
    """The game turns in which a unit must take a command (morale) test ("Morale").

    The first test comes when the unit has lost 50 % of its starting number; after that, a
    test comes in any turn in which it loses 50 % of the models it had at the start of that
    turn; never more than one test in a game turn.  "50 % casualties" is read as *at least*
    half.  A unit wiped out in a turn has nobody left to test, and the casualties typed for the
    turns after it are not counted (:func:`destroyed_in`).  For a lone individual or
    character, count wounds instead of models.

    The Dwarf axemen of the first example (16 warriors; 3, 4 and 2 casualties) test in turn 3:

    >>> [t.turn for t in command_test_triggers(16, [3, 4, 2])]
    [3]

    The second example: down to 7 warriors, they test again when reduced to 3 in one turn
    (4 casualties), not when they lose 3:

    >>> [t.turn for t in command_test_triggers(16, [3, 4, 2, 4])]
    [3, 4]
    >>> [t.turn for t in command_test_triggers(16, [3, 4, 2, 3])]
    [3]
    """
    lost_each_turn = _checked_losses(starting, casualties_per_turn)
    remaining = starting
    tested = False
    result: list[CommandTestTrigger] = []
    for turn, lost in enumerate(lost_each_turn, start=1):
        at_start = remaining
        remaining -= lost
        if remaining == 0:  # wiped out: nobody left to test, nor to lose models after
            break
        if lost == 0:
            continue
        if not tested:
            if 2 * (starting - remaining) >= starting:
                result.append(CommandTestTrigger(turn, at_start, lost, HALF_STARTING_NUMBER))
                tested = True
        elif 2 * lost >= at_start:
            result.append(CommandTestTrigger(turn, at_start, lost, HALF_IN_ONE_TURN))
    return result


@dataclass(frozen=True)
class Destroyed:
    """The game turn in which a unit loses its last model (or an individual its last wound),
    the models it had when that turn started, all of them lost in it."""

    turn: int
    at_start_of_turn: int

    @property
    def casualties(self) -> int:
        return self.at_start_of_turn


def destroyed_in(starting: int, casualties_per_turn: Iterable[int]) -> Destroyed | None:
    """The turn in which the unit is wiped out, or None if it is not: the casualties typed for
    later turns come after it, and no test comes of them (:func:`command_test_triggers`).

    >>> destroyed_in(10, [5, 5, 3])
    Destroyed(turn=2, at_start_of_turn=5)
    >>> destroyed_in(16, [3, 4, 2]) is None
    True
    """
    remaining = starting
    for turn, lost in enumerate(_checked_losses(starting, casualties_per_turn), start=1):
        if lost == remaining:
            return Destroyed(turn, remaining)
        remaining -= lost
    return None


def _checked_losses(starting: int, casualties_per_turn: Iterable[int]) -> list[int]:
    """The casualties of each turn up to the unit's destruction (those after it are not
    counted: nobody is left), refused where they are wrong on their face: a unit of no model,
    casualties below zero, more casualties in a turn than the models left at its start."""
    if starting < 1:
        raise Refusal(N_("a unit starts with at least one model"))
    losses = list(casualties_per_turn)
    remaining = starting
    counted: list[int] = []
    for turn, lost in enumerate(losses, start=1):
        if lost < 0:
            refused = Refusal(N_("turn {turn}: casualties cannot be negative"), turn=turn)
            raise refused.about("casualties")
        if remaining == 0:
            continue
        if lost > remaining:
            raise Refusal(
                N_("turn {turn}: {casualties} but only {models} left"),
                turn=turn,
                casualties=Counted(lost, N_("{count} casualty"), N_("{count} casualties")),
                models=Counted(remaining, N_("{count} model"), N_("{count} models")),
            ).about("casualties")
        counted.append(lost)
        remaining -= lost
    return counted


# --- the panic table -----------------------------------------------------------------------------


class PanicResult(Enum):
    """The four results of the panic table ("Panic Table")."""

    STAND_FIRM = "stand-firm"
    RETREAT = "retreat"
    TERRIFIED = "terrified"
    DESTROYED = "destroyed"

    @property
    def label(self) -> Msg:
        return Msg(str(_panic_record(self)["label"]))

    @property
    def text(self) -> Msg:
        return Msg(str(_panic_record(self)["text"]))

    @property
    def rolls(self) -> range:
        record = _panic_record(self)
        return range(int(record["lowest"]), int(record["highest"]) + 1)


def _panic_record(result: PanicResult) -> Mapping[str, Any]:
    for record in datafiles.load("panic_table.toml")["result"]:
        if record["key"] == result.value:
            return dict(record)
    raise datafiles.missing_record("panic_table.toml", f"the result {result.value!r}")


def panic_result(natural: int, modifier: int = 0) -> PanicResult:
    """The panic table's result for a natural D10 plus ``modifier`` ("Panic Table"); totals above
    10 read as 10 (Destroyed), below 1 as 1.

    >>> [panic_result(n).value for n in (1, 2, 7, 8, 10)]
    ['stand-firm', 'retreat', 'retreat', 'terrified', 'destroyed']
    >>> panic_result(9, FAILED_RALLY_PANIC_MODIFIER).value
    'destroyed'
    """
    check_d10(natural)
    total = min(max(natural + modifier, D10_FACES[0]), D10_FACES[-1])
    for result in PanicResult:
        if total in result.rolls:
            return result
    raise datafiles.missing_record("panic_table.toml", f"the total {total}")


def panic_distribution(modifier: int = 0, *, choose_from: int = 1) -> dict[PanicResult, Fraction]:
    """Exact chances of each panic result ("Panic Table").

    ``modifier`` is +1 after a failed rally ("Failing To Rally") and against infamous fighters;
    ``choose_from=2`` rolls 2D10 and keeps the better (Abilities > "Inspiring Leadership").

    >>> {r.value: str(c) for r, c in panic_distribution().items()}
    {'stand-firm': '1/10', 'retreat': '3/5', 'terrified': '1/5', 'destroyed': '1/10'}
    >>> {r.value: str(c) for r, c in panic_distribution(FAILED_RALLY_PANIC_MODIFIER).items()}
    {'stand-firm': '0', 'retreat': '3/5', 'terrified': '1/5', 'destroyed': '1/5'}
    """
    if choose_from < 1:
        raise ValueError("roll at least one die")
    one = {result: Fraction(0) for result in PanicResult}
    for face, chance in d10_distribution().items():
        one[panic_result(face, modifier)] += chance
    if choose_from == 1:
        return one
    return keep_better(one, PanicResult, choose_from)  # the results, best first


# --- rallying ------------------------------------------------------------------------------------


def rally_cost(actions: int) -> int:
    """ "Rallying": a rally attempt costs half the unit's actions.  The book does not round it;
    the engine rounds up, so that the cost and the actions gained on a success (half, rounded
    down) add up to the unit's actions.

    >>> rally_cost(8), rallied_actions(8), rally_cost(9), rallied_actions(9)
    (4, 4, 5, 4)
    """
    if actions < 0:
        raise ValueError("actions cannot be negative")
    return -(-actions // 2)


def rallied_actions(actions: int) -> int:
    """Per "Rallying": a unit that rallies gains half its normal actions, rounded down, at once
    (it may not charge)."""
    if actions < 0:
        raise ValueError("actions cannot be negative")
    return actions // 2


def retreat_actions(actions: int) -> int:
    """Per "Panic Table" (Retreat), "Prone Panicked Model": a retreating unit moves with half its
    actions, rounded down."""
    if actions < 0:
        raise ValueError("actions cannot be negative")
    return actions // 2


# --- tables --------------------------------------------------------------------------------------


def _rolls_text(rolls: range) -> str:
    return str(rolls.start) if len(rolls) == 1 else f"{rolls.start}-{rolls[-1]}"


@register_table("panic-table")
def panic_table() -> Table:
    """The panic table: D10 result, effect."""
    rows: list[tuple[Cell, ...]] = [
        (_rolls_text(result.rolls), result.label, result.text) for result in PanicResult
    ]
    return Table(
        key="panic-table",
        title=N_("Panic table"),
        columns=(N_("D10"), N_("Result"), N_("Effect")),
        rows=tuple(rows),
        source="Morale > Panic Table",
        notes=(N_("A unit that fails to rally re-rolls on this table, adding +1 to the dice."),),
    )


@register_table("command-modifiers")
def command_modifiers_table() -> Table:
    """The command test modifiers."""
    return Table(
        key="command-modifiers",
        title=N_("Command test modifiers"),
        columns=(N_("Situation"), N_("Modifier")),
        rows=tuple(
            (modifier.label, Signed(modifier.value)) for modifier in command_modifiers().values()
        ),
        source="Morale > Command Test Modifiers",
        notes=(
            N_(
                "A failed command test may be re-rolled at CO+1 if the Army Battle Standard is "
                'not panicked, within 20" and in line of sight.'
            ),
            # The erratum's reading at the row it rules on: the quick reference printed the -1
            # with nothing to say that a fear test takes the fear (X) penalty instead (proof
            # round thirty-one).
            N_(
                "On a fear test, the enemy's fear (X) penalty replaces the -1 for a fear causing "
                "enemy; the other modifiers apply."
            ),
        ),
    )
