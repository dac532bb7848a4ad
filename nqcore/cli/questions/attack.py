"""``nq attack``: the chance of a whole attack (hit, failed save, wound), from numbers or from the
book's sample profiles (``--attacker``, ``--target``), with a weapon of the armoury."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeGuard

from nqcore.cli.asking import (
    SKILL_VALUES,
    STRENGTH_VALUES,
    Question,
    UsageError,
    check,
    modifier_list,
)
from nqcore.cli.questions.attack_arguments import attack_arguments
from nqcore.cli.render import Answer
from nqcore.i18n import N_, Msg, Refusal, Typed
from nqcore.rules.answer_notes import (
    Note,
    fumble_notes,
    resilience_notes,
    save_notes,
    volley_fumble_notes,
)
from nqcore.rules.ranged import fixed_hit
from nqcore.rules.shot_notes import (
    blast_notes,
    grenade_notes,
    template_notes,
    very_large_target_notes,
)
from nqcore.tables.registry import Chance, Phrase, Signed

if TYPE_CHECKING:
    from nqcore.army.armoury import Weapon
    from nqcore.army.profiles import Profile
    from nqcore.rules.profile_attack import WeaponAttack


def _sample(name: str | None, lang: str | None = None) -> Profile | None:
    from nqcore.army.profile_files import sample_profile, sample_profiles

    if name is None:
        return None
    try:
        return sample_profile(name, lang).profile
    except KeyError:
        known = ", ".join(s.profile.key for s in sample_profiles())
        raise UsageError(
            N_("unknown sample profile {name}; known: {known}"), name=Typed(name), known=known
        ) from None


def _heading(profile: Profile) -> Msg:
    """A sample profile as the book's heading names it ("Growler One Horn", not "Juvenile")."""
    from nqcore.army.profile_files import SAMPLE_HEADINGS

    return SAMPLE_HEADINGS.get(profile.key, Msg(profile.name))


_ATTACK_NUMBERS = {
    (False, False): ("SKILL", "ST", "T"),
    (True, False): ("T",),
    (False, True): ("SKILL", "ST"),
    (True, True): (),
}


@dataclass(frozen=True)
class _Sides:
    """The two sides of the attack asked about, each from its sample profile or its numbers."""

    attacker: Profile | None
    target: Profile | None
    weapon: Weapon | None
    ranged: bool
    skill: int
    strength: int
    toughness: int
    armour: int
    resilience: int
    #: The to-hit modifiers the sides bring by themselves (large, dodges; an extra attack).
    own: tuple[str, ...]
    #: The dice rolled to hit together (an extra attack's level).
    dice: int


#: What each way of asking leaves to give, said when another count of numbers is given.
_NUMBERS_WANTED = {
    (False, False): N_(
        "give three numbers here, SKILL ST T (or --attacker PROFILE with T, or --target "
        "PROFILE with SKILL ST); given: {given}"
    ),
    (True, False): N_("give one number here, T (--attacker gives SKILL and ST); given: {given}"),
    (False, True): N_("give two numbers here, SKILL ST (--target gives T); given: {given}"),
    (True, True): N_("give no number here (--attacker and --target give them all); given: {given}"),
}


def _numbers(
    args: argparse.Namespace, attacker: Profile | None, target: Profile | None
) -> dict[str, int]:
    """SKILL ST T, as many of them as the sample profiles leave to give."""
    asked = attacker is not None, target is not None
    expected = _ATTACK_NUMBERS[asked]
    if len(args.numbers) != len(expected):
        given = " ".join(str(n) for n in args.numbers) if args.numbers else N_("none")
        raise UsageError(_NUMBERS_WANTED[asked], given=given)
    return dict(zip(expected, args.numbers, strict=True))


