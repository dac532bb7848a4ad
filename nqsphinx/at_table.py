"""The "At the table" page: calculators that ask the rules engine itself, in the browser.

Every number on the page comes from :mod:`nqcore`: the page runs it with Pyodide (CPython built
for WebAssembly, the npm package ``pyodide`` pinned by ``tools/engine/package-lock.json``) in a
web worker.  A form builds the command line a player would type to ``nq`` and shows what
:func:`nqcore.web.ask` answers: the same parser, question functions and rendering as the CLI.
The page's script holds no rule of the game: it checks that a field holds a number of the range
written into the page (from the CLI's own ranges), builds the arguments and shows the answer.

The build vendors, into ``_static/nq-engine/`` of each site: Pyodide's runtime (``npm ci`` in
``tools/engine`` when it is missing), and ``nq-engine.zip``, the engine's package with the
installed, pinned Babel (only the locale data of English and French), unpacked into Pyodide's
file system without micropip or any network.  Only pages holding a calculator load it, and only
their policy allows WebAssembly (``'wasm-unsafe-eval'``, :data:`ENGINE_META_TAG`).  The service
worker keeps the engine's files once a calculator page has loaded them (:mod:`nqsphinx.offline`).

- ``{nq-calculator} cast`` draws one calculator; its rule link is the section of the rule book
  it answers (:data:`CALCULATORS`), and that section gets a "Work it out" link back.
- ``{nq-calculator} builder`` draws the profile builder: its lists are the engine's data, and
  each change goes to :func:`nqcore.web.build`, which prices the profile as ``nq points`` does.
"""

from __future__ import annotations

import fcntl
import html
import io
import json
import re
import shutil
import subprocess
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

import nqcore
from nqcore import cli
from nqcore.i18n import LANGUAGES, NUMBER_LOCALES, Msg
from nqsphinx.csp import DIRECTIVES
from nqsphinx.messages import engine_text, page_language, ui_text
from nqsphinx.untrusted import generated_raw

ROOT = Path(__file__).resolve().parent.parent
ENGINE_TOOLS = ROOT / "tools" / "engine"
PYODIDE = ENGINE_TOOLS / "node_modules" / "pyodide"
#: What the worker loads of the npm package: the runtime, its standard library, its lock file.
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)  # fmt: skip
ENGINE_DIR = "nq-engine"
ENGINE_ZIP = "nq-engine.zip"
WORKER = "nq-engine-worker.js"
PAGE_SCRIPT = "nq-at-table.js"
PAGE_STYLE = "nq-at-table.css"


def babel_locales() -> tuple[str, ...]:
    """Babel's locales that the engine's languages read (en_GB, fr_FR, ... and their parents)."""
    from babel.core import get_global

    parents = get_global("parent_exceptions")
    found = ["root"]
    for lang in LANGUAGES:
        name = NUMBER_LOCALES.get(lang, lang)
        while name not in found:
            found.append(name)
            name = parents.get(name) or (name.rpartition("_")[0] or "root")
    return tuple(found)


#: Babel's locales the calculators' engine holds: ("root", "en_GB", "en_001", "en", "fr_FR", "fr").
BABEL_LOCALES = babel_locales()
#: The class that marks a calculator in a page's body: such a page gets the engine.
MARK = "nq-calc"
#: 1980-01-01, the earliest date a zip file holds: the same sources make the same zip.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)

ENGINE_POLICY = "; ".join(
    f"{name} {value} 'wasm-unsafe-eval'" if name == "script-src" else f"{name} {value}"
    for name, value in DIRECTIVES
)
#: The policy of a calculator page: the site's, and WebAssembly compiled by the page's engine.
ENGINE_META_TAG = f'<meta http-equiv="Content-Security-Policy" content="{ENGINE_POLICY}">'


