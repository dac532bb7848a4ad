"""``nq``: the questions players ask at the table, answered by the engine.

Every answer gives the roll needed and its exact probability, in English or French (``--lang fr``),
or as JSON for scripts (``--json``).  A mistake in the question, or a file that cannot be read or
written, gets one line and exit status 2: never a traceback.  Arguments are read by
:mod:`nqcore.cli.args`, files by :mod:`nqcore.cli.files`.

Over 500 lines because each command's question function and its arguments (``build_parser``)
are listed here side by side, one short function per command; the rendering of the answers is
:mod:`nqcore.cli.render`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from nqcore.cli import args as read
from nqcore.cli import usage
from nqcore.cli.files import FileRefused
from nqcore.cli.render import Answer, jsonable, question, render
from nqcore.i18n import (
    LANGUAGES,
    N_,
    P_,
    Counted,
    Msg,
    Refusal,
    Typed,
    language_problem,
    say_in,
)
from nqcore.rules.answer_notes import (
    battle_standard_notes,
    chant_notes,
    fumble_notes,
    save_notes,
)
from nqcore.rules.magic import SPELL_LEVELS, WIZARDRY_LEVELS
from nqcore.tables.registry import Chance, Signed
from nqcore.terminal import printable

if TYPE_CHECKING:
    from nqcore.army.profiles import Profile

#: What a question may ask about: values a D10 test can be made against, and attack strengths
#: (a model's ST 1 to 9 with a weapon's bonus, or a support weapon's own ST).
SKILL_VALUES = range(1, 11)
STRENGTH_VALUES = range(1, 13)
ARMOUR_VALUES = range(0, 11)
RESILIENCE_VALUES = range(0, 4)
#: Modifiers a question may give: armour penetration (0 or worse), to hit, fear (X).
PENETRATION_VALUES = range(-10, 1)
HIT_MODIFIER_VALUES = range(-10, 11)
FEAR_VALUES = range(0, 11)
#: Counts: initiates in a chant (the bonus stops at +3), models of a unit, actions spent moving.
INITIATE_VALUES = range(0, 101)
UNIT_SIZES = range(1, 1001)
CASUALTY_VALUES = range(0, 1001)
ACTION_VALUES = range(0, 21)
#: Terrain barriers crossed in one move.
BARRIER_VALUES = range(0, 11)
#: The numbers SKILL ST T of `nq attack`: their meaning depends on the options, so each is
#: checked against its own range once the options are known.
ATTACK_NUMBERS = range(0, 100)


class UsageError(Refusal):
    """A mistake in the question: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (the usage is one ``--help`` away), in the language
    of :func:`nqcore.cli.usage.speaking`."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, usage.say(usage.SEE_HELP, prog=self.prog, message=_one_line(message)) + "\n")


def _one_line(message: str) -> str:
    """A message as one line, whatever text of the reader's it quotes."""
    return printable(" ".join(message.splitlines()))


def _check(name: Msg, value: int, allowed: range) -> int:
    if value not in allowed:
        raise UsageError(read.out_of_range(name, allowed, value))
    return value


#: The refusal of a modifier's key that the question's table lacks.
_UNKNOWN_MODIFIER = {
    "close combat": N_("unknown close combat modifier {name}; known: {known}"),
    "ranged": N_("unknown ranged modifier {name}; known: {known}"),
    "command": N_("unknown command modifier {name}; known: {known}"),
}


def _modifier_list(keys: Sequence[str], kind: str) -> list[dict[str, Any]]:
    """The named modifiers of a question, with their labels and values (unknown keys: error)."""
    if kind == "close combat":
        from nqcore.rules.close_combat import close_combat_modifiers as known
    elif kind == "ranged":
        from nqcore.rules.ranged import ranged_modifiers as known
    else:
        from nqcore.rules.morale import command_modifiers as known
    table = known()
    listed = []
    for key in dict.fromkeys(keys):
        if key not in table:
            raise UsageError(_UNKNOWN_MODIFIER[kind], name=Typed(key), known=list(table))
        listed.append({"key": key, "label": table[key].label, "value": Signed(table[key].value)})
    return listed


