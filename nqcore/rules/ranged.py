"""Ranged combat: range bands, "to hit" modifiers, aiming, grenades, templates, support weapons.

Book chapters "Ranged Combat" (pp. 30-33) and "Support Weapons" (pp. 34-35).  A model hits by
rolling equal to or under its ranged attack (RA) value after the weapon's range modifier and the
other modifiers; a natural 1 is a masterful hit and a natural 10 a fumble
(:mod:`nqcore.rules.dice`).

Over 500 lines because the two chapters share one set of rules (range bands, modifiers, aiming,
templates, projectile travel) that shooting and support weapons both read, and the tables built
from them; each function stays short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from nqcore.i18n import N_, Msg, Refusal, Typed
from nqcore.rules.dice import (
    FUMBLE_ROLL,
    AttackRoll,
    DiceVolley,
    Modifier,
    attack_roll,
    d5_distribution,
    d10_distribution,
    hit_chance,
    load_data,
    load_modifiers,
    total_modifier,
    volley_distribution,
)
from nqcore.tables.registry import Cell, Signed, Table, register_table

#: "Aiming": 2 extra actions give RA+1 for one shot.
AIM_ACTIONS = 2
#: "Throwing Grenades": a grenade reaches 2" plus the thrower's strength in inches.
GRENADE_BASE_RANGE = 2
#: "Deviating Grenades": a missed grenade always deviates a fixed 2".
GRENADE_DEVIATION_INCHES = 2
#: "Combined Grenade Attack": +½" of blast per extra model, never beyond the 3" template.
COMBINED_GRENADE_STEP = Fraction(1, 2)
COMBINED_GRENADE_MAX = Fraction(3)
#: "Teardrop Templates", "Blast Templates": partially covered models are hit on a D10 of 5 or less.
PARTIAL_COVER_HIT = 5
#: "Target Selection And Priority": an enemy unit within 8" and in sight must be targeted.
PRIORITY_TARGET_INCHES = 8
#: "Support Weapon Crew": two to four crew at the start of a battle.
SUPPORT_WEAPON_CREW = range(2, 5)
#: "Burst Fire (Number of Dice)": shots split between models need targets at most 1" apart.
BURST_FIRE_SPLIT_INCHES = 1
#: "Rain Of Arrows": one 2" template for every four archers (or part of four).
RAIN_OF_ARROWS_ARCHERS_PER_TEMPLATE = 4
RAIN_OF_ARROWS_TEMPLATE = Fraction(2)


# --- range -----------------------------------------------------------------------------------


class RangeBand(Enum):
    """The three ranges of a weapon profile ("Weapon Profile": CR, MR, LR)."""

    CLOSE = "close"
    MEDIUM = "medium"
    LONG = "long"

    @property
    def label(self) -> Msg:
        return _BAND_LABELS[self]


_BAND_LABELS = {
    RangeBand.CLOSE: N_("Close range (CR)"),
    RangeBand.MEDIUM: N_("Medium range (MR)"),
    RangeBand.LONG: N_("Long range (LR)"),
}


@dataclass(frozen=True)
class Range:
    """One "max inches/RA modifier" entry of a weapon profile, e.g. 10/+1 ("Weapon Profile")."""

    max_inches: int
    modifier: int

    def __str__(self) -> str:
        """As the book prints it: ``10/+1``."""
        return f"{self.max_inches}/{self.modifier:+d}"


_RANGE_TEXT = re.compile(r"^\s*(\d+)\s*\"?\s*/\s*([-+−]?\s*\d+)\s*$")


def parse_range(text: str) -> Range | None:
    """Read a profile's range cell: ``"10/+1"`` is up to 10" at RA+1; ``"-"`` or ``""`` is none.

    >>> parse_range("30/-1")
    Range(max_inches=30, modifier=-1)
    """
    if text.strip() in ("", "-", "–"):
        return None
    match = _RANGE_TEXT.match(text)
    if match is None:
        raise Refusal(N_("a range reads like 10/+1, not {value}"), value=Typed(text))
    modifier = int(match.group(2).replace("−", "-").replace(" ", ""))
    return Range(int(match.group(1)), modifier)


@dataclass(frozen=True)
class WeaponRanges:
    """A ranged weapon's close, medium and long range ("Weapon Profile"); "Not all weapons can be
    used at all ranges", so a band may be missing."""

    close: Range | None
    medium: Range | None
    long: Range | None

    @classmethod
    def parse(cls, close: str, medium: str, long: str) -> WeaponRanges:
        """Build from a profile's cells: ``WeaponRanges.parse("10/+1", "20/+0", "30/-1")``."""
        ranges = cls(parse_range(close), parse_range(medium), parse_range(long))
        limits = [band.max_inches for band in ranges.bands().values()]
        if not limits:
            raise Refusal(N_("a ranged weapon has at least one range"))
        if limits != sorted(limits) or len(set(limits)) != len(limits):
            raise Refusal(
                N_("ranges must grow from close to long, not {ranges} inches"), ranges=limits
            )
        return ranges

    def bands(self) -> dict[RangeBand, Range]:
        found = {RangeBand.CLOSE: self.close, RangeBand.MEDIUM: self.medium}
        found[RangeBand.LONG] = self.long
        return {band: value for band, value in found.items() if value is not None}

    @classmethod
    def of(cls, ranges: tuple[Range, ...]) -> WeaponRanges:
        """From a weapon's three ranges (close, medium, long)."""
        if len(ranges) != 3:
            raise ValueError("a weapon shoots with a close, a medium and a long range")
        return cls(*ranges)

    @property
    def maximum(self) -> int:
        """The weapon's maximum range in inches (its last band)."""
        return max(band.max_inches for band in self.bands().values())


