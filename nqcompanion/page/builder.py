"""The profile builder of the "At the table" page (:mod:`nqcompanion.page.directive`), as HTML: its
lists are the engine's data (model types, levels, weapons, abilities...), and each change goes to
:func:`nqcompanion.bridge.web.build`, which prices the profile as ``nq points`` does.
"""

from __future__ import annotations

import html
import json
from typing import Any

from nqcompanion.page.fields import error_box, keyboard
from nqcompanion.page.kept import kept_html
from nqcore.cli.files import MAX_FILE_BYTES
from nqcore.i18n import Msg
from nqsphinx.messages import engine_text, ui_text

BUILDER_RULE = "creating-a-profile"
MODEL_TYPES = ("core", "elite", "unit-leader", "individual", "character", "support")
#: The engine's names of the model types (msgids of nqcore.po).
MODEL_TYPE_NAMES = ("Core", "Elite", "Unit Leader", "Individual", "Character", "Support")


def _builder_words(lang: str) -> dict[str, str]:
    words = {
        "start": ui_text("Start from a profile of the book", lang),
        "name": ui_text("Name", lang),
        "type": ui_text("Model type", lang),
        "size": ui_text("Size", lang),
        "shield": ui_text("Shield (+1 AR)", lang),
        "barding": ui_text("Barding (+1 AR)", lang),
        "armoured_mount": ui_text("Armoured mount (+1 AR)", lang),
        "mounted": ui_text("Mounted: a rider and its steed in one profile", lang),
        "weapons": ui_text("Add a weapon", lang),
        "abilities": ui_text("Add an ability", lang),
        "traits": ui_text("Add a trait", lang),
        "equipment": ui_text("Add equipment", lang),
        "spells": ui_text("Add a spell", lang),
        "add": ui_text("Add", lang),
        "add_element": ui_text("Add a mount or crew member", lang),
        "remove": ui_text("Remove", lang),
        "named": ui_text("{action}: {name}", lang),
        "field_refused": ui_text("{field}: {refusal}", lang),
        "refused": ui_text("Refused:", lang),
        "removed": ui_text("“{name}” removed.", lang),
        "replaced": ui_text("“{old}” replaced by “{name}”.", lang),
        "added_later": ui_text("{name}: added once the rules engine is ready", lang),
        "export": ui_text("Export the profile file (TOML)", lang),
        "import": ui_text("Import a profile file (TOML)", lang),
        "print": ui_text("Print the card", lang),
        "file": ui_text("The profile file, as nq points reads it", lang),
        "none_or_int": ui_text(
            "Enter a whole number from {min} to {max}, or leave it empty for none.", lang
        ),
        # beside RA or CC left empty: none, said (player round eighteen: CC emptied became "–"
        # on the card without a word)
        "none_note": ui_text(
            "{field}: none (–), as for a chariot. Type a number to give it one.", lang
        ),
        # beside a mount's or a crew member's RA, CC or ST left empty: the model's own stands
        "element_none_note": ui_text(
            "{field}: the whole model's (–). Type a number to give it its own.", lang
        ),
        # one sentence, its full stop after the engine's refusal (which has none)
        "refused_file": ui_text(
            "This file is not a profile the rules engine can price: {refusal}.", lang
        ),
        "refused_problems": ui_text(
            "This file is not a profile the rules engine can price ({count} problems):", lang
        ),
        "army_file": ui_text("This is an army file: import it in the Army Builder.", lang),
        "imported_copy": ui_text(
            "A profile named “{name}” is already kept: the file’s is kept as “{copy}”.", lang
        ),
        "choose_file": ui_text(
            "Choose instead a .toml file made with “Export the profile file (TOML)”.", lang
        ),
        "small": ui_text("Small", lang),
        "medium": ui_text("Medium", lang),
        "large": ui_text("Large", lang),
        "very-large": ui_text("Very large", lang),
    }
    return words | _kept_words(lang) | _weapon_words(lang)


def _weapon_words(lang: str) -> dict[str, str]:
    """What the weapons' list says of each weapon's price (Weapon Selection: the primary at full
    points, the others at half) and of a weapon made the primary."""
    return {
        "primary": ui_text("Make it the primary weapon", lang),
        "primary_said": ui_text("primary weapon: full points", lang),
        "second_said": ui_text("half points", lang),
        "made_primary": ui_text("“{name}” is the primary weapon, at full points.", lang),
    }


