"""The roster of an army on paper: what a player takes to the table ("The Army"), in the reader's
language, as plain texts laid out by whoever prints it.

:func:`roster_sheet` gives, for each entry of a priced army (:mod:`nqcore.army.force`), its
kind, name, models and class, its points, each profile's line (AC to CO and AR) with its
weapons, armour and special rules as the book prints a profile
(:func:`nqcore.tables.profile_tables.profile_details`), its price line by line and its
profiles' warnings; then the army's total against the game's size and every refusal and warning
of the book's army rules with its rule and section.  The At the table page prints it ("Print the
roster", through :mod:`nqcompanion.bridge.web_army`) and ``nq army FILE --pdf`` sets it in LaTeX
(:mod:`nqprint.army_roster`): one content, two layouts, nothing priced or checked here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nqcore.army.characteristics import ABBREVIATIONS, CHARACTERISTICS
from nqcore.army.force import Force, PricedEntry
from nqcore.army.profiles import Element, Profile
from nqcore.i18n import N_, P_, Msg, colon, format_number, plural, translator

#: The headings of a profile's line on the roster.
COLUMNS: tuple[Msg, ...] = (N_("Name"), *ABBREVIATIONS.values(), N_("AR"))
#: The line under a profile the roster leaves out: the entry's class says it.
STRUCTURE = N_("Structure")
#: A unit's formation as the roster says it: the heading of its section (Facing And Formations).
FORMATIONS: dict[str, Msg] = {
    "ranked": N_("Ranked Formation"),
    "closed": N_("Closed Formation"),
    "skirmish": N_("Skirmish Formation"),
    "dispersed": N_("Dispersed Formation"),
}


#: What the roster and the army builder's card say of a unit leader (player round fourteen): the
#: builder gives him no options of his own, and the unit's are its models' (Unit Leaders).
LEADER_AS_PROFILE = N_(
    "priced as his profile, unarmed where it lists no weapon: the options of the unit's models "
    "are not his"
)


def roster_sheet(force: Force, breaches: Sequence[Any], lang: str) -> dict[str, Any]:
    """The roster of ``force`` with its ``breaches`` (:func:`nqcore.army.army_rules.check`), every
    text in ``lang``."""
    _ = translator(lang)
    refusals = [b for b in breaches if b.refused]
    warnings = [b for b in breaches if not b.refused]
    forbidden = any(w.refused for item in force.entries for w in item.warnings)
    return {
        "title": force.name,
        "colon": _colon(lang),
        "heading": _(N_("Army roster")),
        "warning": _(N_("Warning")),
        "refusal": _(N_("Refused")),
        "game": plural(
            force.points, N_("A game of {count} point"), N_("A game of {count} points"), lang
        ),
        "columns": [_(c) for c in COLUMNS],
        "entries": [_entry(item, lang) for item in force.entries],
        "total": plural(
            force.total,
            N_("Total: {count} point of the {points} agreed"),
            N_("Total: {count} points of the {points} agreed"),
            lang,
            points=format_number(force.points, lang),
        ),
        "refused": bool(refusals) or forbidden,
        "breaches": [_breach(b, lang) for b in (*refusals, *warnings)],
        "kept": None
        if breaches or forbidden
        else _(N_("The army keeps every army rule of the book.")),
    }


def _colon(lang: str) -> str:
    return colon(lang)


def _breach(found: Any, lang: str) -> dict[str, str]:
    """A refusal or warning as a line: its kind, its text naming the entry, its rule by the name
    of its section in the book (on paper, a section's label is of no use to a player)."""
    _ = translator(lang)
    rule = _(N_("rule: {heading}")).format(heading=_(found.rule.name))
    label = N_("Refused") if found.refused else N_("Warning")
    return {
        "kind": "refusal" if found.refused else "warning",
        "label": _(label),
        "text": f"{found.text(lang, remedy=False)} ({rule})",
    }


def _entry(item: PricedEntry, lang: str) -> dict[str, Any]:
    from nqcore.cli.army import KIND_NAMES

    _ = translator(lang)
    entry = item.entry
    facts = []
    if item.classification is not None:
        from nqcore.army.army_rules import TYPE_NAMES

        facts.append(_(TYPE_NAMES[item.classification]))
    if entry.kind in ("unit", "support"):
        facts.append(
            plural(entry.models, P_("army", "{count} model"), P_("army", "{count} models"), lang)
        )
    if entry.formation is not None:
        facts.append(_(FORMATIONS[entry.formation]))
    if entry.general:
        facts.append(_(P_("army", "General")))
    if entry.joins:
        facts.append(_(N_("joins {unit}")).format(unit=entry.joins))
    profiles = [profile_sheet(entry.profile, lang)]
    if entry.leader is not None:
        leader = profile_sheet(entry.leader, lang, role=N_("Unit leader"))
        leader["details"].append([_(N_("Unit leader")), _(LEADER_AS_PROFILE)])
        profiles.append(leader)
    if entry.weapon is not None:
        from nqcore.tables.profile_tables import weapon_phrase
        from nqcore.tables.registry import Phrase
        from nqcore.tables.table_text import cell_text

        said = cell_text(Phrase(weapon_phrase(entry.weapon)), lang)
        profiles[0]["details"].insert(0, [_(N_("Support weapon")), said])
        profiles.append(_chassis(lang))
    return {
        "kind": _(KIND_NAMES[entry.kind]),
        "name": entry.name,
        "facts": ", ".join(facts),
        "points": plural(item.points, N_("{count} point"), N_("{count} points"), lang),
        "profiles": profiles,
        "lines": [_line(line, lang) for line in item.lines],
        "warnings": [w.text(lang) for w in item.warnings if not w.refused],
        # what the book forbids ("may not": a support weapon on a man sized model)
        "refusals": [w.text(lang) for w in item.warnings if w.refused],
    }


def profile_sheet(
    profile: Profile,
    lang: str,
    *,
    role: Msg | None = None,
    structure: bool = False,
    model_type: str | None = None,
) -> dict[str, Any]:
    """A profile's line (its name, AC to CO, AR: the armour the engine prices, a shield's
    included) and its weapons, armour and special rules, in ``lang``: on the roster under its
    ``role`` in the entry ("Unit leader"), on the profile builder's card with its ``structure``
    (its model type, which the roster's entry says in its class; ``model_type`` says it
    otherwise: :func:`~nqcore.tables.profile_tables.profile_details`)."""
    from nqcore.tables.profile_tables import profile_details
    from nqcore.tables.table_text import cell_text

    _ = translator(lang)
    values = [getattr(profile, key) for key in CHARACTERISTICS] + [profile.ar]
    details = [
        [_(label), cell_text(detail, lang)]
        for label, detail in profile_details(profile, model_type=model_type)
        if structure or label != STRUCTURE
    ]
    return {
        "role": None if role is None else _(role),
        "name": _(Msg(profile.name)),
        "values": [cell_text(value, lang) for value in values],
        "details": details,
        "elements": [_element_line(element, lang) for element in profile.elements],
    }


def _element_line(element: Element, lang: str) -> dict[str, Any]:
    """A combination model's other element (a rider's mount, a chariot's driver) as its own line
    under the model's, as the book prints it: its RA, CC and ST, the rest the whole model's."""
    from nqcore.tables.table_text import cell_text

    values = [getattr(element, key, None) for key in CHARACTERISTICS] + [None]
    return {
        "name": translator(lang)(Msg(element.name)),
        "values": [cell_text(value, lang) for value in values],
    }


def _chassis(lang: str) -> dict[str, Any]:
    """The support weapon's own profile, which takes the hits aimed at it: its chassis's T, W
    and AR ("Support Weapon Profile"), the other characteristics none."""
    from nqcore.army.armoury import support_weapon_chassis
    from nqcore.tables.table_text import cell_text

    chassis = support_weapon_chassis()
    known = {"t": chassis.t, "w": chassis.w}
    values = [known.get(key) for key in CHARACTERISTICS] + [chassis.ar]
    return {
        "role": translator(lang)(N_("Support weapon")),
        "name": translator(lang)(chassis.name),
        "values": [cell_text(value, lang) for value in values],
        "details": [],
        "elements": [],
    }


def _line(line: Any, lang: str) -> str:
    """One line of an entry's price: "Skeleton Warrior: 18 models × 9 points = 162 points"."""
    _ = translator(lang)
    label = _(line.label) if isinstance(line.label, Msg) else str(line.label)
    if line.detail:
        label = f"{label} ({_(Msg(line.detail))})"
    return price_said(label, line.count, line.each, line.models, lang, line.printed)


#: After a sample profile's price, where the book prints other points for it.
PRINTED_POINTS = N_("the book prints {points} each, corrected in Errata")


def price_said(
    label: str, count: int, each: int, models: bool, lang: str, printed: int | None = None
) -> str:
    """A price line in ``lang``, as the roster, the army builder and ``nq army`` say it:
    ``label``, then how many (``models`` or not) times the points of each, and the points;
    ``printed``: what the book prints for each, where this edition corrects it."""
    counted = (
        plural(count, P_("army", "{count} model"), P_("army", "{count} models"), lang)
        if models
        else format_number(count, lang)
    )
    each_said = plural(each, N_("{count} point"), N_("{count} points"), lang)
    total = plural(count * each, N_("{count} point"), N_("{count} points"), lang)
    said = f"{label}{_colon(lang)}{counted} × {each_said} = {total}"
    if printed is None:
        return said
    book = translator(lang)(PRINTED_POINTS).format(points=format_number(printed, lang))
    return f"{said} ({book})"


def roster_text(sheet: dict[str, Any]) -> str:
    """The roster :func:`roster_sheet` gives, as plain text: the same content as the printed
    roster, for a player who pastes it in a message or keeps it as a ``.txt`` file (as a
    BattleScribe roster is shared); each profile's line in columns aligned by spaces."""
    colon = sheet["colon"]
    lines = [sheet["title"], f"{sheet['heading']} · {sheet['game']}"]
    for entry in sheet["entries"]:
        lines += ["", f"{entry['kind']} · {entry['name']} · {entry['points']}"]
        lines += [entry["facts"]] if entry["facts"] else []
        rows = [list(sheet["columns"])]
        for profile in entry["profiles"]:
            role = f"{profile['role']}{colon}" if profile["role"] else ""
            rows.append([f"{role}{profile['name']}", *profile["values"]])
            rows += [[element["name"], *element["values"]] for element in profile["elements"]]
        widths = [max(len(row[at]) for row in rows) for at in range(len(rows[0]))]
        lines += [
            "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
        ]
        for profile in entry["profiles"]:
            lines += [f"{profile['role']}{colon}{profile['name']}"] if profile["role"] else []
            lines += [f"{label}{colon}{text}" for label, text in profile["details"]]
        lines += [f"- {line}" for line in entry["lines"]]
        lines += [f"{sheet['refusal']}{colon}{refusal}" for refusal in entry["refusals"]]
        lines += [f"{sheet['warning']}{colon}{warning}" for warning in entry["warnings"]]
    lines += ["", sheet["total"]]
    lines += [f"{found['label']}{colon}{found['text']}" for found in sheet["breaches"]]
    lines += [sheet["kept"]] if sheet["kept"] else []
    return "\n".join(lines) + "\n"