def _weapon(args: argparse.Namespace, attacker: Profile | None) -> Weapon | None:
    """The weapon named (an improvised attack too), else the attacker's own
    (:func:`~nqcore.rules.profile_attack.attack_weapon`: a shooter's ranged weapon), else none."""
    from nqcore.rules.grenades import GRENADE
    from nqcore.rules.profile_attack import IMPROVISED, attack_weapon

    named = {w.key: w for w in (IMPROVISED, GRENADE)}  # no weapon of the armoury
    if args.weapon in named:
        return named[args.weapon]
    if args.weapon:
        from nqcore.army.armoury import weapon

        return weapon(args.weapon, getattr(args, "lang", None))
    charging = CHARGING in args.mod  # a knight's lance only in a charge; its sword else
    return None if attacker is None else attack_weapon(attacker, charging=charging)


def _dice(args: argparse.Namespace, attacker: Profile | None, chosen: Weapon | None) -> int:
    """The dice rolled to hit: an attacker's extra attack level with a close combat weapon
    (:func:`~nqcore.rules.profile_attack.attack_dice`); with the numbers, two for ``--mod
    extra-attack`` (Extra Attack (x2)), as ``nq hit`` rolls; a ranged weapon's burst fire
    ("3D10 are rolled when the weapon is fired"), or two for ``--mod extra-shot``."""
    from nqcore.rules.close_combat import EXTRA_ATTACK
    from nqcore.rules.profile_attack import IMPROVISED, attack_dice
    from nqcore.rules.ranged import EXTRA_SHOT

    weapon = IMPROVISED if chosen is None else chosen
    if not weapon.is_close_combat:
        return 2 if EXTRA_SHOT in args.mod else weapon.burst
    own = 1 if attacker is None else attack_dice(attacker, weapon)
    return max(own, 2 if EXTRA_ATTACK in args.mod else 1)


def _attacker(attacker: Profile | None, numbers: dict[str, int], ranged: bool) -> tuple[int, int]:
    """The attacker's skill (CC, or RA with a ranged weapon) and strength."""
    if attacker is None:
        skill = check(N_("RA") if ranged else N_("CC"), numbers["SKILL"], SKILL_VALUES)
        return skill, check(N_("ST"), numbers["ST"], STRENGTH_VALUES)
    own = attacker.ra if ranged else attacker.cc
    if own is None:
        raise UsageError(
            N_("{name} has no {skill}"),
            name=_heading(attacker),
            skill=N_("RA") if ranged else N_("CC"),
        )
    return own, attacker.st


def _sides(args: argparse.Namespace) -> _Sides:
    from nqcore.rules.profile_attack import target_modifiers

    attacker = _sample(args.attacker, getattr(args, "lang", None))
    target = _sample(args.target, getattr(args, "lang", None))
    numbers = _numbers(args, attacker, target)
    chosen = _weapon(args, attacker)
    ranged = chosen is not None and not chosen.is_close_combat
    skill, strength = _attacker(attacker, numbers, ranged)
    if _thrown(chosen):  # its reach, 2" + the thrower's ST
        from nqcore.rules.grenades import thrown_by

        chosen = thrown_by(chosen, strength)
    if target is not None:
        if args.armour is not None or args.re:
            raise UsageError(N_("--target gives the armour: leave out --armour and --re"))
        toughness, armour, resilience = target.t, target.ar, target.armour.resilience
        own = target_modifiers(target)
    else:
        toughness = check(N_("T"), numbers["T"], SKILL_VALUES)
        armour, resilience, own = args.armour or 0, args.re, ()
    dice = _dice(args, attacker, chosen)
    if dice > 1 and not ranged:  # an extra attack's -1; burst fire has none
        from nqcore.rules.close_combat import EXTRA_ATTACK

        own = (*own, EXTRA_ATTACK)
    return _Sides(
        attacker, target, chosen, ranged, skill, strength, toughness, armour, resilience, own, dice
    )


