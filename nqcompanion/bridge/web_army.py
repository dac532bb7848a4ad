"""The army builder of the "At the table" page, as the engine answers it (beside
:mod:`nqcompanion.bridge.web`, the profile builder's bridge).

The page keeps an army as the file ``nq army`` reads (its TOML text) and edits it as that file's
tables (JSON data); each change goes here whole.  The army is written as its TOML file and read
back by the reader of every ``nq`` file (:func:`nqcore.cli.files.read_toml`: size, encoding,
nesting), then read, priced and checked by ``nq army``'s own functions
(:func:`nqcore.cli.army.army_answer`).  The answer gives, as data, what the page shows: each
entry's price lines, the army's total against the game's size, and every refusal and warning
with its rule, the rule's section label, the entry (kind and index) and the field it concerns;
a refused file or change says its entry and field the same way, in the page's language.  The
page's script computes nothing of the army: it renders this.
"""

from __future__ import annotations

import copy
from typing import Any

from nqcompanion.bridge.web import _as_file, file_name, toml_value
from nqcompanion.bridge.web_army_file import no_dates, no_profile_files
from nqcompanion.bridge.web_entries import leaders as _leaders
from nqcompanion.bridge.web_entries import mark_outdated as _outdated
from nqcompanion.bridge.web_entries import refused_options as _refused_options
from nqcompanion.bridge.web_entries import renamed as _renamed
from nqcompanion.bridge.web_starting import starting_choices, starting_record
from nqcore.army.file_kinds import file_kind as file_kind
from nqcore.army.force import KINDS as KINDS
from nqcore.army.force import PricedEntry
from nqcore.army.names import same_name
from nqcore.army.schema_problems import placed_problem, schema_problem
from nqcore.army.toml_values import toml_key
from nqcore.book.book_warnings import BookWarning
from nqcore.cli.files import MAX_FILE_BYTES, read_text, read_toml
from nqcore.cli.render import jsonable, question, render
from nqcore.i18n import (
    N_,
    P_,
    SOURCE_LANGUAGE,
    Msg,
    Refusal,
    Typed,
    check_language,
    plural,
    translator,
)

#: The name of the army file the builder exports and ``nq army`` reads.
ARMY_FILE = "army.toml"
#: "None" in each of the army builder's lists, as its field's noun takes it (French: « Aucune »
#: formation, « Aucune » arme de soutien, « Aucune » unité; « Aucun » chef is the page's word).
NONE_CHOSEN: dict[str, Msg] = {
    "formation": P_("formation", "None"),
    "weapon": P_("support weapon", "None"),
    "joins": P_("joined unit", "None"),
}
#: The section of the book a profile's own warnings come from (the profile builder's rule).
PROFILE_SECTION = "creating-a-profile"
#: A change no army file is (no army yet, no such entry): said in the engine's words, not Python's.
UNREADABLE_CHANGE = N_("this change could not be made: the army is as it was")


# --- the army file as text ----------------------------------------------------------------------


def army_toml(data: dict[str, Any]) -> str:
    """The army file that ``nq army`` reads: the army's fields, then each entry as a table of
    its kind (``[[unit]]``...), one field a line."""
    tables = {kind: data[kind] for kind in KINDS if isinstance(data.get(kind), list)}
    lines = [
        f"{toml_key(k)} = {toml_value(v)}"
        for k, v in data.items()
        if k not in tables and v is not None
    ]
    for kind, records in tables.items():
        for record in records:
            lines += ["", f"[[{kind}]]"]
            if not isinstance(record, dict):
                raise ValueError(f"{kind}: not a table")
            lines += [
                f"{toml_key(k)} = {toml_value(v)}" for k, v in record.items() if v is not None
            ]
    return "\n".join(lines) + "\n"


# --- the builder's answer -------------------------------------------------------------------------