def range_band(distance: Fraction | int, ranges: WeaponRanges) -> tuple[RangeBand, int] | None:
    """The band a target at ``distance`` inches falls in and its RA modifier ("Measuring Range",
    "Ranged Attack Modifiers"); ``None`` beyond long range: the shot is an automatic miss, the
    actions are still spent.

    >>> bow = WeaponRanges.parse("10/+1", "20/+0", "30/-1")
    >>> range_band(10, bow), range_band(Fraction(41, 2), bow), range_band(31, bow)
    ((<RangeBand.CLOSE: 'close'>, 1), (<RangeBand.LONG: 'long'>, -1), None)
    """
    if distance < 0:
        raise Refusal(N_("a distance cannot be negative"))
    for band, limit in ranges.bands().items():
        if distance <= limit.max_inches:
            return band, limit.modifier
    return None


# --- modifiers and the to-hit target -----------------------------------------------------------


def ranged_modifiers() -> dict[str, Modifier]:
    """The named ranged attack modifiers ("Ranged Attack Modifiers" and the sections they cite)."""
    return load_modifiers("ranged_modifiers.toml")


def ranged_modifier_total(modifiers: Iterable[str] = ()) -> int:
    """The sum of the named ranged modifiers; an unknown name raises ``ValueError`` naming it."""
    return total_modifier(modifiers, ranged_modifiers(), kind="ranged modifier")


def ranged_target(ra: int, range_modifier: int = 0, modifiers: Iterable[str] = ()) -> int:
    """The number to roll equal to or under ("Ranged Attack Modifiers"): RA plus the range
    modifier plus the named modifiers.

    >>> ranged_target(5, +1, ["large-target"])  # the archer of the example: a closed unit, 12"
    7
    """
    return ra + range_modifier + ranged_modifier_total(modifiers)


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


# --- templates -----------------------------------------------------------------------------------


class Coverage(Enum):
    """How much of a model a template covers ("Teardrop Templates", "Blast Templates")."""

    FULL = "full"
    PARTIAL = "partial"


def template_hit_chance(coverage: Coverage, *, rain_of_arrows: bool = False) -> Fraction:
    """Models fully under a template are hit; partially covered ones on a D10 of 5 or less
    ("Teardrop Templates", Support Weapons > "Blast Templates"); rain of arrows hits partially
    covered models without a roll (Abilities > "Rain Of Arrows").

    >>> template_hit_chance(Coverage.PARTIAL)
    Fraction(1, 2)
    """
    if coverage is Coverage.FULL or rain_of_arrows:
        return Fraction(1)
    return Fraction(PARTIAL_COVER_HIT, 10)


def blast_deviation(to_hit_natural: int, target: int, deviation_natural: int) -> int | None:
    """Inches a blast template moves ("Blast Template Deviation"): 0 on a hit; on a miss the D10
    rolled near the target gives the distance; ``None`` on a natural 10 to hit, a misfire or
    "airburst" that does not deviate (the engine places no template for it).
    """
    outcome = attack_roll(to_hit_natural, target)
    if deviation_natural not in range(1, 11):
        raise ValueError(f"a D10 shows 1 to 10, not {deviation_natural}")
    if to_hit_natural == FUMBLE_ROLL:
        return None
    return 0 if outcome.hits else deviation_natural


