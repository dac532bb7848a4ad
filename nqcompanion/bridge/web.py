"""The engine as the "At the table" page asks it, in the browser (Pyodide) or anywhere else.

The page builds the command line a player would type (``["cast", "5", "--wizardry", "2"]``) and
gets back what ``nq --json`` prints, and the lines ``nq`` prints for a reader of the page's
language: the same parser, the same question functions, the same rendering
(:mod:`nqcore.cli.commands`). Nothing of the game is computed in JavaScript.  A profile is
priced from the TOML text ``nq points`` reads, written to a file first: the same reader refuses
the same files.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import contextlib
import copy
import datetime
import functools
import io
import json
import os
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from nqcompanion.bridge.web_card import card, elite_above
from nqcompanion.bridge.web_checks import first_problem, other_refusals, refusal_answer, rules_apart
from nqcompanion.bridge.web_elements import (
    ELEMENT_FIELD,
    add_element,
    element_fields,
    set_element,
)
from nqcompanion.bridge.web_names import (
    answer_readings,
    made_from,
    shown_name,
    unplaced,
    written_name,
)
from nqcompanion.bridge.web_picks import add_named, make_primary, pick_names, remove_pick
from nqcompanion.bridge.web_starting import starting_record
from nqcore.army.characteristics import blank_profile
from nqcore.army.toml_values import quoted, toml_key
from nqcore.cli import usage
from nqcore.cli.asking import UsageError
from nqcore.cli.files import MAX_FILE_BYTES, FileRefused, read_text, read_toml
from nqcore.cli.parser import build_parser, one_line
from nqcore.cli.render import jsonable, question, render
from nqcore.cli.render_dice import every_count_lines, has_every_count, wounds_line
from nqcore.i18n import (
    ARMOUR_CONTEXT,
    LANGUAGES,
    N_,
    P_,
    SOURCE_LANGUAGE,
    Msg,
    Refusal,
    check_language,
    colon,
    plural,
    translator,
)
from nqcore.places import place_in
from nqcore.terminal import printable

if TYPE_CHECKING:
    pass

#: The name of the profile file the builder exports and ``nq points`` reads.
PROFILE_FILE = "profile.toml"


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """``nq``'s parser, made once per page: making it is most of an answer's time (each of its
    words is looked up in the catalogues); parsing leaves it as it was (``append`` options copy
    their default)."""
    return build_parser()


def ask(argv: Sequence[str], lang: str) -> dict[str, Any]:
    """``nq`` answering ``argv`` in ``lang``: ``{"json": ..., "text": [...]}``, or ``{"error"}``
    in ``lang`` with ``message``, what ``nq`` prints.

    ``json`` is what ``nq --json --lang LANG ARGV`` prints; ``text`` its lines without ``--json``;
    of several models attacking, ``every``: the lines ``--all`` adds, every count of wounds.
    A command line argparse refuses is its one line in ``lang`` (:mod:`nqcore.cli.usage`).
    """
    lang = check_language(lang)
    with usage.speaking(lang):
        return _ask(argv, lang)


#: The questions of ``nq`` the page never asks: they write files (the worker's disk is no
#: player's), their answers are data for other programs, or (``--help``) a terminal's page.
NOT_ASKED = frozenset({"export"})
NOT_ON_THE_PAGE = N_("the page does not ask {question}: run nq {question} on a computer")


def _ask(argv: Sequence[str], lang: str) -> dict[str, Any]:
    helped = {"-h", "--help"} & set(map(str, argv))
    if argv and (str(argv[0]) in NOT_ASKED or helped):
        said = Refusal(NOT_ON_THE_PAGE, question=" ".join(map(str, argv))[:80])
        return {"error": said.text(lang), "message": str(said)}
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            args = _parser().parse_args([*argv, "--lang", lang])
    except SystemExit:  # argparse's one line, "nq cast : argument --wizardry : ..."
        message = one_line(errors.getvalue().strip())
        return {"error": message, "message": message}
    try:
        answer = args.handler(args)
    except (UsageError, FileRefused, ValueError, KeyError) as error:
        return refusal_answer(error, lang)
    text = render(answer, lang).splitlines()
    answer["question"] = question(answer, lang)
    found = {"json": jsonable(answer, lang), "text": text}
    if has_every_count(answer):  # several models: what they wound together, before the spread
        found["summary"] = wounds_line(answer, lang)
    if has_every_count(answer) and not answer.get("all_counts"):
        found["every"] = every_count_lines(answer, lang)  # the page folds them under "every count"
    if readings := answer_readings(answer, lang):
        found["readings"] = readings
    return found


def file_name(name: object) -> str:
    """The name of the file a player chose (its last part), or :data:`PROFILE_FILE` for one no
    file system takes (a control character, a lone surrogate, too long) or that a message would
    show escaped (:func:`nqcore.terminal.printable`: a format or private-use character...), or
    that a refusal's place would say otherwise in some language (:func:`nqcore.places.place_in`)."""
    base = os.path.basename(str(name or "").replace("\\", "/")).strip()
    if not base or base in (".", "..") or len(base.encode("utf-8", "replace")) > 255:
        return PROFILE_FILE
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in base):
        return PROFILE_FILE
    if any(place_in(base, lang) != base for lang in LANGUAGES):
        return PROFILE_FILE  # read as a place ("unit #1", "a: b"), it would be said otherwise
    return base if printable(base) == base else PROFILE_FILE


