"""Summaries of rules spread over the book: what each action costs and what each roll needs.

The book has no such tables; the quick-reference sheet needs them.  Every number comes from the
engine's constants and functions, so that the summary cannot drift from the rules it sums up.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from nqcore.i18n import N_, Msg
from nqcore.rules.armour import ARMOUR_MODIFIER_FREE_STRENGTH, RANKED_ARMOUR_BONUS, save_chance
from nqcore.rules.close_combat import IMPROVISED_USE_COST, MOMENTUM_ACTIONS
from nqcore.rules.damage import BASE_WOUND_TARGET, wound_chance
from nqcore.rules.dice import FUMBLE_ROLL, MASTERFUL_HIT_ROLL, AttackRoll, hit_chance
from nqcore.rules.magic import (
    CANCEL_BONUS,
    CANCEL_USE_COST,
    CONCENTRATION_BONUS,
    CONCENTRATION_COST,
    SPELL_LEVELS,
    WIZARDRY_LEVELS,
    cancel_chance,
    cast_chance,
)
from nqcore.rules.morale import command_chance
from nqcore.rules.movement import (
    BARRIER_ACTIONS,
    REORGANISE_ACTIONS,
    REORGANISE_MODELS,
    STAND_UP_ACTIONS,
    move_cost,
)
from nqcore.rules.ranged import AIM_ACTIONS, ranged_modifiers
from nqcore.rules.template_attacks import PARTIAL_COVER_HIT
from nqcore.tables.registry import Cell, Phrase, Signed, Table, register_table

#: Far above any target the game can reach: a roll against it fails only on a natural roll.
_BEYOND_ANY_TARGET = 20
#: The rolls of the Rolls needed summary, each with its best chance under the engine's rules (the
#: highest target the rules allow): a natural 10 fails exactly those whose best chance is short
#: of certain, so that the summary names what the rules do, the rulings of the errata included
#: (a natural 10 rolled to save, to cancel), and nothing they do not (a command test).
NATURAL_TEN_PROBES: tuple[tuple[Msg, Callable[[], Fraction]], ...] = (
    (N_("to hit"), lambda: hit_chance(_BEYOND_ANY_TARGET)),
    (N_("to save"), lambda: save_chance(_BEYOND_ANY_TARGET, 1)),
    (N_("to wound"), lambda: wound_chance(_BEYOND_ANY_TARGET, 1)),
    (N_("to pass a command test"), lambda: command_chance(_BEYOND_ANY_TARGET)),
    (N_("to cast"), lambda: cast_chance(max(SPELL_LEVELS), max(WIZARDRY_LEVELS))),
    (N_("to cancel a spell"), lambda: cancel_chance(max(SPELL_LEVELS), concentrating=True)),
)


def natural_ten_fails() -> tuple[Msg, ...]:
    """The rolls that a natural 10 always fails, by the engine's own chances."""
    return tuple(roll for roll, best in NATURAL_TEN_PROBES if best() < 1)


def _natural_ten_row() -> tuple[Msg, Phrase]:
    """ "Natural 10 | always fails to hit, to save, ... and to cancel a spell"."""
    rolls = natural_ten_fails()
    parts: list[Msg | str] = [N_("always fails"), " "]
    for index, roll in enumerate(rolls):
        if index:
            parts += [" ", N_("and"), " "] if index == len(rolls) - 1 else [", "]
        parts.append(roll)
    return N_("Natural 10"), Phrase(parts)


#: "At most": kept on the line of what follows it ("≤ 6"), a no-break space between them: a
#: line broken after the sign read "models moved ≤" beside the cost 3.
AT_MOST = "≤\u00a0"
#: Between a row's words and its "≤ 6": a no-break space too, so that the bound stays with the
#: words it bounds ("models moved ≤ 6"); the sheets broke before it, "≤ 6" alone on a line.
BEFORE_BOUND = "\u00a0"


