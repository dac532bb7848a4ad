"""The forms of the "At the table" page (:mod:`nqsphinx.site.at_table`), as HTML: each
calculator's fields, drawn from the engine's own choices and ranges, and the profile builder.

The page's script (``nq-at-table.js``) reads the fields, builds the ``nq`` command line and shows
the engine's answer; nothing here computes a rule.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field

from nqcore.cli import asking as cli
from nqsphinx.messages import engine_text, ui_text
from nqsphinx.site.at_table_fields import as_list, keyboard, signed

#: The class that marks a calculator in a page's body: such a page gets the engine.
MARK = "nq-calc"


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
    from nqcore.rules.spells import all_spells

    return [(s.key, f"{engine_text(s.name, lang)} ({s.level})") for s in all_spells()]


def _modifiers(kind: str) -> Callable[[str], list[tuple[str, str]]]:
    def choices(lang: str) -> list[tuple[str, str]]:
        from nqcore.rules.close_combat import close_combat_modifiers
        from nqcore.rules.morale import command_modifiers
        from nqcore.rules.ranged import ranged_modifiers

        table = {
            "close": close_combat_modifiers,
            "ranged": ranged_modifiers,
            "command": command_modifiers,
        }[kind]()
        return [(key, f"{engine_text(m.label, lang)} ({m.value:+d})") for key, m in table.items()]

    return choices


def _shooting_weapons(lang: str) -> list[tuple[str, str]]:
    from nqcore.army.armoury import all_weapons

    return [(w.key, engine_text(w.name, lang)) for w in all_weapons() if len(w.ranges) == 3]


def _weapons(lang: str) -> list[tuple[str, str]]:
    from nqcore.army.armoury import all_weapons

    return [(w.key, engine_text(w.name, lang)) for w in all_weapons()]


def _samples(lang: str) -> list[tuple[str, str]]:
    from nqcore.cli.web import sample_choices  # by the book's headings, as the answers say

    return sample_choices(lang)


def _abilities(lang: str) -> list[tuple[str, str]]:
    from nqcore.rules.movement import MovementAbility

    return [(a.value, engine_text(a.label, lang)) for a in MovementAbility]


def _calculators() -> dict[str, Calculator]:
    from nqcore.rules.magic import SPELL_LEVELS, WIZARDRY_LEVELS

    spell = Field(
        "spell", "Spell (or its level below)", "choice", "--spell", choices=_spells, optional=True
    )
    level = Field("level", "Spell level", "int", "", SPELL_LEVELS, "5", omit_if="spell")
    concentrate = Field("concentrate", "Concentrating (1 AC for +1)", "check", "--concentrate")
    strength = Field("strength", "Strength (ST)", "int", "", cli.STRENGTH_VALUES, "4")
    calculators = (
        Calculator(
            "cast",
            "casting-a-spell",
            (
                spell,
                level,
                Field("wizardry", "Wizardry level", "int", "--wizardry", WIZARDRY_LEVELS, "0"),
                concentrate,
                Field("chant", "Initiates chanting", "int", "--chant", cli.INITIATE_VALUES, "0"),
            ),
        ),
        Calculator("cancel", "cancelling-a-spell-in-play", (spell, level, concentrate)),
        Calculator(
            "hit",
            "close-combat-modifiers",
            (
                Field("cc", "Close combat (CC)", "int", "", cli.SKILL_VALUES, "5"),
                Field("mod", "Modifiers", "multi", "--mod", choices=_modifiers("close")),
            ),
        ),
        Calculator(
            "shoot",
            "ranged-attack-modifiers",
            (
                Field("ra", "Ranged attack (RA)", "int", "", cli.SKILL_VALUES, "5"),
                Field("distance", "Distance (inches)", "distance", "", default="12"),
                Field(
                    "weapon",
                    "Weapon (or its ranges below)",
                    "choice",
                    "--weapon",
                    choices=_shooting_weapons,
                    default="bow",
                    optional=True,
                ),
                Field(
                    "ranges",
                    "Ranges (close, medium, long)",
                    "ranges",
                    "--ranges",
                    default="10/+1 20/+0 30/-1",
                    omit_if="weapon",
                ),
                Field("mod", "Modifiers", "multi", "--mod", choices=_modifiers("ranged")),
            ),
        ),
        Calculator(
            "save",
            "armour-saves",
            (
                Field("armour", "Armour (AR)", "int", "", cli.ARMOUR_VALUES, "3"),
                strength,
                Field(
                    "pm", "Penetration modifier (PM)", "int", "--pm", cli.PENETRATION_VALUES, "0"
                ),
                Field("re", "Armour resilience (RE)", "int", "--re", cli.RESILIENCE_VALUES, "0"),
                Field("ranked", "Ranked or closed formation (+1 AR)", "check", "--ranked"),
            ),
        ),
        Calculator(
            "wound",
            "wounding-the-target",
            (
                strength,
                Field("toughness", "Toughness (T)", "int", "", cli.SKILL_VALUES, "4"),
            ),
        ),
        Calculator(
            "attack",
            "damage",
            (
                Field(
                    "attacker",
                    "Attacker (a sample profile, or the numbers below)",
                    "choice",
                    "--attacker",
                    choices=_samples,
                    optional=True,
                ),
                Field(
                    "skill",
                    "Attacker's CC (RA with a ranged weapon)",
                    "int",
                    "",
                    cli.SKILL_VALUES,
                    "5",
                    omit_if="attacker",
                ),
                Field(
                    "st",
                    "Attacker's strength (ST)",
                    "int",
                    "",
                    cli.STRENGTH_VALUES,
                    "4",
                    omit_if="attacker",
                ),
                Field(
                    "target",
                    "Target (a sample profile, or the numbers below)",
                    "choice",
                    "--target",
                    choices=_samples,
                    optional=True,
                ),
                Field(
                    "t",
                    "Target's toughness (T)",
                    "int",
                    "",
                    cli.SKILL_VALUES,
                    "4",
                    omit_if="target",
                ),
                Field(
                    "armour",
                    "Target's armour (AR)",
                    "int",
                    "--armour",
                    cli.ARMOUR_VALUES,
                    "0",
                    omit_if="target",
                ),
                Field(
                    "re",
                    "Armour resilience (RE)",
                    "int",
                    "--re",
                    cli.RESILIENCE_VALUES,
                    "0",
                    omit_if="target",
                ),
                Field("weapon", "Weapon", "choice", "--weapon", choices=_weapons, optional=True),
                Field(
                    "distance",
                    "Distance (inches, for a ranged weapon)",
                    "distance",
                    "--distance",
                    optional=True,
                ),
                Field(
                    "hit_modifier",
                    "Other to-hit modifier",
                    "int",
                    "--hit-modifier",
                    cli.HIT_MODIFIER_VALUES,
                    "0",
                ),
                Field("ranked", "Ranked or closed formation (+1 AR)", "check", "--ranked"),
            ),
        ),
        Calculator(
            "command",
            "morale-command-test-modifiers",
            (
                Field("co", "Command (CO)", "int", "", cli.SKILL_VALUES, "7"),
                Field("fear", "Fear level (X)", "int", "--fear", cli.FEAR_VALUES, "0"),
                Field(
                    "battle_standard",
                    "Battle standard (re-roll at CO+1)",
                    "check",
                    "--battle-standard",
                ),
                Field("mod", "Modifiers", "multi", "--mod", choices=_modifiers("command")),
            ),
        ),
        Calculator(
            "morale",
            "morale",
            (
                Field(
                    "starting", "Models at the start of the game", "int", "", cli.UNIT_SIZES, "16"
                ),
                Field(
                    "casualties",
                    "Casualties in each turn",
                    "list",
                    "",
                    cli.CASUALTY_VALUES,
                    "3 4 2",
                ),
            ),
        ),
        Calculator(
            "move",
            "movement-ability-table",
            (
                Field("actions", "Actions (AC) spent moving", "int", "", cli.ACTION_VALUES, "3"),
                Field(
                    "ability",
                    "Movement ability",
                    "choice",
                    "--ability",
                    choices=_abilities,
                    default="normal",
                ),
            ),
        ),
        Calculator(
            "move-cost",
            "difficult-terrain",
            (
                Field("open", "Inches in the open", "distance", "", default="4"),
                Field(
                    "difficult",
                    "Inches through difficult terrain",
                    "distance",
                    "--difficult",
                    default="2",
                ),
                Field(
                    "barriers",
                    "Terrain barriers crossed",
                    "int",
                    "--barriers",
                    cli.BARRIER_VALUES,
                    "0",
                ),
                Field(
                    "ability",
                    "Movement ability",
                    "choice",
                    "--ability",
                    choices=_abilities,
                    default="normal",
                ),
                Field("agile", "Agile (barriers cost nothing)", "check", "--agile"),
            ),
        ),
    )
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
            "Attacker (a sample profile, or the numbers below)", lang
        ),
        "Attacker's CC (RA with a ranged weapon)": ui_text(
            "Attacker's CC (RA with a ranged weapon)", lang
        ),
        "Attacker's strength (ST)": ui_text("Attacker's strength (ST)", lang),
        "Target (a sample profile, or the numbers below)": ui_text(
            "Target (a sample profile, or the numbers below)", lang
        ),
        "Target's toughness (T)": ui_text("Target's toughness (T)", lang),
        "Target's armour (AR)": ui_text("Target's armour (AR)", lang),
        "Weapon": ui_text("Weapon", lang),
        "Distance (inches, for a ranged weapon)": ui_text(
            "Distance (inches, for a ranged weapon)", lang
        ),
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
    }


def page_messages(lang: str) -> dict[str, str]:
    """What the page's script says, in ``lang``: engine state and refusals of a field."""
    return {
        # shown until the page's script runs: where it cannot (scripts off, the downloaded copy
        # opened as files, which the browser refuses a module script), the page says so
        "served": ui_text(
            "The calculators need scripts and the site served from the web: they do not run "
            "in the downloaded copy opened as files.",
            lang,
        ),
        "loading": ui_text("Loading the rules engine… The answers appear when it is ready.", lang),
        "ready": ui_text("The rules engine is ready: answers change as you type.", lang),
        "failed": ui_text("The rules engine could not be loaded in this browser.", lang),
        "int": ui_text("Enter a whole number from {min} to {max}.", lang),
        "list": ui_text("Enter whole numbers from {min} to {max}, separated by spaces.", lang),
        "distance": ui_text(
            "Enter a distance in inches from 0 to 1000, such as 12, 12.5 or 25/2.", lang
        ),
        "ranges": ui_text("Enter three ranges such as 10/+1 20/+0 30/-1 (- for none).", lang),
        "refused": ui_text("The rules engine refused the question:", lang),
        # two ticked modifiers the rules do not combine, named as their boxes are labelled
        "conflict": ui_text("“{first}” and “{second}” cannot apply together.", lang),
    }


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
    described = f' aria-describedby="{ident}-error"'
    data = _attributes(
        data_kind=item.kind,
        data_arg=item.arg,
        data_omit_if=item.omit_if,
        data_optional="1" if item.optional else "",
        data_min=str(item.allowed.start) if item.allowed else "",
        data_max=str(item.allowed.stop - 1) if item.allowed else "",
    )
    if item.kind == "check":
        return (
            f'<div class="nq-field nq-check"><input type="checkbox" id="{ident}" '
            f'name="{item.name}"{data}/><label for="{ident}">{label}</label></div>'
        )
    if item.kind == "multi":
        assert item.choices is not None
        boxes = "".join(
            f'<label class="nq-option"><input type="checkbox" name="{item.name}" '
            f'value="{html.escape(key)}"{described}/> {html.escape(text)}</label>'
            for key, text in item.choices(lang)
        )
        return (
            f'<fieldset class="nq-field nq-multi" id="{ident}"{data}>'
            f"<legend>{label}</legend>{boxes}{error}</fieldset>"
        )
    if item.kind == "choice" or as_list(item.kind, item.allowed):
        if item.choices is not None:
            options = ['<option value="">—</option>'] if item.optional else []
            choices = item.choices(lang)
        else:
            assert item.allowed is not None
            options, choices = [], [(str(v), signed(v)) for v in item.allowed]
        options += [
            f'<option value="{html.escape(key)}"{" selected" if key == item.default else ""}>'
            f"{html.escape(text)}</option>"
            for key, text in choices
        ]
        return (
            f'<div class="nq-field"><label for="{ident}">{label}</label>'
            f'<select id="{ident}" name="{item.name}"{data}{described}>'
            f"{''.join(options)}</select>{error}</div>"
        )
    mode = keyboard(item.kind, item.allowed)
    pattern = ' pattern="[+-]?[0-9]+"' if item.kind == "int" and mode == "text" else ""
    return (
        f'<div class="nq-field"><label for="{ident}">{label}</label>'
        f'<input type="text" inputmode="{mode}"{pattern} autocomplete="off" id="{ident}" '
        f'name="{item.name}" value="{html.escape(item.default)}"{data}{described}/>'
        f"{error}</div>"
    )


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
        f"{html.escape(rule_title)}</a></p>"
        # the answer in short, kept on the screen while a field far above it is edited
        f'<p class="nq-summary" aria-hidden="true"></p></form>'
    )
