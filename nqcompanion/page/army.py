"""The army builder of the "At the table" page (:mod:`nqcompanion.page.directive`), as HTML: its
choices and ranges are the engine's (the army file's schema, the book's profiles, the armoury and
features), each rule section it may cite is given its address on this site, and each change goes
to :func:`nqcompanion.bridge.web_army.army`, which prices and checks the army as ``nq army`` does.
The page's script (``nq-army.js``, joined to ``nq-at-table.js``) draws the entries the engine
answers.
"""

from __future__ import annotations

import html
import json
import typing

from nqcompanion.page.fields import error_box
from nqcompanion.page.kept import kept_html
from nqcore.army.characteristics import ModelType
from nqcore.cli.files import MAX_FILE_BYTES
from nqcore.i18n import LANGUAGES, P_, translator
from nqsphinx.messages import engine_text, ui_text

ARMY_RULE = "the-army"


def army_sections() -> list[str]:
    """The labels of every section a breach of the army builder may cite."""
    from nqcompanion.bridge.web_army import PROFILE_SECTION
    from nqcore.army.breaches import army_rules
    from nqcore.army.features import abilities, equipment, traits
    from nqcore.book.book_warnings import REFUSALS

    cited = {f.rule for f in (*abilities(), *traits(), *equipment()) if f.rule}
    cited |= {section for section, _heading in REFUSALS.values()}
    return sorted({rule.section for rule in army_rules().values()} | {PROFILE_SECTION} | cited)


# "option": every model of the unit's own profile, its standard bearer and musician too (the same
# profile, Specialists); not its leader, a model of another profile (Unit Leaders), whose options
# are its own profile's (player round thirteen).
def _words(lang: str) -> dict[str, str]:
    _ = translator(lang)
    said = {
        "armies": ui_text("Your armies", lang),
        "new": ui_text("New army", lang),
        "delete": ui_text("Delete this army", lang),
        "confirm_title": ui_text("Delete this army?", lang),
        "confirm_text": ui_text(
            "The army “{name}” and its entries are removed from this browser. "
            "An exported file is not touched.",
            lang,
        ),
        "confirm_keep": ui_text("Keep the army", lang),
        "confirm_delete": ui_text("Delete the army", lang),
        "deleted": ui_text("The army “{name}” was deleted.", lang),
        "army_name": ui_text("Army name", lang),
        "points": ui_text("Game size (points)", lang),
        "add_legend": ui_text("Add to the army", lang),
        "add_kind": ui_text("As", lang),
        "add_profile": ui_text("Profile", lang),
        "add": ui_text("Add", lang),
        "name": ui_text("Name", lang),
        "models": ui_text("Models", lang),
        "formation": ui_text("Formation", lang),
        "joins": ui_text("Joins the unit", lang),
        "weapon": ui_text("Support weapon", lang),
        "weapons": ui_text("Support weapons", lang),
        "crew": ui_text("Crew per weapon", lang),
        "option": ui_text("Add an option to every model of the unit’s profile", lang),
        "remove": ui_text("Remove", lang),
        "remove_entry": ui_text("Remove this entry", lang),
        "named": ui_text("{action}: {name}", lang),  # a button's name: « Retirer : Goules »
        "removed_entry": ui_text("The entry “{name}” was removed from the army.", lang),
        "added_entry": ui_text("The entry “{name}” was added to the army.", lang),
        "removed": ui_text("“{name}” removed.", lang),
        "added": ui_text("“{name}” added.", lang),
        "refused": ui_text("Refused:", lang),
        "warning": ui_text("Warning:", lang),
        "rule": ui_text("Rule:", lang),
        "none": ui_text("None", lang),
        "mine": ui_text("Your profiles (profile builder)", lang),
        "book": ui_text("Profiles of the book", lang),
        "export": ui_text("Export the army file (TOML)", lang),
        "print": ui_text("Print the roster", lang),
        "import": ui_text("Import an army file (TOML)", lang),
        "file": ui_text("The army file, as nq army reads it", lang),
        "untitled": ui_text("My army", lang),
        "army_points": ui_text("{total} of {points} points", lang),
        "int": ui_text("Enter a whole number from {min} to {max}.", lang),
        "leader": engine_text("Unit leader", lang),
        "standard-bearer": engine_text("Standard Bearer", lang),
        "musician": engine_text("Musician", lang),
        "general": _(P_("army", "General")),
    }
    said.update(_second_words(lang), **_list_words(lang), **_nones(lang))
    for kind, name in _kinds(lang):
        said[f"kind-{kind}"] = name
    for formation, name in _formations(lang):
        said[f"formation-{formation}"] = name
    return said