# --- the questions ------------------------------------------------------------------------------


def _spell_level(args: argparse.Namespace) -> tuple[int, Msg | None]:
    from nqcore.rules.spells import spell

    if args.spell:
        found = spell(args.spell)
        return found.level, found.name
    if args.level is None:
        raise UsageError(N_("give a spell level or --spell NAME"))
    return args.level, None


def _cast(args: argparse.Namespace) -> Answer:
    from nqcore.rules.magic import cast_chance, casting_target

    level, name = _spell_level(args)
    kwargs = {"concentrating": args.concentrate, "chanting_initiates": args.chant}
    target = casting_target(level, args.wizardry, **kwargs)
    return {
        "question": N_("Casting a level {level} spell at wizardry level {wizardry}"),
        "spell": name,
        "level": level,
        "wizardry": args.wizardry,
        "concentrating": args.concentrate,
        "chanting_initiates": args.chant,
        "target": target,
        "chance": Chance(cast_chance(level, args.wizardry, **kwargs)),
        "notes": chant_notes(args.chant or 0),
    }


def _cancel(args: argparse.Namespace) -> Answer:
    from nqcore.rules.magic import CANCEL_USE_COST, cancel_chance, cancelling_target

    level, name = _spell_level(args)
    return {
        "question": N_("Cancelling a level {level} spell in play ({cost} AC)"),
        "spell": name,
        "level": level,
        "cost": CANCEL_USE_COST,
        "concentrating": args.concentrate,
        "target": cancelling_target(level, concentrating=args.concentrate),
        "chance": Chance(cancel_chance(level, concentrating=args.concentrate)),
    }


def _hit(args: argparse.Namespace) -> Answer:
    from nqcore.rules.close_combat import close_combat_hit_chance, close_combat_target

    modifiers = _modifier_list(args.mod, "close combat")  # an unknown key refused first
    target = close_combat_target(args.cc, args.mod)
    return {
        "question": N_("Close combat attack at CC {cc}"),
        "cc": args.cc,
        "modifiers": modifiers,
        "target": target,
        "chance": Chance(close_combat_hit_chance(args.cc, args.mod)),
        "notes": fumble_notes(target),
    }


def _shoot(args: argparse.Namespace) -> Answer:
    from nqcore.rules.ranged import (
        WeaponRanges,
        range_band,
        ranged_attack_target,
        ranged_hit_chance,
    )

    name = None
    if args.weapon:
        from nqcore.army.armoury import weapon

        found = weapon(args.weapon)
        if len(found.ranges) != 3:
            raise UsageError(
                N_("the {weapon} has no close, medium and long range to shoot with"),
                weapon=found.name,
            )
        bands, name = [str(band) for band in found.ranges], found.name
    elif args.ranges:
        bands = args.ranges
    else:
        raise UsageError(
            N_("give --weapon NAME or --ranges CR MR LR (such as {example})"),
            example="10/+1 20/+0 30/-1",
        )
    ranges = WeaponRanges.parse(*bands)
    distance = args.distance
    band = range_band(distance, ranges)
    modifiers = _modifier_list(args.mod, "ranged")  # an unknown key refused first
    target = ranged_attack_target(args.ra, distance, ranges, args.mod)
    return {
        "question": N_('Ranged attack at RA {ra}, {distance}" away'),
        "ra": args.ra,
        "distance": distance,
        "weapon": name,
        "range": None if band is None else {"band": band[0].label, "modifier": Signed(band[1])},
        "modifiers": modifiers,
        "target": target,
        "chance": Chance(ranged_hit_chance(args.ra, distance, ranges, args.mod)),
        "notes": fumble_notes(target),
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
        "notes": save_notes(args.armour, args.strength, **kwargs),
    }


def _wound(args: argparse.Namespace) -> Answer:
    from nqcore.rules.damage import wound_chance, wound_target

    return {
        "question": N_("Wounding: ST {strength} against T {toughness}"),
        "strength": args.strength,
        "toughness": args.toughness,
        "target": wound_target(args.strength, args.toughness),
        "chance": Chance(wound_chance(args.strength, args.toughness)),
    }


