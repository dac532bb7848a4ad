"""``nq``: the questions players ask at the table, answered by the engine.

Every answer gives the roll needed and its exact probability, in English or French (``--lang fr``),
or as JSON for scripts (``--json``).  A mistake in the question gets one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from nqcore.i18n import LANGUAGES, N_, format_number, format_percent, translator

Answer = dict[str, Any]


class UsageError(Exception):
    """A mistake in the question: reported on one line, exit status 2."""


def _chance(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}


def _cast(args: argparse.Namespace) -> Answer:
    from nqcore.magic import cast_chance, casting_target
    from nqcore.spells import spell

    level = args.level
    if args.spell:
        level = spell(args.spell).level
    if level is None:
        raise UsageError("give a spell level or --spell NAME")
    kwargs = {"concentrating": args.concentrate, "chanting_initiates": args.chant}
    target = casting_target(level, args.wizardry, **kwargs)
    return {
        "question": N_("Casting a level {level} spell at wizardry level {wizardry}"),
        "level": level, "wizardry": args.wizardry,
        "target": target, "chance": cast_chance(level, args.wizardry, **kwargs),
    }  # fmt: skip


def _cancel(args: argparse.Namespace) -> Answer:
    from nqcore.magic import CANCEL_USE_COST, cancel_chance, cancelling_target
    from nqcore.spells import spell

    level = spell(args.spell).level if args.spell else args.level
    if level is None:
        raise UsageError("give a spell level or --spell NAME")
    return {
        "question": N_("Cancelling a level {level} spell in play ({cost} AC)"),
        "level": level, "cost": CANCEL_USE_COST,
        "target": cancelling_target(level, concentrating=args.concentrate),
        "chance": cancel_chance(level, concentrating=args.concentrate),
    }  # fmt: skip


def _hit(args: argparse.Namespace) -> Answer:
    from nqcore.close_combat import close_combat_hit_chance, close_combat_target

    return {
        "question": N_("Close combat attack at CC {cc}"),
        "cc": args.cc, "modifiers": args.mod,
        "target": close_combat_target(args.cc, args.mod),
        "chance": close_combat_hit_chance(args.cc, args.mod),
    }  # fmt: skip


def _shoot(args: argparse.Namespace) -> Answer:
    from nqcore.ranged import WeaponRanges, ranged_attack_target, ranged_hit_chance

    if args.weapon:
        from nqcore.armoury import weapon

        found = weapon(args.weapon)
        if len(found.ranges) != 3:
            raise UsageError(f"{found.name} has no close, medium and long range to shoot with")
        bands = [str(band) for band in found.ranges]
    elif args.ranges:
        bands = args.ranges
    else:
        raise UsageError("give --weapon NAME or --ranges CR MR LR (such as 10/+1 20/+0 30/-1)")
    ranges = WeaponRanges.parse(*bands)
    distance = Fraction(args.distance)
    target = ranged_attack_target(args.ra, distance, ranges, args.mod)
    return {
        "question": N_("Ranged attack at RA {ra}, {distance}\" away"),
        "ra": args.ra, "distance": distance, "modifiers": args.mod,
        "target": target, "chance": ranged_hit_chance(args.ra, distance, ranges, args.mod),
    }  # fmt: skip


def _save(args: argparse.Namespace) -> Answer:
    from nqcore.armour import save_chance, save_target

    kwargs = {"penetration": args.pm, "resilience": args.re, "ranked": args.ranked}
    return {
        "question": N_("Armour save at AR {armour} against ST {strength}"),
        "armour": args.armour, "strength": args.strength,
        "target": save_target(args.armour, args.strength, **kwargs),
        "chance": save_chance(args.armour, args.strength, **kwargs),
    }  # fmt: skip


def _wound(args: argparse.Namespace) -> Answer:
    from nqcore.damage import wound_chance, wound_target

    return {
        "question": N_("Wounding: ST {strength} against T {toughness}"),
        "strength": args.strength, "toughness": args.toughness,
        "target": wound_target(args.strength, args.toughness),
        "chance": wound_chance(args.strength, args.toughness),
    }  # fmt: skip


def _attack(args: argparse.Namespace) -> Answer:
    from nqcore.attack import attack_chances

    steps = attack_chances(
        args.skill, args.strength, args.toughness, armour=args.armour,
        penetration=args.pm, resilience=args.re, to_hit_modifier=args.hit_modifier,
        ranked=args.ranked,
    )  # fmt: skip
    return {
        "question": N_("A whole attack: skill {skill}, ST {strength} against T {toughness}, "
                       "AR {armour}"),
        "skill": args.skill, "strength": args.strength, "toughness": args.toughness,
        "armour": args.armour, "target": steps.to_hit_target,
        "hit": steps.hit, "unsaved": steps.unsaved, "wound": steps.wound,
        "chance": steps.total,
    }  # fmt: skip


def _command(args: argparse.Namespace) -> Answer:
    from nqcore.morale import command_chance, command_target

    return {
        "question": N_("Command test at CO {co}"),
        "co": args.co, "modifiers": args.mod,
        "target": command_target(args.co, args.mod, fear=args.fear),
        "chance": command_chance(args.co, args.mod, fear=args.fear,
                                 battle_standard=args.battle_standard),
    }  # fmt: skip


def _morale(args: argparse.Namespace) -> Answer:
    from nqcore.morale import command_test_triggers

    tests = command_test_triggers(args.starting, args.casualties)
    return {
        "question": N_("Command tests for a unit of {starting} losing {losses} over the turns"),
        "starting": args.starting, "losses": " ".join(str(c) for c in args.casualties),
        "tests": [{"turn": t.turn, "at_start_of_turn": t.at_start_of_turn,
                   "casualties": t.casualties, "reason": t.reason} for t in tests],
    }  # fmt: skip


def _move(args: argparse.Namespace) -> Answer:
    from nqcore.movement import MovementAbility, max_move

    ability = MovementAbility[args.ability.upper().replace("-", "_")]
    return {
        "question": N_("Movement with {actions} AC"),
        "actions": args.actions, "ability": args.ability,
        "inches": max_move(args.actions, ability),
    }  # fmt: skip


def _points(args: argparse.Namespace) -> Answer:
    from nqcore.points import profile_points
    from nqcore.profiles import load_profile

    breakdown = profile_points(load_profile(Path(args.file)))
    return {
        "question": N_("Points of the profile in {file}"),
        "file": args.file, "points": breakdown.total,
        "items": [{"item": str(line.label), "points": line.points} for line in breakdown.lines],
    }  # fmt: skip


def _errata(args: argparse.Namespace) -> Answer:
    from nqcore.errata import all_errata

    return {
        "question": N_("Errata of the book"),
        "errata": [{"id": e.id, "section": e.section, "subject": e.subject,
                    "printed": e.printed, "correct": e.correct, "why": e.why}
                   for e in all_errata()],
    }  # fmt: skip


def _export(args: argparse.Namespace) -> Answer:
    from nqcore.export import export

    document = json.dumps(export(), ensure_ascii=False, indent=1)
    if args.output:
        Path(args.output).write_text(document + "\n", encoding="utf-8")
    else:
        print(document)
    return {}


def build_parser() -> argparse.ArgumentParser:
    # --lang and --json are accepted before or after the question.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="language of the answer (en or fr)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="answer as JSON, for scripts")
    parser = argparse.ArgumentParser(prog="nq", description=(__doc__ or "").splitlines()[0],
                                     parents=[common])
    sub = parser.add_subparsers(dest="command", required=True, metavar="QUESTION")

    def command(name: str, handler: Callable[[argparse.Namespace], Answer], help_text: str
                ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text, parents=[common])
        p.set_defaults(handler=handler)
        return p

    p = command("cast", _cast, "the roll needed to cast a spell, and its chance")
    p.add_argument("level", type=int, nargs="?", help="spell level, 1 to 8")
    p.add_argument("--spell", help="a spell by name instead of a level")
    p.add_argument("--wizardry", type=int, default=0, help="wizardry level, 0 to 4")
    p.add_argument("--concentrate", action="store_true", help="spend 1 AC for +1")
    p.add_argument("--chant", type=int, default=0, help="initiates taking part in a spell chant")
    p = command("cancel", _cancel, "the roll needed to cancel a spell in play")
    p.add_argument("level", type=int, nargs="?")
    p.add_argument("--spell")
    p.add_argument("--concentrate", action="store_true")
    p = command("hit", _hit, "to-hit in close combat, with named modifiers")
    p.add_argument("cc", type=int)
    p.add_argument("--mod", action="append", default=[], help="a close combat modifier's key")
    p = command("shoot", _shoot, "to-hit with a ranged weapon at a distance")
    p.add_argument("ra", type=int)
    p.add_argument("distance", help="inches, such as 12 or 25/2")
    p.add_argument("--weapon")
    p.add_argument("--ranges", nargs=3, metavar=("CR", "MR", "LR"))
    p.add_argument("--mod", action="append", default=[], help="a ranged modifier's key")
    p = command("save", _save, "the armour save against an attack's strength")
    p.add_argument("armour", type=int)
    p.add_argument("strength", type=int)
    p.add_argument("--pm", type=int, default=0, help="penetration modifier, such as -1")
    p.add_argument("--re", type=int, default=0, help="armour resilience")
    p.add_argument("--ranked", action="store_true", help="ranked or closed formation, +1 AR")
    p = command("wound", _wound, "the roll needed to wound")
    p.add_argument("strength", type=int)
    p.add_argument("toughness", type=int)
    p = command("attack", _attack, "the chance of a whole attack: hit, failed save, wound")
    for name in ("skill", "strength", "toughness"):
        p.add_argument(name, type=int)
    p.add_argument("--armour", type=int, default=0)
    p.add_argument("--pm", type=int, default=0)
    p.add_argument("--re", type=int, default=0)
    p.add_argument("--hit-modifier", type=int, default=0)
    p.add_argument("--ranked", action="store_true")
    p = command("command", _command, "the command test target and chance")
    p.add_argument("co", type=int)
    p.add_argument("--mod", action="append", default=[], help="a command modifier's key")
    p.add_argument("--fear", type=int, default=0, help="the fear level X of a fear test")
    p.add_argument("--battle-standard", action="store_true", help="re-roll a failed test")
    p = command("morale", _morale, "which turns trigger a command test")
    p.add_argument("starting", type=int, help="models (or wounds) at the start of the game")
    p.add_argument("casualties", type=int, nargs="+", help="casualties in each game turn")
    p = command("move", _move, "how far a model moves with its actions")
    p.add_argument("actions", type=int)
    p.add_argument("--ability", default="normal",
                   choices=["normal", "double-time", "cavalry", "flying"])
    p = command("points", _points, "the points cost of a profile in a TOML file")
    p.add_argument("file")
    command("errata", _errata, "where the book disagrees with its own rules")
    p = command("export", _export, "all rules data and tables as JSON (schema: nqcore.export)")
    p.add_argument("--output", help="write to this file instead of the standard output")
    return parser


def render(answer: Answer, lang: str) -> str:
    """A human answer in ``lang``."""
    _ = translator(lang)
    fields = {k: (format_number(v, lang) if isinstance(v, int | Fraction) else v)
              for k, v in answer.items() if k != "question"}
    lines = [_(answer["question"]).format(**fields)]
    if "target" in answer:
        target = answer["target"]
        lines.append(_(N_("Roll needed: {target} or less")).format(target=target)
                     if target is not None else _(N_("No roll can succeed")))
    for key, label in (("hit", N_("Hit")), ("unsaved", N_("Armour fails")),
                       ("wound", N_("Wounds"))):
        if key in answer:
            lines.append(f"{_(label)}: {format_percent(answer[key], lang, 1)}")
    if "chance" in answer:
        lines.append(_(N_("Chance: {percent} ({fraction})")).format(
            percent=format_percent(answer["chance"], lang, 1),
            fraction=f"{answer['chance'].numerator}/{answer['chance'].denominator}"))
    if "inches" in answer:
        lines.append(_(N_("Distance: {inches}\"")).format(
            inches=format_number(answer["inches"], lang)))
    for test in answer.get("tests", []):
        lines.append(_(N_("Turn {turn}: {reason} ({casualties} of {at_start_of_turn})")).format(
            turn=test["turn"], reason=_(test["reason"]), casualties=test["casualties"],
            at_start_of_turn=test["at_start_of_turn"]))
    if answer.get("tests") == []:
        lines.append(_(N_("No command test is needed.")))
    for item in answer.get("items", []):
        lines.append(f"  {_(item['item'])}: {format_number(item['points'], lang)}")
    if "points" in answer:
        lines.append(_(N_("Total: {points} points")).format(
            points=format_number(answer["points"], lang)))
    for erratum in answer.get("errata", []):
        lines.append(f"- {_(erratum['subject'])}: {_(erratum['printed'])} → "
                     f"{_(erratum['correct'])}. {_(erratum['why'])}")
    return "\n".join(lines)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return _chance(value) if 0 <= value <= 1 and value.denominator != 1 else (
            int(value) if value.denominator == 1 else float(value))
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    lang, as_json = getattr(args, "lang", "en"), getattr(args, "json", False)
    try:
        answer = args.handler(args)
    except (UsageError, ValueError, KeyError, OSError) as error:
        message = error.args[0] if error.args else str(error)
        print(f"nq {args.command}: {message}", file=sys.stderr)
        return 2
    if not answer:
        return 0
    if as_json:
        fields = {k: v for k, v in answer.items() if k != "question"}
        answer["question"] = translator(lang)(answer["question"]).format(**fields)
        json.dump(_jsonable(answer), sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        print(render(answer, lang))
    return 0