def _second_words(lang: str) -> dict[str, str]:
    """The words of a second chance (Undo), of a new army, of a refused count and of an
    army-wide breach, of a file given to the other builder, of the rules' examples among the
    profiles, of an individual's option (its own, not every model's)."""
    return {
        "readings": ui_text("In the errata:", lang),
        "undo": ui_text("Undo", lang),
        "restored": ui_text("“{name}” is back.", lang),
        "made": ui_text("A new army was started.", lang),
        "option_one": ui_text("Add an option", lang),
        "stale": ui_text(
            "The army’s points, refusals and warnings are hidden until the refusal above is "
            "corrected.",
            lang,
        ),
        "field_entry": ui_text("{field} ({entry})", lang),
        "field_refused": ui_text("{field}: {refusal}", lang),
        "army_wide": ui_text("{rule}: for the whole army, see under its summary", lang),
        "concerns": ui_text("Concerns:", lang),
        "profile_file": ui_text("This is a profile file: import it in the Profile Builder.", lang),
        "examples": ui_text("Examples of the rules", lang),
        "outdated_profile": ui_text(
            "Your profile “{name}” has changed since this entry was made from it: the entry "
            "keeps the profile as it was.",
            lang,
        ),
        "outdated_leader": ui_text(
            "Your profile “{name}” has changed since it was made this unit’s leader: the leader "
            "keeps the profile as it was.",
            lang,
        ),
        "outdated_use": ui_text("Use “{name}” as it is now", lang),
        "outdated_used": ui_text("“{entry}” now uses your profile “{name}” as it is.", lang),
        "support_models": ui_text("Support models", lang),
        "duplicate": ui_text("Duplicate this army", lang),
        "duplicated": ui_text("The army “{name}” is a copy, open here.", lang),
        "copy_text": ui_text("Copy the roster (text)", lang),
        "download_text": ui_text("Download the roster (.txt)", lang),
        "copied": ui_text("The roster is copied as text.", lang),
        "copy_failed": ui_text(
            "This browser did not let the page copy: download the roster (.txt) instead.", lang
        ),
        "import_cancelled": ui_text("Import cancelled: no army was changed.", lang),
        "import_reading": ui_text("Reading {file}…", lang),
    }


def _list_words(lang: str) -> dict[str, str]:
    """The words of the list of kept armies: a name met twice (by an import, by a rename), and a
    browser that keeps nothing."""
    return {
        "same_title": ui_text("An army of this name is kept", lang),
        "same_text": ui_text(
            "“{name}” is already in this browser’s list of armies. Replace it with the file’s "
            "army, or keep both (the file’s as “{copy}”)?",
            lang,
        ),
        "not_kept": ui_text(
            "This browser keeps nothing for this site (its storage is full or blocked): this army"
            " is lost when the page is closed. Export the army file (TOML) to keep it.",
            lang,
        ),
        "same_named": ui_text(
            "Another army in this browser’s list is named “{name}” too: the list tells them"
            " apart by their points.",
            lang,
        ),
        "same_both": ui_text("Keep both", lang),
        "same_replace": ui_text("Replace it", lang),
        "replaced": ui_text("The army “{name}” was replaced by the file's.", lang),
    }


def _nones(lang: str) -> dict[str, str]:
    """The word "None" of each list, agreed with its field's noun (« Aucune formation »)."""
    from nqcompanion.bridge.web_army import NONE_CHOSEN

    _ = translator(lang)
    return {f"none_{field}": _(none) for field, none in NONE_CHOSEN.items()}