def _sample(name: str | None) -> Profile | None:
    from nqcore.army.profile_files import sample_profile, sample_profiles

    if name is None:
        return None
    try:
        return sample_profile(name).profile
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


def _attack(args: argparse.Namespace) -> Answer:
    from nqcore.rules.profile_attack import close_combat_weapon, target_modifiers, weapon_attack

    attacker = _sample(args.attacker)
    target = _sample(args.target)
    expected = _ATTACK_NUMBERS[attacker is not None, target is not None]
    if len(args.numbers) != len(expected):
        given = " ".join(str(n) for n in args.numbers) or "none"
        raise UsageError(
            f"give {' '.join(expected) or 'no numbers'} here, not {given} "
            "(SKILL ST T, or --attacker KEY with T, or --target KEY with SKILL ST)"
        )
    numbers = dict(zip(expected, args.numbers, strict=True))
    chosen = None
    if args.weapon:
        from nqcore.army.armoury import weapon

        chosen = weapon(args.weapon)
    elif attacker is not None:
        chosen = close_combat_weapon(attacker)
    ranged = chosen is not None and not chosen.is_close_combat
    if attacker is not None:
        skill = attacker.ra if ranged else attacker.cc
        if skill is None:
            raise UsageError(
                N_("{name} has no {skill}"),
                name=_heading(attacker),
                skill=N_("RA") if ranged else N_("CC"),
            )
        strength = attacker.st
    else:
        skill = _check(N_("RA") if ranged else N_("CC"), numbers["SKILL"], SKILL_VALUES)
        strength = _check(N_("ST"), numbers["ST"], STRENGTH_VALUES)
    if target is not None:
        if args.armour is not None or args.re:
            raise UsageError(N_("--target gives the armour: leave out --armour and --re"))
        toughness, armour, resilience = target.t, target.ar, target.armour.resilience
        own = list(target_modifiers(target))
    else:
        toughness = _check(N_("T"), numbers["T"], SKILL_VALUES)
        armour, resilience, own = args.armour or 0, args.re, []
    kind = "ranged" if ranged else "close combat"
    modifiers = _modifier_list([*own, *args.mod], kind)
    unerring = attacker is not None and attacker.has("ability", "unerring")
    result = weapon_attack(
        skill,
        strength,
        toughness,
        chosen,
        armour=armour,
        resilience=resilience,
        modifiers=[m["key"] for m in modifiers],
        to_hit_modifier=args.hit_modifier,
        penetration=args.pm,
        ranked=args.ranked,
        distance=args.distance,
        poisonous=attacker is not None and attacker.has("ability", "poisonous-attack"),
        unerring=unerring,
    )
    steps = result.chances
    notes = [
        *fumble_notes(steps.to_hit_target, unerring=unerring),
        *save_notes(
            armour,
            result.strength,
            penetration=result.penetration,
            resilience=resilience,
            ranked=args.ranked,
            whole_attack=True,
        ),
    ]
    return {
        "question": N_(
            "A whole attack: skill {skill}, ST {strength} against T {toughness}, AR {armour}"
        ),
        "attacker": None if attacker is None else _heading(attacker),
        "defender": None if target is None else _heading(target),
        "weapon": None if chosen is None else chosen.name,
        "skill": result.skill,
        "strength": result.strength,
        "penetration": result.penetration,
        "toughness": toughness,
        "armour": armour,
        "resilience": resilience,
        "modifiers": modifiers,
        "hit_modifier": args.hit_modifier,
        "ranked": args.ranked,
        **(
            {
                "range": None
                if result.range_band is None
                else {
                    "band": result.range_band.label,
                    "modifier": Signed(result.range_modifier or 0),
                }
            }
            if ranged
            else {}
        ),
        "target": steps.to_hit_target,
        "hit": Chance(steps.hit),
        "unsaved": Chance(steps.unsaved),
        "wound": Chance(steps.wound),
        "chance": Chance(steps.total),
        "notes": notes,
    }