def _attack(args: argparse.Namespace) -> Answer:
    from nqcore.rules.attack import Defence
    from nqcore.rules.profile_attack import weapon_attack

    sides = _sides(args)
    counted, apart = _weapon_modifiers(args.mod, ranged=sides.ranged)
    keys, dodged = _modifier_keys(args.mod, sides, counted)
    _check_charge(sides.weapon, keys)
    formed = False
    if args.ranked:  # a large target to shoot at, no dodge
        from nqcore.rules.profile_attack import formation_modifiers

        keys, formed = formation_modifiers(keys, ranged=sides.ranged)
    modifiers = modifier_list(keys, "ranged" if sides.ranged else "close combat")
    attacker = sides.attacker
    unerring = attacker is not None and attacker.has("ability", "unerring")
    result = weapon_attack(
        sides.skill,
        sides.strength,
        sides.toughness,
        sides.weapon,
        defence=Defence(armour=sides.armour, resilience=sides.resilience, ranked=args.ranked),
        modifiers=[m["key"] for m in modifiers],
        to_hit_modifier=args.hit_modifier,
        penetration=args.pm,
        distance=args.distance,
        poisonous=attacker is not None and attacker.has("ability", "poisonous-attack"),
        unerring=unerring,
    )
    notes = [
        *_not_counted(apart, ranged=sides.ranged),
        *_distance_unused(args.distance, ranged=sides.ranged),
        *([Note(FORMATION_DODGE)] if formed else []),
        *_grenade_profile(sides.weapon),
        *_hit_notes(result.chances.to_hit_target, sides, unerring=unerring, dodged=dodged),
        *resilience_notes(
            sides.armour,
            result.strength,
            penetration=result.penetration,
            resilience=sides.resilience,
        ),
        *save_notes(
            sides.armour,
            result.strength,
            penetration=result.penetration,
            resilience=sides.resilience,
            ranked=args.ranked,
            whole_attack=True,
        ),
        *_double_save(sides, result.chances.save),
    ]
    fixed = sides.ranged and fixed_hit(result.modifiers) is not None  # a very large target
    if fixed:
        notes = [*very_large_target_notes(result.chances.to_hit_target), *notes]
    said = {"modifiers": modifiers, "notes": notes, "fixed_roll": fixed}
    return _answer(args, sides, result, said)


def _modifier_keys(asked: list[str], sides: _Sides, counted: list[str]) -> tuple[list[str], bool]:
    """The to-hit modifiers that count, and whether the target's dodge was set aside: a
    grenade's line of sight unless said otherwise, a template's dodge not counted, an armoury
    weapon refused a modifier it cannot take."""
    keys = [*sides.own, *counted]
    if not sides.ranged or sides.weapon is None:
        return keys, False
    from nqcore.rules.ranged import check_weapon_modifiers, grenade_modifiers, template_modifiers

    if _thrown(sides.weapon):
        keys = [*sides.own, *grenade_modifiers(counted)]
    else:
        check_weapon_modifiers(sides.weapon, asked)
    return template_modifiers(keys) if sides.weapon.blast else (keys, False)


#: The close combat modifier of a charge, which a weapon used only in a charge needs.
CHARGING = "charging"
#: The Lance: "Unwieldy weapon - may only be used on the turn the model charges into close combat".
CHARGE_ONLY = N_(
    "the {weapon} may only be used on the turn the model charges into close combat (Charging)"
)


def _check_charge(weapon: Weapon | None, keys: list[str]) -> None:
    """A weapon used only in a charge, refused in an attack that is no charge."""
    if weapon is not None and weapon.charge_only and CHARGING not in keys:
        raise Refusal(CHARGE_ONLY, weapon=weapon.name).about("weapon", also=("mod",))


#: The grenade a whole attack throws is the book's; others are bought at their own strength.
GRENADE_PROFILE = N_(
    "Grenade: the book's, ST {strength} with a {blast}\" blast; a grenade bought at another "
    "strength (ST {least} to {most}, Creating Grenades) wounds at its own."
)


def _grenade_profile(weapon: Weapon | None) -> list[Note]:
    """The grenade's strength said: the form has none to give (player round 33)."""
    if not _thrown(weapon):
        return []
    from nqcore.rules.grenades import grenade_strengths

    strengths = grenade_strengths()
    values: dict[str, int | Fraction] = {  # a thrown grenade has both
        "strength": weapon.st or 0,
        "blast": weapon.blast or 0,
        "least": min(strengths),
        "most": max(strengths),
    }
    return [Note(GRENADE_PROFILE, values)]


#: Dodge: "Models in a ranked or closed formation may not benefit from the dodge ability."
FORMATION_DODGE = N_(
    "Dodge: a target in a ranked or closed formation may not benefit from the dodge ability: "
    "its −1 is not counted (Dodge)."
)