def _kinds(lang: str) -> list[tuple[str, str]]:
    from nqcore.cli.army import KIND_NAMES

    _ = translator(lang)
    return [(kind, _(name)) for kind, name in KIND_NAMES.items()]


def _formations(lang: str) -> list[tuple[str, str]]:
    """The formations the army file takes (its schema's), named as the roster names them, the
    headings of their sections (player round twelve: "Skirmished" in the builder, "Skirmish
    Formation" on the roster)."""
    from nqcore.army.army_schema import Unit
    from nqcore.army.roster import FORMATIONS

    allowed = typing.get_args(typing.get_args(typing.get_type_hints(Unit)["formation"])[0])
    return [(key, engine_text(FORMATIONS[key], lang)) for key in allowed]


def _limits() -> dict[str, tuple[int, int]]:
    """The whole numbers the army file's schema takes: points, models, weapons and crew."""
    from nqcore.army.army_schema import whole_bounds

    found = {
        "points": whole_bounds(None, "points"),
        "models": whole_bounds("unit", "models"),
        "weapons": whole_bounds("support", "weapons"),
        "crew": whole_bounds("support", "crew"),
    }
    return {name: bounds for name, bounds in found.items() if bounds is not None}


def _options(items: list[tuple[str, str]]) -> str:
    return "".join(f'<option value="{html.escape(k)}">{html.escape(t)}</option>' for k, t in items)


def _choices(lang: str) -> str:
    """The lists the script copies into each entry (a ``template`` the page does not show): the
    book's profiles, the support weapons, the options by kind."""
    from nqcompanion.page.builder import _pick_options
    from nqcore.army.armoury import WeaponKind, all_weapons

    words = _words(lang)
    support = [(w.key, engine_text(w.name, lang)) for w in all_weapons()]
    support = [
        (k, n)
        for (k, n), w in zip(support, all_weapons(), strict=True)
        if w.kind is WeaponKind.SUPPORT
    ]
    labels = {
        "weapons": ui_text("Weapons", lang),
        "abilities": ui_text("Abilities", lang),
        "traits": ui_text("Traits", lang),
        "equipment": ui_text("Equipment", lang),
    }
    groups = []
    for listed, label in labels.items():
        items = [(f"{listed}:{k}", t) for k, t in _pick_options(listed, lang)]
        options = _options(items).replace(*_ONLY_FOR)
        groups.append(f'<optgroup label="{html.escape(label)}">{options}</optgroup>')
    return (
        f'<template id="nq-army-profiles" data-names="{html.escape(_profile_names())}">'
        f"{_profile_groups(lang, words)}</template>"
        f'<template id="nq-army-weapons">{_options(support)}</template>'
        f'<template id="nq-army-options">{"".join(groups)}</template>'
    )


