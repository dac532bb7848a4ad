"""What every question of ``nq`` shares: the values it may ask about, its refusal (one line, exit
status 2), the check of a number against its range, the named modifiers, and :class:`Question`,
one subcommand as the command line lists it (:mod:`nqcore.cli.parser`).  The questions themselves,
each beside its arguments, are the modules of :mod:`nqcore.cli.questions`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from nqcore.cli import args as read
from nqcore.cli.render import Answer
from nqcore.i18n import N_, Msg, Refusal, Typed
from nqcore.tables.registry import Signed

#: What a question may ask about: values a D10 test can be made against, and attack strengths
#: (a model's ST 1 to 9 with a weapon's bonus, or a support weapon's own ST).
SKILL_VALUES = range(1, 11)


STRENGTH_VALUES = range(1, 13)


ARMOUR_VALUES = range(0, 11)


RESILIENCE_VALUES = range(0, 4)


#: Modifiers a question may give: armour penetration (0 or worse), to hit (fear (X): the Fear
#: ability's levels, :func:`nqcore.rules.morale.fear_levels`).
PENETRATION_VALUES = range(-10, 1)


HIT_MODIFIER_VALUES = range(-10, 11)


#: Counts: initiates in a chant (the bonus stops at +3), models of a unit, actions spent moving.
INITIATE_VALUES = range(0, 101)


UNIT_SIZES = range(1, 1001)


CASUALTY_VALUES = range(0, 1001)


ACTION_VALUES = range(0, 21)


#: A close combat weapon's use cost (UC): 3 at base strength, plus its strength bonus.
USE_COST_VALUES = range(3, 21)


#: Models making one whole attack together (``nq attack --models``): each rolls its own dice.
ATTACKING_MODELS = range(1, 51)


#: Terrain barriers crossed in one move.
BARRIER_VALUES = range(0, 11)


#: The numbers SKILL ST T of `nq attack`: their meaning depends on the options, so each is
#: checked against its own range once the options are known.
ATTACK_NUMBERS = range(0, 100)


class UsageError(Refusal):
    """A mistake in the question: reported on one line, exit status 2."""


def check(name: Msg, value: int, allowed: range) -> int:
    if value not in allowed:
        raise UsageError(read.out_of_range(name, allowed, value))
    return value


#: The refusal of a modifier's key that the question's table lacks.
_UNKNOWN_MODIFIER = {
    "close combat": N_("unknown close combat modifier {name}; known: {known}"),
    "ranged": N_("unknown ranged modifier {name}; known: {known}"),
    "command": N_("unknown command modifier {name}; known: {known}"),
}


def modifier_list(keys: Sequence[str], kind: str) -> list[dict[str, Any]]:
    """The named modifiers of a question, with their labels and values (unknown keys: error)."""
    if kind == "close combat":
        from nqcore.rules.close_combat import close_combat_modifiers as known
    elif kind == "ranged":
        from nqcore.rules.ranged import ranged_modifiers as known
    else:
        from nqcore.rules.morale import command_modifiers as known
    table = known()
    listed = []
    for key in dict.fromkeys(keys):
        if key not in table:
            raise UsageError(_UNKNOWN_MODIFIER[kind], name=Typed(key), known=list(table))
        listed.append({"key": key, "label": table[key].label, "value": Signed(table[key].value)})
    return listed


#: The argument readers several questions share (argparse's ``type=``).
ARMOUR = read.bounded(N_("AR"), ARMOUR_VALUES)
STRENGTH = read.bounded(N_("ST"), STRENGTH_VALUES)
PENETRATION = read.bounded(N_("PM"), PENETRATION_VALUES)
RESILIENCE = read.bounded(N_("RE"), RESILIENCE_VALUES)


def add_modifiers(parser: argparse.ArgumentParser, help_text: str) -> None:
    """The ``--mod KEY`` option, repeated for each named modifier of the question."""
    parser.add_argument(
        "--mod", action="append", default=[], metavar="KEY", type=read.name, help=help_text
    )


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """A question asked by its name alone (``nq errata``)."""


@dataclass(frozen=True)
class Question:
    """One subcommand of ``nq``: its name, what it answers (its help line), the function that
    answers it and the one that adds its arguments to its parser."""

    name: str
    help: str
    answer: Callable[[argparse.Namespace], Answer]
    arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
