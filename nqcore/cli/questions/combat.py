"""``nq hit``, ``nq shoot``, ``nq save`` and ``nq wound``: each step of an attack on its own."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from nqcore.cli import args as read
from nqcore.cli.asking import (
    ARMOUR,
    PENETRATION,
    RESILIENCE,
    SKILL_VALUES,
    STRENGTH,
    Question,
    UsageError,
    add_modifiers,
    modifier_list,
)
from nqcore.cli.render import Answer
from nqcore.i18n import N_
from nqcore.rules.answer_notes import (
    fumble_notes,
    masterful_notes,
    resilience_notes,
    save_notes,
    volley_fumble_notes,
    wound_notes,
)
from nqcore.rules.close_combat import extra_attack_dice
from nqcore.rules.dice import volley_chances
from nqcore.rules.shot_notes import (
    blast_notes,
    grenade_notes,
    template_notes,
    very_large_target_notes,
)
from nqcore.tables.registry import Chance, Signed

if TYPE_CHECKING:
    from nqcore.army.armoury import Weapon

#: The modifier of each question whose dice are rolled together, several at once.
EXTRA_ATTACK, EXTRA_SHOT = "extra-attack", "extra-shot"


def _volley(target: int | None, dice: int, *, close_combat: bool, crew: bool = False) -> Answer:
    """Several dice rolled to hit at once ("Extra Attack Fumbles"; a support weapon's burst,
    ``crew``): the chances of hits and fumbles over all of them, and the note on their natural
    10s; the one die's otherwise, and nothing of the dice when none can hit ("cannot succeed"
    says it all)."""
    if target is None or target < 1 or dice == 1:
        return {"notes": masterful_notes(target) + fumble_notes(target)}
    chances = volley_chances(dice, target)
    fumbles = volley_fumble_notes(target, chances, close_combat=close_combat)
    if crew:
        from nqcore.rules.crew_notes import crew_fumble_notes

        fumbles = crew_fumble_notes(target, chances)
    return {
        "notes": masterful_notes(target) + fumbles,
        "volley": {
            "dice": dice,
            "at_least": [Chance(chance) for chance in chances.at_least],
            "expected_hits": chances.expected_hits,
            "fumble": Chance(chances.fumble),
        },
    }


def _hit(args: argparse.Namespace) -> Answer:
    from nqcore.rules.close_combat import close_combat_hit_chance, close_combat_target

    modifiers = modifier_list(args.mod, "close combat")  # an unknown key refused first
    if args.dice is not None and EXTRA_ATTACK not in args.mod:
        raise UsageError(
            N_("--dice counts the dice of an extra attack: add --mod {key}"), key=EXTRA_ATTACK
        )
    target = close_combat_target(args.cc, args.mod)
    dice = (args.dice or 2) if EXTRA_ATTACK in args.mod else 1
    return {
        "question": N_("Close combat attack at CC {cc}"),
        "cc": args.cc,
        "modifiers": modifiers,
        "target": target,
        "chance": Chance(close_combat_hit_chance(args.cc, args.mod)),
        **_volley(target, dice, close_combat=True),
    }


def _shoot(args: argparse.Namespace) -> Answer:
    from nqcore.rules.range_bands import WeaponRanges, range_band
    from nqcore.rules.ranged import (
        GRENADE_KEY,
        check_ranges_modifiers,
        check_weapon_modifiers,
        fixed_hit,
        ranged_attack_target,
        ranged_hit_chance,
        template_modifiers,
    )

    if args.weapon is not None and args.weapon.strip().lower() == GRENADE_KEY:
        return _throw(args)
    if args.thrower_st is not None:
        raise UsageError(
            N_("--thrower-st is for a thrown grenade: --weapon {key}"), key=GRENADE_KEY
        )
    chosen = _shooting_weapon(args)
    name = None if chosen is None else chosen.name
    bands = args.ranges if chosen is None else [str(band) for band in chosen.ranges]
    ranges = WeaponRanges.parse(*bands)
    distance = args.distance
    band = range_band(distance, ranges)
    modifier_list(args.mod, "ranged")  # an unknown key refused first
    keys, dodged = list(args.mod), False
    if chosen is not None:
        check_weapon_modifiers(chosen, keys)
        if chosen.blast:
            keys, dodged = template_modifiers(keys)
    else:
        check_ranges_modifiers(keys)
    target = ranged_attack_target(args.ra, distance, ranges, keys)
    burst = 1 if chosen is None else chosen.burst  # Burst Fire: its dice rolled at once
    from nqcore.army.armoury import WeaponKind

    crew = chosen is not None and chosen.kind is WeaponKind.SUPPORT
    volley = _volley(target, 2 if EXTRA_SHOT in keys else burst, close_combat=False, crew=crew)
    if chosen is not None and chosen.blast:  # a template's notes for the die's
        volley["notes"] = template_notes(target, dodged=dodged) + blast_notes(target)
    fixed = fixed_hit(keys) is not None  # a very large target: its roll, no modifier counted
    if fixed:
        volley["notes"] = very_large_target_notes(target) + volley.get("notes", [])
    return {
        "question": N_('Ranged attack at RA {ra}, {distance}" away'),
        "ra": args.ra,
        "distance": distance,
        "weapon": name,
        "range": None if band is None else {"band": band[0].label, "modifier": Signed(band[1])},
        "modifiers": [] if fixed else modifier_list(keys, "ranged"),
        "target": target,
        "chance": Chance(ranged_hit_chance(args.ra, distance, ranges, keys)),
        **volley,
        **({"fixed_roll": True} if fixed else {}),
    }


def _shooting_weapon(args: argparse.Namespace) -> Weapon | None:
    """The armoury weapon named, with its three ranges; None when ranges are typed instead."""
    if args.weapon:
        from nqcore.army.armoury import weapon

        found = weapon(args.weapon, getattr(args, "lang", None))
        if len(found.ranges) != 3:
            raise UsageError(
                N_("the {weapon} has no close, medium and long range to shoot with"),
                weapon=found.name,
            )
        return found
    if not args.ranges:
        raise UsageError(
            N_("give --weapon NAME or --ranges CR MR LR (such as {example})"),
            example="10/+1 20/+0 30/-1",
        )
    return None


def _throw(args: argparse.Namespace) -> Answer:
    """A thrown grenade ("Throwing Grenades"): its reach the thrower's, line of sight unless
    said otherwise, and where it lands when it does not hit."""
    from nqcore.rules.dice import hit_chance
    from nqcore.rules.ranged import (
        GRENADE_KEY,
        GRENADE_NAME,
        TARGET_DODGES,
        grenade_attack_target,
        grenade_modifiers,
        grenade_range,
    )

    if args.ranges:
        raise UsageError(
            N_("a thrown grenade has no ranges: its reach is 2\" plus the thrower's ST")
        )
    if args.thrower_st is None:
        raise UsageError(
            N_(
                "a grenade's reach is 2\" plus the thrower's ST: "
                "give --thrower-st with --weapon {key}"
            ),
            key=GRENADE_KEY,
        )
    modifier_list(args.mod, "ranged")  # an unknown key refused first
    keys = grenade_modifiers(args.mod)
    target = grenade_attack_target(args.ra, args.distance, args.thrower_st, args.mod)
    return {
        "question": N_('Grenade thrown at RA {ra}, {distance}" away'),
        "ra": args.ra,
        "distance": args.distance,
        "weapon": GRENADE_NAME,
        "modifiers": modifier_list(keys, "ranged"),
        "target": target,
        "chance": Chance(0 if target is None else hit_chance(target)),
        "notes": template_notes(target, dodged=TARGET_DODGES in args.mod) + grenade_notes(target),
        # after the keys a shot's answer has: the answer tables keep one order of keys for all
        # the answers of a calculator (nqcompanion.page.answers)
        "thrower_st": args.thrower_st,
        "reach": {"inches": grenade_range(args.thrower_st), "strength": args.thrower_st},
    }


def _save(args: argparse.Namespace) -> Answer:
    from nqcore.rules.armour import save_chance, save_target

    kwargs = {"penetration": args.pm, "resilience": args.re, "ranked": args.ranked}
    return {
        "question": N_("Armour save at AR {armour} against ST {strength}"),
        "armour": args.armour,
        "strength": args.strength,
        "penetration": args.pm,
        "resilience": args.re,
        "ranked": args.ranked,
        "target": save_target(args.armour, args.strength, **kwargs),
        "chance": Chance(save_chance(args.armour, args.strength, **kwargs)),
        "notes": [
            *resilience_notes(args.armour, args.strength, penetration=args.pm, resilience=args.re),
            *save_notes(args.armour, args.strength, **kwargs),
        ],
    }


def _wound(args: argparse.Namespace) -> Answer:
    from nqcore.rules.damage import wound_chance, wound_target

    return {
        "question": N_("Wounding: ST {strength} against T {toughness}"),
        "strength": args.strength,
        "toughness": args.toughness,
        "target": wound_target(args.strength, args.toughness),
        "chance": Chance(wound_chance(args.strength, args.toughness)),
        "notes": wound_notes(args.strength, args.toughness),
    }


def _hit_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "cc",
        type=read.bounded(N_("CC"), SKILL_VALUES),
        help=N_("the attacker's close combat value (CC), 1 to 10"),
    )
    add_modifiers(p, N_("a close combat modifier's key, such as charging (repeat for more)"))
    p.add_argument(
        "--dice",
        type=read.bounded(N_("dice"), extra_attack_dice()),
        help=N_(
            "the dice of an extra attack (--mod extra-attack): 3 for Extra Attack (x3); "
            "2 if not given"
        ),
    )


def _shoot_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "ra",
        type=read.bounded(N_("RA"), SKILL_VALUES),
        help=N_("the firer's ranged attack value (RA), 1 to 10"),
    )
    p.add_argument(
        "distance", type=read.distance, help=N_("inches to the target, such as 12, 12.5 or 25/2")
    )
    p.add_argument(
        "--weapon",
        type=read.name,
        help=N_("an armoury weapon, such as bow, or grenade for a thrown grenade"),
    )
    p.add_argument(
        "--thrower-st",
        type=read.bounded(N_("ST"), SKILL_VALUES),
        help=N_("a grenade's thrower's strength (ST), 1 to 10: its reach is 2\" plus it"),
    )
    p.add_argument(
        "--ranges",
        nargs=3,
        metavar=("CR", "MR", "LR"),
        type=read.weapon_range,
        help=N_("the weapon's ranges instead, such as 10/+1 20/+0 30/-1"),
    )
    add_modifiers(p, N_("a ranged modifier's key, such as large-target (repeat for more)"))


def _save_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("armour", type=ARMOUR, help=N_("the target's armour value (AR), 0 to 10"))
    p.add_argument("strength", type=STRENGTH, help=N_("the attack's strength (ST), 1 to 12"))
    p.add_argument(
        "--pm", type=PENETRATION, default=0, help=N_("penetration modifier, such as -1 (-10 to 0)")
    )
    p.add_argument("--re", type=RESILIENCE, default=0, help=N_("armour resilience, 1 to 3"))
    p.add_argument("--ranked", action="store_true", help=N_("ranked or closed formation, +1 AR"))


def _wound_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("strength", type=STRENGTH, help=N_("the attack's strength (ST), 1 to 12"))
    p.add_argument(
        "toughness",
        type=read.bounded(N_("T"), SKILL_VALUES),
        help=N_("the target's toughness (T), 1 to 10"),
    )


QUESTIONS = (
    Question("hit", N_("to-hit in close combat, with named modifiers"), _hit, _hit_arguments),
    Question(
        "shoot",
        N_("to-hit with a ranged weapon at a distance, with named modifiers"),
        _shoot,
        _shoot_arguments,
    ),
    Question("save", N_("the armour save against an attack's strength"), _save, _save_arguments),
    Question("wound", N_("the roll needed to wound"), _wound, _wound_arguments),
)
