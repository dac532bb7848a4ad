"""Summaries of rules spread over the book: what each action costs and what each roll needs.

The book has no such tables; the quick-reference sheet needs them.  Every number comes from the
engine's constants and functions, so that the summary cannot drift from the rules it sums up.
"""

from __future__ import annotations

from nqcore.i18n import N_
from nqcore.rules.armour import ARMOUR_MODIFIER_FREE_STRENGTH
from nqcore.rules.close_combat import IMPROVISED_USE_COST, MOMENTUM_ACTIONS
from nqcore.rules.damage import BASE_WOUND_TARGET
from nqcore.rules.dice import FUMBLE_ROLL, MASTERFUL_HIT_ROLL, AttackRoll
from nqcore.rules.magic import (
    CANCEL_BONUS,
    CANCEL_USE_COST,
    CONCENTRATION_BONUS,
    CONCENTRATION_COST,
)
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

#: "At most": kept on the line of what follows it ("≤ 6"), a no-break space between them: a
#: line broken after the sign read "models moved ≤" beside the cost 3.
AT_MOST = "≤\u00a0"


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
            Phrase((N_("Reorganise a ranked unit, models moved"), " ", AT_MOST, REORGANISE_MODELS)),
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
        rows=tuple(rows),  # type: ignore[arg-type]  # phrases are cells of the summary
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
                    " (",
                    N_("AM"),
                    " ",
                    Signed(-1),
                    " ",
                    N_("per ST above"),
                    " ",
                    ARMOUR_MODIFIER_FREE_STRENGTH,
                    ")",
                )
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
        rows=tuple(rows),  # type: ignore[arg-type]
        source="Dice; Actions; Armour Saves And Damage; Morale; Magic",
        notes=(
            N_(
                "A natural 10 always fails to hit, to wound and to cast; a natural 1 always wounds."
            ),
        ),
    )