@contextlib.contextmanager
def _as_file(data: bytes, name: str) -> Iterator[str]:
    """``data`` as the file ``name`` in a folder of its own, the current one meanwhile (a
    refusal names the file as a player would); its path as ``nq`` is given it."""
    folder = tempfile.mkdtemp(prefix="nq-profile-")
    path = os.path.join(folder, name)
    try:
        with open(path, "wb") as file:
            file.write(data)
        with contextlib.chdir(folder):
            yield name if not name.startswith("-") else f"./{name}"
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
            os.rmdir(folder)


def points(toml_text: str, lang: str, name: str = PROFILE_FILE) -> dict[str, Any]:
    """``nq points NAME`` for a profile given as the text of its TOML file ``name`` (the file
    the player chose, ``profile.toml`` for the builder's own)."""
    with _as_file(toml_text.encode("utf-8", "surrogatepass"), file_name(name)) as path:
        return ask(["points", path], lang)


def import_profile(data: bytes, lang: str, name: str = PROFILE_FILE) -> dict[str, Any]:
    """The builder's import of the file a player chose, as ``nq points FILE`` reads it: the
    same reader (:func:`nqcore.cli.files.read_toml`: size, encoding, nesting, numbers), the same
    checks of every field, the same refusals in ``lang``; then the builder's answer on it.

    ``data`` is the file's bytes, or its first :data:`MAX_FILE_BYTES` + 1 of them: the page
    reads no more of a larger file, which is refused as too large all the same."""
    lang = check_language(lang)
    name = file_name(name)
    with _as_file(data, name) as path:
        answer = ask(["points", path], lang)
        if "error" in answer:
            return answer | _given_elsewhere(path, name, lang)
        text = read_text(path)
    return build({"toml": text, "file": name}, lang)


def _given_elsewhere(path: str, name: str, lang: str) -> dict[str, Any]:
    """An army file given to the profile builder: said as one (``file_kind``), and where it
    goes."""
    from nqcompanion.bridge.web_army import ARMY_GIVEN, file_kind

    try:
        if file_kind(read_toml(path)) != "army":
            return {}
    except Refusal:
        return {}
    given = Refusal(ARMY_GIVEN, where=name)
    return {"error": given.text(lang), "message": str(given), "file_kind": "army"}


def ask_json(request: str) -> str:
    """One request of the page's worker, as JSON text: ``{"argv": [...], "lang": "fr"}``,
    ``{"toml": "...", "lang": "fr"}``, ``{"build": {...}}``, ``{"import": BASE64, "file":
    NAME}``, ``{"army": {...}}`` or ``{"army_import": BASE64, "file": NAME}``; the answer of
    :func:`ask`, :func:`points`, :func:`build`, :func:`import_profile` or the army builder's
    (:mod:`nqcompanion.bridge.web_army`) as JSON: always valid JSON (no NaN nor Infinity, which the
    reader refuses before).  A fault of the engine itself is one line too, never a traceback."""
    try:
        answer = _answer(request)
    except Exception as error:  # noqa: BLE001 - the page shows one line, whatever failed
        answer = _fault(error, request)
    return json.dumps(answer, ensure_ascii=False, allow_nan=False)


#: What the page says when the engine fails on a request, with the failure's own words.
FAULT = N_("the engine could not answer ({reason})")


def _fault(error: Exception, request: str) -> dict[str, Any]:
    """One line in the request's language (else English), at most 200 characters of reason."""
    try:
        lang = check_language(str(json.loads(request)["lang"]))
    except Exception:  # noqa: BLE001 - a request too deep to read again (RecursionError)...
        lang = SOURCE_LANGUAGE
    reason = one_line(f"{type(error).__name__}: {error}")[:200]
    return {
        "error": translator(lang)(FAULT).format(reason=reason),
        "message": FAULT.format(reason=reason),
    }


