"""Damage: the roll to wound, the wound table and being knocked prone.

Book chapter "Armour Saves" (pp. 28-29): "Damage", "Wounding The Target", "Being Knocked Prone";
with Support Weapons > "Knocked Prone By Ranged Attacks".
"""

from __future__ import annotations

from fractions import Fraction

from nqcore.i18n import N_, Msg
from nqcore.rules.dice import d10_chance
from nqcore.rules.movement import STAND_UP_ACTIONS as STAND_UP_ACTIONS
from nqcore.tables.registry import Cell, Chance, Table, register_table

#: "Damage": equal strength and toughness wound on a D10 roll of 5 or less.
BASE_WOUND_TARGET = 5
#: "Damage": a natural 1 always wounds, a natural 10 never does: printed targets run from 1 to 9.
LOWEST_WOUND_TARGET = 1
HIGHEST_WOUND_TARGET = 9

#: The wound table's range ("Damage": strength and toughness 1 to 10).
TABLE_VALUES = range(1, 11)


def wound_target(strength: int, toughness: int) -> int:
    """The D10 roll needed to wound, as the book's table prints it ("Damage").

    5 + ST - T, but never above 9 (a natural 10 never wounds) nor below 1 (a natural 1 always
    does).

    >>> wound_target(4, 4), wound_target(7, 3), wound_target(1, 8)
    (5, 9, 1)
    """
    if strength < 0 or toughness < 0:
        raise ValueError("strength and toughness cannot be negative")
    raw = BASE_WOUND_TARGET + strength - toughness
    return max(LOWEST_WOUND_TARGET, min(HIGHEST_WOUND_TARGET, raw))


def wound_chance(strength: int, toughness: int) -> Fraction:
    """Exact chance of wounding with one roll ("Damage").

    >>> wound_chance(4, 4), wound_chance(10, 1), wound_chance(1, 10)
    (Fraction(1, 2), Fraction(9, 10), Fraction(1, 10))
    """
    return d10_chance(wound_target(strength, toughness), ten_fails=True, one_succeeds=True)


def knocked_prone(
    attack_strength: int, target_base_strength: int, *, steadfast: bool = False
) -> bool:
    """Per "Being Knocked Prone", "Knocked Prone By Ranged Attacks": a knock prone weapon knocks a
    model over when the attack's strength is at least the target's base strength (its profile
    ST, without weapon bonus), wounded or not; Abilities > "Steadfast" models never fall.
    Standing up again costs :data:`STAND_UP_ACTIONS` (3) actions.

    >>> knocked_prone(5, 5), knocked_prone(4, 5)
    (True, False)
    """
    if steadfast:
        return False
    return attack_strength >= target_base_strength


_TOUGHNESS_COLUMNS: dict[int, Msg] = {
    1: N_("T 1"),
    2: N_("T 2"),
    3: N_("T 3"),
    4: N_("T 4"),
    5: N_("T 5"),
    6: N_("T 6"),
    7: N_("T 7"),
    8: N_("T 8"),
    9: N_("T 9"),
    10: N_("T 10"),
}


@register_table("wound-table")
def wound_table() -> Table:
    """The D10 roll required to damage the target, strength against toughness ("Damage")."""
    rows: list[tuple[Cell, ...]] = [
        (st, *(wound_target(st, t) for t in TABLE_VALUES)) for st in TABLE_VALUES
    ]
    return Table(
        key="wound-table",
        title=N_("Roll required to wound"),
        columns=(N_("Strength"), *(_TOUGHNESS_COLUMNS[t] for t in TABLE_VALUES)),
        rows=tuple(rows),
        source="Armour Saves > Damage",
        notes=(N_("A D10 roll of 1 always wounds; a roll of 10 never does."),),
    )


@register_table("chance-to-wound")
def chance_to_wound_table() -> Table:
    """Exact chance of wounding, strength against toughness."""
    rows: list[tuple[Cell, ...]] = [
        (st, *(Chance(wound_chance(st, t)) for t in TABLE_VALUES)) for st in TABLE_VALUES
    ]
    return Table(
        key="chance-to-wound",
        title=N_("Chance to wound"),
        columns=(N_("Strength"), *(_TOUGHNESS_COLUMNS[t] for t in TABLE_VALUES)),
        rows=tuple(rows),
        source="Armour Saves > Damage",
        notes=(N_("A D10 roll of 1 always wounds; a roll of 10 never does."),),
    )
