"""A thrown grenade as the weapon of a whole attack ("Throwing Grenades"): the book's grenade
profile, its reach 2" plus its thrower's ST, beyond which it cannot be thrown.

The roll to hit is the thrower's RA with the grenade's modifiers
(:func:`nqcore.rules.ranged.grenade_modifiers`: +1 with line of sight, -1 without), no range
band; the wound is the grenade's strength against the toughness of a model under its template.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TypeGuard

from nqcore.army.armoury import Weapon, WeaponKind
from nqcore.rules.ranged import GRENADE_KEY, GRENADE_NAME, grenade_range

#: The book's grenade profile (Ranged Combat > "Combined Grenade Attack": "Grenade … ST 4 …
#: Indirect 1½\" blast"), the profile a whole attack throws.
GRENADE_STRENGTH = 4
GRENADE_BLAST = Fraction(3, 2)
GRENADE = Weapon(
    key=GRENADE_KEY,
    name=GRENADE_NAME,
    kind=WeaponKind.GRENADE,
    st=GRENADE_STRENGTH,
    blast=GRENADE_BLAST,
    indirect=True,
    source="Ranged Combat > Throwing Grenades",
)


def grenade_strengths() -> tuple[int, ...]:
    """The strengths a grenade is bought at (Creating Grenades).

    >>> grenade_strengths()
    (3, 4, 5, 6)
    """
    from nqcore.data import datafiles

    return tuple(int(st) for st in datafiles.load("weapon_creation.toml")["grenades"]["strengths"])


def is_grenade(weapon: Weapon | None) -> TypeGuard[Weapon]:
    """A thrown grenade: its reach its thrower's, no range band."""
    return weapon is not None and weapon.kind is WeaponKind.GRENADE


def thrown_by(grenade: Weapon, thrower_strength: int) -> Weapon:
    """The grenade as a model of ST ``thrower_strength`` throws it: its reach 2" plus that ST.

    >>> thrown_by(GRENADE, 4).reach  # the Pirate of the book's example: 6"
    Fraction(6, 1)
    """
    return replace(grenade, reach=Fraction(grenade_range(thrower_strength)))
