"""The forms of the "At the table" page (:mod:`nqcompanion.page.directive`), as HTML: each
calculator's fields (:mod:`nqcompanion.page.calculators`, whose names stay importable from
here), their labels and the page's messages in the reader's language.

The page's script (``nq-at-table.js``) reads the fields, builds the ``nq`` command line and shows
the engine's answer; nothing here computes a rule.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence

from nqcompanion.page.calculators import CALCULATORS as CALCULATORS
from nqcompanion.page.calculators import Calculator as Calculator
from nqcompanion.page.calculators import Field as Field
from nqcompanion.page.fields import as_list, error_box, keyboard, signed
from nqcore.cli.args import MAX_INCHES
from nqcore.i18n import colon, format_number, translator
from nqsphinx.messages import ui_text

#: The class that marks a calculator in a page's body: such a page gets the engine.
MARK = "nq-calc"


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
        "Extra attack level (its dice)": ui_text("Extra attack level (its dice)", lang),
        "Ranged attack (RA)": ui_text("Ranged attack (RA)", lang),
        "Distance (inches)": ui_text("Distance (inches)", lang),
        "Weapon (or its ranges below)": ui_text("Weapon (or its ranges below)", lang),
        "Ranges (close, medium, long)": ui_text("Ranges (close, medium, long)", lang),
        "Thrower's strength (ST, for a grenade)": ui_text(
            "Thrower's strength (ST, for a grenade)", lang
        ),
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
        "To-hit modifiers (those of the weapon's kind count)": ui_text(
            "To-hit modifiers (those of the weapon's kind count)", lang
        ),
        "Other to-hit modifier": ui_text("Other to-hit modifier", lang),
        "Models attacking": ui_text("Models attacking", lang),
        "Command (CO)": ui_text("Command (CO)", lang),
        "Fear level (X)": ui_text("Fear level (X)", lang),
        "Battle standard (re-roll at CO+1)": ui_text("Battle standard (re-roll at CO+1)", lang),
        "Great Leader in sight (re-roll a failed test)": ui_text(
            "Great Leader in sight (re-roll a failed test)", lang
        ),
        "Models at the start of the game": ui_text("Models at the start of the game", lang),
        "Casualties in each turn": ui_text("Casualties in each turn", lang),
        **_panic_labels(lang),
        **_movement_labels(lang),
    }


def _movement_labels(lang: str) -> dict[str, str]:
    """Moving, through terrain, and charging."""
    return {
        "Actions (AC) spent moving": ui_text("Actions (AC) spent moving", lang),
        "Movement ability": ui_text("Movement ability", lang),
        "Inches in the open": ui_text("Inches in the open", lang),
        "Inches through difficult terrain": ui_text("Inches through difficult terrain", lang),
        "Terrain barriers crossed": ui_text("Terrain barriers crossed", lang),
        "Agile (barriers cost nothing)": ui_text("Agile (barriers cost nothing)", lang),
        "Actions (AC) of the model": ui_text("Actions (AC) of the model", lang),
        "Inches to the target": ui_text("Inches to the target", lang),
        "Weapon use cost (UC)": ui_text("Weapon use cost (UC)", lang),
        "It did something else before charging (no momentum attack)": ui_text(
            "It did something else before charging (no momentum attack)", lang
        ),
    }


def _hints(lang: str) -> dict[str, str]:
    """The words under a field, before any mistake."""
    return {
        "Close, medium and long range, each inches/modifier, such as {example} (- for none).": (
            ui_text(
                "Close, medium and long range, each inches/modifier, such as {example} "
                "(- for none).",
                lang,
            )
        ),
        "Only for a fear test; leave it empty for any other command test.": ui_text(
            "Only for a fear test; leave it empty for any other command test.", lang
        ),
    }


def _panic_labels(lang: str) -> dict[str, str]:
    return {
        "Re-roll after a failed rally (+1)": ui_text("Re-roll after a failed rally (+1)", lang),
        "Fighting Infamous Fighters (+1)": ui_text("Fighting Infamous Fighters (+1)", lang),
        "Led with Inspiring Leadership (roll 2D10, choose one)": ui_text(
            "Led with Inspiring Leadership (roll 2D10, choose one)", lang
        ),
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
        # a new question the engine takes a moment over: the last question's answer is not shown
        "working": ui_text("Working it out…", lang),
        "failed": ui_text("The rules engine could not be loaded in this browser.", lang),
        # the engine missing for want of a network, which has come back
        "back_online": ui_text(
            "You are back online: reload the page to load the rules engine.", lang
        ),
        # the engine out of reach: the builders' fields shut, what the browser keeps named
        "shut_offline": ui_text(
            "The builders need the rules engine: their fields open again with it.", lang
        ),
        "kept_offline": ui_text("Kept in this browser, not lost: {names}.", lang),
        # a file chosen to import while the engine loads: read once it is ready
        "import_waiting": ui_text("The file will be read when the rules engine is ready.", lang),
        "int": ui_text("Enter a whole number from {min} to {max}.", lang),
        "list": ui_text("Enter whole numbers from {min} to {max}, separated by spaces.", lang),
        # the bound the engine takes (nqcore.cli.args), as the page's language writes numbers
        "distance": ui_text(
            "Enter a distance in inches from 0 to {max}, such as 12, 12.5 or 12½.", lang
        ).format(max=format_number(MAX_INCHES, lang)),
        "ranges": ui_text("Enter three ranges such as 10/+1 20/+0 30/-1 (- for none).", lang),
        # "10 20 30": the part missing said (player round fourteen)
        "ranges_modifiers": ui_text(
            "Each range needs its modifier after a slash: 10/+1 20/+0 30/-1 (- for none).", lang
        ),
        "refused": ui_text("The rules engine refused the question:", lang),
        # a field's refusal in the answer, with the field's label
        "field_refused": ui_text("{field}: {refusal}", lang),
        # a modifier left blank: none, not a mistake (the fields' labels)
        "blank": ui_text("Left blank, counted as 0 (none): {fields}.", lang),
        # two ticked modifiers the rules do not combine, named as their boxes are labelled
        "conflict": ui_text("“{first}” and “{second}” cannot apply together.", lang),
        # the errata an answer's reading follows, linked to their records
        "readings": ui_text("In the errata:", lang),
    }


def _attributes(**values: str) -> str:
    return "".join(
        f' {name.replace("_", "-")}="{html.escape(value)}"'
        for name, value in values.items()
        if value != ""
    )


def _hint(item: Field, ident: str, labels: dict[str, str]) -> tuple[str, str]:
    """A field's hint under it (its format, before any mistake), and what describes the field
    to screen readers: the hint, then its error."""
    if not item.hint:
        return "", f' aria-describedby="{ident}-error"'
    said = labels[item.hint].format(example=item.example)
    hint = f'<p class="nq-field-hint" id="{ident}-hint">{html.escape(said)}</p>'
    return hint, f' aria-describedby="{ident}-hint {ident}-error"'


def _control(calc: Calculator, item: Field, lang: str, labels: dict[str, str]) -> str:
    ident = f"nq-{calc.command}-{item.name}"
    label = html.escape(labels[item.label])
    error = error_box(ident)
    hint, described = _hint(item, ident, labels)
    data = _attributes(
        data_kind=item.kind,
        data_arg=item.arg,
        data_omit_if=item.omit_if,
        data_used_if=item.used_if,
        data_shows=item.shows,
        data_picks=json.dumps(item.picks(), separators=(",", ":")) if item.picks else "",
        data_optional="1" if item.optional else "",
        data_blank=item.blank,
        data_min=str(item.allowed.start) if item.allowed else "",
        data_max=str(item.allowed.stop - 1) if item.allowed else "",
        data_example=item.example,
        placeholder=item.example,
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
        return (
            f'<div class="nq-field"><label for="{ident}">{label}</label>'
            f'<select id="{ident}" name="{item.name}"{data}{described}>'
            f"{_options(item, lang)}</select>{error}</div>"
        )
    mode = keyboard(item.kind, item.allowed)
    pattern = ' pattern="[+-]?[0-9]+"' if item.kind == "int" and mode == "text" else ""
    return (
        f'<div class="nq-field"><label for="{ident}">{label}</label>'
        f'<input type="text" inputmode="{mode}"{pattern} autocomplete="off" id="{ident}" '
        f'name="{item.name}" value="{html.escape(item.default)}"{data}{described}/>'
        f"{hint}{error}</div>"
    )


def _options(item: Field, lang: str) -> str:
    """A list's options: its choices, or its whole numbers signed; "—" first for none, or, for
    a list used only with a box ticked, a "—" no player can choose, shown while it is unused
    (not an empty box: player round 16, L7)."""
    if item.choices is not None:
        options = ['<option value="">—</option>'] if item.optional else []
        options += ['<option value="" hidden>—</option>'] if item.used_if else []
        choices = item.choices(lang)
    else:
        assert item.allowed is not None
        options, choices = [], [(str(v), signed(v, lang)) for v in item.allowed]
    options += [
        f'<option value="{html.escape(key)}"{" selected" if key == item.default else ""}>'
        f"{html.escape(text)}</option>"
        for key, text in choices
    ]
    return "".join(options)


def _chance_words(lang: str) -> str:
    """What the whole attack's chance is, in the engine's words, before the figure in its
    pinned summary: "chance to wound: " (after the calculator's name and its colon)."""
    said = translator(lang)("Chance to wound")  # the message of nqcore.rules.damage
    return f"{said[:1].lower()}{said[1:]}{colon(lang)}"


def calculator_html(
    command: str,
    lang: str,
    rule_href: str,
    rule_title: str,
    *,
    name: str = "",
    also: Sequence[tuple[str, str]] = (),
) -> str:
    """One calculator's form: its controls, the engine's answer, the rule it comes from and the
    others whose reading its answers follow (``also``: address and title; a grenade's Throwing
    Grenades beside Ranged Attack Modifiers); its summary is named ``name`` (its heading), the
    page's other summaries being other answers."""
    calc = CALCULATORS[command]
    labels = _field_labels(lang) | _hints(lang)
    controls = "".join(_control(calc, item, lang, labels) for item in calc.fields)
    rule = ui_text("Rules:", lang) if also else ui_text("Rule:", lang)
    links = " · ".join(
        f'<a href="{html.escape(href)}">{html.escape(title)}</a>'
        for href, title in ((rule_href, rule_title), *also)
    )
    # the fields are kept in this browser (nq-keep.js): back to the page's own values at a tap
    reset = html.escape(ui_text("Reset the fields", lang))
    named = f' data-name="{html.escape(name + colon(lang))}"' if name else ""
    chance = f' data-chance="{html.escape(_chance_words(lang))}"' if command == "attack" else ""
    return (
        f'<form class="{MARK}" id="nq-{command}" data-command="{command}"{chance} '
        'novalidate="novalidate">'
        f"{controls}"
        f'<p class="nq-reset-line"><button type="reset" class="nq-reset">{reset}</button></p>'
        # in the downloaded copy opened as files (no module script runs), what the page says
        # above, where the answer would be (nq-theme-mode.js hides it on the served site)
        f'<output class="nq-answer" aria-live="polite"><span class="nq-engine-served">'
        f"{html.escape(page_messages(lang)['served'])}</span></output>"
        f'<p class="nq-rule">{html.escape(rule)} {links}</p>'
        # the answer in short, kept on the screen while a field far above it is edited
        f'<p class="nq-summary" aria-hidden="true"{named}></p></form>'
    )
