"""``nq cast`` and ``nq cancel``: the roll needed to cast a spell or cancel one in play."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from nqcore.cli import args as read
from nqcore.cli.asking import INITIATE_VALUES, Question, UsageError
from nqcore.cli.render import Answer
from nqcore.i18n import N_, P_, Msg
from nqcore.rules.answer_notes import Note, chant_notes, concentration_notes
from nqcore.rules.magic import SPELL_LEVELS, WIZARDRY_LEVELS
from nqcore.tables.registry import Chance, Phrase, Signed

if TYPE_CHECKING:
    from nqcore.rules.spells import Spell

_SPELL_LEVEL = read.bounded(P_("argument", "spell level"), SPELL_LEVELS)


def _spell_level(args: argparse.Namespace, card: Spell | None) -> tuple[int, Msg | None]:
    if card is not None:
        return card.level, card.name
    if args.level is None:
        raise UsageError(N_("give a spell level or --spell NAME"))
    return args.level, None


def _card(args: argparse.Namespace) -> Spell | None:
    """The spell named by ``--spell``, if one is."""
    from nqcore.rules.spells import spell

    return spell(args.spell, getattr(args, "lang", None)) if args.spell else None


#: What a spell named costs to cast, and to keep in play where its card gives an upkeep: said
#: beside the chance, so that a player casting Fog learns there what keeps it (the card's
#: figure, where the Spell List prints another: an erratum).
CAST_COST = N_("{spell}: {cost} AC to cast (its use cost, UC).")
CAST_AND_UPKEEP = N_(
    "{spell}: {cost} AC to cast (its use cost, UC); to keep it in play, {upkeep} AC in the "
    "Wizard's activation of each later turn, within the spell's cast range, one spell an "
    "activation (Upkeep)."
)


def cost_notes(card: Spell) -> list[Note]:
    """The note on what ``card`` costs, linked to the erratum of its upkeep where there is one.

    >>> from nqcore.rules.spells import spell
    >>> [(note.values["upkeep"], note.reading) for note in cost_notes(spell("fog"))]
    [(6, 'spell-list-fog-upkeep')]
    """
    values: dict[str, int | Phrase] = {"spell": Phrase((card.name,)), "cost": card.use_cost}
    if card.upkeep is None:
        return [Note(CAST_COST, values)]
    return [Note(CAST_AND_UPKEEP, values | {"upkeep": card.upkeep}, _upkeep_erratum(card))]


def _upkeep_erratum(card: Spell) -> str:
    """The id of the erratum on ``card``'s upkeep (the Spell List's cell), or ""."""
    from nqcore.book.errata import all_errata

    for erratum in all_errata():
        cells = [cell for cell in erratum.cells if cell.column == "Upkeep"]
        if f"spell-{card.key}" in erratum.sections and cells:
            return erratum.id
    return ""


def _cast(args: argparse.Namespace) -> Answer:
    from nqcore.rules.magic import cast_chance, casting_target

    card = _card(args)
    level, name = _spell_level(args, card)
    kwargs = {"concentrating": args.concentrate, "chanting_initiates": args.chant}
    target = casting_target(level, args.wizardry, **kwargs)
    return {
        "question": N_("Casting a level {level} spell at wizardry level {wizardry}"),
        "spell": name,
        "level": level,
        "wizardry": args.wizardry,
        "concentrating": args.concentrate,
        "chanting_initiates": args.chant,
        "target": target,
        "chance": Chance(cast_chance(level, args.wizardry, **kwargs)),
        "notes": ([] if card is None else cost_notes(card))
        + chant_notes(args.chant or 0)
        + _concentrating(
            args,
            lambda concentrating: cast_chance(
                level, args.wizardry, concentrating=concentrating, chanting_initiates=args.chant
            ),
        ),
    }


def _concentrating(args: argparse.Namespace, chance: Callable[[bool], Fraction]) -> list[Note]:
    """Whether concentrating buys anything on this roll (said only when it does not)."""
    return concentration_notes(chance) if args.concentrate else []


def _cancel(args: argparse.Namespace) -> Answer:
    from nqcore.rules.magic import CANCEL_BONUS, CANCEL_USE_COST, cancel_chance, cancelling_target

    level, name = _spell_level(args, _card(args))
    return {
        "question": N_("Cancelling a level {level} spell in play ({cost} AC)"),
        "spell": name,
        "level": level,
        "cost": CANCEL_USE_COST,
        # "the magic user does get a +1 cancelling bonus" (Cancelling A Spell In Play): said
        # among the modifiers, so that the roll needed reads as the spell level +1
        "modifiers": [
            {
                "key": "cancelling-bonus",
                "label": N_("Cancelling bonus"),
                "value": Signed(CANCEL_BONUS),
            }
        ],
        "concentrating": args.concentrate,
        "target": cancelling_target(level, concentrating=args.concentrate),
        "chance": Chance(cancel_chance(level, concentrating=args.concentrate)),
        "notes": _concentrating(
            args, lambda concentrating: cancel_chance(level, concentrating=concentrating)
        ),
    }


def _cast_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("level", type=_SPELL_LEVEL, nargs="?", help=N_("spell level, 1 to 8"))
    p.add_argument("--spell", type=read.name, help=N_("a spell by name instead of a level"))
    p.add_argument(
        "--wizardry",
        type=read.bounded(P_("argument", "wizardry level"), WIZARDRY_LEVELS),
        default=0,
        help=N_("wizardry level, 0 to 4"),
    )
    p.add_argument("--concentrate", action="store_true", help=N_("spend 1 AC for +1"))
    p.add_argument(
        "--chant",
        type=read.bounded(P_("argument", "chanting initiates"), INITIATE_VALUES),
        default=0,
        help=N_("initiates taking part in a spell chant, 0 to 100"),
    )


def _cancel_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "level", type=_SPELL_LEVEL, nargs="?", help=N_("level of the spell in play, 1 to 8")
    )
    p.add_argument(
        "--spell", type=read.name, help=N_("the spell in play by name instead of a level")
    )
    p.add_argument("--concentrate", action="store_true", help=N_("spend 1 AC for +1"))


QUESTIONS = (
    Question("cast", N_("the roll needed to cast a spell, and its chance"), _cast, _cast_arguments),
    Question("cancel", N_("the roll needed to cancel a spell in play"), _cancel, _cancel_arguments),
)
