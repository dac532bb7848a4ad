"""One attack of a model profile against another: what the two profiles decide, then the odds.

:func:`nqcore.rules.attack.attack_chances` takes plain numbers; this module reads them from profiles
so that the odds of the sample profiles against each other, and ``nq attack --attacker --target``,
come from one place.  What a profile decides on its own ("Striking The Enemy", "Ranged Attack
Modifiers", "Armour Saves", "Damage"): the attacker's CC (or RA for a ranged weapon) and ST, the
weapon's ST bonus (or its own ST) and PM, the target's T, AR and resilience; a large target is hit
at +1 ("Close Combat Modifiers", "Ranged Attack Modifiers"), a target with the dodge ability at -1
(Abilities > "Dodge"); a poisonous attacker's masterful hits always wound (Abilities > "Poisonous
Attack").  Everything that depends on the moment (charging, cover, range, ranks) is given by the
caller as named modifiers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from nqcore.army.armoury import BASE_USE_COST, Weapon, WeaponKind
from nqcore.army.features import traits
from nqcore.army.profile_files import sample_profiles
from nqcore.army.profiles import Profile
from nqcore.i18n import N_, Msg, Refusal
from nqcore.rules.attack import UNARMOURED, AttackChances, Defence, attack_chances
from nqcore.rules.close_combat import EXTRA_ATTACK, close_combat_modifier_total, level_dice
from nqcore.rules.range_bands import RangeBand, WeaponRanges, range_band
from nqcore.rules.ranged import fixed_hit, ranged_modifier_total
from nqcore.tables.registry import Cell, Chance, Phrase, Table, register_table

#: The attack of a model without a close combat weapon ("Close Combat": an improvised attack
#: costs 3 actions and uses the model's own strength).
IMPROVISED = Weapon(
    key="improvised",
    name=N_("Improvised"),
    kind=WeaponKind.CLOSE_COMBAT,
    uc=BASE_USE_COST,
    st_bonus=0,
    source="Close Combat",
)


def close_combat_weapon(profile: Profile, *, charging: bool = True) -> Weapon:
    """The model's first close combat weapon, or an improvised attack if it has none; not
    charging, not one used only in a charge (a knight's lance: its sword)."""
    for weapon in profile.weapons:
        if weapon.is_close_combat and (charging or not weapon.charge_only):
            return weapon
    for weapon in profile.weapons:
        if weapon.melee is not None:  # the Slingstaff's staff
            return weapon.melee
    return IMPROVISED


def attack_weapon(profile: Profile, *, charging: bool = True) -> Weapon:
    """The weapon a whole attack of ``profile`` uses unless another is named: its close combat
    weapon (:func:`close_combat_weapon`); a model whose weapons all shoot (the Wood Elf Archer's
    long bow) shoots with its first weapon of three ranges, which needs the distance.

    >>> from nqcore.army.profile_files import sample_profile
    >>> attack_weapon(sample_profile("wood-elf-archer").profile).name
    'Long Bow'
    """
    own = close_combat_weapon(profile, charging=charging)
    if own is not IMPROVISED:
        return own
    shooting = [weapon for weapon in profile.weapons if len(weapon.ranges) == 3]
    return shooting[0] if shooting else IMPROVISED


def attack_dice(profile: Profile, weapon: Weapon) -> int:
    """The dice ``profile`` rolls to hit with ``weapon``: with a close combat weapon, the level
    of its own extra attack ability (Abilities > "Extra Attack": x3 rolls three dice, each at
    CC-1); one otherwise.  A combination model's mount has its own level for its own weapons
    (the Wight Lord's Dragon, x3): the rider's weapon rolls the rider's dice.

    >>> from nqcore.army.profile_files import sample_profile
    >>> wight = sample_profile("wight-lord-on-zombie-dragon").profile
    >>> attack_dice(wight, close_combat_weapon(wight))
    2
    """
    if not weapon.is_close_combat:
        return 1
    for pick in profile.abilities:
        if pick.key == EXTRA_ATTACK and pick.level:
            return level_dice(pick.level)
    return 1


#: The ranged modifier of a large target, ranked and closed units included.
LARGE_TARGET = "large-target"


def target_modifiers(target: Profile) -> tuple[str, ...]:
    """The to-hit modifiers a target brings by itself: large target +1, dodge -1 (the same keys
    in close and ranged combat)."""
    found: list[str] = []
    if target.size.is_large:
        found.append(LARGE_TARGET)
    if target.has("ability", "dodge"):
        found.append("target-dodges")
    return tuple(found)


def formation_modifiers(modifiers: Iterable[str], *, ranged: bool) -> tuple[list[str], bool]:
    """The to-hit modifiers against a target in a ranked or closed formation, and whether the
    dodge ability's -1 was left out: such a unit is a large target to shoot at ("Large target
    (including ranked and closed units)", Ranged Attack Modifiers), and its models "may not
    benefit from the dodge ability" (Dodge).

    >>> formation_modifiers(["target-dodges", "soft-cover"], ranged=True)
    (['large-target', 'soft-cover'], True)
    >>> formation_modifiers(["large-target"], ranged=False)
    (['large-target'], False)
    """
    from nqcore.rules.ranged import TARGET_DODGES

    given = list(modifiers)
    kept = [key for key in given if key != TARGET_DODGES]
    if ranged and LARGE_TARGET not in kept:
        kept.insert(0, LARGE_TARGET)
    return kept, TARGET_DODGES in given


@dataclass(frozen=True)
class WeaponAttack:
    """One attack with a weapon, as the engine reads it: the numbers used and the exact chances.

    ``skill`` is the attacker's CC (or RA), ``modifiers`` the named to-hit modifiers applied (the
    target's own first), ``range_band`` and ``range_modifier`` the band of the distance and its RA
    modifier (ranged attacks; ``None`` beyond long range, an automatic miss), ``strength`` the
    attack's strength and ``penetration`` its PM.
    """

    weapon: Weapon
    skill: int
    modifiers: tuple[str, ...]
    to_hit_modifier: int
    range_band: RangeBand | None
    range_modifier: int | None
    strength: int
    penetration: int
    toughness: int
    armour: int
    resilience: int
    chances: AttackChances

    @property
    def total(self) -> Fraction:
        """The chance that the attack wounds."""
        return self.chances.total


def weapon_attack(
    skill: int,
    strength: int,
    toughness: int,
    weapon: Weapon | None = None,
    *,
    defence: Defence = UNARMOURED,
    modifiers: Iterable[str] = (),
    to_hit_modifier: int = 0,
    penetration: int | None = None,
    distance: Fraction | int | None = None,
    poisonous: bool = False,
    unerring: bool = False,
) -> WeaponAttack:
    """One attack with ``weapon`` (improvised by default) against the armour ``defence`` gives.

    ``skill`` is the CC for a close combat weapon, the RA for a ranged one; ``strength`` the
    wielder's ST, to which a close combat weapon adds its bonus (a ranged weapon has its own ST).
    ``modifiers`` are close combat (or ranged) modifier keys, ``to_hit_modifier`` any other
    change to the roll; ``penetration`` overrides the weapon's PM.  A ranged weapon needs the
    ``distance``: its range modifier applies; beyond long range the attack misses.

    >>> from nqcore.army.armoury import weapon
    >>> attack = weapon_attack(5, 4, 4, weapon("sword"), defence=Defence(armour=3))
    >>> attack.strength, attack.chances.total
    (5, Fraction(63, 250))
    """
    chosen = IMPROVISED if weapon is None else weapon
    keys = _counted(chosen, modifiers)
    defence = replace(defence, saves=2) if chosen.save_x2 else defence  # Save (x2): two saves
    hit_modifier, found_band, range_modifier = _weapon_modifier(chosen, keys, distance)
    hit_modifier, to_hit_modifier = _fixed(chosen, keys, skill, (hit_modifier, to_hit_modifier))
    attack_strength = chosen.attack_strength(strength)
    pm = chosen.pm if penetration is None else penetration
    chances = attack_chances(
        skill,
        attack_strength,
        toughness,
        defence=defence,
        penetration=pm,
        to_hit_modifier=hit_modifier + to_hit_modifier,
        poisonous=poisonous,
        unerring=unerring,
        masterful_allowed=not chosen.blast,
    )
    chances = _missed(chances) if not chosen.is_close_combat and range_modifier is None else chances
    return WeaponAttack(  # beyond long range ("Measuring Range") or a grenade's reach: a miss
        weapon=chosen,
        skill=skill,
        modifiers=keys,
        to_hit_modifier=hit_modifier + to_hit_modifier,
        range_band=found_band,
        range_modifier=range_modifier,
        strength=attack_strength,
        penetration=pm,
        toughness=toughness,
        armour=defence.armour,
        resilience=defence.resilience,
        chances=chances,
    )


def _fixed(
    weapon: Weapon, keys: tuple[str, ...], skill: int, modifiers: tuple[int, int]
) -> tuple[int, int]:
    """The named and the other to-hit modifier; against a very large target (:func:`fixed_hit`),
    those that make its roll whatever the RA and the modifiers given."""
    fixed = None if weapon.is_close_combat else fixed_hit(keys)
    return modifiers if fixed is None else (fixed - skill, 0)


def _counted(weapon: Weapon, modifiers: Iterable[str]) -> tuple[str, ...]:
    """The modifiers that count: against a template, not the dodge ability's (Dodge)."""
    if not weapon.blast:
        return tuple(modifiers)
    from nqcore.rules.ranged import template_modifiers

    return tuple(template_modifiers(modifiers)[0])


def _weapon_modifier(
    weapon: Weapon, keys: tuple[str, ...], distance: Fraction | int | None
) -> tuple[int, RangeBand | None, int | None]:
    """The to-hit modifier of the named modifiers and, for a ranged weapon, of the distance's
    range band: the total, the band and its modifier (``None`` beyond long range)."""
    if weapon.is_close_combat:
        return close_combat_modifier_total(keys), None, None
    if weapon.kind is WeaponKind.GRENADE and weapon.reach is not None:  # thrown: no band
        reached = _given(weapon, distance) <= weapon.reach
        return ranged_modifier_total(keys), None, 0 if reached else None
    if len(weapon.ranges) != 3:
        raise ValueError(f"the {weapon.name} has no close, medium and long range")
    band = range_band(_given(weapon, distance), WeaponRanges.of(weapon.ranges))
    found_band, range_modifier = (None, None) if band is None else band
    return (range_modifier or 0) + ranged_modifier_total(keys), found_band, range_modifier


def _given(weapon: Weapon, distance: Fraction | int | None) -> Fraction | int:
    """The distance to the target, which a ranged weapon needs."""
    if distance is None:
        raise Refusal(
            N_("give the distance to the target for the {weapon}"), weapon=weapon.name
        ).about("distance")
    return distance


def _missed(chances: AttackChances) -> AttackChances:
    """An attack that cannot hit: beyond long range."""
    zero = Fraction(0)
    return replace(
        chances,
        to_hit_target=None,
        hit=zero,
        masterful=zero,
        fumble=zero,
        parried=zero,
        unsaved=zero,
        total=zero,
    )


def profile_attack(
    attacker: Profile,
    target: Profile,
    weapon: Weapon | None = None,
    *,
    modifiers: Iterable[str] = (),
    distance: Fraction | int | None = None,
    ranked: bool = False,
) -> WeaponAttack:
    """One attack of ``attacker`` with ``weapon`` (its first close combat weapon by default)
    against ``target``, with the target's own modifiers (:func:`target_modifiers`).

    A ranged weapon needs the ``distance`` in inches.  ``modifiers`` are close combat (or
    ranged) modifier keys for the moment; ``ranked``: the target is in a ranked or closed unit
    (+1 AR, a large target to shoot at, no dodge: :func:`formation_modifiers`).

    >>> from nqcore.army.profile_files import sample_profile
    >>> orc, dwarf = sample_profile("orc-bruiser").profile, sample_profile("dwarf").profile
    >>> attack = profile_attack(orc, dwarf)  # CC5, sword ST 5+1 against T6 AR3
    >>> attack.skill, attack.strength, attack.chances.total
    (5, 6, Fraction(23, 100))
    """
    chosen = close_combat_weapon(attacker) if weapon is None else weapon
    skill = attacker.cc if chosen.is_close_combat else attacker.ra
    if skill is None:
        value = "close combat value (CC)" if chosen.is_close_combat else "ranged attack value (RA)"
        raise ValueError(f"{attacker.name} has no {value}")
    keys = [*target_modifiers(target), *modifiers]
    if ranked:
        keys = formation_modifiers(keys, ranged=not chosen.is_close_combat)[0]
    return weapon_attack(
        skill,
        attacker.st,
        target.t,
        chosen,
        defence=Defence(armour=target.ar, resilience=target.armour.resilience, ranked=ranked),
        modifiers=keys,
        distance=distance,
        poisonous=attacker.has("ability", "poisonous-attack"),
        unerring=attacker.has("ability", "unerring"),
    )


#: A large target whose special rules do not list the trait says so only in its description.
LARGE_MODEL = "large-model"


def large_targets(profiles: Iterable[Profile]) -> Phrase | None:
    """The note naming the profiles hit as large targets (:func:`target_modifiers`): those whose
    special rules list Large Model, then those whose descriptions alone call them large (the
    Ogre, the Predator, the Giant Eagle), in the order of the table's columns; ``None`` if none.
    Proof round fifteen: the note named only the second, and had no verb.  (The rounding of the
    chapter's percentages is said where the chapter opens: a third line of notes sent them to a
    landscape page of their own.)

    >>> from nqcore.tables.table_text import cell_text
    >>> note = cell_text(large_targets(s.profile for s in sample_profiles()), "en")
    >>> note.partition(", as")[0]
    'Counted as large targets (+1 to hit): Wight (Large Model); Ogre, Predator, Giant Eagle'
    """
    large = [profile for profile in profiles if LARGE_TARGET in target_modifiers(profile)]
    listed = [Msg(p.name) for p in large if p.has("trait", LARGE_MODEL)]
    described = [Msg(p.name) for p in large if not p.has("trait", LARGE_MODEL)]
    if not large:
        return None
    trait = next(feature.name for feature in traits() if feature.key == LARGE_MODEL)
    parts: list[Msg | str] = [N_("Counted as large targets (+1 to hit):"), " "]
    for index, name in enumerate(listed):
        parts += [", " if index else "", name, " (", trait, ")"]
    if listed and described:
        parts.append("; ")
    for index, name in enumerate(described):
        parts += [", " if index else "", name]
    if described:
        parts += [", ", N_("as their descriptions call them")]
    return Phrase((*parts, "."))


@register_table("attack-sample-profiles")
def attack_sample_profiles_table() -> Table:
    """The chance that one close combat attack of each sample profile (rows) wounds each other
    sample profile (columns).  Its percentages are the engine's, an exact half rounded up
    (:func:`nqcore.i18n.format_percent`)."""
    samples = [s.profile for s in sample_profiles()]
    large = large_targets(samples)
    rows: list[tuple[Cell, ...]] = [
        (Msg(attacker.name), *(Chance(profile_attack(attacker, t).total) for t in samples))
        for attacker in samples
    ]
    return Table(
        key="attack-sample-profiles",
        title=N_("Chance that one close combat attack wounds, sample profiles"),
        columns=(N_("Attacker"), *(Msg(t.name) for t in samples)),
        rows=tuple(rows),
        source="Sample Profiles",
        notes=(
            N_(
                "Each attack is one die rolled to hit against the attacker's CC, with its first "
                "close combat weapon (or an improvised attack if it has none), at +1 against a "
                "large target and -1 against a target with the dodge ability; then the target "
                "makes its armour save, and the attacker rolls to wound."
            ),
            *((large,) if large else ()),
        ),
    )