def _command(args: argparse.Namespace) -> Answer:
    from nqcore.rules.morale import BATTLE_STANDARD_REROLL_BONUS, command_chance, command_target

    target = command_target(args.co, args.mod, fear=args.fear)
    answer = {
        "question": N_("Command test at CO {co}"),
        "co": args.co,
        "modifiers": _modifier_list(args.mod, "command"),
        "fear": args.fear,
        "battle_standard": args.battle_standard,
        "target": target,
        "chance": Chance(
            command_chance(args.co, args.mod, fear=args.fear, battle_standard=args.battle_standard)
        ),
    }
    if args.battle_standard:  # the first roll, then the re-roll of a failed one at CO+1
        again = target + BATTLE_STANDARD_REROLL_BONUS
        answer["roll"] = Chance(command_chance(args.co, args.mod, fear=args.fear))
        answer["reroll"] = {"target": again, "chance": Chance(command_chance(again))}
        answer["notes"] = battle_standard_notes(answer["roll"], answer["chance"])
    return answer


def _morale(args: argparse.Namespace) -> Answer:
    from nqcore.rules.morale import HALF_STARTING_NUMBER, command_test_triggers

    tests = command_test_triggers(args.starting, args.casualties)
    return {
        "question": N_("Command tests for a unit of {starting} losing {losses} over the turns"),
        "starting": args.starting,
        "losses": " ".join(str(c) for c in args.casualties),
        "tests": [
            {
                "turn": t.turn,
                "at_start_of_turn": t.at_start_of_turn,
                "casualties": t.casualties,
                "reason": t.reason,
                # the first test's figures: the losses of the game so far (the book's "lost 50 %
                # of its starting number"), not the turn's
                **(
                    {"lost_in_total": sum(args.casualties[: t.turn])}
                    if t.reason == HALF_STARTING_NUMBER
                    else {}
                ),
            }
            for t in tests
        ],
    }


_ABILITIES = ("normal", "double-time", "cavalry", "flying")


def _move(args: argparse.Namespace) -> Answer:
    from nqcore.rules.movement import MovementAbility, max_move

    ability = MovementAbility(args.ability)
    return {
        "question": N_("Movement with {actions} AC"),
        "actions": args.actions,
        "ability": ability.label,
        "inches": max_move(args.actions, ability),
    }


def _move_cost(args: argparse.Namespace) -> Answer:
    from nqcore.rules.movement import MovementAbility, move_cost

    ability = MovementAbility(args.ability)
    return {
        "question": N_(
            'Moving {open}" in the open and {difficult}" through difficult terrain, over {barriers}'
        ),
        "open": args.open,
        "difficult": args.difficult,
        "barriers": Counted(args.barriers, N_("{count} barrier"), N_("{count} barriers")),
        "agile": args.agile,
        "ability": ability.label,
        "actions_needed": move_cost(
            args.open,
            difficult_inches=args.difficult,
            barriers=args.barriers,
            ability=ability,
            agile=args.agile,
        ),
    }


def _points(args: argparse.Namespace) -> Answer:
    from nqcore.army.profile_files import parse_profile
    from nqcore.army.profile_points import profile_points
    from nqcore.cli.files import read_toml

    profile = parse_profile(read_toml(args.file), args.file)
    try:
        breakdown = profile_points(profile)
    except Refusal as error:
        raise error.at(args.file, UsageError) from None
    except ValueError as error:  # a created weapon no table prices
        raise UsageError(f"{args.file}: {error}") from None
    return {
        "question": N_("Points of {name}"),
        "file": args.file,
        "name": Msg(profile.name),
        "points": breakdown.total,
        "items": [{"item": line.parts, "points": line.points} for line in breakdown.lines],
        "warnings": list(breakdown.warnings),
    }


def _army(args: argparse.Namespace) -> Answer:
    from nqcore.cli.army import army_answer

    return army_answer(args)


def _errata(args: argparse.Namespace) -> Answer:
    from nqcore.book.errata import all_errata

    return {
        "question": N_("Errata of the book"),
        "errata": [
            {
                "id": e.id,
                "kind": e.kind,
                "check": e.check,
                "section": e.section,
                "sections": list(e.sections),
                "subject": e.subject,
                "printed": e.printed,
                "correct": e.correct,
                "why": e.why,
            }
            for e in all_errata()
        ],
    }


