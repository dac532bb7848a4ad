"""Upkeep: keeping a spell in play after the turn it was cast.

Book section "Upkeep" (Magic): in any activation after the turn of casting, the Wizard may spend
actions (AC) equal to the spell's upkeep to maintain it, if he is within the spell's original
maximum cast range; he may upkeep only one spell each activation, the others dissipate.  The
upkeep values are the spell cards' (:mod:`nqcore.rules.spells`; the Spell List's disagreements are
errata).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from nqcore.rules.magic import casting_cost
from nqcore.rules.spells import Spell

#: "Upkeep": "A Wizard may only upkeep one spell each activation."
UPKEPT_SPELLS_PER_ACTIVATION = 1


def upkeep_cost(spell: Spell) -> int:
    """The actions (AC) to maintain ``spell`` for one more activation (its card's upkeep).

    >>> from nqcore.rules.spells import spell
    >>> upkeep_cost(spell("Quickening"))
    2
    """
    if spell.upkeep is None:
        raise ValueError(f"{spell.name} has no upkeep: it cannot be maintained")
    return spell.upkeep


def within_upkeep_range(spell: Spell, distance: Fraction | int | None) -> bool:
    """Whether the Wizard, ``distance`` inches from the spell's target, may pay its upkeep: he
    must be within the original maximum cast range.  A spell whose card gives no range (one cast
    on the Wizard himself or around him: Fog, Shield) is always within range.

    >>> from nqcore.rules.spells import spell
    >>> within_upkeep_range(spell("Quickening"), 20), within_upkeep_range(spell("Quickening"), 21)
    (True, False)
    """
    upkeep_cost(spell)
    if spell.range_inches is None:
        return True
    if distance is None:
        raise ValueError(f'{spell.name} has a range of {spell.range_inches}": give the distance')
    if distance < 0:
        raise ValueError("a distance cannot be negative")
    return distance <= spell.range_inches


def actions_to_keep(spell: Spell, activations: int, *, concentrating: bool = False) -> int:
    """The actions (AC) spent to cast ``spell`` and keep it in play for ``activations`` of the
    Wizard's activations in all: its use cost (+1 to concentrate), then its upkeep in each later
    activation.

    >>> from nqcore.rules.spells import spell
    >>> actions_to_keep(spell("Quickening"), 3)  # UC 4, then upkeep 2 twice
    8
    """
    if activations < 1:
        raise ValueError(f"a spell is kept for at least one activation, not {activations}")
    upkeep = upkeep_cost(spell) if activations > 1 else 0
    return casting_cost(spell.use_cost, concentrating=concentrating) + upkeep * (activations - 1)


def dissipating(in_play: Sequence[Spell], upkept: Spell | None) -> tuple[Spell, ...]:
    """The spells of ``in_play`` with an upkeep that dissipate when the Wizard upkeeps only
    ``upkept`` (or none) in this activation: one spell each activation.

    >>> from nqcore.rules.spells import spell
    >>> [s.name for s in dissipating([spell("Quickening"), spell("Shield")], spell("Shield"))]
    ['Quickening']
    """
    if upkept is not None:
        upkeep_cost(upkept)
        if upkept not in in_play:
            raise ValueError(f"{upkept.name} is not in play")
    return tuple(s for s in in_play if s.upkeep is not None and s != upkept)