#: Weapon Special Rules > "Save (x2)": the answer's save is one of the two a hit must pass.
DOUBLE_SAVE = N_(
    "Save (x2): a hit must pass two armour saves, each at {chance}; both pass at {both} "
    "(Save (x2))."
)


def _double_save(sides: _Sides, single: Fraction) -> list[Note]:
    """The line that says a Save (x2) weapon's hit is saved only by two saves in a row."""
    if sides.weapon is None or not sides.weapon.save_x2 or single == 0:
        return []
    return [Note(DOUBLE_SAVE, {"chance": Chance(single), "both": Chance(single * single)})]


#: A distance typed for an attack without a ranged weapon: said, not silently dropped.
DISTANCE_UNUSED = N_(
    'Range not used: the attack is made in close combat, and the distance of {distance}" plays '
    "no part."
)


def _weapon_modifiers(keys: list[str], *, ranged: bool) -> tuple[list[str], list[Msg]]:
    """The modifiers given that count with the weapon's kind (close combat or ranged), and the
    labels of those of the other kind, left apart: a player who changes a sword for a bow keeps
    the boxes ticked, and is told which no longer count.  A key of neither kind is kept, for
    :func:`modifier_list` to refuse."""
    from nqcore.rules.close_combat import close_combat_modifiers
    from nqcore.rules.ranged import ranged_modifiers

    mine, other = (ranged_modifiers(), close_combat_modifiers())
    if not ranged:
        mine, other = other, mine
    counted = [key for key in keys if key in mine or key not in other]
    return counted, [other[key].label for key in dict.fromkeys(keys) if key not in counted]


#: The modifiers of the other kind than the weapon's, said not counted.
NOT_COUNTED = {
    True: N_("Not counted with a ranged weapon: {modifiers} (Close Combat Modifiers)."),
    False: N_("Not counted in close combat: {modifiers} (Ranged Attack Modifiers)."),
}


def _not_counted(labels: list[Msg], *, ranged: bool) -> list[Note]:
    if not labels:
        return []
    listed = Phrase(part for label in labels for part in (", ", label))
    return [Note(NOT_COUNTED[ranged], {"modifiers": Phrase(listed[1:])})]


def _distance_unused(distance: Fraction | None, *, ranged: bool) -> list[Note]:
    """The line that says a typed distance plays no part: a close combat weapon (or none) has no
    range band, as a ranged weapon beyond its long range is said to miss."""
    if distance is None or ranged:
        return []
    return [Note(DISTANCE_UNUSED, {"distance": distance})]


def _hit_notes(target: int | None, sides: _Sides, *, unerring: bool, dodged: bool) -> list[Note]:
    """The roll to hit's natural 1s and 10s; with a blast weapon, the template's (the notes of
    ``nq shoot``: a natural 1 is no masterful hit, a miss deviates, a 10 misfires)."""
    if sides.weapon is not None and sides.weapon.blast:
        landing = grenade_notes(target) if _thrown(sides.weapon) else blast_notes(target)
        return template_notes(target, dodged=dodged) + landing
    from nqcore.army.armoury import WeaponKind

    if sides.weapon is not None and sides.weapon.kind is WeaponKind.SUPPORT and sides.dice > 1:
        from nqcore.rules.crew_notes import crew_fumble_notes
        from nqcore.rules.dice import volley_chances

        return crew_fumble_notes(target, volley_chances(sides.dice, target or 0))
    return _fumbles(target, sides.dice, unerring=unerring, ranged=sides.ranged)


def _fumbles(target: int | None, dice: int, *, unerring: bool, ranged: bool) -> list[Note]:
    """The natural 10s of the roll to hit: of one die, or of all the dice of an extra attack
    (the enemy's free attack on two) or of a burst; an unerring model's tens are misses."""
    from nqcore.rules.dice import volley_chances

    if dice == 1 or unerring or target is None or target < 1:
        return fumble_notes(target, unerring=unerring)
    return volley_fumble_notes(target, volley_chances(dice, target), close_combat=not ranged)


