"""An answer of ``nq`` as its reader reads it: :func:`render` gives the lines in the reader's
language (numbers, percentages and French typography included), :func:`jsonable` the ``--json``
document with each text translated and each chance as its fraction and its value.
"""

from __future__ import annotations

import os
import re
import sys
from fractions import Fraction
from typing import Any

from nqcore.book.book_warnings import BookWarning
from nqcore.cli.render_range import range_lines
from nqcore.i18n import (
    N_,
    Counted,
    Msg,
    Refusal,
    colon,
    format_number,
    format_percent,
    format_signed,
    plural,
    translator,
)
from nqcore.rules.answer_notes import Note, armour_working
from nqcore.tables.registry import Chance, Phrase, Signed
from nqcore.terminal import printable

#: An answer of the engine: field name -> value (numbers, texts to translate, lists of them).
Answer = dict[str, Any]


def _rule(warning: Any, lang: str) -> str:
    """The rule a refusal of the book states, in parentheses ("(rule Support Weapons, section
    support-weapons)"); nothing for a warning."""
    said = warning.rule_said(lang) if isinstance(warning, BookWarning) else ""
    return f" ({said})" if said else ""


def _text(value: Any, lang: str) -> str:
    """One value of an answer as the reader of ``lang`` reads it."""
    _ = translator(lang)
    if isinstance(value, BookWarning | Refusal):
        return value.text(lang)
    if isinstance(value, Phrase):
        text = "".join(_text(part, lang) for part in value)
        return re.sub(r"(?<=\w): ", colon(lang), text) if lang == "fr" else text  # "Dragon : AD 3"
    if isinstance(value, Msg):
        return _(value)
    if isinstance(value, Counted):
        return value.text(lang)
    if isinstance(value, Signed):
        return format_signed(int(value), lang)
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return str(value)
    if isinstance(value, int | Fraction):
        return format_number(value, lang)
    return str(value)


def question(answer: Answer, lang: str) -> str:
    """The answer's first line, the question it answers, in ``lang``."""
    fields = {k: _text(v, lang) for k, v in answer.items() if k != "question"}
    return translator(lang)(answer["question"]).format(**fields)


def render(answer: Answer, lang: str) -> str:
    """A human answer in ``lang``: every line in that language."""
    from nqcore.cli.render_charge import charge_lines

    lines = [question(answer, lang)]
    parts = (
        _lines_names,
        range_lines,
        _lines_rolls,
        _lines_results,
        charge_lines,
        _lines_notes,
        _lines_tests,
        _lines_panic,
        _lines_points,
        _lines_errata,
        _lines_army,
    )
    for part in parts:
        lines += part(answer, lang)
    return "\n".join(lines)


def _colon(lang: str) -> str:
    return colon(lang)  # French typography: a no-break space before the colon


def _lines_names(answer: Answer, lang: str) -> list[str]:
    """Who and what the question is about: the spell, the attacker, the weapon..."""
    _, colon = translator(lang), _colon(lang)
    return [
        f"{_(label)}{colon}{_text(answer[key], lang)}"
        for key, label in (
            ("spell", N_("Spell")),
            ("attacker", N_("Attacker")),
            ("defender", N_("Target")),
            ("weapon", N_("Weapon")),
        )
        if answer.get(key) is not None
    ]


#: Choices of a question that change its roll, named on the modifiers line as the page's fields
#: are: answer field -> its label (the value shown is the one the rules add to the roll).
_APPLIED: tuple[tuple[str, Msg], ...] = (
    # "each point adds +1 to the spell level when casting" (Wizardry Level): player round 14
    ("wizardry", N_("Wizardry level")),
    ("concentrating", N_("Concentrating")),
    ("chanting_initiates", N_("Initiates chanting")),
    ("penetration", N_("Penetration modifier (PM)")),
    ("resilience", N_("Armour resilience (RE)")),
    ("ranked", N_("Ranked or closed formation (AR)")),
    ("hit_modifier", N_("Other to-hit modifier")),
    ("fear", N_("Fear level")),
)


def applied(answer: Answer) -> list[tuple[Msg, int]]:
    """The modifiers of ``answer`` as a player set them, each with the value it adds: the named
    modifiers, then the other choices that change the roll (concentrating, fear, PM...)."""
    found = [(m["label"], int(m["value"])) for m in answer.get("modifiers", [])]
    if "target" not in answer:
        return found
    from nqcore.rules.magic import chant_bonus

    for key, label in _APPLIED:
        value = answer.get(key)
        if key == "chanting_initiates" and value:  # the chant's bonus, at most +3
            value = chant_bonus(value)
        if value is True:
            found.append((label, 1))
        elif isinstance(value, int) and not isinstance(value, bool) and value:
            found.append((label, -value if key == "fear" else value))
        elif key == "fear" and value == 0:  # a fear test, fear (0): said, if it changes nothing
            found.append((label, 0))
    return found


