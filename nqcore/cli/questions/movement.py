"""``nq move``, ``nq move-cost`` and ``nq charge``: how far a model moves with its actions, the
actions a move costs through difficult terrain and over barriers, and what a charge leaves for
close combat with its momentum attack."""

from __future__ import annotations

import argparse
from fractions import Fraction

from nqcore.cli import args as read
from nqcore.cli.asking import ACTION_VALUES, BARRIER_VALUES, USE_COST_VALUES, Question
from nqcore.cli.render import Answer
from nqcore.i18n import N_, P_, Counted, Refusal
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


#: "When a model or unit moves into base to base contact with an enemy ... the model is
#: considered to have charged" (Charges): no charge without a move.
NO_CHARGE = N_(
    "a charge moves the model into contact with the enemy: give the distance to the target, "
    'more than 0"'
)


def _charge(args: argparse.Namespace) -> Answer:
    """ "Momentum Attack": the charge's move costs its actions; a charge that is the model's
    first action and reaches its target adds 3 actions, for close combat only; the attacks those
    actions make with the weapon, at base strength (UC3), or the weapon's then base strength's."""
    from nqcore.rules.close_combat import IMPROVISED_USE_COST, attacks_possible, momentum_actions
    from nqcore.rules.movement import MovementAbility, move_cost

    if args.distance == 0:  # "moves into base to base contact": a model in contact cannot
        raise Refusal(NO_CHARGE).about("distance")
    ability = MovementAbility(args.ability)
    cost = move_cost(args.distance, ability=ability)
    answer: Answer = {
        "question": N_('Charging {distance}" with {actions} AC'),
        "distance": args.distance,
        "actions": args.actions,
        "ability": ability.label,
        "actions_needed": cost,
    }
    if cost > args.actions:
        return {**answer, "charge": {"short_by": cost - args.actions}}
    momentum = momentum_actions(charge_was_first_action=not args.not_first, made_contact=True)
    total = args.actions - cost + momentum
    attacks = attacks_possible(total, args.use_cost)
    left = total - attacks * args.use_cost  # after the weapon's attacks
    return {
        **answer,
        "charge": {
            "left": args.actions - cost,
            "momentum": momentum,
            "close_combat_actions": total,
            "use_cost": args.use_cost,
            "attacks": attacks,
            "base_attacks": attacks_possible(total, IMPROVISED_USE_COST),
            # "one attack with a UC4 sword ... and then an improvised UC3 attack" (Close
            # Combat): what the actions left after the weapon's attacks make at base strength
            "left_after_weapon": left,
            "then_base_attacks": attacks_possible(left, IMPROVISED_USE_COST),
        },
    }


def _ability_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ability", default="normal", choices=_ABILITIES, help=N_("movement ability"))


def _charge_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "actions",
        type=read.bounded(P_("argument", "actions"), ACTION_VALUES),
        help=N_("actions (AC) the model has, 0 to 20"),
    )
    p.add_argument(
        "distance", type=read.distance, help=N_("inches to the target, such as 7 or 6.5")
    )
    p.add_argument(
        "--use-cost",
        type=read.bounded(P_("argument", "use cost"), USE_COST_VALUES),
        default=3,
        help=N_("use cost (UC) of the weapon, 3 to 20 (3: base strength)"),
    )
    _ability_argument(p)
    p.add_argument(
        "--not-first",
        action="store_true",
        help=N_("the model did something else before charging: no momentum attack"),
    )


def _move_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "actions",
        type=read.bounded(P_("argument", "actions"), ACTION_VALUES),
        help=N_("actions (AC) spent moving, 0 to 20"),
    )
    _ability_argument(p)


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
    _ability_argument(p)
    p.add_argument("--agile", action="store_true", help=N_("an agile model: barriers cost nothing"))


QUESTIONS = (
    Question("move", N_("how far a model moves with its actions"), _move, _move_arguments),
    Question(
        "move-cost",
        N_("the actions a move costs, through difficult terrain and over barriers"),
        _move_cost,
        _move_cost_arguments,
    ),
    Question(
        "charge",
        N_("what a charge leaves for close combat, with its momentum attack"),
        _charge,
        _charge_arguments,
    ),
)