def _kept_words(lang: str) -> dict[str, str]:
    """The words of the kept profiles (:mod:`nqcompanion.page.kept`): the list, each profile's
    points in it (the engine's words, for the page's plural rule), New, Delete and Undo."""
    return {
        "listed": ui_text("Your profiles", lang),
        "new": ui_text("New profile", lang),
        "made": ui_text("A new profile was started.", lang),
        "delete": ui_text("Delete this profile", lang),
        "confirm_title": ui_text("Delete this profile?", lang),
        "confirm_text": ui_text(
            "The profile “{name}” is removed from this browser. An exported file is not touched.",
            lang,
        ),
        "confirm_keep": ui_text("Keep the profile", lang),
        "confirm_delete": ui_text("Delete the profile", lang),
        "deleted": ui_text("The profile “{name}” was deleted.", lang),
        "not_kept": ui_text(
            "This browser keeps nothing for this site (its storage is full or blocked): this"
            " profile is lost when the page is closed. Export the profile file (TOML) to keep it.",
            lang,
        ),
        "undo": ui_text("Undo", lang),
        "restored": ui_text("“{name}” is back.", lang),
        "point_one": engine_text("{count} point", lang),
        "point_other": engine_text("{count} points", lang),
    }


def _level_label(name: str, level: Any, lang: str) -> str:
    """An option's words: the level's own name where it says its level ("Fear (1)"), else the
    feature's name and the level key in the page's language ("Grenades (F3 1½\" Mise à terre)")."""
    named = engine_text(level.name, lang)
    if named != name:
        return named
    from nqcore.army.features import level_parts

    parts = level_parts(str(level.level))
    key = "".join(engine_text(p, lang) if isinstance(p, Msg) else p for p in parts)
    return f"{name} ({key})"


def _pick_options(listed: str, lang: str) -> list[tuple[str, str]]:
    from nqcore.army.armoury import all_weapons
    from nqcore.army.features import abilities, equipment, traits

    if listed == "weapons":
        return [(w.key, engine_text(w.name, lang)) for w in all_weapons()]
    features = {"abilities": abilities, "traits": traits, "equipment": equipment}[listed]()
    options = []
    for feature in features:
        name = engine_text(feature.name, lang)
        if feature.levels:
            options += [
                (f"{feature.key}|{level.level}", _level_label(name, level, lang))
                for level in feature.levels
            ]
        else:
            options.append((feature.key, name))
    return options


def _select(
    ident: str, options: list[tuple[str, str]], attributes: str = "", empty: bool = False
) -> str:
    items = ['<option value="">—</option>'] if empty else []
    items += [f'<option value="{html.escape(k)}">{html.escape(t)}</option>' for k, t in options]
    return f'<select id="{ident}"{attributes}>{"".join(items)}</select>'


#: One labelled field of the builder, with the place of its error message.
_FIELD = '<div class="nq-field"><label for="{id}">{label}</label>{control}{error}</div>'


def _text_input(name: str, label: str, extra: str = "", ident: str = "") -> str:
    ident = ident or f"nq-builder-{name}"
    control = (
        f'<input type="text" id="{ident}" data-set="{name}" autocomplete="off" '
        f'aria-describedby="{ident}-error"{extra}/>'
    )
    error = error_box(ident)
    return _FIELD.format(id=ident, label=html.escape(label), control=control, error=error)


def _untitled(lang: str) -> str:
    """A new profile's name (the engine's) as the name field's placeholder, and in every
    language: the field is left empty while the profile has it, the name kept when it is."""
    from nqcore.army.characteristics import BLANK_NAME
    from nqcore.i18n import LANGUAGES

    every = [engine_text(BLANK_NAME, code) for code in LANGUAGES]
    return (
        f' placeholder="{html.escape(engine_text(BLANK_NAME, lang))}"'
        f' data-untitled="{html.escape(json.dumps(every, ensure_ascii=False))}"'
    )


def _whole(values: list[int], none: str = "") -> str:
    """A whole-number field's range, ``-`` or nothing for none (RA, CC), and the keyboard they
    need."""
    allowed = range(values[0], values[-1] + 1)
    mode = keyboard("int", allowed)
    return f' inputmode="{mode}" data-min="{values[0]}" data-max="{values[-1]}"' + (
        f' data-none="{none}"' if none else ""
    )


