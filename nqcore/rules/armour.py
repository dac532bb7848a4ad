"""Armour saves: armour modifier, penetration, resilience, ranked bonus and the lucky save.

Book chapter "Armour Saves" (p. 28): "Armour Modifier", "Penetration Modifier", "Optional Rule:
The Lucky Save", "Armour Resilience"; with "Masterful Hit" (Actions).  A model saves by rolling
equal to or under its armour (AR) value after the attack's modifiers.
"""

from __future__ import annotations

from fractions import Fraction

from nqcore.i18n import N_, Msg
from nqcore.rules.dice import D5_FACES, d10_chance, d10_succeeds
from nqcore.tables.registry import Cell, Chance, Signed, Table, register_table

#: "Armour Modifier": each point of strength above 4 lowers the target's armour by 1.
ARMOUR_MODIFIER_FREE_STRENGTH = 4
#: "Armour Modifier": models in a ranked or closed unit gain +1 armour.
RANKED_ARMOUR_BONUS = 1
#: "Optional Rule: The Lucky Save": a natural 1 always saves a model that has some armour.
LUCKY_SAVE_ROLL = 1


def armour_modifier(strength: int) -> int:
    """Per "Armour Modifier": -1 for each point of the attack's strength above 4.

    >>> [armour_modifier(st) for st in (3, 4, 5, 6, 7)]
    [0, 0, -1, -2, -3]
    """
    if strength < 0:
        raise ValueError("a strength cannot be negative")
    return -max(0, strength - ARMOUR_MODIFIER_FREE_STRENGTH)


def total_penetration(armour_mod: int, penetration: int = 0, resilience: int = 0) -> int:
    """The attack's total penetration: AM plus PM ("Penetration Modifier"), each point of the
    armour's resilience (RE) cancelling one point of it, never beyond 0 ("Armour Resilience").

    The 2007 book prints resilience with either sign ("RE of +1", the runes' "RE -1"): the engine
    takes its size and writes it RE +1 (erratum resilience-sign).

    >>> total_penetration(-1, -1)  # ST 5 with PM -1: "adjusted by -2 in total"
    -2
    >>> total_penetration(-2, 0, 1)  # AM -2 against RE +1: "from -2 to -1"
    -1
    >>> total_penetration(-1, 0, 3)
    0
    """
    if armour_mod > 0 or penetration > 0:
        raise ValueError("armour and penetration modifiers are 0 or negative")
    return min(0, armour_mod + penetration + abs(resilience))


def save_modifiers(
    armour: int,
    strength: int,
    *,
    penetration: int = 0,
    resilience: int = 0,
    ranked: bool = False,
) -> list[tuple[str, int]]:
    """What takes AR to the save's target, in the book's order, each with the value it adds:
    ``am`` (the strength's armour modifier, "Armour Modifier"), ``pm`` ("Penetration
    Modifier"), ``re`` (the penetration the armour's resilience cancels, "Armour Resilience")
    and ``ranked`` (+1); one that adds nothing is left out.  AR plus their sum is
    :func:`save_target`.

    >>> save_modifiers(3, 6, resilience=1)
    [('am', -2), ('re', 1)]
    >>> save_modifiers(3, 4, resilience=3)  # nothing to cancel
    []
    """
    am = armour_modifier(strength)
    cancelled = total_penetration(am, penetration, resilience) - (am + penetration)
    terms = (
        ("am", am),
        ("pm", penetration),
        ("re", cancelled),
        ("ranked", RANKED_ARMOUR_BONUS if ranked else 0),
    )
    return [(key, value) for key, value in terms if value]


def save_target(
    armour: int,
    strength: int,
    *,
    penetration: int = 0,
    resilience: int = 0,
    ranked: bool = False,
    modifier: int = 0,
    armour_mod: int | None = None,
) -> int | None:
    """The number the target must roll equal to or under to save, ``None`` when it has no save.

    "Armour Modifier": AR plus the total penetration (see :func:`total_penetration`); +1 in a
    ranked or closed unit; ``modifier`` adds anything else (a shield spell, the -1 of a
    voluntary retreat or of a fumbled parry).  A model with armour 0 has no save at all: the
    ranked bonus improves armour a model has, it does not give armour to one that has none.
    ``armour_mod`` overrides the armour modifier worked out from ``strength``.

    >>> save_target(3, 6, resilience=1)  # the Armour Resilience example
    2
    """
    if armour < 0:
        raise ValueError("an armour value cannot be negative")
    if armour == 0:
        return None
    am = armour_modifier(strength) if armour_mod is None else armour_mod
    bonus = RANKED_ARMOUR_BONUS if ranked else 0
    return armour + bonus + modifier + total_penetration(am, penetration, resilience)