def army(request: dict[str, Any], lang: str) -> dict[str, Any]:
    """One step of the army builder: the army as its file's ``toml`` text or its tables
    (``data``), with a new entry (``add``), a profile given for an entry's field (``use``), an
    entry renamed (``rename``: kind, index, name) or removed (``remove``: kind, index); the new
    file (``toml``, ``data``), what ``nq army`` answers on it, as data, and what the change did
    beside (``notes``: a character that joined a removed unit joins none)."""
    lang = check_language(lang)
    name = file_name(request.get("file") or ARMY_FILE)
    try:
        if "data" in request:
            request = {**request, "data": _typed_points(dict(request["data"]), name, lang)}
        text = request["toml"] if "toml" in request else army_toml(dict(request["data"]))
        with _as_file(str(text).encode("utf-8", "replace"), name) as path:
            data = read_toml(path)
            no_dates(data, path, name)
            if "add" in request:
                _add(data, dict(request["add"]), lang)
            if "use" in request:
                _use(data, dict(request["use"]))
            notes = _renamed(data, request.get("rename"), lang)
            no_profile_files(data, name)
        text = army_toml(data)
        with _as_file(_to_price(request, text).encode("utf-8"), name) as path:
            found = priced(path, data, lang)
        _outdated(found["entries"], data, request.get("profiles"))
        return {"toml": text, "data": data, **found, "notes": notes}
    except Refusal as error:
        return refused(_said_on_the_page(error), lang, name)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return refused(Refusal(UNREADABLE_CHANGE, where=name), lang, name)


def _to_price(request: dict[str, Any], text: str) -> str:
    """The file the engine prices: the army written out (``text``), but a player's file
    unchanged whose writing out is past the limit (``" = "``, a blank line before each table):
    attacker round 20, a file of 988,911 bytes refused as "larger than 1 MiB", where ``nq
    army`` names its unknown field."""
    changes = ("data", "add", "use", "rename")
    given = request.get("toml")
    if given is None or any(key in request for key in changes):
        return text
    return str(given) if len(text.encode("utf-8")) > MAX_FILE_BYTES else text


#: The unknown profile's ways, as the page has them: no profile file beside the army's.
UNKNOWN_ON_THE_PAGE = N_(
    "unknown profile {name}: give a sample profile's key (such as {example}) or the profile's "
    "own fields, or make the profile in the profile builder and choose it as your profile"
)


def _said_on_the_page(error: Refusal) -> Refusal:
    """A refusal as the page says it: the unknown profile without the ``{ file = ... }`` table
    ``nq army`` reads, which the page then refuses (player round twelve)."""
    from nqcore.army.force import UNKNOWN_PROFILE

    if error.message != UNKNOWN_PROFILE:
        return error
    said = copy.copy(error)  # its place in the army (entry, field) kept
    said.message = UNKNOWN_ON_THE_PAGE
    said.args = (said.text(SOURCE_LANGUAGE),)
    return said


def import_army(data: bytes, lang: str, name: str = ARMY_FILE) -> dict[str, Any]:
    """The builder's import of the file a player chose, as ``nq army FILE`` reads it: the same
    reader and checks, refusals in ``lang`` naming the file, the entry and the field.  ``data``
    is its bytes (at most :data:`MAX_FILE_BYTES` + 1 of them: a larger file is refused)."""
    lang = check_language(lang)
    name = file_name(name)
    try:
        with _as_file(data[: MAX_FILE_BYTES + 1], name) as path:
            text = read_text(path)
            if file_kind(read_toml(path)) == "profile":
                given = refused(Refusal(PROFILE_GIVEN, where=name), lang, name)
                return given | {"file_kind": "profile"}
    except Refusal as error:
        return refused(error, lang, name)
    return army({"toml": text, "file": name}, lang)


#: A file given to the builder of the other kind: said as what it is, and where it goes.
PROFILE_GIVEN = N_("this is a profile file: import it in the profile builder")
ARMY_GIVEN = N_("this is an army file: import it in the army builder")


