"""``nq move`` and ``nq move-cost``: how far a model moves with its actions, and the actions a
move costs through difficult terrain and over barriers."""

from __future__ import annotations

import argparse
from fractions import Fraction

from nqcore.cli import args as read
from nqcore.cli.asking import ACTION_VALUES, BARRIER_VALUES, Question
from nqcore.cli.render import Answer
from nqcore.i18n import N_, P_, Counted
from nqcore.rules.answer_notes import move_cost_notes

_ABILITIES = ("normal", "double-time", "cavalry", "flying")


def _move(args: argparse.Namespace) -> Answer:
    from nqcore.rules.movement import MovementAbility, max_move

    ability = MovementAbility(args.ability)
    return {
        "question": N_("Movement with {actions} AC"),
        "actions": args.actions,
        "ability": ability.label,
        "inches": max_move(args.actions, ability),
    }


def _move_cost(args: argparse.Namespace) -> Answer:
    from nqcore.rules.movement import MovementAbility, move_cost

    ability = MovementAbility(args.ability)
    return {
        "question": N_(
            'Moving {open}" in the open and {difficult}" through difficult terrain, over {barriers}'
        ),
        "open": args.open,
        "difficult": args.difficult,
        "barriers": Counted(args.barriers, N_("{count} barrier"), N_("{count} barriers")),
        "agile": args.agile,
        "ability": ability.label,
        # why the terrain costs nothing, as Agile's line says for barriers (player round 14)
        "flies": ability is MovementAbility.FLYING and bool(args.difficult or args.barriers),
        "actions_needed": move_cost(
            args.open,
            difficult_inches=args.difficult,
            barriers=args.barriers,
            ability=ability,
            agile=args.agile,
        ),
        "notes": move_cost_notes(
            args.open, args.difficult, args.barriers, ability, agile=args.agile
        ),
    }


def _move_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "actions",
        type=read.bounded(P_("argument", "actions"), ACTION_VALUES),
        help=N_("actions (AC) spent moving, 0 to 20"),
    )
    p.add_argument("--ability", default="normal", choices=_ABILITIES, help=N_("movement ability"))


def _move_cost_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "open", type=read.distance, help=N_("inches moved in the open, such as 6 or 2.5")
    )
    p.add_argument(
        "--difficult",
        type=read.distance,
        default=Fraction(0),
        help=N_("inches moved through difficult terrain"),
    )
    p.add_argument(
        "--barriers",
        type=read.bounded(P_("argument", "barriers"), BARRIER_VALUES),
        default=0,
        help=N_("terrain barriers crossed, 0 to 10"),
    )
    p.add_argument("--ability", default="normal", choices=_ABILITIES, help=N_("movement ability"))
    p.add_argument("--agile", action="store_true", help=N_("an agile model: barriers cost nothing"))


QUESTIONS = (
    Question("move", N_("how far a model moves with its actions"), _move, _move_arguments),
    Question(
        "move-cost",
        N_("the actions a move costs, through difficult terrain and over barriers"),
        _move_cost,
        _move_cost_arguments,
    ),
)