def _start_and_kind(words: dict[str, str], lang: str) -> list[str]:
    """The profile of the book to start from, then the name, model type and size."""
    from nqcompanion.bridge.web_starting import starting_choices

    parts = [
        _FIELD.format(
            id="nq-builder-start",
            label=html.escape(words["start"]),
            control=_select("nq-builder-start", starting_choices(lang), empty=True),
            error="",
        )
    ]
    parts.append('<div class="nq-builder-fields">')
    parts.append(_text_input("name", words["name"], _untitled(lang)))
    types = [(t, engine_text(n, lang)) for t, n in zip(MODEL_TYPES, MODEL_TYPE_NAMES, strict=True)]
    sizes = [(size, words[size]) for size in ("small", "medium", "large", "very-large")]
    for name, options in (("type", types), ("size", sizes)):
        control = _select(f"nq-builder-{name}", options, f' data-set="{name}"')
        parts.append(
            _FIELD.format(
                id=f"nq-builder-{name}", label=html.escape(words[name]), control=control, error=""
            )
        )
    return parts


def _characteristics(words: dict[str, str], lang: str) -> list[str]:
    """A field per characteristic and the armour, in the ranges their cost tables price."""
    from nqcore.army.characteristics import ABBREVIATIONS
    from nqcore.army.points import _costs, cost_tables

    parts = []
    for key, table in cost_tables().items():
        extra = _whole(sorted(table.costs), "-" if key in ("ra", "cc") else "")
        parts.append(_text_input(key, engine_text(ABBREVIATIONS[key], lang), extra))
    armour = _whole(sorted(_costs()["armour"]["values"]))
    parts.append(_text_input("armour", ui_text("Armour (AR)", lang), armour))
    # A rider and its steed in one profile ("Basic cavalry steeds have the rider and steed
    # profile combined into a single profile"): a knight's lance and Cavalry Move are its own;
    # its mount's barding or natural armour adds to its AR ("Barding Cost / Armoured Mount":
    # the book's knight could not be made here, player round 40).
    for name in ("shield", "barding", "armoured_mount", "mounted"):
        parts.append(
            f'<div class="nq-field nq-check"><input type="checkbox" id="nq-builder-{name}" '
            f'data-set="{name}"/><label for="nq-builder-{name}">'
            f"{html.escape(words[name])}</label></div>"
        )
    parts.append("</div>")
    return parts


def _elements(words: dict[str, str], lang: str) -> list[str]:
    """A combination model's other elements (a rider's mount, a chariot's driver and weaponeer):
    each its name, RA, CC and ST, which the engine's answer gives (the fields hidden while the
    profile has no such element; player round thirty: the Wight Lord's Dragon could not be
    changed, nor even seen, in the builder), and a button to remove it; then one to add one
    (player round 32: a knight's horse could not be given to a profile made from scratch)."""
    from nqcompanion.bridge.web_elements import ELEMENT_FIELD, ELEMENTS_EDITED
    from nqcore.army.characteristics import ABBREVIATIONS, ELEMENT_CHARACTERISTICS
    from nqcore.army.points import cost_tables

    tables = cost_tables()
    parts = []
    for number in range(1, ELEMENTS_EDITED + 1):
        field = f"{ELEMENT_FIELD}{number}"
        parts.append(
            f'<fieldset class="nq-builder-element" data-element="{field}" hidden>'
            '<legend></legend><div class="nq-builder-fields">'
        )
        parts.append(_text_input(field, words["name"], "", f"nq-builder-element-{number}-name"))
        for key in ELEMENT_CHARACTERISTICS:
            extra = _whole(sorted(tables[key].costs), "-")
            label = engine_text(ABBREVIATIONS[key], lang)
            ident = f"nq-builder-element-{number}-{key}"
            parts.append(_text_input(f"{field}.{key}", label, extra, ident))
        parts.append(
            f'</div><button type="button" data-remove-element="{number - 1}">'
            f"{html.escape(words['remove'])}</button></fieldset>"
        )
    parts.append(
        f'<p><button type="button" id="nq-builder-add-element">'
        f"{html.escape(words['add_element'])}</button></p>"
    )
    return parts


#: The lists under which the builder says the warnings their picks bring
#: (:func:`nqcompanion.bridge.web.beside_lists`).
BESIDE = ("spells",)