#: Choices that change the armour save, named on its working line when the answer has one.
_ARMOUR_CHOICES = frozenset({"penetration", "resilience", "ranked"})
#: The fields of an answer about an armour save (``nq save``, ``nq attack``).
_ARMOUR_ANSWER = frozenset({"armour", "strength", *_ARMOUR_CHOICES})


def armour_working_of(answer: Answer) -> dict[str, Any] | None:
    """How the answer's AR becomes its save's target (:func:`armour_working`), worked out from
    the answer's own fields (the JSON holds them, not the working: the page's tables stay
    small); None for an answer without a save to work out."""
    if not _ARMOUR_ANSWER <= answer.keys():
        return None
    return armour_working(
        answer["armour"],
        answer["strength"],
        penetration=answer["penetration"],
        resilience=answer["resilience"],
        ranked=answer["ranked"],
    )


def _lines_rolls(answer: Answer, lang: str) -> list[str]:
    """The modifiers, the movement ability, the roll needed and the chances of each step."""
    _, colon = translator(lang), _colon(lang)
    lines = []
    working = armour_working_of(answer)
    armour_labels = {label for key, label in _APPLIED if key in _ARMOUR_CHOICES}
    listed = [
        (label, value)
        for label, value in applied(answer)
        if not (_ARMOUR_ANSWER <= answer.keys() and label in armour_labels)
    ]
    # beyond a shot's range, its modifiers change nothing: the line saying why stays before the
    # figures (the page's bar shows the line before them: player round 24)
    beyond = answer.get("target", 0) is None and ("range" in answer or "reach" in answer)
    if listed and not beyond:
        text = ", ".join(
            f"{_(label)} {format_signed(value, lang) if value else format_number(0, lang)}"
            for label, value in listed
        )
        title = N_("To-hit modifiers") if "hit" in answer else N_("Modifiers")
        lines.append(f"{_(title)}{colon}{text}")
    if "ability" in answer:
        lines.append(f"{_(N_('Movement ability'))}{colon}{_(answer['ability'])}")
    if answer.get("agile"):
        lines.append(_(N_("Agile: terrain barriers cost no actions.")))
    if answer.get("flies"):  # Traits > "Flying": "No restrictions for crossing terrain features"
        lines.append(
            _(
                N_(
                    "Flying: difficult terrain and barriers cost no actions (no restrictions apply"
                    " for crossing terrain features)."
                )
            )
        )
    if working and "hit" not in answer:
        lines.append(working_line(working, lang))
    if "target" in answer:
        from nqcore.cli.render_morale import on_dice

        # the chance of one roll: a whole attack's "chance" is that of all its steps, a re-rolled
        # test's that of two rolls (its first roll's chance is "roll")
        roll = answer.get("hit", answer.get("roll", answer.get("chance")))
        lines.append(on_dice(roll_needed(answer["target"], roll, lang), answer, lang))
    if "reroll" in answer:
        from nqcore.cli.render_morale import on_dice, reroll_line

        lines.append(on_dice(reroll_line(answer["reroll"], lang), answer, lang))
    if "hit" in answer:
        lines += _attack_steps(answer, lang)
    return lines


def working_line(working: dict[str, Any], lang: str) -> str:
    """How AR becomes the save's target: "AR 3, Armour modifier of ST 6 −2 = 1"."""
    _, colon = translator(lang), _colon(lang)
    parts = [f"{_(N_('AR'))} {format_number(working['armour'], lang)}"]
    parts += [
        f"{note_text(term['why'], lang)} {format_signed(term['value'], lang)}"
        for term in working["terms"]
    ]
    total = format_number(working["result"], lang)
    return f"{_(N_('Armour after modifiers'))}{colon}{', '.join(parts)} = {total}"


def _step_roll(target: int | None, chance: Fraction, lang: str) -> str:
    """A step's chance and the roll it needs: "40.0% (roll needed: 4 or less)"."""
    needed = roll_needed(target, chance, lang)
    needed = needed[:1].lower() + needed[1:]
    if "(" in needed or chance == 0:  # "cannot succeed: every roll fails, even a 1"
        return f"{percent(chance, lang)}, {needed}"
    return f"{percent(chance, lang)} ({needed})"