#: Why the game's size typed on the page is refused (before the army file's own limits): the
#: number it reads as, grouped another language's way ("1.000" in French) ...
NOT_WHOLE = N_("{value} is not a whole number: write it as {example} or {plain}")
#: ... or, where it reads as no whole number or as a decimal in the page's language (« 1,5 » is
#: one and a half in French), no guess: what the field takes.
NOT_WHOLE_POINTS = N_(
    "{value} is not a whole number: give a whole number of points, such as {plain} or {example}"
)
#: The example of a game's size that :data:`NOT_WHOLE_POINTS` gives.
EXAMPLE_POINTS = 1500


def _typed_points(data: dict[str, Any], name: str, lang: str) -> dict[str, Any]:
    """The army's ``points`` as typed on the page (a text), read as the page's language writes a
    whole number ("1,500", « 1 500 »), or refused beside the field (a text without a digit is
    the army file's schema's to refuse: "a whole number, not a text")."""
    from nqcore.army.force import ArmyError, located
    from nqcore.i18n import format_number
    from nqcore.typography import grouped_unambiguous, read_whole

    typed = data.get("points")
    if not isinstance(typed, str) or not any(c.isdigit() for c in typed):
        return data
    found = read_whole(typed, lang)
    if found is None:
        # Groups of three written another language's way ("1.000", Belgian and Swiss French)
        # are the number meant (player round eleven: "1.000" was told 1 500); a text the page's
        # language reads as a decimal (« 1,5 ») or as nothing gets an example, not a guess
        # (player round thirteen).
        meant = grouped_unambiguous(typed, lang)
        message = NOT_WHOLE if meant is not None else NOT_WHOLE_POINTS
        shown = meant if meant is not None else EXAMPLE_POINTS
        example = format_number(shown, lang)
        where = f"{name}, field points"
        refused = ArmyError(
            message, where=where, value=Typed(typed), example=example, plain=str(shown)
        )
        raise located(refused, None, "points")
    return {**data, "points": found}


def _add(data: dict[str, Any], add: dict[str, Any], lang: str) -> None:
    """A new entry of kind ``add["kind"]``, of a book's profile (``profile``, its key) or of the
    player's own (``toml``, the profile builder's file), named after it (a name no entry has),
    with the models its kind starts with: a unit its sample profile's Structure line's least
    ("8+ per unit", "2 to 4"), else the book's usual least; a support unit one."""
    from nqcore.army.structure_lines import sample_unit_size
    from nqcore.rules.game_limits import unit_sizes

    kind = str(add["kind"])
    if kind not in KINDS:
        raise ValueError(f"no kind of entry {kind!r}")
    profile, label = _profile(add, lang)
    record: dict[str, Any] = {"name": _free_name(data, label), "profile": profile}
    if kind == "unit":
        own = sample_unit_size(profile if isinstance(profile, str) else None)
        record["models"] = own.minimum if own else unit_sizes()["unit"].minimum
    elif kind == "support":
        record["models"] = 1
    data[kind] = [*data.get(kind, []), record]


def _use(data: dict[str, Any], use: dict[str, Any]) -> None:
    """An entry's ``profile`` or ``leader`` set to a book's profile or the player's own."""
    field = str(use["field"])
    if field not in ("profile", "leader"):
        raise ValueError(f"no profile field {field!r}")
    record = data[str(use["kind"])][int(use["index"])]
    record[field] = _profile(use, "en")[0]


def _profile(given: dict[str, Any], lang: str) -> tuple[str | dict[str, Any], str]:
    """A profile as the army file gives it (a book's key, or the player's profile file's
    fields, read as ``nq points`` reads the file) and its name in ``lang``."""
    if "toml" in given:
        with _as_file(str(given["toml"]).encode("utf-8", "replace"), "profile.toml") as path:
            record = read_toml(path) | ({"builder_id": str(given["id"])} if "id" in given else {})
        return record, str(record.get("name") or "?")
    key = str(given["profile"])
    starting_record(key)  # a book's profile, or refused
    return key, dict(starting_choices(lang))[key]