def _profile_names() -> str:
    """The book's profiles' names in every language, as JSON: an entry a file names after its
    profile in another language ("Guerrier squelette") is named in the page's (nq-keep.js), on
    a browser that never opened that language's page (player round ten)."""
    from nqcompanion.bridge.web_starting import starting_choices

    names = {lang: dict(starting_choices(lang)) for lang in LANGUAGES}
    return json.dumps(names, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _profile_groups(lang: str, words: dict[str, str]) -> str:
    """The book's profiles in two groups, the Sample Profiles and the rules' examples (Creating A
    Profile's...), by their full names; each option marked with its profile's type, which the
    script matches against the types each kind of entry takes (:func:`_takes`)."""
    from nqcompanion.bridge.web_starting import starting_choices
    from nqcore.army.profile_files import example_profiles, sample_profiles

    named = dict(starting_choices(lang))
    groups = []
    for label, profiles in (
        (words["book"], [s.profile for s in sample_profiles()]),
        (words["examples"], [e.profile for e in example_profiles()]),
    ):
        options = "".join(
            f'<option value="{html.escape(p.key)}" data-type="{p.model_type.value}">'
            f"{html.escape(named[p.key])}</option>"
            for p in profiles
        )
        groups.append(f'<optgroup label="{html.escape(label)}">{options}</optgroup>')
    return "".join(groups)


def _takes() -> dict[str, list[str]]:
    """The profile types each kind of entry takes, as the engine checks them (a unit: core or
    elite; an individual: individual...)."""
    from nqcore.army.army_rules import EXPECTED

    return {kind: sorted(t.value for t in types) for kind, (types, _said) in EXPECTED.items()}


def _leads() -> list[str]:
    """The profile types that may lead a unit, as the engine checks them (a unit leader, an
    individual): the leader's list offers those."""
    from nqcore.army.army_rules import LEADS

    return sorted(t.value for t in LEADS[0])


def _only_for() -> tuple[str, str]:
    """The option only some kinds of entry may take, marked with them (the script offers it to
    those only): the army battle standard, "created as an individual model"."""
    from nqcore.army.army_rules import BATTLE_STANDARD, BATTLE_STANDARD_KINDS

    option = f'<option value="equipment:{BATTLE_STANDARD}"'
    return option, f'{option} data-kinds="{" ".join(BATTLE_STANDARD_KINDS)}"'


_ONLY_FOR = _only_for()
_FIELD = '<div class="nq-field"><label for="{id}">{label}</label>{control}{error}</div>'


def _field(ident: str, label: str, control: str, error: bool = False) -> str:
    return _FIELD.format(
        id=ident, label=html.escape(label), control=control, error=error_box(ident) if error else ""
    )


#: The sizes of game players usually agree on (offered by the game size's field).
USUAL_SIZES = (500, 1000, 1500, 2000)


def _sizes(low: int, high: int) -> str:
    usual = (size for size in USUAL_SIZES if low <= size <= high)
    return "".join(f'<option value="{size}"></option>' for size in usual)


def _army_fields(words: dict[str, str], points: tuple[int, int]) -> str:
    """The kept armies, the army's name and the game's size, its summary and army-wide breaches."""
    low, high = points
    return "".join(
        [
            kept_html("nq-army", {**words, "listed": words["armies"]}),
            _field(
                "nq-army-name",
                words["army_name"],
                '<input type="text" id="nq-army-name" data-field="name" autocomplete="off" '
                f'placeholder="{html.escape(words["untitled"])}" '
                'aria-describedby="nq-army-name-error"/>',
                error=True,
            ),
            _field(
                "nq-army-points",
                words["points"],
                '<input type="text" id="nq-army-points" data-field="points" inputmode="numeric" '
                f'data-min="{low}" data-max="{high}" autocomplete="off" list="nq-army-sizes" '
                'aria-describedby="nq-army-points-error"/>'
                # the usual sizes of a game, offered; any other is typed
                f'<datalist id="nq-army-sizes">{_sizes(low, high)}</datalist>',
                error=True,
            ),
            '<output class="nq-answer nq-army-summary" id="nq-army-summary" '
            'aria-live="polite"></output>'
            # while a change is refused: the figures of the last valid army are hidden
            f'<p class="nq-army-stale" id="nq-army-stale" hidden>{html.escape(words["stale"])}</p>'
            '<ul class="nq-army-breaches" id="nq-army-wide"></ul>'
            # each entry's refusals and warnings, linked to the field they are about
            '<ul class="nq-army-breaches nq-army-found" id="nq-army-found"></ul>',
        ]
    )


def _add_and_files(words: dict[str, str], lang: str) -> str:
    """The form that adds an entry, the entries' list, export and import, the file itself."""
    kinds = _options(_kinds(lang))
    say = {key: html.escape(text) for key, text in words.items()}
    return "".join(
        [
            f'<fieldset class="nq-army-add"><legend>{say["add_legend"]}</legend>',
            _field(
                "nq-army-add-kind",
                words["add_kind"],
                f'<select id="nq-army-add-kind">{kinds}</select>',
            ),
            _field(
                "nq-army-add-profile",
                words["add_profile"],
                '<select id="nq-army-add-profile"></select>',
            ),
            f'<button type="button" id="nq-army-add">{say["add"]}</button>',
            f"{error_box('nq-army-add')}</fieldset>",
            '<ol class="nq-army-entries" id="nq-army-entries"></ol>',
            # What a change did, said to a screen reader (an entry or an option removed).
            '<p class="nq-visually-hidden" id="nq-army-said" role="status"></p>',
            '<div class="nq-builder-actions">'
            f'<button type="button" id="nq-army-duplicate">{say["duplicate"]}</button>'
            f'<button type="button" id="nq-army-print">{say["print"]}</button>'
            f'<button type="button" id="nq-army-copy">{say["copy_text"]}</button>'
            f'<button type="button" id="nq-army-text">{say["download_text"]}</button>'
            f'<button type="button" id="nq-army-export">{say["export"]}</button>'
            f'<label class="nq-button">{say["import"]}'
            '<input type="file" id="nq-army-import" accept=".toml,text/plain" '
            f'data-limit="{MAX_FILE_BYTES}" aria-describedby="nq-army-import-error"/></label>'
            f"</div>{error_box('nq-army-import', alert=True)}{_same_html(say)}"
            # what copying the roster did, said where it was asked for
            '<p class="nq-army-copied" id="nq-army-copied" role="status"></p>',
            f'<details><summary>{say["file"]}</summary><pre id="nq-army-toml"></pre></details>',
            # The roster on paper, drawn from the engine's answer (nqcore.army.roster).
            '<section class="nq-army-roster" id="nq-army-roster"></section>',
        ]
    )


def _same_html(say: dict[str, str]) -> str:
    """The dialog that asks, when an imported army has the name of a kept one, whether it
    replaces that one or is kept beside it ("Keep both" has the focus: Enter loses nothing;
    Escape imports nothing). Its text names the army (filled in by the script)."""
    return (
        '<dialog class="nq-kept-confirm" id="nq-army-same" aria-labelledby="nq-army-same-title" '
        'aria-describedby="nq-army-same-text"><form method="dialog">'
        f'<p class="nq-kept-confirm-title" id="nq-army-same-title">{say["same_title"]}</p>'
        '<p id="nq-army-same-text"></p><div class="nq-builder-row">'
        f'<button type="submit" value="both" id="nq-army-same-both" autofocus>{say["same_both"]}'
        f'</button><button type="submit" value="replace" id="nq-army-same-replace">'
        f"{say['same_replace']}</button></div></form></dialog>"
    )


def army_html(
    lang: str, rule_href: str, rule_title: str, sections: dict[str, dict[str, str]]
) -> str:
    """The army builder: the kept armies, the army's name and size, the form that adds an
    entry, the entries (drawn by the script from the engine's answer), import and export."""
    from nqcore.rules.game_limits import unit_sizes

    words = _words(lang) | {
        # one sentence, its full stop after the engine's refusal (which has none)
        "refused_file": ui_text(
            "This file is not an army the rules engine can read: {refusal}.", lang
        ),
        "choose_file": ui_text(
            "Choose instead a .toml file made with “Export the army file (TOML)”.", lang
        ),
    }
    limits = _limits()
    data = {
        "words": words,
        "sections": sections,
        "limits": {k: list(v) for k, v in limits.items()},
        # A new army and a new battery: the book's least crew for a support weapon.
        "start": {"name": words["untitled"], "points": 1000},
        # A new army's name in every language: the page's until the player renames it.
        "untitled": {code: ui_text("My army", code) for code in LANGUAGES},
        "crew": unit_sizes()["support-weapon-crew"].minimum,
        "takes": _takes(),
        # A support unit of its own models is a support model (nqcore.army.support_rules):
        # offered first; any profile may crew a support weapon.
        "fits": {"support": [ModelType.SUPPORT.value]},
        "leads": _leads(),
    }
    return (
        f'<div class="nq-builder nq-army" id="nq-army" data-army="'
        f'{html.escape(json.dumps(data, ensure_ascii=False))}">'
        f"{_army_fields(words, limits['points'])}{_add_and_files(words, lang)}{_choices(lang)}"
        f'<p class="nq-rule">{html.escape(ui_text("Rule:", lang))} '
        f'<a href="{html.escape(rule_href)}">{html.escape(rule_title)}</a></p></div>'
    )