# --- the calculators ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One control of a calculator and the argument of ``nq`` it gives.

    ``arg`` is ``""`` for a positional argument, else the option (``--wizardry``); ``kind`` is
    ``int``, ``distance``, ``check``, ``choice``, ``multi`` (checkboxes, the option repeated),
    ``list`` (whole numbers separated by spaces) or ``ranges`` (three weapon ranges).  An
    ``optional`` field left empty gives no argument; ``omit_if`` names a field whose value
    makes this one unused (a sample profile gives the numbers)."""

    name: str
    label: str
    kind: str
    arg: str = ""
    allowed: range | None = None
    default: str = ""
    choices: Callable[[str], list[tuple[str, str]]] | None = None
    optional: bool = False
    omit_if: str = ""


@dataclass(frozen=True)
class Calculator:
    command: str
    rule: str  # the label of the rule section it answers
    fields: tuple[Field, ...] = field(default_factory=tuple)


def _spells(lang: str) -> list[tuple[str, str]]:
    from nqcore.spells import all_spells

    return [(s.key, f"{engine_text(s.name, lang)} ({s.level})") for s in all_spells()]


def _modifiers(kind: str) -> Callable[[str], list[tuple[str, str]]]:
    def choices(lang: str) -> list[tuple[str, str]]:
        from nqcore.close_combat import close_combat_modifiers
        from nqcore.morale import command_modifiers
        from nqcore.ranged import ranged_modifiers

        table = {"close": close_combat_modifiers, "ranged": ranged_modifiers,
                 "command": command_modifiers}[kind]()  # fmt: skip
        return [(key, f"{engine_text(m.label, lang)} ({m.value:+d})") for key, m in table.items()]

    return choices


def _shooting_weapons(lang: str) -> list[tuple[str, str]]:
    from nqcore.armoury import all_weapons

    return [(w.key, engine_text(w.name, lang)) for w in all_weapons() if len(w.ranges) == 3]


def _weapons(lang: str) -> list[tuple[str, str]]:
    from nqcore.armoury import all_weapons

    return [(w.key, engine_text(w.name, lang)) for w in all_weapons()]


def _samples(lang: str) -> list[tuple[str, str]]:
    from nqcore.profiles import sample_profiles

    return [(s.profile.key, engine_text(s.profile.name, lang)) for s in sample_profiles()]


def _abilities(lang: str) -> list[tuple[str, str]]:
    from nqcore.movement import MovementAbility

    return [(a.value, engine_text(a.label, lang)) for a in MovementAbility]


def _calculators() -> dict[str, Calculator]:
    from nqcore.magic import SPELL_LEVELS, WIZARDRY_LEVELS

    spell = Field("spell", "Spell (or its level below)", "choice", "--spell", choices=_spells,
                  optional=True)  # fmt: skip
    level = Field("level", "Spell level", "int", "", SPELL_LEVELS, "5", omit_if="spell")
    concentrate = Field("concentrate", "Concentrating (1 AC for +1)", "check", "--concentrate")
    strength = Field("strength", "Strength (ST)", "int", "", cli.STRENGTH_VALUES, "4")
    calculators = (
        Calculator("cast", "casting-a-spell", (
            spell, level,
            Field("wizardry", "Wizardry level", "int", "--wizardry", WIZARDRY_LEVELS, "0"),
            concentrate,
            Field("chant", "Initiates chanting", "int", "--chant", cli.INITIATE_VALUES, "0"),
        )),
        Calculator("cancel", "cancelling-a-spell-in-play", (spell, level, concentrate)),
        Calculator("hit", "close-combat-modifiers", (
            Field("cc", "Close combat (CC)", "int", "", cli.SKILL_VALUES, "5"),
            Field("mod", "Modifiers", "multi", "--mod", choices=_modifiers("close")),
        )),
        Calculator("shoot", "ranged-attack-modifiers", (
            Field("ra", "Ranged attack (RA)", "int", "", cli.SKILL_VALUES, "5"),
            Field("distance", "Distance (inches)", "distance", "", default="12"),
            Field("weapon", "Weapon (or its ranges below)", "choice", "--weapon",
                  choices=_shooting_weapons, default="bow", optional=True),
            Field("ranges", "Ranges (close, medium, long)", "ranges", "--ranges",
                  default="10/+1 20/+0 30/-1", omit_if="weapon"),
            Field("mod", "Modifiers", "multi", "--mod", choices=_modifiers("ranged")),
        )),
        Calculator("save", "armour-saves", (
            Field("armour", "Armour (AR)", "int", "", cli.ARMOUR_VALUES, "3"),
            strength,
            Field("pm", "Penetration modifier (PM)", "int", "--pm", cli.PENETRATION_VALUES, "0"),
            Field("re", "Armour resilience (RE)", "int", "--re", cli.RESILIENCE_VALUES, "0"),
            Field("ranked", "Ranked or closed formation (+1 AR)", "check", "--ranked"),
        )),
        Calculator("wound", "wounding-the-target", (
            strength,
            Field("toughness", "Toughness (T)", "int", "", cli.SKILL_VALUES, "4"),
        )),
        Calculator("attack", "damage", (
            Field("attacker", "Attacker (a sample profile, or the numbers below)", "choice",
                  "--attacker", choices=_samples, optional=True),
            Field("skill", "Attacker's CC (RA with a ranged weapon)", "int", "",
                  cli.SKILL_VALUES, "5", omit_if="attacker"),
            Field("st", "Attacker's strength (ST)", "int", "", cli.STRENGTH_VALUES, "4",
                  omit_if="attacker"),
            Field("target", "Target (a sample profile, or the numbers below)", "choice",
                  "--target", choices=_samples, optional=True),
            Field("t", "Target's toughness (T)", "int", "", cli.SKILL_VALUES, "4",
                  omit_if="target"),
            Field("armour", "Target's armour (AR)", "int", "--armour", cli.ARMOUR_VALUES, "0",
                  omit_if="target"),
            Field("re", "Armour resilience (RE)", "int", "--re", cli.RESILIENCE_VALUES, "0",
                  omit_if="target"),
            Field("weapon", "Weapon", "choice", "--weapon", choices=_weapons, optional=True),
            Field("distance", "Distance (inches, for a ranged weapon)", "distance",
                  "--distance", optional=True),
            Field("hit_modifier", "Other to-hit modifier", "int", "--hit-modifier",
                  cli.HIT_MODIFIER_VALUES, "0"),
            Field("ranked", "Ranked or closed formation (+1 AR)", "check", "--ranked"),
        )),
        Calculator("command", "morale-command-test-modifiers", (
            Field("co", "Command (CO)", "int", "", cli.SKILL_VALUES, "7"),
            Field("fear", "Fear level (X)", "int", "--fear", cli.FEAR_VALUES, "0"),
            Field("battle_standard", "Battle standard (re-roll at CO+1)", "check",
                  "--battle-standard"),
            Field("mod", "Modifiers", "multi", "--mod", choices=_modifiers("command")),
        )),
        Calculator("morale", "morale", (
            Field("starting", "Models at the start of the game", "int", "", cli.UNIT_SIZES, "16"),
            Field("casualties", "Casualties in each turn", "list", "", cli.CASUALTY_VALUES,
                  "3 4 2"),
        )),
        Calculator("move", "movement-ability-table", (
            Field("actions", "Actions (AC) spent moving", "int", "", cli.ACTION_VALUES, "3"),
            Field("ability", "Movement ability", "choice", "--ability", choices=_abilities,
                  default="normal"),
        )),
        Calculator("move-cost", "difficult-terrain", (
            Field("open", "Inches in the open", "distance", "", default="4"),
            Field("difficult", "Inches through difficult terrain", "distance", "--difficult",
                  default="2"),
            Field("barriers", "Terrain barriers crossed", "int", "--barriers",
                  cli.BARRIER_VALUES, "0"),
            Field("ability", "Movement ability", "choice", "--ability", choices=_abilities,
                  default="normal"),
            Field("agile", "Agile (barriers cost nothing)", "check", "--agile"),
        )),
    )  # fmt: skip
    return {calculator.command: calculator for calculator in calculators}


CALCULATORS = _calculators()


# Words of the page: literal ui_text calls, so that `make update-po` finds every one of them.
def _field_labels(lang: str) -> dict[str, str]:
    return {
        "Spell (or its level below)": ui_text("Spell (or its level below)", lang),
        "Spell level": ui_text("Spell level", lang),
        "Wizardry level": ui_text("Wizardry level", lang),
        "Concentrating (1 AC for +1)": ui_text("Concentrating (1 AC for +1)", lang),
        "Initiates chanting": ui_text("Initiates chanting", lang),
        "Close combat (CC)": ui_text("Close combat (CC)", lang),
        "Modifiers": ui_text("Modifiers", lang),
        "Ranged attack (RA)": ui_text("Ranged attack (RA)", lang),
        "Distance (inches)": ui_text("Distance (inches)", lang),
        "Weapon (or its ranges below)": ui_text("Weapon (or its ranges below)", lang),
        "Ranges (close, medium, long)": ui_text("Ranges (close, medium, long)", lang),
        "Armour (AR)": ui_text("Armour (AR)", lang),
        "Strength (ST)": ui_text("Strength (ST)", lang),
        "Penetration modifier (PM)": ui_text("Penetration modifier (PM)", lang),
        "Armour resilience (RE)": ui_text("Armour resilience (RE)", lang),
        "Ranked or closed formation (+1 AR)": ui_text("Ranked or closed formation (+1 AR)", lang),
        "Toughness (T)": ui_text("Toughness (T)", lang),
        "Attacker (a sample profile, or the numbers below)": ui_text(
            "Attacker (a sample profile, or the numbers below)", lang),
        "Attacker's CC (RA with a ranged weapon)": ui_text(
            "Attacker's CC (RA with a ranged weapon)", lang),
        "Attacker's strength (ST)": ui_text("Attacker's strength (ST)", lang),
        "Target (a sample profile, or the numbers below)": ui_text(
            "Target (a sample profile, or the numbers below)", lang),
        "Target's toughness (T)": ui_text("Target's toughness (T)", lang),
        "Target's armour (AR)": ui_text("Target's armour (AR)", lang),
        "Weapon": ui_text("Weapon", lang),
        "Distance (inches, for a ranged weapon)": ui_text(
            "Distance (inches, for a ranged weapon)", lang),
        "Other to-hit modifier": ui_text("Other to-hit modifier", lang),
        "Command (CO)": ui_text("Command (CO)", lang),
        "Fear level (X)": ui_text("Fear level (X)", lang),
        "Battle standard (re-roll at CO+1)": ui_text("Battle standard (re-roll at CO+1)", lang),
        "Models at the start of the game": ui_text("Models at the start of the game", lang),
        "Casualties in each turn": ui_text("Casualties in each turn", lang),
        "Actions (AC) spent moving": ui_text("Actions (AC) spent moving", lang),
        "Movement ability": ui_text("Movement ability", lang),
        "Inches in the open": ui_text("Inches in the open", lang),
        "Inches through difficult terrain": ui_text("Inches through difficult terrain", lang),
        "Terrain barriers crossed": ui_text("Terrain barriers crossed", lang),
        "Agile (barriers cost nothing)": ui_text("Agile (barriers cost nothing)", lang),
    }  # fmt: skip


def page_messages(lang: str) -> dict[str, str]:
    """What the page's script says, in ``lang``: engine state and refusals of a field."""
    return {
        "loading": ui_text("Loading the rules engine… The answers appear when it is ready.", lang),
        "ready": ui_text("The rules engine is ready: answers change as you type.", lang),
        "failed": ui_text("The rules engine could not be loaded in this browser.", lang),
        "int": ui_text("Enter a whole number from {min} to {max}.", lang),
        "list": ui_text("Enter whole numbers from {min} to {max}, separated by spaces.", lang),
        "distance": ui_text("Enter a distance in inches from 0 to 1000, such as 12, 12.5 or "
                            "25/2.", lang),
        "ranges": ui_text("Enter three ranges such as 10/+1 20/+0 30/-1 (- for none).", lang),
        "refused": ui_text("The rules engine refused the question:", lang),
    }  # fmt: skip


