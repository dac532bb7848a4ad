"""``nq command`` and ``nq morale``: a command test's target and chance, and the turns whose
casualties call for one."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from nqcore.cli import args as read
from nqcore.cli.asking import (
    CASUALTY_VALUES,
    SKILL_VALUES,
    UNIT_SIZES,
    Question,
    add_modifiers,
    modifier_list,
)
from nqcore.cli.render import Answer
from nqcore.i18n import N_, P_, Counted
from nqcore.rules.answer_notes import (
    BATTLE_STANDARD,
    FEAR_TEST_REROLLED,
    GREAT_LEADER,
    ONE_REROLL,
    Note,
    command_notes,
    inspiring_leadership_notes,
    reroll_notes,
)
from nqcore.tables.registry import Chance, Signed


def _command(args: argparse.Namespace) -> Answer:
    from nqcore.rules.morale import BATTLE_STANDARD_REROLL_BONUS, command_chance, command_target

    target = command_target(args.co, args.mod, fear=args.fear)
    inspired = args.inspiring_leadership

    def chance(**reroll: bool) -> Fraction:
        return command_chance(
            args.co, args.mod, fear=args.fear, inspiring_leadership=inspired, **reroll
        )

    answer = {
        "question": N_("Command test at CO {co}"),
        "co": args.co,
        "modifiers": modifier_list(args.mod, "command"),
        "fear": args.fear,
        "battle_standard": args.battle_standard,
        "great_leader": args.great_leader,
        "inspiring_leadership": inspired,
        "target": target,
        "chance": Chance(
            chance(battle_standard=args.battle_standard, great_leader=args.great_leader)
        ),
        # one place in every answer, before the re-roll's figures: the answer tables of the
        # page keep one order of keys for all the answers of a calculator
        "notes": command_notes(target),
    }
    if inspired:  # each roll 2D10, one kept
        one_die = command_chance(args.co, args.mod, fear=args.fear)
        answer["notes"] += inspiring_leadership_notes(one_die, chance())
    if args.battle_standard or args.great_leader:  # the first roll, then the re-roll
        by = BATTLE_STANDARD if args.battle_standard else GREAT_LEADER
        again = target + BATTLE_STANDARD_REROLL_BONUS if args.battle_standard else target
        answer["roll"] = Chance(chance())
        answer["reroll"] = {
            "by": by,
            "target": again,
            "chance": Chance(command_chance(again, inspiring_leadership=inspired)),
        }
        answer["notes"] += reroll_notes(by, answer["roll"], answer["chance"])
        if args.battle_standard and args.great_leader and answer["roll"] < 1:  # else no re-roll
            answer["notes"] += [Note(ONE_REROLL, reading="great-leader-with-battle-standard")]
        elif args.great_leader and args.fear is not None and answer["roll"] < 1:
            answer["notes"] += [Note(FEAR_TEST_REROLLED, reading="great-leader-which-tests")]
    return answer


def _morale(args: argparse.Namespace) -> Answer:
    from nqcore.rules.morale import HALF_STARTING_NUMBER, command_test_triggers

    tests = command_test_triggers(args.starting, args.casualties)
    answer = {
        "question": N_("Command tests for a unit of {starting} losing {losses} over the turns"),
        # said with its noun in the reader's plural form ("a unit of 1 model", « 1 figurine »)
        "starting": Counted(
            args.starting, P_("army", "{count} model"), P_("army", "{count} models")
        ),
        "losses": ", ".join(str(c) for c in args.casualties),  # "3, 4, 2": one number each
        "tests": [
            {
                "turn": t.turn,
                "at_start_of_turn": t.at_start_of_turn,
                "casualties": t.casualties,
                "reason": t.reason,
                # the first test's figures: the losses of the game so far (the book's "lost 50 %
                # of its starting number"), not the turn's
                **(
                    {"lost_in_total": sum(args.casualties[: t.turn])}
                    if t.reason == HALF_STARTING_NUMBER
                    else {}
                ),
            }
            for t in tests
        ],
    }
    return answer | _destroyed(args.starting, args.casualties)


def _destroyed(starting: int, casualties: list[int]) -> dict[str, Any]:
    """The turn the unit is wiped out in, if it is, and the casualties typed for the turns after
    it, which are not counted."""
    from nqcore.rules.morale import destroyed_in

    found = destroyed_in(starting, casualties)
    if found is None:
        return {}
    return {
        "destroyed": {
            "turn": found.turn,
            "at_start_of_turn": found.at_start_of_turn,
            "casualties": found.casualties,
        },
        "not_counted": sum(casualties[found.turn :]),
    }


#: The panic table's modifiers a question may give: each option's name and its label.
_PANIC_MODIFIERS = (
    ("failed_rally", N_("Re-roll after a failed rally")),
    ("infamous_fighters", N_("Fighting Infamous Fighters")),
)


def _panic(args: argparse.Namespace) -> Answer:
    """The chance of each result of the panic table (Morale > "Panic Table")."""
    from nqcore.rules import morale

    values = {
        "failed_rally": morale.FAILED_RALLY_PANIC_MODIFIER,
        "infamous_fighters": morale.INFAMOUS_FIGHTERS_PANIC_MODIFIER,
    }
    modifiers: list[dict[str, Any]] = [
        {"key": key.replace("_", "-"), "label": label, "value": Signed(values[key])}
        for key, label in _PANIC_MODIFIERS
        if getattr(args, key)
    ]
    modifier = sum(values[key] for key, _label in _PANIC_MODIFIERS if getattr(args, key))
    dice = 2 if args.inspiring_leadership else 1
    found = morale.panic_distribution(modifier, choose_from=dice)
    return {
        "question": N_("Panic table roll: 2D10, choose one")
        if dice == 2
        else N_("Panic table roll: D10"),
        "modifiers": modifiers,
        "modifier": Signed(modifier),
        "dice": dice,
        "results": [
            {
                "key": result.value,
                "result": result.label,
                "rolls": _rolls(result.rolls),
                "chance": Chance(chance),
            }
            for result, chance in found.items()
        ],
    }


def _rolls(rolls: range) -> str:
    """The rolls of a result of the table: "1", "2–7"."""
    return str(rolls.start) if len(rolls) == 1 else f"{rolls.start}–{rolls[-1]}"


def _panic_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--failed-rally", action="store_true", help=N_("the re-roll of a failed rally, at +1")
    )
    p.add_argument(
        "--infamous-fighters",
        action="store_true",
        help=N_("the unit fights an enemy with Infamous Fighters: +1"),
    )
    _inspiring_argument(p)


def _inspiring_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--inspiring-leadership",
        action="store_true",
        help=N_("led by a model with Inspiring Leadership: roll 2D10, choose one"),
    )


def _command_arguments(p: argparse.ArgumentParser) -> None:
    from nqcore.rules.morale import fear_levels

    p.add_argument(
        "co",
        type=read.bounded(N_("CO"), SKILL_VALUES),
        help=N_("the unit's command value (CO), 1 to 10"),
    )
    add_modifiers(p, N_("a command modifier's key, such as banner (repeat for more)"))
    p.add_argument(
        "--fear",
        type=read.bounded(P_("argument", "a fear level"), fear_levels()),
        default=None,
        help=N_("a fear test, against a fear (X) enemy: X, its Fear ability's level"),
    )
    p.add_argument(
        "--battle-standard", action="store_true", help=N_("re-roll a failed test at CO+1")
    )
    p.add_argument(
        "--great-leader",
        action="store_true",
        help=N_("a Great Leader in sight: re-roll a failed test"),
    )
    _inspiring_argument(p)


def _morale_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "starting",
        type=read.bounded(P_("argument", "a unit's starting number"), UNIT_SIZES),
        help=N_("models (or wounds) at the start of the game, 1 to 1000"),
    )
    p.add_argument(
        "casualties",
        type=read.bounded(P_("argument", "casualties in a turn"), CASUALTY_VALUES),
        nargs="+",
        help=N_("casualties in each game turn"),
    )


QUESTIONS = (
    Question("command", N_("the command test target and chance"), _command, _command_arguments),
    Question("morale", N_("which turns trigger a command test"), _morale, _morale_arguments),
    Question("panic", N_("the chance of each result of the panic table"), _panic, _panic_arguments),
)