def rain_of_arrows_templates(archers: int) -> int:
    """Abilities > "Rain Of Arrows": one 2" template per four archers or part of four
    (1-4 archers fire one, 5-8 two...); each template scatters D5".

    >>> rain_of_arrows_templates(4), rain_of_arrows_templates(5)
    (1, 2)
    """
    if archers < 1:
        raise ValueError("at least one archer fires")
    return -(-archers // RAIN_OF_ARROWS_ARCHERS_PER_TEMPLATE)


class TeardropSize(Enum):
    """The three teardrop templates ("Teardrop Templates": TTS, TTM, TTL)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"

    @property
    def label(self) -> Msg:
        return Msg(str(_teardrop_record(self)["label"]))

    @property
    def abbreviation(self) -> str:
        """TTS, TTM or TTL, as profiles and the weapon creation tables name the template."""
        return str(_teardrop_record(self)["abbreviation"])

    @classmethod
    def from_abbreviation(cls, abbreviation: str) -> TeardropSize:
        """The template a profile names ``TTS``, ``TTM`` or ``TTL``."""
        for size in cls:
            if size.abbreviation == abbreviation:
                return size
        raise ValueError(f"unknown teardrop template {abbreviation!r}: TTS, TTM or TTL")

    @property
    def use_cost_over_strength(self) -> int:
        return int(_teardrop_record(self)["use_cost_over_strength"])

    @property
    def minimum_use_cost(self) -> int:
        return int(_teardrop_record(self)["minimum_use_cost"])


def _teardrop_record(size: TeardropSize) -> Mapping[str, Any]:
    for record in load_data("teardrop_templates.toml")["template"]:
        if record["key"] == size.value:
            return dict(record)
    raise LookupError(f"teardrop_templates.toml has no {size.value!r} template")


def teardrop_use_cost(size: TeardropSize, strength: int) -> int:
    """Per "Use Cost For Teardrop Templates": one higher than the attack's strength, never below
    5 (small template), 6 (medium) or 8 (large).

    >>> teardrop_use_cost(TeardropSize.SMALL, 5)  # the first example: (5+1) 6
    6
    >>> teardrop_use_cost(TeardropSize.LARGE, 6)  # the second example: the minimum, 8
    8

    The table printed under the rule (and Teardrop Template Use Cost) adds 2 for the medium and
    3 for the large template; the rule, its examples and the teardrop examples of the Profile
    Creation Summary add 1 (errata/ranged.toml).
    """
    if strength < 1:
        raise ValueError("a teardrop attack has a strength of at least 1")
    return max(strength + size.use_cost_over_strength, size.minimum_use_cost)


# --- support weapons -----------------------------------------------------------------------------


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
    if natural not in range(1, 11):
        raise ValueError(f"a D10 shows 1 to 10, not {natural}")
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


# --- tables --------------------------------------------------------------------------------------


@register_table("ranged-modifiers")
def ranged_modifiers_table() -> Table:
    """The ranged attack modifiers, added to the weapon's range modifier."""
    return Table(
        key="ranged-modifiers",
        title=N_("Ranged attack modifiers"),
        columns=(N_("Situation"), N_("Modifier")),
        rows=tuple(
            (modifier.label, Signed(modifier.value)) for modifier in ranged_modifiers().values()
        ),
        source="Ranged Combat > Ranged Attack Modifiers",
        notes=(
            N_(
                "Add the range modifier of the weapon for the distance to the target; beyond long "
                "range the shot misses."
            ),
        ),
    )


TEARDROP_TABLE_STRENGTHS = range(3, 10)


@register_table("teardrop-use-cost")
def teardrop_use_cost_table() -> Table:
    """Use cost of a teardrop attack by strength and template ("Use Cost For Teardrop
    Templates")."""
    sizes = list(TeardropSize)
    rows: list[tuple[Cell, ...]] = [
        (strength, *(teardrop_use_cost(size, strength) for size in sizes))
        for strength in TEARDROP_TABLE_STRENGTHS
    ]
    return Table(
        key="teardrop-use-cost",
        title=N_("Teardrop template use cost"),
        columns=(
            N_("Strength"),
            N_("TTS use cost"),
            N_("TTM use cost"),
            N_("TTL use cost"),
        ),
        rows=tuple(rows),
        source="Ranged Combat > Use Cost For Teardrop Templates",
        notes=(
            N_(
                "The use cost is one higher than the attack strength, with a minimum of 5 for "
                "the small template, 6 for the medium and 8 for the large."
            ),
        ),
    )


@register_table("ranged-combat-teardrop-minimum-use-cost")
def teardrop_minimum_use_cost_table() -> Table:
    """The minimum use cost of each teardrop template ("Use Cost For Teardrop Templates")."""
    return Table(
        key="ranged-combat-teardrop-minimum-use-cost",
        title=N_("Minimum use cost of teardrop templates"),
        columns=(N_("Template size"), N_("Minimum use cost (UC)")),
        rows=tuple((size.label, size.minimum_use_cost) for size in TeardropSize),
        source="Ranged Combat > Use Cost For Teardrop Templates",
    )


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
        source="Support Weapons > Shooting At Support Weapons",
    )