def save_succeeds(natural: int, target: int | None, *, lucky_save: bool = False) -> bool:
    """Whether a natural D10 saves against ``target`` (``None``: no save).

    A natural 10 always fails (the book says so of saves under Abilities > "Masters Of Combat");
    with the optional lucky save a natural 1 always saves a model that has some armour, even when
    its modified armour is 0 or less.
    """
    if target is None:
        return False
    return d10_succeeds(natural, target, ten_fails=True, one_succeeds=lucky_save)


def masters_of_combat_target(target: int | None, score: int) -> int | None:
    """Abilities > "Masters Of Combat": once per game, announced at the beginning of an enemy
    attack, the unit's armour save is increased by the D5 ``score`` it rolled at the beginning of
    the game (a natural 10 still fails: :func:`save_succeeds`); no armour stays no save.

    >>> masters_of_combat_target(4, 4)  # John's Elves: a save of 4 becomes 8
    8
    """
    if score not in D5_FACES:
        raise ValueError(f"a D5 shows 1 to 5, not {score}")
    return None if target is None else target + score


def save_chance(
    armour: int,
    strength: int,
    *,
    penetration: int = 0,
    resilience: int = 0,
    ranked: bool = False,
    modifier: int = 0,
    armour_mod: int | None = None,
    lucky_save: bool = False,
    masterful_hit: bool = False,
    special_armour: bool = False,
) -> Fraction:
    """Exact chance that one hit is saved ("Armour Saves").

    A masterful hit allows no save unless the target has special armour or the "always saves"
    rule (``special_armour``).

    >>> save_chance(2, 6, lucky_save=True)  # the Lucky Save example: armour reduced to 0
    Fraction(1, 10)
    >>> save_chance(4, 4, masterful_hit=True)
    Fraction(0, 1)
    """
    if masterful_hit and not special_armour:
        return Fraction(0)
    target = save_target(
        armour,
        strength,
        penetration=penetration,
        resilience=resilience,
        ranked=ranked,
        modifier=modifier,
        armour_mod=armour_mod,
    )
    if target is None:
        return Fraction(0)
    return d10_chance(target, ten_fails=True, one_succeeds=lucky_save)


def double_save_chance(single: Fraction) -> Fraction:
    """Weapon Special Rules > "Save (x2)": the target must pass two saves; one failure lets the
    damage through.

    >>> double_save_chance(Fraction(1, 2))
    Fraction(1, 4)
    """
    return single * single


#: Table range: attacks of strength 3 to 10 against armour 1 to 10.
TABLE_STRENGTHS = range(3, 11)
TABLE_ARMOUR = range(1, 11)

_STRENGTH_COLUMNS: dict[int, Msg] = {
    3: N_("ST 3"),
    4: N_("ST 4"),
    5: N_("ST 5"),
    6: N_("ST 6"),
    7: N_("ST 7"),
    8: N_("ST 8"),
    9: N_("ST 9"),
    10: N_("ST 10"),
}


def _modifier(value: int) -> Signed | int:
    """An armour modifier as the book's tables print it: -1, -2 ..., and 0 (not +0)."""
    return Signed(value) if value else 0


@register_table("armour-modifiers")
def armour_modifiers_table() -> Table:
    """Armour modifier by weapon strength ("Armour Modifier")."""
    return Table(
        key="armour-modifiers",
        title=N_("Armour modifier"),
        columns=(N_("Weapon strength"), N_("Armour modifier")),
        rows=tuple((strength, _modifier(armour_modifier(strength))) for strength in range(4, 11)),
        source="Armour Saves > Armour Modifier",
        notes=(N_("Strength 4 or less has no armour modifier."),),
    )


@register_table("chance-to-save")
def chance_to_save_table() -> Table:
    """Chance to save one hit, by armour value and attacking strength (no PM, no other bonus)."""
    rows: list[tuple[Cell, ...]] = [
        (armour, *(Chance(save_chance(armour, st)) for st in TABLE_STRENGTHS))
        for armour in TABLE_ARMOUR
    ]
    return Table(
        key="chance-to-save",
        title=N_("Chance to save"),
        columns=(N_("Armour (AR)"), *(_STRENGTH_COLUMNS[st] for st in TABLE_STRENGTHS)),
        rows=tuple(rows),
        source="Armour Saves > Armour Modifier",
        notes=(
            N_("A natural 10 always fails and a masterful hit allows no save."),
            N_("Models in a ranked or closed unit gain +1 armour."),
        ),
    )