def _export(args: argparse.Namespace) -> Answer:
    from nqcore.cli.export import export
    from nqcore.cli.files import write_text

    def text() -> str:
        return json.dumps(export(), ensure_ascii=False, indent=1) + "\n"

    if args.output:
        write_text(args.output, text)  # opens the file first: a bad path fails at once
    else:
        _print(text(), end="")
    return {}


# --- the command line ---------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    spell_level = read.bounded(P_("argument", "spell level"), SPELL_LEVELS)
    armour = read.bounded(N_("AR"), ARMOUR_VALUES)
    strength = read.bounded(N_("ST"), STRENGTH_VALUES)
    penetration = read.bounded(N_("PM"), PENETRATION_VALUES)
    resilience = read.bounded(N_("RE"), RESILIENCE_VALUES)
    # --lang and --json are accepted before or after the question.
    common = _Parser(add_help=False)
    common.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help="language of the answer (en or fr)",
    )
    common.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="answer as JSON, for scripts"
    )
    parser = _Parser(
        prog="nq",
        description="The questions players ask at the table, answered "
        "by the rules engine: the roll needed and its exact chance.",
        parents=[common],
        epilog="`nq QUESTION --help` explains each question.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="QUESTION", title="questions", parser_class=_Parser
    )

    def command(
        name: str, handler: Callable[[argparse.Namespace], Answer], help_text: str
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, parents=[common])
        p.set_defaults(handler=handler)
        return p

    p = command("cast", _cast, "the roll needed to cast a spell, and its chance")
    p.add_argument("level", type=spell_level, nargs="?", help="spell level, 1 to 8")
    p.add_argument("--spell", type=read.name, help="a spell by name instead of a level")
    p.add_argument(
        "--wizardry",
        type=read.bounded(P_("argument", "wizardry level"), WIZARDRY_LEVELS),
        default=0,
        help="wizardry level, 0 to 4",
    )
    p.add_argument("--concentrate", action="store_true", help="spend 1 AC for +1")
    p.add_argument(
        "--chant",
        type=read.bounded(P_("argument", "chanting initiates"), INITIATE_VALUES),
        default=0,
        help="initiates taking part in a spell chant, 0 to 100",
    )
    p = command("cancel", _cancel, "the roll needed to cancel a spell in play")
    p.add_argument("level", type=spell_level, nargs="?", help="level of the spell in play, 1 to 8")
    p.add_argument("--spell", type=read.name, help="the spell in play by name instead of a level")
    p.add_argument("--concentrate", action="store_true", help="spend 1 AC for +1")
    p = command("hit", _hit, "to-hit in close combat, with named modifiers")
    p.add_argument(
        "cc",
        type=read.bounded(N_("CC"), SKILL_VALUES),
        help="the attacker's close combat value (CC), 1 to 10",
    )
    p.add_argument(
        "--mod",
        action="append",
        default=[],
        metavar="KEY",
        type=read.name,
        help="a close combat modifier's key, such as charging (repeat for more)",
    )
    p = command("shoot", _shoot, "to-hit with a ranged weapon at a distance, with named modifiers")
    p.add_argument(
        "ra",
        type=read.bounded(N_("RA"), SKILL_VALUES),
        help="the firer's ranged attack value (RA), 1 to 10",
    )
    p.add_argument(
        "distance", type=read.distance, help="inches to the target, such as 12, 12.5 or 25/2"
    )
    p.add_argument("--weapon", type=read.name, help="an armoury weapon, such as bow")
    p.add_argument(
        "--ranges",
        nargs=3,
        metavar=("CR", "MR", "LR"),
        type=read.weapon_range,
        help="the weapon's ranges instead, such as 10/+1 20/+0 30/-1",
    )
    p.add_argument(
        "--mod",
        action="append",
        default=[],
        metavar="KEY",
        type=read.name,
        help="a ranged modifier's key, such as large-target (repeat for more)",
    )
    p = command("save", _save, "the armour save against an attack's strength")
    p.add_argument("armour", type=armour, help="the target's armour value (AR), 0 to 10")
    p.add_argument("strength", type=strength, help="the attack's strength (ST), 1 to 12")
    p.add_argument(
        "--pm", type=penetration, default=0, help="penetration modifier, such as -1 (-10 to 0)"
    )
    p.add_argument("--re", type=resilience, default=0, help="armour resilience, 1 to 3")
    p.add_argument("--ranked", action="store_true", help="ranked or closed formation, +1 AR")
    p = command("wound", _wound, "the roll needed to wound")
    p.add_argument("strength", type=strength, help="the attack's strength (ST), 1 to 12")
    p.add_argument(
        "toughness",
        type=read.bounded(N_("T"), SKILL_VALUES),
        help="the target's toughness (T), 1 to 10",
    )
    p = command("attack", _attack, "the chance of a whole attack: hit, failed save, wound")
    p.add_argument(
        "numbers",
        type=read.bounded(P_("argument", "SKILL, ST or T"), ATTACK_NUMBERS),
        nargs="*",
        metavar="N",
        help="SKILL ST T: the attacker's CC (RA with a ranged weapon) and strength "
        "(a close combat weapon adds its bonus), the target's toughness; only T "
        "with --attacker, only SKILL ST with --target",
    )
    p.add_argument(
        "--attacker",
        metavar="PROFILE",
        type=read.name,
        help="a sample profile (such as orc-bruiser): its CC, ST and first close combat weapon",
    )
    p.add_argument(
        "--target",
        metavar="PROFILE",
        type=read.name,
        help="a sample profile (such as dwarf): its T, AR and RE; +1 to hit a large "
        "target, -1 if it dodges",
    )
    p.add_argument(
        "--weapon", type=read.name, help="an armoury weapon, such as sword or bow: its ST and PM"
    )
    p.add_argument(
        "--distance", type=read.distance, help="inches to the target, for a ranged weapon"
    )
    p.add_argument("--armour", type=armour, help="the target's armour value (AR), 0 to 10")
    p.add_argument(
        "--pm",
        type=penetration,
        help="penetration modifier such as -1, -10 to 0 (default: the weapon's)",
    )
    p.add_argument("--re", type=resilience, default=0, help="armour resilience, 1 to 3")
    p.add_argument(
        "--mod",
        action="append",
        default=[],
        metavar="KEY",
        type=read.name,
        help="a close combat (or ranged) modifier's key",
    )
    p.add_argument(
        "--hit-modifier",
        type=read.bounded(P_("argument", "a to-hit modifier"), HIT_MODIFIER_VALUES),
        default=0,
        help="any other to-hit modifier, -10 to +10",
    )
    p.add_argument("--ranked", action="store_true", help="the target is ranked or closed, +1 AR")
    p = command("command", _command, "the command test target and chance")
    p.add_argument(
        "co",
        type=read.bounded(N_("CO"), SKILL_VALUES),
        help="the unit's command value (CO), 1 to 10",
    )
    p.add_argument(
        "--mod",
        action="append",
        default=[],
        metavar="KEY",
        type=read.name,
        help="a command modifier's key, such as banner (repeat for more)",
    )
    p.add_argument(
        "--fear",
        type=read.bounded(P_("argument", "a fear level"), FEAR_VALUES),
        default=0,
        help="the fear level X of a fear test, 0 to 10",
    )
    p.add_argument("--battle-standard", action="store_true", help="re-roll a failed test at CO+1")
    p = command("morale", _morale, "which turns trigger a command test")
    p.add_argument(
        "starting",
        type=read.bounded(P_("argument", "a unit's starting number"), UNIT_SIZES),
        help="models (or wounds) at the start of the game, 1 to 1000",
    )
    p.add_argument(
        "casualties",
        type=read.bounded(P_("argument", "casualties in a turn"), CASUALTY_VALUES),
        nargs="+",
        help="casualties in each game turn",
    )
    p = command("move", _move, "how far a model moves with its actions")
    p.add_argument(
        "actions",
        type=read.bounded(P_("argument", "actions"), ACTION_VALUES),
        help="actions (AC) spent moving, 0 to 20",
    )
    p.add_argument("--ability", default="normal", choices=_ABILITIES, help="movement ability")
    p = command(
        "move-cost",
        _move_cost,
        "the actions a move costs, through difficult terrain and over barriers",
    )
    p.add_argument("open", type=read.distance, help="inches moved in the open, such as 6 or 2.5")
    p.add_argument(
        "--difficult",
        type=read.distance,
        default=Fraction(0),
        help="inches moved through difficult terrain",
    )
    p.add_argument(
        "--barriers",
        type=read.bounded(P_("argument", "barriers"), BARRIER_VALUES),
        default=0,
        help="terrain barriers crossed, 0 to 10",
    )
    p.add_argument("--ability", default="normal", choices=_ABILITIES, help="movement ability")
    p.add_argument("--agile", action="store_true", help="an agile model: barriers cost nothing")
    p = command("points", _points, "the points cost of a profile in a TOML file")
    p.add_argument(
        "file",
        type=read.path,
        help="a profile file (see nqcore.army.profiles for its fields), at most 1 MiB",
    )
    p = command("army", _army, "a whole army priced and checked against the book's army rules")
    p.add_argument(
        "file",
        type=read.path,
        help="an army file (see nqcore.army.army_schema for its fields), at most 1 MiB",
    )
    p.add_argument(
        "--pdf",
        type=read.path,
        metavar="OUT.pdf",
        help="print the roster to this PDF (with TeX Live's xelatex); none if the army is refused",
    )
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="the roster's paper")
    command("errata", _errata, "where the book disagrees with its own rules")
    p = command(
        "export", _export, "all rules data and tables as JSON (nqcore/cli/export.schema.json)"
    )
    p.add_argument(
        "--output", type=read.path, help="write to this file instead of the standard output"
    )
    return parser


