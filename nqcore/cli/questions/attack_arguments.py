"""The options of ``nq attack`` (:mod:`nqcore.cli.questions.attack`): the attacker, the target
and the weapon, from numbers or the book's sample profiles."""

from __future__ import annotations

import argparse

from nqcore.cli import args as read
from nqcore.cli.asking import (
    ARMOUR,
    ATTACK_NUMBERS,
    ATTACKING_MODELS,
    HIT_MODIFIER_VALUES,
    PENETRATION,
    RESILIENCE,
    add_modifiers,
)
from nqcore.i18n import N_, P_


def attack_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "numbers",
        type=read.bounded(P_("argument", "SKILL, ST or T"), ATTACK_NUMBERS),
        nargs="*",
        metavar="N",
        help=N_(
            "SKILL ST T: the attacker's CC (RA with a ranged weapon) and strength "
            "(a close combat weapon adds its bonus), the target's toughness; only T "
            "with --attacker, only SKILL ST with --target"
        ),
    )
    p.add_argument(
        "--attacker",
        metavar="PROFILE",
        type=read.name,
        help=N_(
            "a sample profile (such as orc-bruiser): its CC, ST and first close combat "
            "weapon (a shooter's ranged weapon), its extra attack's dice"
        ),
    )
    p.add_argument(
        "--target",
        metavar="PROFILE",
        type=read.name,
        help=N_(
            "a sample profile (such as dwarf): its T, AR and RE; +1 to hit a large "
            "target, -1 if it dodges"
        ),
    )
    p.add_argument(
        "--weapon",
        type=read.name,
        help=N_(
            "an armoury weapon, such as sword or bow: its ST and PM; improvised; or grenade, "
            "the book's (ST 4, thrown 2\" plus the attacker's ST)"
        ),
    )
    p.add_argument(
        "--distance", type=read.distance, help=N_("inches to the target, for a ranged weapon")
    )
    p.add_argument(
        "--models",
        type=read.bounded(P_("argument", "models attacking"), ATTACKING_MODELS),
        default=1,
        help=N_(
            "models making the attack together, 1 to 50: the wounds to expect and the "
            "chance of at least a few numbers of wounds"
        ),
    )
    p.add_argument(
        "--all",
        action="store_true",
        help=N_("with --models, the chance of at least each number of wounds, every one"),
    )
    target_arguments(p)


def target_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--armour", type=ARMOUR, help=N_("the target's armour value (AR), 0 to 10"))
    p.add_argument(
        "--pm",
        type=PENETRATION,
        help=N_("penetration modifier such as -1, -10 to 0 (default: the weapon's)"),
    )
    p.add_argument("--re", type=RESILIENCE, default=0, help=N_("armour resilience, 1 to 3"))
    add_modifiers(p, N_("a close combat (or ranged) modifier's key"))
    p.add_argument(
        "--hit-modifier",
        type=read.bounded(P_("argument", "a to-hit modifier"), HIT_MODIFIER_VALUES),
        default=0,
        help=N_("any other to-hit modifier, -10 to +10"),
    )
    p.add_argument(
        "--ranked", action="store_true", help=N_("the target is ranked or closed, +1 AR")
    )