def _attributes(**values: str) -> str:
    return "".join(
        f' {name.replace("_", "-")}="{html.escape(value)}"'
        for name, value in values.items()
        if value != ""
    )


def _control(calc: Calculator, item: Field, lang: str, labels: dict[str, str]) -> str:
    ident = f"nq-{calc.command}-{item.name}"
    label = html.escape(labels[item.label])
    error = f'<p class="nq-field-error" id="{ident}-error" hidden></p>'
    data = _attributes(data_kind=item.kind, data_arg=item.arg, data_omit_if=item.omit_if,
                       data_optional="1" if item.optional else "",
                       data_min=str(item.allowed.start) if item.allowed else "",
                       data_max=str(item.allowed.stop - 1) if item.allowed else "")  # fmt: skip
    if item.kind == "check":
        return (f'<div class="nq-field nq-check"><input type="checkbox" id="{ident}" '
                f'name="{item.name}"{data}/><label for="{ident}">{label}</label></div>'
                )  # fmt: skip
    if item.kind == "multi":
        assert item.choices is not None
        boxes = "".join(
            f'<label class="nq-option"><input type="checkbox" name="{item.name}" '
            f'value="{html.escape(key)}"/> {html.escape(text)}</label>'
            for key, text in item.choices(lang)
        )
        return (f'<fieldset class="nq-field nq-multi" id="{ident}"{data}>'
                f"<legend>{label}</legend>{boxes}</fieldset>")  # fmt: skip
    described = f' aria-describedby="{ident}-error"'
    if item.kind == "choice":
        assert item.choices is not None
        options = ['<option value="">—</option>'] if item.optional else []
        options += [
            f'<option value="{html.escape(key)}"{" selected" if key == item.default else ""}>'
            f"{html.escape(text)}</option>"
            for key, text in item.choices(lang)
        ]
        return (f'<div class="nq-field"><label for="{ident}">{label}</label>'
                f'<select id="{ident}" name="{item.name}"{data}{described}>'
                f'{"".join(options)}</select>{error}</div>')  # fmt: skip
    mode = "numeric" if item.kind == "int" else "text"
    if item.kind == "distance":
        mode = "decimal"
    return (f'<div class="nq-field"><label for="{ident}">{label}</label>'
            f'<input type="text" inputmode="{mode}" autocomplete="off" id="{ident}" '
            f'name="{item.name}" value="{html.escape(item.default)}"{data}{described}/>'
            f"{error}</div>")  # fmt: skip