# --- answers ------------------------------------------------------------------------------------


def _print(text: str, end: str = "\n") -> None:
    text = printable(text)
    try:
        try:
            print(text, end=end, flush=True)
        except UnicodeEncodeError:  # an output that cannot show "é" or "½": "?" instead
            encoding = sys.stdout.encoding or "ascii"
            print(text.encode(encoding, "replace").decode(encoding), end=end, flush=True)
    except BrokenPipeError:  # `nq errata | head`: the reader has seen enough
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no second error at exit
    except OSError as error:  # `nq cast 5 > /dev/full`: one line, not a traceback
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no second error at exit
        print(f"nq: cannot write the answer: {error.strerror or error}", file=sys.stderr)
        raise SystemExit(1) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Answer one question: 0, or 2 with one line on stderr (argparse exits with 2 itself)."""
    try:
        return _answer(argv)
    except KeyboardInterrupt:  # Ctrl-C: the shell's own status, no traceback
        return 130


def _answer(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    with usage.speaking(usage.language_of(argv)):  # its mistakes in the reader's language
        args = parser.parse_args(argv)
        return _reply(args)


def _reply(args: argparse.Namespace) -> int:
    lang, as_json = getattr(args, "lang", "en"), getattr(args, "json", False)
    if problem := language_problem(lang):
        print(f"nq: {problem}", file=sys.stderr)
        return 2
    message: str | None
    try:
        answer = args.handler(args)
    except OSError as error:  # none expected: cli_io names the file of every failure
        message = f"{error.filename or ''}: {error.strerror}"
    except (UsageError, FileRefused, ValueError, KeyError) as error:
        from nqcore.cli.web import refusal  # the rules' few refusals still read by pattern

        message = say_in(lang, error)
        if lang != "en" and not isinstance(error, Refusal):  # English nq names the keys typed
            message = refusal(message, lang)
    else:
        message = None
    if message is not None:
        print(f"nq {args.command}: {_one_line(message)}", file=sys.stderr)
        return 2
    if not answer:
        return 0
    if as_json:
        answer["question"] = question(answer, lang)
        text = json.dumps(jsonable(answer, lang), ensure_ascii=False, indent=2)
    else:
        text = render(answer, lang)
    _print(text)
    return 2 if answer.get("refusals") else 0  # an army the book refuses (nq army)