def _free_name(data: dict[str, Any], name: str) -> str:
    """``name``, or ``name 2``, ``name 3``...: the first no entry of the army has."""
    taken = {r.get("name") for kind in KINDS for r in data.get(kind, []) if isinstance(r, dict)}
    found, number = name[:190], 1
    while found in taken:
        number += 1
        found = f"{name[:190]} {number}"
    return found


def priced(path: str, data: dict[str, Any], lang: str) -> dict[str, Any]:
    """``nq army PATH`` in ``lang``: its JSON and lines, the entries' places and the breaches
    as the builder shows them (raises the engine's refusal of the file)."""
    from nqcore.army.army_rules import check
    from nqcore.army.force import army as priced_army
    from nqcore.army.roster import roster_sheet, roster_text
    from nqcore.cli.army import force_answer

    force = priced_army(path)
    breaches = check(force)
    answer = force_answer(force, breaches, path)
    places = {  # by the name the engine reads (white space as one space: same_name)
        same_name(str(record["name"])): (kind, index)
        for kind in KINDS
        for index, record in enumerate(data.get(kind, []))
    }
    found = [_breach(b, places, lang) for b in (*answer["refusals"], *answer["army_warnings"])]
    entries = [
        _entry(item, places, lang)
        | _entry_readings(priced_item, lang)
        | _leaders(priced_item.entry)
        | _refused_options(priced_item.entry)
        for item, priced_item in zip(answer["roster"], force.entries, strict=True)
    ]
    text = render(answer, lang).splitlines()
    answer["question"] = question(answer, lang)
    return {
        "json": jsonable(answer, lang),
        "text": text,
        "total": answer["total"],
        "points": answer["agreed"],
        "entries": entries,
        "breaches": found,
        "summary": summary(answer["total"], answer["agreed"], shown(found, entries), lang),
        "roster": (sheet := roster_sheet(force, breaches, lang)),
        "roster_text": roster_text(sheet),
    }


def _breach(item: dict[str, Any], places: dict[str, tuple[str, int]], lang: str) -> dict[str, Any]:
    """One breach of an army rule: its rule, kind, section and heading, the entry (kind and
    index, none for the whole army) and field it is about, the other entries it concerns (the
    two Generals of an army-wide breach: the page shows it beside each), its text with and
    without the entry."""
    found: Refusal = item["text"]
    place = places.get(item["entry"] or "")
    return {
        "rule": item["rule"],
        "kind": "refusal" if getattr(found, "refused", False) else "warning",
        "section": item["section"],
        "heading": translator(lang)(item["heading"]),
        "entry": None if place is None else {"kind": place[0], "index": place[1]},
        "concerns": [
            {"kind": places[name][0], "index": places[name][1]}
            for name in item["concerns"]
            if name in places and places[name] != place
        ],
        "field": item["field"],
        "text": found.text(lang),
        "said": unplaced(found, lang),
        **_readings(str(item["rule"]), lang),
    }


def _entry(item: dict[str, Any], places: dict[str, tuple[str, int]], lang: str) -> dict[str, Any]:
    """One entry of the roster: its place in the file, its price lines and profile warnings."""
    from nqcore.army.roster import LEADER_AS_PROFILE, price_said

    _ = translator(lang)
    kind, index = places[item["name"]]
    lines = []
    for line in item["lines"]:
        label = _(line["item"]) if isinstance(line["item"], Msg) else str(line["item"])
        label += f" ({_(Msg(line['detail']))})" if line["detail"] else ""  # "Chef d'unité (Héros)"
        said = price_said(
            label, line["count"], line["each"], line["models"], lang, line.get("printed")
        )
        if line["item"] == "Unit leader":  # priced as his profile, unarmed if it lists nothing
            said += f" ({_(LEADER_AS_PROFILE)})"
        lines.append({**jsonable(line, lang), "item": label, "said": said})
    return {
        "kind": kind,
        "index": index,
        "name": item["name"],
        "kind_name": _(item["kind_name"]),
        "profile": _(item["profile"]),
        "models": int(item["models"]),
        "class": None if item["class"] is None else _(item["class"]),
        "points": item["points"],
        "points_said": plural(item["points"], N_("{count} point"), N_("{count} points"), lang),
        "lines": lines,
        "warnings": [
            {
                **w.as_json(lang),
                "section": _section(w),
                "field": "profile",
                **_readings(w.code, lang),
            }
            for w in item["warnings"]
        ],
    }