def _attack_steps(answer: Answer, lang: str) -> list[str]:
    """A whole attack after its roll to hit: the hit, the armour's working and save, what gets
    through (a masterful hit, a natural 1 to hit, allows no save), and the wound."""
    _, colon = translator(lang), _colon(lang)
    hits = N_("Each die hits") if answer.get("dice", 1) > 1 else N_("Hits")
    lines = [f"{_(hits)}{colon}{percent(answer['hit'], lang)}"]
    working = armour_working_of(answer)
    if working:
        lines.append(working_line(working, lang))
    save = answer.get("save")
    if save is not None:
        saved = _step_roll(answer["save_target"], save, lang)
        lines.append(f"{_(N_('Armour save of an ordinary hit'))}{colon}{saved}")
    masterful = answer.get("masterful", 0)
    if save and masterful:
        text = _(
            N_(
                "Hits and is not saved: {unsaved}; a natural 1 to hit ({masterful}) is a "
                "masterful hit, which allows no armour save, and the other hits ({ordinary}) "
                "fail the save {failed} of the time"
            )
        ).format(
            unsaved=percent(answer["unsaved"], lang),
            masterful=percent(masterful, lang),
            ordinary=percent(answer["hit"] - masterful, lang),
            failed=percent(1 - save, lang),
        )
        lines.append(text)
    else:
        lines.append(f"{_(N_('Hits and is not saved'))}{colon}{percent(answer['unsaved'], lang)}")
    wound = _step_roll(answer.get("wound_target"), answer["wound"], lang)
    lines.append(f"{_(N_('Roll to wound succeeds'))}{colon}{wound}")
    return lines


def percent(chance: Fraction, lang: str) -> str:
    """A chance as a player reads it: a percentage, never "100.0%" for a roll that can fail
    nor "0.0%" for one that can succeed."""
    _ = translator(lang)
    if 0 < chance < Fraction(1, 2000):
        return _(N_("less than {percent}")).format(
            percent=format_percent(Fraction(1, 1000), lang, 1)
        )
    if Fraction(1999, 2000) < chance < 1:
        return _(N_("more than {percent}")).format(
            percent=format_percent(Fraction(999, 1000), lang, 1)
        )
    return format_percent(chance, lang, 1)


def roll_needed(target: int | None, chance: Fraction | None, lang: str) -> str:
    """The roll a test needs, as a player reads it: a target the die cannot show ("0 or less",
    "11 or less") is said as what the die does, and so is a natural 10 that fails (or a natural
    1 that succeeds) whatever the target ("Natural Rolls" of "Rolling Dice, Low Is Good"; the
    engine's rules in :mod:`nqcore.rules.dice`).  Only the words: the figures are the engine's.

    Which faces succeed is read from the chance of one die (tenths): a chance of 9/10 at a
    target of 10 or more is the natural 10 failing; 1/10 at a target under 1, a natural 1."""
    _ = translator(lang)
    if target is None:
        return _(N_("No roll can succeed"))
    shown = format_number(target, lang)
    faces = None if chance is None or (chance * 10).denominator != 1 else int(chance * 10)
    if faces == 0:
        return _(N_("Cannot succeed: every roll fails, even a 1"))
    if faces == 10:
        return _(N_("Succeeds on any roll (needs {target} or less)")).format(target=shown)
    if target < 1 and faces == 1:
        return _(N_("Succeeds only on a natural 1 (needs {target} or less)")).format(target=shown)
    if target >= 10 and faces == 9:
        return _(N_("Succeeds on 1–{last}; a natural 10 always fails")).format(
            last=format_number(9, lang)
        )
    return _(N_("Roll needed: {target} or less")).format(target=shown)


def _lines_results(answer: Answer, lang: str) -> list[str]:
    """A chance as a percentage and a fraction, a distance, the actions a move needs."""
    _ = translator(lang)
    lines = []
    if "chance" in answer:
        chance = answer["chance"]
        shown = percent(chance, lang)
        if chance == 1:
            lines.append(_(N_("Chance: {percent}, sure to succeed")).format(percent=shown))
        elif chance == 0:
            lines.append(_(N_("Chance: {percent}, it cannot succeed")).format(percent=shown))
        elif "expected_wounds" in answer:
            from nqcore.cli.render_dice import dice_wounds_lines

            lines += dice_wounds_lines(answer, lang)
        elif "volley" in answer:
            lines.append(_(N_("Chance of each die: {percent}")).format(percent=shown))
            from nqcore.cli.render_dice import volley_line

            lines.append(volley_line(answer["volley"], lang))
        else:  # a whole attack's says what of (player round 21: read as the wound roll's)
            said = N_("Chance to wound: {percent}") if "hit" in answer else N_("Chance: {percent}")
            lines.append(_(said).format(percent=shown))
    if "inches" in answer:
        lines.append(
            _(N_('Distance: {inches}"')).format(inches=format_number(answer["inches"], lang))
        )
    if "actions_needed" in answer:
        lines.append(
            _(N_("Actions needed: {actions} AC")).format(
                actions=format_number(answer["actions_needed"], lang)
            )
        )
    return lines