def _answer(request: str) -> dict[str, Any]:
    data = json.loads(request)
    lang = str(data["lang"])
    if "army" in data or "army_import" in data:
        from nqcompanion.bridge.web_army import army, import_army

        if "army" in data:
            answer = army(dict(data["army"]), lang)
        else:
            answer = _decoded(data, lang, "army_import", import_army)
    elif "build" in data:
        answer = build(dict(data["build"]), lang)
    elif "import" in data:
        answer = _decoded(data, lang, "import", import_profile)
    elif "toml" in data:
        answer = points(str(data["toml"]), lang, file_name(data.get("file")))
    else:
        answer = ask([str(arg) for arg in data["argv"]], lang)
    return answer


def _decoded(
    data: dict[str, Any], lang: str, key: str, reader: Callable[[bytes, str, str], dict[str, Any]]
) -> dict[str, Any]:
    """The file the request carries in base64 under ``key``, given to ``reader``."""
    name = file_name(data.get("file"))
    try:
        content = base64.b64decode(str(data[key]), validate=True)
    except (binascii.Error, ValueError):
        refused = FileRefused(N_("cannot read the file ({reason})"), where=name, reason="base64")
        return refusal_answer(refused, lang)
    return reader(content[: MAX_FILE_BYTES + 1], lang, name)


# --- the profile builder ------------------------------------------------------------------------

#: What the builder's fields set: text, whole numbers (``-`` for no RA or CC), armour.
_TEXT_FIELDS = ("name", "type", "size")


def in_readers_words(record: dict[str, Any], lang: str) -> dict[str, Any]:
    """A book's profile as the player of ``lang`` reads it, for the file the builder exports:
    its name, its armour's description and the sections of its source in ``lang`` (a French
    player's file says « Armure lourde », not "Heavy Armour"); its keys (``key``, weapons,
    abilities) are the data's, the same in every language, so the file reads in both.  A source
    whose sections the engine cannot all say in ``lang`` stays as the book prints it, whole."""
    _ = translator(lang)
    record["name"] = _(record["name"])
    armour = record.get("armour")
    if isinstance(armour, dict) and "description" in armour:
        armour["description"] = _(P_(ARMOUR_CONTEXT, armour["description"]))
    sections = str(record.get("source", "")).split(" > ")
    said = [_(Msg(section)) for section in sections]
    if lang == SOURCE_LANGUAGE or all(a != b for a, b in zip(said, sections, strict=True)):
        record["source"] = " > ".join(said)
    return record


#: Why the builder cannot write a profile file's value back (no field of one takes a date).
NO_DATES = N_("{value} is a date or a time: no field of a profile file takes one")


