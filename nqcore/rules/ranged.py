"""Ranged combat: "to hit" modifiers, aiming, shooting into close combat, grenades.

Book chapter "Ranged Combat" (pp. 30-33).  A model hits by rolling equal to or under its ranged
attack (RA) value after the weapon's range modifier and the other modifiers; a natural 1 is a
masterful hit and a natural 10 a fumble (:mod:`nqcore.rules.dice`).  The chapter's other rules
have their own modules: a weapon's ranges and the band of a distance
(:mod:`nqcore.rules.range_bands`), attacks with templates (:mod:`nqcore.rules.template_attacks`)
and support weapons (:mod:`nqcore.rules.support_weapons`, pp. 34-35).  Their names stay
importable from here too, as the book's examples import them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING

from nqcore.i18n import N_, Refusal
from nqcore.rules.dice import (
    AttackRoll,
    DiceVolley,
    Modifier,
    attack_roll,
    hit_chance,
    load_modifiers,
    total_modifier,
    volley_distribution,
)
from nqcore.rules.range_bands import Range as Range
from nqcore.rules.range_bands import RangeBand as RangeBand
from nqcore.rules.range_bands import WeaponRanges as WeaponRanges
from nqcore.rules.range_bands import parse_range as parse_range
from nqcore.rules.range_bands import range_band as range_band
from nqcore.rules.support_weapons import BURST_FIRE_SPLIT_INCHES as BURST_FIRE_SPLIT_INCHES
from nqcore.rules.support_weapons import SupportWeaponElement as SupportWeaponElement
from nqcore.rules.support_weapons import burst_fire_distribution as burst_fire_distribution
from nqcore.rules.support_weapons import loaded_firing_cost as loaded_firing_cost
from nqcore.rules.support_weapons import loading_cost as loading_cost
from nqcore.rules.support_weapons import (
    projectile_further_damage_distribution as projectile_further_damage_distribution,
)
from nqcore.rules.support_weapons import (
    projectile_travel_distribution as projectile_travel_distribution,
)
from nqcore.rules.support_weapons import support_weapon_crew_state as support_weapon_crew_state
from nqcore.rules.support_weapons import support_weapon_hit_element as support_weapon_hit_element
from nqcore.rules.support_weapons import (
    support_weapon_hit_element_chances as support_weapon_hit_element_chances,
)
from nqcore.rules.support_weapons import support_weapon_move_inches as support_weapon_move_inches
from nqcore.rules.support_weapons import support_weapon_use_cost as support_weapon_use_cost
from nqcore.rules.template_attacks import PARTIAL_COVER_HIT as PARTIAL_COVER_HIT
from nqcore.rules.template_attacks import Coverage as Coverage
from nqcore.rules.template_attacks import TeardropSize as TeardropSize
from nqcore.rules.template_attacks import blast_deviation as blast_deviation
from nqcore.rules.template_attacks import rain_of_arrows_templates as rain_of_arrows_templates
from nqcore.rules.template_attacks import teardrop_use_cost as teardrop_use_cost
from nqcore.rules.template_attacks import template_hit_chance as template_hit_chance
from nqcore.tables.registry import Signed, Table, register_table

if TYPE_CHECKING:
    from nqcore.army.armoury import Weapon

#: "Aiming": 2 extra actions give RA+1 for one shot.
AIM_ACTIONS = 2
#: "Throwing Grenades": a grenade reaches 2" plus the thrower's strength in inches.
GRENADE_BASE_RANGE = 2
#: "Deviating Grenades": a missed grenade always deviates a fixed 2".
GRENADE_DEVIATION_INCHES = 2
#: "Combined Grenade Attack": +½" of blast per extra model, never beyond the 3" template.
COMBINED_GRENADE_STEP = Fraction(1, 2)
COMBINED_GRENADE_MAX = Fraction(3)
#: "Target Selection And Priority": an enemy unit within 8" and in sight must be targeted.
PRIORITY_TARGET_INCHES = 8


# --- modifiers and the to-hit target -----------------------------------------------------------


def ranged_modifiers() -> dict[str, Modifier]:
    """The named ranged attack modifiers ("Ranged Attack Modifiers" and the sections they cite)."""
    return load_modifiers("ranged_modifiers.toml")


#: The ranged modifiers of a thrown grenade (their ``group`` in the data, "Throwing Grenades").
GRENADE_GROUP = "grenade"
NOT_A_GRENADE = N_("“{modifier}” is for a thrown grenade, not for the {weapon}")


def check_weapon_modifiers(weapon: Weapon, modifiers: Iterable[str]) -> None:
    """Refuse what an armoury weapon's shot cannot take: a grenade's modifier (a bow shot at
    RA+1 for a "grenade thrown with line of sight"), aiming a support weapon ("Aiming") or an
    extra shot with one (the open question ``support-weapon-extra-shot``): a refusal of ``mod``,
    with ``weapon``.  The dodge ability against a blast is no refusal: it has no effect
    (:func:`template_modifiers`).

    >>> from nqcore.army.armoury import weapon
    >>> check_weapon_modifiers(weapon("bow"), ["large-target", "aiming"]) is None
    True
    """
    from nqcore.army.armoury import WeaponKind

    known = ranged_modifiers()
    support = weapon.kind is WeaponKind.SUPPORT
    for key in modifiers:
        found = known.get(key)
        if found is None:
            continue
        reading = ""
        if found.group == GRENADE_GROUP:
            message = NOT_A_GRENADE
        elif key == AIMING and support:
            message = NOT_AIMED
        elif key == EXTRA_SHOT and support:
            message, reading = EXTRA_SHOT_SUPPORT, "support-weapon-extra-shot"
        else:
            continue
        refused = Refusal(message, modifier=found.label, weapon=weapon.name)
        raise refused.about("mod", key, also=("weapon",), reading=reading)


def template_modifiers(modifiers: Iterable[str]) -> tuple[list[str], bool]:
    """The modifiers of an attack that uses a template, and whether the dodge ability's -1 was
    left out: it has "no effect against any attack that uses a template" (Dodge).

    >>> template_modifiers(["large-target", "target-dodges"])
    (['large-target'], True)
    """
    kept = [key for key in modifiers if key != TARGET_DODGES]
    return kept, len(kept) != len(list(modifiers))


def ranged_modifier_total(modifiers: Iterable[str] = ()) -> int:
    """The sum of the named ranged modifiers; an unknown name raises ``ValueError`` naming it."""
    return total_modifier(modifiers, ranged_modifiers(), kind="ranged modifier")


def ranged_target(ra: int, range_modifier: int = 0, modifiers: Iterable[str] = ()) -> int:
    """The number to roll equal to or under ("Ranged Attack Modifiers"): RA plus the range
    modifier plus the named modifiers; a very large target's roll whatever they are
    (:func:`fixed_hit`).

    >>> ranged_target(5, +1, ["large-target"])  # the archer of the example: a closed unit, 12"
    7
    >>> ranged_target(5, -1, ["hard-cover", VERY_LARGE_TARGET])  # a siege weapon at a wall
    9
    """
    keys = list(modifiers)
    total = ranged_modifier_total(keys)  # an unknown key refused first
    fixed = fixed_hit(keys)
    return ra + range_modifier + total if fixed is None else fixed


#: Close Combat > "Attacks Against Very Large Targets", Traits > "Siege Weapon": a model with the
#: siege weapon trait hits a very large target (VLT) on 9 or less (``hits_on`` in the data).
VERY_LARGE_TARGET = "very-large-target"


def fixed_hit(modifiers: Iterable[str]) -> int | None:
    """The roll that hits whatever the RA, the range and the other modifiers (a modifier with
    ``hits_on``: a very large target); None when no such modifier is given.

    >>> fixed_hit([VERY_LARGE_TARGET]), fixed_hit(["large-target"])
    (9, None)
    """
    known = ranged_modifiers()
    for key in modifiers:
        found = known.get(key)
        if found is not None and found.hits_on is not None:
            return found.hits_on
    return None


def ranged_attack_target(
    ra: int, distance: Fraction | int, ranges: WeaponRanges, modifiers: Iterable[str] = ()
) -> int | None:
    """The to-hit target at ``distance`` with ``ranges``; ``None`` when the target is beyond long
    range ("Measuring Range": an automatic miss).

    >>> long_bow = WeaponRanges.parse("12/+1", "24/+0", "36/-1")
    >>> ranged_attack_target(5, 12, long_bow, ["large-target"])
    7
    """
    band = range_band(distance, ranges)
    if band is None:
        return None
    return ranged_target(ra, band[1], modifiers)


def ranged_hit_chance(
    ra: int, distance: Fraction | int, ranges: WeaponRanges, modifiers: Iterable[str] = ()
) -> Fraction:
    """Exact chance that one shot hits (0 beyond long range; a natural 10 is a fumble)."""
    target = ranged_attack_target(ra, distance, ranges, modifiers)
    return Fraction(0) if target is None else hit_chance(target)


def aimed_use_cost(
    use_cost: int,
    *,
    support_weapon: bool = False,
    rain_of_arrows: bool = False,
    undead: bool = False,
    response: bool = False,
) -> int:
    """Per "Aiming": the actions an aimed shot costs (the weapon's use cost plus 2, for RA+1).

    Support weapons may not be aimed, nor rain of arrows, nor response shots ("Response
    Shooting"), nor undead models (Traits > "Undead"): those raise ``ValueError``.

    >>> aimed_use_cost(4)  # the bow of the Aiming example
    6
    """
    reasons = {
        "support weapons may not be aimed": support_weapon,
        "aiming may not be combined with rain of arrows": rain_of_arrows,
        "undead models may never aim": undead,
        "response shots may not be aimed": response,
    }
    for reason, applies in reasons.items():
        if applies:
            raise ValueError(reason)
    return use_cost + AIM_ACTIONS


def move_and_fire_actions(move_actions: int, use_cost: int) -> int:
    """Per Abilities > "Move And Fire": a model moves and fires one weapon; it uses at least the
    weapon's use cost in all, movement short of it being lost (the shot is at an extra RA-1,
    the ``move-and-fire`` modifier).

    >>> move_and_fire_actions(4, 8), move_and_fire_actions(8, 8)  # the two examples
    (8, 8)
    """
    if move_actions < 0 or use_cost < 1:
        raise ValueError("actions cannot be negative and a use cost is at least 1")
    return max(move_actions, use_cost)


def extra_shot_distribution(
    ra: int, range_modifier: int = 0, modifiers: Iterable[str] = (), *, unerring: bool = False
) -> dict[DiceVolley, Fraction]:
    """Abilities > "Extra Shot": 2D10 at RA-1 each, at the same target (fumbles as in
    "Extra Attack Fumbles")."""
    target = ranged_target(ra, range_modifier, [*modifiers, "extra-shot"])
    return volley_distribution(2, target, unerring=unerring)


# --- shooting into close combat ------------------------------------------------------------------


def _score_chances(large: bool, value: int) -> tuple[Fraction, Fraction]:
    """Chance that a model's score equals ``value`` and that it is higher (large models -1)."""
    low, high = (0, 9) if large else (1, 10)
    equal = Fraction(1, 10) if low <= value <= high else Fraction(0)
    above = Fraction(max(0, min(10, high - max(value, low - 1))), 10)
    return equal, above


@cache
def _victim_chance(small: int, large: int, victim_large: bool) -> Fraction:
    own = large if victim_large else small
    if own < 1:
        raise ValueError("the victim must be among the models")
    if small + large == 1:
        return Fraction(1)
    others_small = small - (0 if victim_large else 1)
    others_large = large - (1 if victim_large else 0)
    total = Fraction(0)
    tie_all = Fraction(0)
    for value in range(0, 11):
        mine, _ = _score_chances(victim_large, value)
        if not mine:
            continue
        s_eq, s_up = _score_chances(False, value)
        l_eq, l_up = _score_chances(True, value)
        for tied_small in range(others_small + 1):
            for tied_large in range(others_large + 1):
                chance = (
                    mine
                    * comb(others_small, tied_small)
                    * s_eq**tied_small
                    * s_up ** (others_small - tied_small)
                    * comb(others_large, tied_large)
                    * l_eq**tied_large
                    * l_up ** (others_large - tied_large)
                )
                if not chance:
                    continue
                tie_small = tied_small + (0 if victim_large else 1)
                tie_large = tied_large + (1 if victim_large else 0)
                if tie_small + tie_large == 1:
                    total += chance
                elif (tie_small, tie_large) == (small, large):
                    tie_all += chance
                else:
                    total += chance * _victim_chance(tie_small, tie_large, victim_large)
    return total / (1 - tie_all)


def close_combat_victim_chances(models: Sequence[bool]) -> list[Fraction]:
    """Per "Shooting Into Close Combat": after a hit, each model in the combat rolls a D10 and the
    lowest is hit; large models (``True``) subtract 1.  Only models actually engaged count.

    The book does not say what a tie means: the engine re-rolls the tied models only.

    >>> close_combat_victim_chances([False, False])
    [Fraction(1, 2), Fraction(1, 2)]
    >>> close_combat_victim_chances([False, True])
    [Fraction(36, 91), Fraction(55, 91)]
    """
    if not models:
        raise ValueError("there must be at least one model in the combat")
    small = sum(1 for large in models if not large)
    large = len(models) - small
    return [_victim_chance(small, large, is_large) for is_large in models]


# --- grenades ------------------------------------------------------------------------------------


class GrenadeThrow(Enum):
    """Where a grenade ends up ("Throwing Grenades", "Deviating Grenades", "Grenade Fumbles")."""

    ON_TARGET = "on-target"
    DEVIATES = "deviates"
    IN_HAND = "in-hand"


def grenade_range(model_strength: int) -> int:
    """Per "Throwing Grenades": 2" plus the thrower's strength in inches.

    >>> grenade_range(4)  # the Pirate of the example
    6
    """
    return GRENADE_BASE_RANGE + model_strength


def grenade_use_cost(grenade_strength: int) -> int:
    """Per "Throwing Grenades": the actions to throw equal the grenade's strength.

    >>> grenade_use_cost(3)  # the Pirate's strength 3 grenades
    3
    """
    if grenade_strength < 1:
        raise ValueError("a grenade has a strength of at least 1")
    return grenade_strength


def grenade_target(ra: int, *, line_of_sight: bool, modifiers: Iterable[str] = ()) -> int:
    """Per "Throwing Grenades": RA+1 with line of sight to the target, RA-1 without it."""
    sight = "grenade-line-of-sight" if line_of_sight else "grenade-no-line-of-sight"
    return ranged_target(ra, 0, [*modifiers, sight])


def grenade_throw(natural: int, target: int) -> GrenadeThrow:
    """A grenade that hits lands on target; a miss deviates 2" in the direction of the D10
    ("Deviating Grenades"); a fumble explodes in the thrower's hand: centre the blast template
    on the thrower ("Grenade Fumbles")."""
    outcome = attack_roll(natural, target)
    if outcome is AttackRoll.FUMBLE:
        return GrenadeThrow.IN_HAND
    return GrenadeThrow.ON_TARGET if outcome.hits else GrenadeThrow.DEVIATES


#: The thrown grenade as ``nq shoot``'s weapon and the page's ("Throwing Grenades"): its reach is
#: the thrower's, not a weapon's ranges.
GRENADE_KEY = "grenade"
GRENADE_NAME = N_("Grenade")
GRENADE_SIGHT, GRENADE_NO_SIGHT = "grenade-line-of-sight", "grenade-no-line-of-sight"
INDIRECT_FIRE = "indirect-fire"
NOT_TYPED_RANGES = N_("“{modifier}” is for a thrown grenade, not for a weapon of typed ranges")
INDIRECT_GRENADE = N_(
    "“{modifier}” is not for a thrown grenade: thrown without line of sight, it takes "
    "“{instead}” alone (this edition's reading: see the errata)"
)
EXTRA_SHOT_GRENADE = N_(
    "“{modifier}” is not for a thrown grenade: an extra shot is a second shot of a loaded "
    "weapon (this edition's reading: see the errata)"
)
#: Abilities > "Dodge": "no effect against any attack that uses a template"; Ranged Combat >
#: "Aiming": "Support weapons may not be aimed".
TARGET_DODGES, AIMING, EXTRA_SHOT = "target-dodges", "aiming", "extra-shot"
EXTRA_SHOT_SUPPORT = N_(
    "“{modifier}” is not for the {weapon}: a support weapon fires the dice its own rules give "
    "(this edition's reading: see the errata)"
)
NOT_AIMED = N_("“{modifier}” is not for the {weapon}: support weapons may not be aimed (Aiming)")
#: A grenade is no siege weapon (Traits > "Siege Weapon": what can damage a very large target).
NOT_A_SIEGE_GRENADE = N_(
    "“{modifier}” is not for a thrown grenade: only the attacks of a model with the siege "
    "weapon trait damage a very large target (Attacks Against Very Large Targets)"
)


def check_ranges_modifiers(modifiers: Iterable[str]) -> None:
    """Refuse a grenade's modifier with typed ranges: a grenade's reach is its thrower's
    (:data:`GRENADE_KEY`), never three ranges of a weapon."""
    known = ranged_modifiers()
    for key in modifiers:
        found = known.get(key)
        if found is not None and found.group == GRENADE_GROUP:
            raise Refusal(NOT_TYPED_RANGES, modifier=found.label).about(
                "mod", key, also=("ranges",)
            )


def grenade_modifiers(modifiers: Sequence[str]) -> list[str]:
    """A thrown grenade's modifiers: line of sight unless said otherwise (RA+1, "Throwing
    Grenades"); indirect fire refused, the -1 without line of sight being the grenade's own
    (the open question ``grenade-indirect-fire``).

    >>> grenade_modifiers(["large-target"])
    ['large-target', 'grenade-line-of-sight']
    >>> grenade_modifiers(["grenade-no-line-of-sight"])
    ['grenade-no-line-of-sight']
    """
    known = ranged_modifiers()
    if INDIRECT_FIRE in modifiers:
        refused = Refusal(
            INDIRECT_GRENADE,
            modifier=known[INDIRECT_FIRE].label,
            instead=known[GRENADE_NO_SIGHT].label,
        )
        raise refused.about("mod", INDIRECT_FIRE, also=("weapon",), reading="grenade-indirect-fire")
    if EXTRA_SHOT in modifiers:
        refused = Refusal(EXTRA_SHOT_GRENADE, modifier=known[EXTRA_SHOT].label)
        raise refused.about("mod", EXTRA_SHOT, also=("weapon",), reading="grenade-extra-shot")
    if VERY_LARGE_TARGET in modifiers:
        refused = Refusal(NOT_A_SIEGE_GRENADE, modifier=known[VERY_LARGE_TARGET].label)
        raise refused.about("mod", VERY_LARGE_TARGET, also=("weapon",))
    modifiers = template_modifiers(modifiers)[0]
    if any(getattr(known.get(key), "group", None) == GRENADE_GROUP for key in modifiers):
        return list(modifiers)
    return [*modifiers, GRENADE_SIGHT]


def grenade_attack_target(
    ra: int, distance: Fraction | int, thrower_strength: int, modifiers: Sequence[str] = ()
) -> int | None:
    """The roll to hit with a thrown grenade at ``distance``: RA with its modifiers
    (:func:`grenade_modifiers`), no range band; ``None`` beyond its reach (2" plus the
    thrower's ST), where it cannot be thrown.

    >>> grenade_attack_target(5, 6, 4), grenade_attack_target(5, 7, 4)  # the Pirate: 6"
    (6, None)
    """
    if distance > grenade_range(thrower_strength):
        return None
    return ranged_target(ra, 0, grenade_modifiers(modifiers))


def combined_grenade_blast(diameter: Fraction | int, models: int) -> Fraction:
    """Per "Combined Grenade Attack": models in base contact throw one grenade whose blast
    grows by ½" per extra model, up to the 3" template.

    >>> [str(combined_grenade_blast(1, n)) for n in (1, 2, 3, 9)]
    ['1', '3/2', '2', '3']
    """
    if models < 1:
        raise ValueError("at least one model throws")
    grown = Fraction(diameter) + COMBINED_GRENADE_STEP * (models - 1)
    return min(grown, max(COMBINED_GRENADE_MAX, Fraction(diameter)))


# --- tables --------------------------------------------------------------------------------------


@register_table("ranged-modifiers")
def ranged_modifiers_table() -> Table:
    """The ranged attack modifiers, added to the weapon's range modifier."""
    return Table(
        key="ranged-modifiers",
        title=N_("Ranged attack modifiers"),
        columns=(N_("Situation"), N_("Modifier")),
        rows=tuple(
            (modifier.label, Signed(modifier.value))
            for modifier in ranged_modifiers().values()
            if modifier.hits_on is None  # a roll of its own, no modifier
        ),
        source="Ranged Combat > Ranged Attack Modifiers",
        notes=(
            N_(
                "Add the range modifier of the weapon for the distance to the target; beyond long "
                "range the shot misses."
            ),
        ),
    )