def note_text(note: Note, lang: str) -> str:
    """A note of :mod:`nqcore.rules.answer_notes` in ``lang``: its chances as percentages."""
    values = {
        name: percent(value, lang) if isinstance(value, Chance) else _text(value, lang)
        for name, value in note.values.items()
    }
    return translator(lang)(note.message).format(**values)


def _lines_notes(answer: Answer, lang: str) -> list[str]:
    """Why the answer is what it is: the rule behind a figure (no armour, a capped chant...)."""
    return [note_text(note, lang) for note in answer.get("notes", [])]


def _lines_tests(answer: Answer, lang: str) -> list[str]:
    """The command tests a unit's casualties call for, turn by turn, and the turn it is wiped out
    in, if it is."""
    from nqcore.cli.render_morale import trigger_figures

    _ = translator(lang)
    lines = [
        _(N_("Turn {turn}: {reason} ({figures})")).format(
            turn=format_number(test["turn"], lang),
            reason=_(test["reason"]),
            figures=trigger_figures(test, answer["starting"], lang),
        )
        for test in answer.get("tests", [])
    ]
    destroyed = answer.get("destroyed")
    if destroyed:
        figures = trigger_figures(destroyed, answer["starting"], lang)
        text = N_("Turn {turn}: the unit is destroyed ({figures}); nobody is left to test.")
        turn = format_number(destroyed["turn"], lang)
        lines.append(_(text).format(turn=turn, figures=figures))
        if answer.get("not_counted"):
            after = N_(
                "The casualties after turn {turn} are not counted: the unit is no longer in play."
            )
            lines.append(_(after).format(turn=turn))
    if answer.get("tests") == []:
        lines.append(_(N_("No command test is needed.")))
    return lines


def _lines_panic(answer: Answer, lang: str) -> list[str]:
    """Each result of the panic table with its rolls and chance: "Terrified (8–9): 20.0%"."""
    _ = translator(lang)
    return [
        _(N_("{result} ({rolls}): {percent}")).format(
            result=_(found["result"]), rolls=found["rolls"], percent=percent(found["chance"], lang)
        )
        for found in answer.get("results", [])
    ]


def _lines_points(answer: Answer, lang: str) -> list[str]:
    """A profile's points item by item, its total and the book's warnings."""
    _, colon = translator(lang), _colon(lang)
    lines = [
        f"  {_text(item['item'], lang)}{colon}{format_number(item['points'], lang)}"
        for item in answer.get("items", [])
    ]
    if "points" in answer:
        total = plural(
            answer["points"], N_("Total: {count} point"), N_("Total: {count} points"), lang
        )
        lines.append(total)
    lines += [
        f"{_(N_('Refused') if getattr(warning, 'refused', False) else N_('Warning'))}{colon}"
        f"{_text(warning, lang)}{_rule(warning, lang)}"
        for warning in answer.get("warnings", [])
    ]
    return lines


def _lines_errata(answer: Answer, lang: str) -> list[str]:
    """The book's errata, one line each."""
    _, colon = translator(lang), _colon(lang)
    lines = []
    for erratum in answer.get("errata", []):
        kind = f"{_(N_('Open question'))}{colon}" if erratum["kind"] == "open-question" else ""
        lines.append(
            f"- {kind}{_(erratum['subject'])}{colon}{_(erratum['printed'])} → "
            f"{_(erratum['correct'])}. {_(erratum['why'])}"
        )
    return lines


def _lines_army(answer: Answer, lang: str) -> list[str]:
    """An army's roster, totals, refusals and warnings (``nq army``)."""
    if "roster" not in answer:
        return []
    from nqcore.cli.army import roster_lines

    return roster_lines(answer, lang)


def jsonable(value: Any, lang: str) -> Any:
    """JSON-ready data: texts in ``lang``, chances as exact fractions with their value, other
    fractions (inches) as numbers."""
    if isinstance(value, BookWarning):
        return value.as_json(lang)
    if isinstance(value, Refusal):  # a breach of an army rule
        return value.text(lang)
    if isinstance(value, Phrase):
        return _text(value, lang)
    if isinstance(value, Note):
        return note_text(value, lang)
    if isinstance(value, Msg):
        return translator(lang)(value)
    if isinstance(value, Chance):  # a probability: always its exact fraction and its value
        return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, dict):
        return {k: jsonable(v, lang) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v, lang) for v in value]
    return value


def print_text(text: str, end: str = "\n", *, json: bool = False) -> None:
    """An answer (``json`` text, or not) on the standard output, whatever the terminal can
    show, and no error when the reader stops reading."""
    text = printable(text, json=json)
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