def _dice_fields(args: argparse.Namespace, sides: _Sides, result: WeaponAttack) -> dict[str, Any]:
    """The dice rolled to hit and, for more than one (an extra attack's, or those of several
    models), the chance that each wounds, that at least one does (the attack's chance) and the
    wounds expected; of several models, the chance of at least k wounds for each k."""
    from nqcore.rules.attack import dice_wounds, wounds_at_least

    attacks = args.models * sides.dice
    if attacks == 1:
        return {"dice": 1, "models": 1, "chance": Chance(result.total)}
    wounds = dice_wounds(result.total, attacks)
    fields: dict[str, Any] = {"dice": sides.dice, "models": args.models}
    if args.models > 1:
        fields["attacks"] = attacks
    fields |= {
        "each": Chance(result.total),
        "chance": Chance(wounds.at_least_one),
        "expected_wounds": wounds.expected,
    }
    if args.models > 1:
        found = wounds_at_least(result.total, attacks)
        fields["at_least"] = [Chance(found[k]) for k in sorted(found)]
        if args.all:
            fields["all_counts"] = True
    return fields


def _answer(
    args: argparse.Namespace, sides: _Sides, result: WeaponAttack, said: dict[str, Any]
) -> Answer:
    """The answer's fields, in the order ``nq attack --json`` gives them."""
    from nqcore.rules.armour import save_target
    from nqcore.rules.damage import wound_target

    steps = result.chances
    # the attacker's value as the book names it (player round 22: "skill" is no word of its)
    ranged = N_("A whole attack: RA {skill}, ST {strength} against T {toughness}, AR {armour}")
    close = N_("A whole attack: CC {skill}, ST {strength} against T {toughness}, AR {armour}")
    return {
        "question": ranged if sides.ranged else close,
        "attacker": None if sides.attacker is None else _heading(sides.attacker),
        "defender": None if sides.target is None else _heading(sides.target),
        "weapon": None if sides.weapon is None else sides.weapon.name,
        "skill": result.skill,
        "attacker_strength": sides.strength,
        "strength": result.strength,
        "penetration": result.penetration,
        "toughness": sides.toughness,
        "armour": sides.armour,
        "resilience": sides.resilience,
        "modifiers": [] if said.get("fixed_roll") else said["modifiers"],
        "hit_modifier": 0 if said.get("fixed_roll") else args.hit_modifier,
        "ranked": args.ranked,
        **_range_fields(sides, result),
        "target": steps.to_hit_target,
        "hit": Chance(steps.hit),
        "masterful": Chance(steps.masterful),
        "save": None if sides.armour == 0 else Chance(steps.save),
        "save_target": None
        if sides.armour == 0
        else save_target(
            sides.armour,
            result.strength,
            penetration=result.penetration,
            resilience=sides.resilience,
            ranked=args.ranked,
        ),
        "unsaved": Chance(steps.unsaved),
        "wound": Chance(steps.wound),
        "wound_target": wound_target(result.strength, sides.toughness),
        **_dice_fields(args, sides, result),
        "notes": said["notes"],
        **({"fixed_roll": True} if said.get("fixed_roll") else {}),
    }


def _thrown(weapon: Weapon | None) -> TypeGuard[Weapon]:
    """A thrown grenade ("Throwing Grenades")."""
    from nqcore.rules.grenades import is_grenade

    return is_grenade(weapon)


def _range_fields(sides: _Sides, result: WeaponAttack) -> dict[str, Any]:
    """A ranged attack's range band and its modifier (``None`` beyond long range); a thrown
    grenade's reach, 2" plus its thrower's ST, instead."""
    if not sides.ranged:
        return {}
    if _thrown(sides.weapon):
        return {"reach": {"inches": sides.weapon.reach, "strength": sides.strength}}
    if result.range_band is None:
        return {"range": None}
    band = {"band": result.range_band.label, "modifier": Signed(result.range_modifier or 0)}
    return {"range": band}


QUESTIONS = (
    Question(
        "attack",
        N_("the chance of a whole attack: hit, failed save, wound"),
        _attack,
        attack_arguments,
    ),
)