def _lists(words: dict[str, str], lang: str) -> list[str]:
    """The weapons, abilities, traits and equipment to add, each list with its own control."""
    parts = []
    for listed in ("weapons", "abilities", "traits", "equipment", "spells"):
        ident = f"nq-builder-add-{listed}"
        picker = (
            _spells(ident, lang)
            if listed == "spells"
            else _select(ident, _pick_options(listed, lang), f' data-list="{listed}"')
        )
        control = (
            picker + f'<button type="button" data-add="{listed}">{html.escape(words["add"])}'
            "</button>"
        )
        # The warnings a pick brings (spells of two aspects), where it was added (beside_lists)
        beside = (
            f'<p class="nq-builder-warnings" id="{ident}-warnings" data-beside="{listed}" hidden>'
            "</p>"
            if listed in BESIDE
            else ""
        )
        parts.append(
            f'<div class="nq-field nq-builder-add"><label for="{ident}">'
            f'{html.escape(words[listed])}</label><div class="nq-builder-row">{control}'
            f'</div><ul class="nq-builder-list" data-list="{listed}"></ul>{beside}</div>'
        )
    # What a removal did, said to a screen reader.
    parts.append('<p class="nq-visually-hidden" id="nq-builder-said" role="status"></p>')
    return parts


def _spells(ident: str, lang: str) -> str:
    """The spells of the Magic chapter's cards, by aspect (an aspect opposes another: Magic
    Relationships), for a magic user's list."""
    from nqcore.rules.magic import Aspect
    from nqcore.rules.spells import spells_of

    groups = []
    for aspect in Aspect:
        options = "".join(
            f'<option value="{html.escape(s.key)}">{html.escape(engine_text(s.name, lang))}'
            "</option>"
            for s in spells_of(aspect)
        )
        label = html.escape(engine_text(aspect.label, lang))
        groups.append(f'<optgroup label="{label}">{options}</optgroup>')
    return (
        f'<select id="{ident}" data-list="spells" aria-describedby="{ident}-warnings">'
        f"{''.join(groups)}</select>"
    )


def _card_and_actions(words: dict[str, str]) -> list[str]:
    """The card with its points, and the file's export, import and print."""
    return [
        '<div class="nq-builder-card" id="nq-builder-card">'
        '<div class="nq-card-profile" aria-hidden="true"></div>'
        '<output class="nq-answer nq-builder-points" aria-live="polite"></output></div>',
        '<div class="nq-builder-actions">'
        f'<button type="button" id="nq-builder-export">{html.escape(words["export"])}</button>'
        f'<label class="nq-button">{html.escape(words["import"])}'
        '<input type="file" id="nq-builder-import" accept=".toml,text/plain" '
        f'data-limit="{MAX_FILE_BYTES}" aria-describedby="nq-builder-import-error"/></label>'
        f'<button type="button" id="nq-builder-print">{html.escape(words["print"])}</button>'
        f"</div>{error_box('nq-builder-import', alert=True)}"
        f"<details><summary>{html.escape(words['file'])}</summary>"
        '<pre id="nq-builder-toml"></pre></details>',
    ]


def builder_html(
    lang: str, rule_href: str, rule_title: str, sections: dict[str, dict[str, str]]
) -> str:
    """The profile builder: fields the engine fills in, lists from its data, its points; the
    rule sections its refusals may cite (label: address and heading), linked as the army
    builder links them ("Rule: Support Weapons")."""
    words = _builder_words(lang) | {"rule": ui_text("Rule:", lang)}
    parts = [
        f'<div class="nq-builder" id="nq-builder" data-words="'
        f'{html.escape(json.dumps(words, ensure_ascii=False))}" data-sections="'
        f'{html.escape(json.dumps(sections, ensure_ascii=False))}">',
        # The profile in short (name, points, warnings), kept on the screen while a field is
        # edited: the card with the points is a screen or more below the fields on a phone.
        # Above every field, the list of kept profiles too, so that none is under it.
        '<p class="nq-builder-summary" id="nq-builder-summary"></p>',
        kept_html("nq-builder", words),
        *_start_and_kind(words, lang),
        *_characteristics(words, lang),
        *_elements(words, lang),
        *_lists(words, lang),
        *_card_and_actions(words),
    ]
    rule = ui_text("Rule:", lang)
    parts.append(
        f'<p class="nq-rule">{html.escape(rule)} <a href="{html.escape(rule_href)}">'
        f"{html.escape(rule_title)}</a></p></div>"
    )
    return "".join(parts)