def toml_value(value: Any) -> str:
    """A TOML value, tables inline; ``None`` is never given (the field is left out)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value if item is not None) + "]"
    if isinstance(value, dict):
        items = [f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(items) + " }"
    if isinstance(value, datetime.date | datetime.time):  # TOML's, but no field's
        raise Refusal(NO_DATES, value=quoted(value))
    raise ValueError(f"no TOML for {value!r}")


def profile_toml(record: dict[str, Any]) -> str:
    """A profile file that ``nq points`` reads, one field a line (tables written inline); a
    value TOML writes but no field takes (a date) is refused naming its field."""
    lines = []
    for key, value in record.items():
        try:
            lines.append(f"{toml_key(key)} = {toml_value(value)}\n")
        except Refusal as error:
            raise error.at(f"field {toml_key(key)}") from None
    return "".join(lines)


#: The armour's bonuses the builder ticks: a shield, a mount's barding, a naturally armoured
#: mount (each +1 AR: Armour Values, Barding Cost / Armoured Mount).
ARMOUR_BONUSES = ("shield", "barding", "armoured_mount")


def _set(record: dict[str, Any], values: dict[str, Any]) -> None:
    from nqcore.army.characteristics import CHARACTERISTICS

    for name, value in values.items():
        if name in _TEXT_FIELDS:
            if name == "name":  # refused as the file's reader refuses it: never written
                written_name(str(value))
            record[name] = str(value)
        elif name in CHARACTERISTICS:
            text = str(value).strip()
            record[name] = "-" if text == "-" and name in ("ra", "cc") else int(text)
        elif name.startswith(ELEMENT_FIELD):
            set_element(record, name, str(value).strip())
        elif name == "mounted":
            if value is True:
                record["mounted"] = True
            else:
                record.pop("mounted", None)
        elif name in ("armour", *ARMOUR_BONUSES):
            armour = dict(record.get("armour", {}))
            if "ar" in record:
                armour["value"] = record.pop("ar")
            if name in ARMOUR_BONUSES:
                armour[name] = value is True
            else:
                armour["value"] = int(str(value).strip())
            record["armour"] = {k: v for k, v in armour.items() if v not in (False, 0)}
            if set(record["armour"]) <= {"description"}:  # no armour left to describe
                del record["armour"]


def build(request: dict[str, Any], lang: str) -> dict[str, Any]:
    """One step of the profile builder: a starting profile, or the file ``toml`` with a change
    (``set`` fields, ``add`` or ``remove`` an item); the new file, its fields, its points."""
    name = file_name(request.get("file"))
    try:
        if "start" in request:  # a book's profile, or "" for a blank one
            key = str(request["start"])
            record = in_readers_words(starting_record(key), lang) if key else blank_profile(lang)
        else:  # the builder's own file, as kept by the browser: read as any other
            with _as_file(str(request.get("toml", "")).encode("utf-8", "replace"), name) as path:
                record = read_toml(path)
            before = copy.deepcopy(record)
        if request.get("element") == "add":
            add_element(record)
        _set(record, dict(request.get("set", {})))
        replaced = add_named(record, request.get("add"), lang)
        if "remove" in request:
            remove_pick(record, str(request["remove"][0]), int(request["remove"][1]))
        if "primary" in request:
            make_primary(record, int(request["primary"]))
        if "start" not in request:
            made_from(record, before, lang)
        names = pick_names(record, lang)
        shown = record | {"name": shown_name(record, lang)}  # the page's: the file's stays
        fields = _fields(shown, lang)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        return refusal_answer(error, lang)  # FileRefused, or a change the kept file's fields refuse
    try:
        text = profile_toml(record)
    except Refusal as error:
        return refusal_answer(error.at(name), lang)
    priced = first_problem(rules_apart(points(profile_toml(shown), lang, name), lang, shown))
    if "file" not in request:  # the builder's own file, which the player never named
        priced = unplaced(priced, name, lang)
    answer = {"toml": text, "name": record.get("name", ""), "fields": fields, "picks": names}
    answer |= replaced
    answer["points"] = priced
    if "error" in priced:
        priced["also"] = other_refusals(record, priced.get("field"), lang)
        return answer
    return answer | {
        "card": card(shown, lang, elite_above(priced["json"])),
        "summary": builder_summary(priced["json"], lang),
        "beside": beside_lists(priced["json"], lang),
    }


def beside_lists(priced: dict[str, Any], lang: str) -> dict[str, list[str]]:
    """The warnings the builder says beside the list whose item brings them, as well as under
    the points: those about spells under the spells ("Warning: its spells come from more than
    one aspect...", when the second aspect's spell is added)."""
    from nqcore.book.book_warnings import SPELL_WARNINGS

    said = f"{translator(lang)(N_('Warning'))}{colon(lang)}"
    warnings = priced.get("warnings", [])
    return {"spells": [said + w["text"] for w in warnings if w["code"] in SPELL_WARNINGS]}


_POINTS = (N_("{count} point"), N_("{count} points"))
_REFUSALS = (P_("army", "{count} refusal"), P_("army", "{count} refusals"))
_WARNINGS = (P_("army", "{count} warning"), P_("army", "{count} warnings"))


def builder_summary(priced: dict[str, Any], lang: str) -> str:
    """The profile in one line, which the builder keeps on the screen while its fields are
    edited: its name (in ``lang``), its points, its refusals (if any) and its warnings."""
    found = [w.get("kind") == "refusal" for w in priced.get("warnings", [])]
    said = [str(priced["name"]), plural(int(priced["points"]), *_POINTS, lang)]
    said += [plural(sum(found), *_REFUSALS, lang)] if any(found) else []  # the book's "may not"
    said.append(plural(found.count(False), *_WARNINGS, lang))
    return " · ".join(said)


def _fields(record: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the builder's fields show of ``record``, its elements' (a mount's, a crew's) by their
    names in ``lang`` (``element.1``) and their RA, CC and ST (``element.1.ra``)."""
    armour = record.get("armour", {"value": record.get("ar", 0)})
    fields = {k: record.get(k, "") for k in (*_TEXT_FIELDS, "ac", "ra", "cc", "st", "t", "w", "co")}
    fields |= {
        "type": record.get("type", "core"),
        "size": record.get("size", "medium"),
        "key": record.get("key", ""),
        "mounted": record.get("mounted") is True,
    }
    fields |= element_fields(record, lang)
    bonuses = {name: armour.get(name) is True for name in ARMOUR_BONUSES}
    return fields | {"armour": armour.get("value", 0)} | bonuses