def calculator_html(command: str, lang: str, rule_href: str, rule_title: str) -> str:
    """One calculator's form: its controls, the engine's answer, the rule it comes from."""
    calc = CALCULATORS[command]
    labels = _field_labels(lang)
    controls = "".join(_control(calc, item, lang, labels) for item in calc.fields)
    rule = ui_text("Rule:", lang)
    return (
        f'<form class="{MARK}" id="nq-{command}" data-command="{command}" novalidate="novalidate">'
        f"{controls}"
        f'<output class="nq-answer" aria-live="polite"></output>'
        f'<p class="nq-rule">{html.escape(rule)} <a href="{html.escape(rule_href)}">'
        f"{html.escape(rule_title)}</a></p></form>"
    )


def engine_box(lang: str, to_root: str) -> str:
    """The engine's state and the page's words for its script (read by ``nq-at-table.js``)."""
    messages = html.escape(json.dumps(page_messages(lang), ensure_ascii=False))
    files = html.escape(json.dumps([*PYODIDE_FILES, ENGINE_ZIP, WORKER]))
    return (
        f'<p class="nq-engine-status" role="status" data-lang="{lang}" data-files="{files}" '
        f'data-engine="{to_root}_static/{ENGINE_DIR}/" data-messages="{messages}">'
        f"{html.escape(page_messages(lang)['loading'])}</p>"
    )