def _readings(code: str, lang: str) -> dict[str, Any]:
    """The errata record a warning or breach follows ("see the errata"), linked as the profile
    builder links it (player round 24: the army's "Magic User level 4" linked nothing)."""
    from nqcompanion.bridge.web_names import reading_links
    from nqcore.book.book_warnings import READINGS

    found = READINGS.get(code)
    return {"readings": reading_links([found], lang)} if found else {}


def _entry_readings(priced: PricedEntry, lang: str) -> dict[str, Any]:
    """The errata records its profiles' items follow where no warning links them: a character
    at Magic User level 4, whom the 2007 book kept for named characters (player round 27: the
    army linked nothing for it)."""
    from nqcompanion.bridge.web_names import reading_links
    from nqcore.army.profile_warnings import profile_readings
    from nqcore.book.book_warnings import READINGS

    profiles = [p for p in (priced.entry.profile, priced.entry.leader) if p is not None]
    warned = {READINGS[w.code] for w in (*priced.warnings, *priced.raised) if w.code in READINGS}
    ids = [i for p in profiles for i in profile_readings(p) if i not in warned]
    return {"readings": reading_links(ids, lang)} if ids else {}


def _section(warning: BookWarning) -> str:
    """The section a profile's warning or refusal cites: the rule's own where the engine knows
    it (Parry's "Close Combat > Parry", a support weapon's "Support Weapons"), else the profile
    builder's rule."""
    return warning.section or PROFILE_SECTION


def shown(found: list[dict[str, Any]], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every refusal and warning the page shows: the army rules' breaches (army-wide or under
    their entry) and each entry's profile warnings, so that the summary counts what is seen."""
    return [*found, *(w for e in entries for w in e["warnings"])]  # each its kind


def summary(total: int, agreed: int, found: list[dict[str, Any]], lang: str) -> str:
    """The army's state in one line: its points against the game's, its refusals and warnings
    (``found``: every one shown, see :func:`shown`)."""
    from nqcore.i18n import format_number

    refusals = sum(1 for b in found if b["kind"] == "refusal")
    warnings = len(found) - refusals
    points = plural(
        total,
        N_("{count} point of {points}"),
        N_("{count} points of {points}"),
        lang,
        points=format_number(agreed, lang),
    )
    said = [
        plural(refusals, P_("army", "{count} refusal"), P_("army", "{count} refusals"), lang),
        plural(warnings, P_("army", "{count} warning"), P_("army", "{count} warnings"), lang),
    ]
    return f"{points} · {', '.join(said)}"


def unplaced(error: Refusal, lang: str) -> str:
    """What ``error`` says in ``lang``, without the place it names (shown beside that place)."""
    bare = copy.copy(error)
    bare.where = ""
    return bare.text(lang)


def refused(error: Refusal, lang: str, name: str = ARMY_FILE) -> dict[str, Any]:
    """A refused army or change: the refusal in ``lang`` naming the file, entry and field
    (``error``), without them (``said``), in English (``message``), and its ``entry`` and
    ``field`` as data.  A field the army's schema refuses is said in ``lang`` too."""
    from nqcore.army.force import ArmyError
    from nqcore.cli.parser import one_line as _one_line

    entry = field = None
    text, said = error.text(lang), unplaced(error, lang)
    if isinstance(error, ArmyError):
        entry, field = error.entry, error.field
        if error.problem is not None:
            said = schema_problem(error.problem, lang, entry, field)
            text = placed_problem(name, entry, field, error.problem, lang)
    return {
        "error": _one_line(text),
        "said": _one_line(said),
        "message": _one_line(str(error)),
        "entry": None if entry is None else {"kind": entry[0], "index": entry[1]},
        "field": field,
    }