@register_table("action-costs")
def action_costs_table() -> Table:
    """The actions (AC) each action of a model's activation costs ("Actions", "Close Combat",
    "Ranged Combat", "Support Weapons", "Morale", "Hold Actions", "Magic")."""
    aim = ranged_modifiers()["aiming"].value
    weapon_uc = N_("UC of the weapon")
    rows: list[tuple[Cell | Phrase, ...]] = [
        (N_('Move 1"'), move_cost(1)),
        (N_('Move 1" through difficult terrain'), move_cost(0, difficult_inches=1)),
        (N_("Cross a terrain barrier"), Signed(BARRIER_ACTIONS)),
        (N_("Stand up from prone"), STAND_UP_ACTIONS),
        (
            Phrase(
                (
                    N_("Reorganise a ranked unit, models moved"),
                    BEFORE_BOUND,
                    AT_MOST,
                    REORGANISE_MODELS,
                )
            ),
            REORGANISE_ACTIONS,
        ),
        (N_("Form a ranked or closed formation"), N_("all")),
        (N_("Go on hold"), N_("all")),
        (
            N_("Close combat attack"),
            Phrase((weapon_uc, " (", N_("improvised"), ": ", IMPROVISED_USE_COST, ")")),
        ),
        (
            N_("Momentum (charge as the first action, contact made)"),
            Phrase((Signed(MOMENTUM_ACTIONS), " ", N_("for close combat"))),
        ),
        (N_("Ranged attack"), weapon_uc),
        (Phrase((N_("Aim"), " (", N_("RA"), Signed(aim), ")")), Signed(AIM_ACTIONS)),
        (N_("Throw a grenade"), N_("ST of the grenade")),
        (N_("Load, then fire, a support weapon"), N_("half the UC, rounded up, each")),
        (N_("Rally (first action)"), N_("half the actions, rounded up")),
        (N_("Flee from a charge"), N_("up to half the actions, rounded down")),
        (N_("Cast a spell"), N_("UC of the spell")),
        (
            Phrase((N_("Concentrate (once)"), ": ", Signed(CONCENTRATION_BONUS))),
            CONCENTRATION_COST,  # an action spent, not a modifier: "1", not "+1"
        ),
        (N_("Upkeep a spell"), N_("upkeep of the spell")),
        (N_("Cancel a spell in play"), CANCEL_USE_COST),
    ]
    return Table(
        key="action-costs",
        title=N_("Action costs"),
        columns=(N_("Action"), N_("Actions (AC)")),
        rows=tuple(rows),
        source="Actions; Close Combat; Ranged Combat; Support Weapons; Morale; Magic",
    )


def _attack_rolls() -> list[tuple[Cell | Phrase, ...]]:
    """The rolls of an attack: to hit, its masterful hits and fumbles, the save, the wound."""
    modifiers = N_("modifiers")
    return [
        (N_("Hit in close combat"), Phrase((AT_MOST, N_("CC"), " + ", modifiers))),
        (
            N_("Hit with a ranged attack"),
            Phrase((AT_MOST, N_("RA"), " + ", N_("range modifier"), " + ", modifiers)),
        ),
        (
            AttackRoll.MASTERFUL_HIT.label,
            Phrase((N_("natural"), " ", MASTERFUL_HIT_ROLL, ": ", N_("no armour save"))),
        ),
        (
            AttackRoll.FUMBLE.label,
            Phrase((N_("natural"), " ", FUMBLE_ROLL, ": ", N_("the remaining attacks are lost"))),
        ),
        (
            N_("Armour save"),
            Phrase(
                (
                    AT_MOST,
                    N_("AR"),
                    " + ",
                    N_("AM"),
                    " + ",
                    N_("PM"),
                    " + ",
                    N_("RE"),
                    " (",
                    N_("AM"),
                    " ",
                    Signed(-1),
                    " ",
                    N_("per ST above"),
                    " ",
                    ARMOUR_MODIFIER_FREE_STRENGTH,
                    "; ",
                    N_("RE only cancels AM and PM"),
                    ")",
                )
            ),
        ),
        (
            N_("Ranked or closed unit"),
            Phrase(
                (Signed(RANKED_ARMOUR_BONUS), " ", N_("to the armour save, if AR is 1 or more"))
            ),
        ),
        (
            N_("Wound"),
            Phrase((AT_MOST, BASE_WOUND_TARGET, " + ", N_("ST"), " \u2212 ", N_("T"))),
        ),
        (
            N_("Template, model partially covered"),
            Phrase((AT_MOST, PARTIAL_COVER_HIT)),
        ),
    ]


def _other_rolls() -> list[tuple[Cell | Phrase, ...]]:
    """The rolls of the other tests: command, casting, cancelling and resisting a spell."""
    modifiers = N_("modifiers")
    return [
        (N_("Command test"), Phrase((AT_MOST, N_("CO"), " + ", modifiers))),
        (
            N_("Cast a spell"),
            Phrase((AT_MOST, N_("spell level"), " + ", N_("wizardry level"))),
        ),
        (
            N_("Cancel a spell in play"),
            Phrase((AT_MOST, N_("spell level"), " ", Signed(CANCEL_BONUS))),
        ),
        (N_("Resist a spell"), Phrase((AT_MOST, N_("ST, T or CO, as the card says")))),
        _natural_ten_row(),
    ]


@register_table("rolls-needed")
def rolls_needed_table() -> Table:
    """What a D10 must show for each test ("Dice", "Masterful Hit", "Fumbles", "Armour
    Modifier", "Damage", "Command Test Modifiers", "Casting A Spell", "Cancelling A Spell")."""
    rows = [*_attack_rolls(), *_other_rolls()]
    return Table(
        key="rolls-needed",
        title=N_("Rolls needed"),
        columns=(N_("Test"), N_("D10 roll")),
        rows=tuple(rows),
        source="Dice; Actions; Armour Saves And Damage; Morale; Magic",
        notes=(N_("A natural 1 always wounds."),),
    )