# --- the profile builder -----------------------------------------------------------------------

BUILDER_RULE = "creating-a-profile"
MODEL_TYPES = ("core", "elite", "unit-leader", "individual", "character", "support")
#: The engine's names of the model types (msgids of nqcore.po).
MODEL_TYPE_NAMES = ("Core", "Elite", "Unit Leader", "Individual", "Character", "Support")


def _builder_words(lang: str) -> dict[str, str]:
    return {
        "start": ui_text("Start from a profile of the book", lang),
        "name": ui_text("Name", lang),
        "type": ui_text("Model type", lang),
        "size": ui_text("Size", lang),
        "shield": ui_text("Shield (+1 AR)", lang),
        "weapons": ui_text("Add a weapon", lang),
        "abilities": ui_text("Add an ability", lang),
        "traits": ui_text("Add a trait", lang),
        "equipment": ui_text("Add equipment", lang),
        "add": ui_text("Add", lang),
        "remove": ui_text("Remove", lang),
        "export": ui_text("Export the profile file (TOML)", lang),
        "import": ui_text("Import a profile file (TOML)", lang),
        "print": ui_text("Print the card", lang),
        "file": ui_text("The profile file, as nq points reads it", lang),
        "none_or_int": ui_text("Enter a whole number from {min} to {max}, or - for none.", lang),
        "refused_file": ui_text("This file is not a profile the rules engine can price:", lang),
        "small": ui_text("Small", lang),
        "medium": ui_text("Medium", lang),
        "large": ui_text("Large", lang),
        "very-large": ui_text("Very large", lang),
    }


#: The words of a grenade's level key ("ST3 1½\" knock prone"), as the engine names them.
_LEVEL_WORDS = (
    (re.compile(r"\bST(?=\d)"), Msg("ST")),
    (re.compile(r"\bknock prone\b"), Msg("Knock Prone")),
)


