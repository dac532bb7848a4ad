"""Support weapons ("Support Weapons", pp. 34-35): their use cost and loading, burst fire, the
travel of their projectiles, what a shot at one strikes, and what its remaining crew can do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from nqcore.i18n import N_, Msg
from nqcore.rules.dice import (
    DiceVolley,
    check_d10,
    d5_distribution,
    d10_distribution,
    volley_distribution,
)
from nqcore.rules.range_bands import RangeBand
from nqcore.tables.registry import Table, register_table

#: "Support Weapon Crew": two to four crew at the start of a battle.
SUPPORT_WEAPON_CREW = range(2, 5)


#: "Burst Fire (Number of Dice)": shots split between models need targets at most 1" apart.
BURST_FIRE_SPLIT_INCHES = 1


def support_weapon_use_cost(strength: int) -> int:
    """Per "Use Cost For Support Weapons": in most cases the use cost equals the weapon's strength
    (as every weapon of the Support Weapon Armoury has it).  Predefined weapons print theirs."""
    if strength < 1:
        raise ValueError("a support weapon has a strength of at least 1")
    return strength


def loading_cost(use_cost: int) -> int:
    """Per "Loading A Support Weapon": half the firing use cost, rounded up, loads the weapon...

    >>> loading_cost(7), loaded_firing_cost(7)
    (4, 4)
    """
    if use_cost < 1:
        raise ValueError("a use cost is at least 1 action")
    return -(-use_cost // 2)


def loaded_firing_cost(use_cost: int) -> int:
    """... and the next activation fires it for half the use cost, rounded up."""
    return loading_cost(use_cost)


def burst_fire_distribution(
    dice: int, target: int, *, unerring: bool = False
) -> dict[DiceVolley, Fraction]:
    """Per "Burst Fire (Number of Dice)": roll ``dice`` D10s to hit at once; a fumble stops
    the crew's other actions, the other shots may still hit.

    >>> dist = burst_fire_distribution(3, 7)  # an Organ Gun at close range, RA 6
    >>> sum(chance for volley, chance in dist.items() if volley.hits == 3)
    Fraction(343, 1000)
    """
    return volley_distribution(dice, target, unerring=unerring)


def projectile_travel_distribution(die: int) -> Mapping[int, Fraction]:
    """Per "Projectile Travel (Distance In Inches)": after a damaging hit the missile travels D5" or
    D10" further (``die`` is 5 or 10; a D5 is a halved D10, see
    :data:`nqcore.rules.dice.D5_RULE`)."""
    if die == 5:
        return d5_distribution()
    if die == 10:
        return d10_distribution()
    raise ValueError(f'projectile travel is D5" or D10", not D{die}"')


def projectile_further_damage_distribution(
    damage_chance: Fraction, models_in_path: int
) -> dict[int, Fraction]:
    """How many further models a travelling missile damages ("Projectile Travel"): each model in
    its path needs only the save and wound rolls (``damage_chance``); the first model not
    damaged stops it.

    >>> projectile_further_damage_distribution(Fraction(1, 2), 2)
    {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}
    """
    if not 0 <= damage_chance <= 1:
        raise ValueError("a chance lies between 0 and 1")
    if models_in_path < 0:
        raise ValueError("the number of models cannot be negative")
    result = {n: damage_chance**n * (1 - damage_chance) for n in range(models_in_path)}
    result[models_in_path] = damage_chance**models_in_path
    return result


class SupportWeaponElement(Enum):
    """What a shot at a support weapon strikes ("Shooting at Support Weapons")."""

    CREW = "crew"
    WEAPON = "weapon"


#: "Shooting at Support Weapons": at medium or long range, D10 1-4 hits the crew, 5-10 the weapon.
CREW_HIT_HIGHEST_ROLL = 4


def support_weapon_hit_element(natural: int, band: RangeBand) -> SupportWeaponElement | None:
    """The element struck at medium or long range; ``None`` at close range, where the firer
    chooses crew or weapon ("Shooting at Support Weapons")."""
    check_d10(natural)
    if band is RangeBand.CLOSE:
        return None
    if natural <= CREW_HIT_HIGHEST_ROLL:
        return SupportWeaponElement.CREW
    return SupportWeaponElement.WEAPON


def support_weapon_hit_element_chances() -> dict[SupportWeaponElement, Fraction]:
    """Exact chances at medium or long range: crew 2/5, weapon 3/5."""
    crew = Fraction(CREW_HIT_HIGHEST_ROLL, 10)
    return {SupportWeaponElement.CREW: crew, SupportWeaponElement.WEAPON: 1 - crew}


@dataclass(frozen=True)
class CrewState:
    """What a support weapon can still do with its remaining crew ("Support Weapon Movement",
    "Loss Of Crew")."""

    can_fire: bool
    fires_every_other_turn: bool
    can_move: bool
    can_turn: bool


def support_weapon_crew_state(crew: int) -> CrewState:
    """Two or more crew move the weapon at half their speed and turn it for free; with one crew
    it may only be turned in place and fires every other turn; with none it cannot fire.

    >>> support_weapon_crew_state(1)
    CrewState(can_fire=True, fires_every_other_turn=True, can_move=False, can_turn=True)
    """
    if crew < 0:
        raise ValueError("the crew cannot be negative")
    return CrewState(
        can_fire=crew >= 1,
        fires_every_other_turn=crew == 1,
        can_move=crew >= 2,
        can_turn=crew >= 1,
    )


def support_weapon_move_inches(crew_move_inches: Fraction | int) -> Fraction:
    """Per "Support Weapon Movement": half the normal speed of the crew."""
    return Fraction(crew_move_inches) / 2


_ELEMENT_LABELS: dict[SupportWeaponElement, Msg] = {
    SupportWeaponElement.CREW: N_("Crew"),
    SupportWeaponElement.WEAPON: N_("Support Weapon"),
}


@register_table("support-weapons-model-hit")
def support_weapon_model_hit_table() -> Table:
    """Which element of a support weapon a shot at medium or long range strikes ("Shooting at
    Support Weapons")."""
    crew = f"1-{CREW_HIT_HIGHEST_ROLL}"
    weapon = f"{CREW_HIT_HIGHEST_ROLL + 1}-10"
    return Table(
        key="support-weapons-model-hit",
        title=N_("Shooting at support weapons"),
        columns=(N_("D10 roll"), N_("Model hit")),
        rows=(
            (crew, _ELEMENT_LABELS[SupportWeaponElement.CREW]),
            (weapon, _ELEMENT_LABELS[SupportWeaponElement.WEAPON]),
        ),
        notes=(
            N_(
                "At medium or long range. At close range the firer chooses the crew or the "
                "weapon; once the weapon is destroyed, every shot strikes the crew."
            ),
        ),
        source="Support Weapons > Shooting At Support Weapons",
    )