def _level_label(name: str, level: Any, lang: str) -> str:
    """An option's words: the level's own name where it says its level ("Fear (1)"), else the
    feature's name and the level key in the page's language ("Grenades (F3 1½\" Mise à Terre)")."""
    named = engine_text(level.name, lang)
    if named != name:
        return named
    key = str(level.level)
    for pattern, word in _LEVEL_WORDS:
        key = pattern.sub(engine_text(word, lang), key)
    return f"{name} ({key})"


def _pick_options(listed: str, lang: str) -> list[tuple[str, str]]:
    from nqcore.armoury import all_weapons
    from nqcore.profiles import abilities, equipment, traits

    if listed == "weapons":
        return [(w.key, engine_text(w.name, lang)) for w in all_weapons()]
    features = {"abilities": abilities, "traits": traits, "equipment": equipment}[listed]()
    options = []
    for feature in features:
        name = engine_text(feature.name, lang)
        if feature.levels:
            options += [(f"{feature.key}|{level.level}", _level_label(name, level, lang))
                        for level in feature.levels]  # fmt: skip
        else:
            options.append((feature.key, name))
    return options


def _select(ident: str, options: list[tuple[str, str]], attributes: str = "",
            empty: bool = False) -> str:  # fmt: skip
    items = ['<option value="">—</option>'] if empty else []
    items += [f'<option value="{html.escape(k)}">{html.escape(t)}</option>' for k, t in options]
    return f'<select id="{ident}"{attributes}>{"".join(items)}</select>'


def builder_html(lang: str, rule_href: str, rule_title: str) -> str:
    """The profile builder: fields the engine fills in, lists from its data, its points."""
    from nqcore.i18n import translator
    from nqcore.points import _costs, cost_tables
    from nqcore.profiles import ABBREVIATIONS
    from nqcore.web import starting_profiles

    words = _builder_words(lang)
    _ = translator(lang)
    starts = [(key, _(name)) for key, name in starting_profiles()]
    field = '<div class="nq-field"><label for="{id}">{label}</label>{control}{error}</div>'

    def error(ident: str) -> str:
        return f'<p class="nq-field-error" id="{ident}-error" hidden></p>'

    def text_input(name: str, label: str, extra: str = "") -> str:
        ident = f"nq-builder-{name}"
        control = (f'<input type="text" id="{ident}" data-set="{name}" autocomplete="off" '
                   f'aria-describedby="{ident}-error"{extra}/>')  # fmt: skip
        return field.format(id=ident, label=html.escape(label), control=control,
                            error=error(ident))  # fmt: skip

    parts = [f'<div class="nq-builder" id="nq-builder" data-words="'
             f'{html.escape(json.dumps(words, ensure_ascii=False))}">']  # fmt: skip
    parts.append(field.format(id="nq-builder-start", label=html.escape(words["start"]),
                              control=_select("nq-builder-start", starts, empty=True),
                              error=""))  # fmt: skip
    parts.append('<div class="nq-builder-fields">')
    parts.append(text_input("name", words["name"]))
    types = [(t, engine_text(n, lang)) for t, n in zip(MODEL_TYPES, MODEL_TYPE_NAMES, strict=True)]
    sizes = [(size, words[size]) for size in ("small", "medium", "large", "very-large")]
    for name, options in (("type", types), ("size", sizes)):
        control = _select(f"nq-builder-{name}", options, f' data-set="{name}"')
        parts.append(field.format(id=f"nq-builder-{name}", label=html.escape(words[name]),
                                  control=control, error=""))  # fmt: skip
    for key, table in cost_tables().items():
        values = sorted(table.costs)
        none = ' data-none="-"' if key in ("ra", "cc") else ""
        extra = f' inputmode="text" data-min="{values[0]}" data-max="{values[-1]}"{none}'
        parts.append(text_input(key, engine_text(ABBREVIATIONS[key], lang), extra))
    armour_values = sorted(_costs()["armour"]["values"])
    parts.append(text_input("armour", ui_text("Armour (AR)", lang),
                            f' inputmode="numeric" data-min="{armour_values[0]}" '
                            f'data-max="{armour_values[-1]}"'))  # fmt: skip
    parts.append('<div class="nq-field nq-check"><input type="checkbox" id="nq-builder-shield" '
                 f'data-set="shield"/><label for="nq-builder-shield">'
                 f'{html.escape(words["shield"])}</label></div></div>')  # fmt: skip
    for listed in ("weapons", "abilities", "traits", "equipment"):
        ident = f"nq-builder-add-{listed}"
        control = (_select(ident, _pick_options(listed, lang), f' data-list="{listed}"')
                   + f'<button type="button" data-add="{listed}">{html.escape(words["add"])}'
                   "</button>")  # fmt: skip
        parts.append(f'<div class="nq-field nq-builder-add"><label for="{ident}">'
                     f'{html.escape(words[listed])}</label><div class="nq-builder-row">{control}'
                     f'</div><ul class="nq-builder-list" data-list="{listed}"></ul></div>'
                     )  # fmt: skip
    parts.append(
        '<div class="nq-builder-card" id="nq-builder-card">'
        '<div class="nq-card-profile" aria-hidden="true"></div>'
        '<output class="nq-answer nq-builder-points" aria-live="polite"></output></div>'
    )
    parts.append(
        '<div class="nq-builder-actions">'
        f'<button type="button" id="nq-builder-export">{html.escape(words["export"])}</button>'
        f'<label class="nq-button">{html.escape(words["import"])}'
        '<input type="file" id="nq-builder-import" accept=".toml,text/plain" '
        'aria-describedby="nq-builder-import-error"/></label>'
        f'<button type="button" id="nq-builder-print">{html.escape(words["print"])}</button>'
        f"</div>{error('nq-builder-import')}"
        f"<details><summary>{html.escape(words['file'])}</summary>"
        '<pre id="nq-builder-toml"></pre></details>'
    )
    rule = ui_text("Rule:", lang)
    parts.append(f'<p class="nq-rule">{html.escape(rule)} <a href="{html.escape(rule_href)}">'
                 f"{html.escape(rule_title)}</a></p></div>")  # fmt: skip
    return "".join(parts)


# --- the directive and the links ----------------------------------------------------------------


class calculator_node(nodes.General, nodes.Element):  # type: ignore[misc]  # noqa: N801
    """A calculator, drawn once the rule sections' addresses are known."""


class CalculatorDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        command = self.arguments[0]
        if command not in CALCULATORS and command != "builder":
            raise self.error(f"unknown calculator {command!r}; known: {', '.join(CALCULATORS)}")
        calculators = getattr(self.env, "nq_calculators", {})
        calculators[command] = self.env.docname
        self.env.nq_calculators = calculators  # type: ignore[attr-defined]
        return [calculator_node(command=command)]


def _label(app: Sphinx, label: str) -> tuple[str, str, str]:
    found = app.env.domaindata["std"]["labels"].get(label)
    if found is None:
        raise ExtensionError(f"the calculators' rule section {label!r} has no label")
    return found  # type: ignore[no-any-return]


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    lang = page_language(app.config.language)
    html_build = app.builder.format == "html"
    placed = False
    for node in list(doctree.findall(calculator_node)):
        if not html_build:
            node.parent.remove(node)
            continue
        command = node["command"]
        rule = BUILDER_RULE if command == "builder" else CALCULATORS[command].rule
        target, anchor, title = _label(app, rule)
        href = app.builder.get_relative_uri(docname, target) + f"#{anchor}"
        box = engine_box(lang, "../" * docname.count("/")) if not placed else ""
        placed = True
        if command == "builder":
            drawn = builder_html(lang, href, title)
        else:
            drawn = calculator_html(command, lang, href, title)
        node.replace_self(generated_raw(box + drawn, "html"))
    if html_build:
        _work_it_out(app, doctree, docname, lang)


def _work_it_out(app: Sphinx, doctree: nodes.document, docname: str, lang: str) -> None:
    """A "Work it out" link under each rule section that a calculator answers."""
    where: dict[str, str] = getattr(app.env, "nq_calculators", {})
    rules = {command: calc.rule for command, calc in CALCULATORS.items()}
    rules["builder"] = BUILDER_RULE
    for command, rule in rules.items():
        if command not in where:
            continue
        target, anchor, _title = _label(app, rule)
        if target != docname:
            continue
        for section in doctree.findall(nodes.section):
            if anchor in section["ids"]:
                uri = app.builder.get_relative_uri(docname, where[command]) + f"#nq-{command}"
                text = ui_text("Work it out", lang)
                link = nodes.reference("", text, refuri=uri, classes=["nq-work-it-out"])
                section.insert(1, nodes.paragraph("", "", link, classes=["nq-work-it-out"]))
                break


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if app.builder.format != "html" or f'class="{MARK}"' not in context.get("body", ""):
        return
    context["nq_csp_meta"] = ENGINE_META_TAG
    app.add_css_file(PAGE_STYLE)
    app.add_js_file(PAGE_SCRIPT, type="module")


# --- the engine's files -------------------------------------------------------------------------


def _zip_entries(archive: zipfile.ZipFile, base: Path, files: Iterator[Path], prefix: str) -> None:
    for path in sorted(files):
        info = zipfile.ZipInfo(f"{prefix}{path.relative_to(base).as_posix()}", FIXED_DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, path.read_bytes())


def engine_zip() -> bytes:
    """The engine and Babel as one zip, the same bytes for the same sources."""
    import babel

    engine = Path(nqcore.__file__).parent
    babel_dir = Path(babel.__file__).parent
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        _zip_entries(archive, engine.parent, (
            p for p in engine.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and p.suffix in (".py", ".toml", ".po", ".json")
        ), "")  # fmt: skip
        data = babel_dir / "locale-data"
        _zip_entries(archive, babel_dir.parent, (
            p for p in babel_dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and (p.suffix == ".py" or p.name == "global.dat"
                 or (p.parent == data and p.stem in BABEL_LOCALES))
        ), "")  # fmt: skip
    return buffer.getvalue()


def _installed_as_locked() -> bool:
    try:
        lock = json.loads((ENGINE_TOOLS / "package-lock.json").read_text(encoding="utf-8"))
        installed = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    locked = lock.get("packages", {}).get("node_modules/pyodide", {}).get("version")
    return bool(locked) and installed.get("version") == locked


def _ready() -> bool:
    return all((PYODIDE / n).is_file() for n in PYODIDE_FILES) and _installed_as_locked()


def ensure_pyodide() -> Path:
    """Pyodide's npm package, installed by ``npm ci`` from its lock file when missing or not the
    version the lock file names.  The two languages build at once: the first build to get here
    installs while the other waits on the same lock file, then finds the package in place."""
    if _ready():
        return PYODIDE
    npm = shutil.which("npm")
    if npm is None:
        raise ExtensionError("npm not found: the At the table page needs Pyodide "
                             "(Debian: apt-get install nodejs npm)")  # fmt: skip
    with (ENGINE_TOOLS / ".npm-ci.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _ready():
            return PYODIDE
        command = [npm, "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]
        done = subprocess.run(
            command, cwd=ENGINE_TOOLS, capture_output=True, text=True, check=False
        )
    if done.returncode != 0 or not all((PYODIDE / n).is_file() for n in PYODIDE_FILES):
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise ExtensionError(f"tools/engine: npm ci failed ({last})")
    return PYODIDE


def engine_files() -> dict[str, bytes]:
    """Every file of ``_static/nq-engine/``, by name."""
    source = ensure_pyodide()
    files = {name: (source / name).read_bytes() for name in PYODIDE_FILES}
    files[ENGINE_ZIP] = engine_zip()
    files[WORKER] = (Path(__file__).parent / "at_table" / WORKER).read_bytes()
    return files


def _write_engine(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    if not getattr(app.env, "nq_calculators", None):
        return
    static = Path(app.outdir) / "_static"
    folder = static / ENGINE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in engine_files().items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
    for name in (PAGE_SCRIPT, PAGE_STYLE):
        shutil.copyfile(Path(__file__).parent / "at_table" / name, static / name)


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    where = getattr(env, "nq_calculators", {})
    for command in [c for c, doc in where.items() if doc == docname]:
        del where[command]


def _merge(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    env.nq_calculators = {**getattr(env, "nq_calculators", {}),
                          **getattr(other, "nq_calculators", {})}  # fmt: skip


def setup(app: Sphinx) -> None:
    app.add_node(calculator_node)
    app.add_directive("nq-calculator", CalculatorDirective)
    app.connect("doctree-resolved", _resolve)
    # After csp (its policy for every page) and before bundles (950), which gathers the files.
    app.connect("html-page-context", _page_context, priority=700)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    # Before the service worker's list (offline: 950) and the bundles (900).
    app.connect("build-finished", _write_engine, priority=800)
