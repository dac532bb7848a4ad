"""A whole force read from an army file and priced by the engine ("The Army": "The points cost of
the whole army is then determined by adding up the points cost of the models").

:func:`load_army` reads the file as ``nq`` reads every file (:func:`nqcore.cli.files.read_toml`),
checks it against :class:`nqcore.army.army_schema.ArmyFile` and reads each profile as ``nq points``
does; :func:`price` prices models and support weapons with ``nq points``' functions: nothing is
priced twice or two ways.  :mod:`nqcore.army.army_rules` checks the book's army rules.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nqcore.army.characteristics import ModelType, Specialist
from nqcore.army.lookalikes import second_name
from nqcore.army.names import check_name, same_name
from nqcore.army.profile_files import UNKNOWN_PROFILE as UNKNOWN_PROFILE
from nqcore.army.profile_files import book_record, check_lists, parse_profile
from nqcore.army.profile_points import profile_points
from nqcore.army.profiles import Profile
from nqcore.book.book_warnings import BookWarning
from nqcore.i18n import N_, Msg, Refusal, Typed, UnknownName

#: The entries of an army file, in the order the roster lists them.
KINDS = ("unit", "individual", "character", "support")
_OPTION_FIELDS = ("weapons", "abilities", "traits", "equipment")


class ArmyError(Refusal):
    """An army file ``nq army`` will not read: the message names the file and the field.

    ``entry`` (its kind and index in the file) and ``field`` say the same as data when known,
    for the army builder of the At the table page, which marks the field; ``problem`` is
    msgspec's own complaint about a field the schema refuses."""

    entry: tuple[str, int] | None = None
    field: str | None = None
    problem: str | None = None
    file: str | None = None  # the army file named before the entry and field

    def text(self, lang: str) -> str:
        """In English, msgspec's complaint as the data files' errors say it; in another
        language, the file, entry and field and the complaint in that language (as the At the
        table page says it): a French player read msgspec's English."""
        if self.problem is None or lang == "en":
            return super().text(lang)
        from nqcore.army.schema_problems import placed_problem

        return placed_problem(self.file or self.where, self.entry, self.field, self.problem, lang)


def located(error: Refusal, entry: tuple[str, int] | None, field: str | None) -> ArmyError:
    """``error``, said the same, as an :class:`ArmyError` about ``field`` of ``entry`` (what it
    already says of its place is kept)."""
    found = error
    if not isinstance(found, ArmyError):
        found = ArmyError(error.message, where=error.where, **error.values)
    found.entry = found.entry or entry
    found.field = found.field or field
    return found


@contextlib.contextmanager
def _about(field: str) -> Iterator[None]:
    """A refusal meanwhile is about ``field`` of the entry being read."""
    try:
        yield
    except Refusal as error:
        raise located(error, None, field) from None


@dataclass(frozen=True)
class Entry:
    """One entry of the army: a unit, an individual, a character or a support unit.

    ``models`` counts every model of a unit, leader and specialists included, and the models of
    a support unit (a battery's crew included); ``profile`` is the rank and file's (or the
    crew's)."""

    kind: str
    name: str
    profile: Profile
    models: int
    leader: Profile | None = None
    specialists: tuple[Specialist, ...] = ()
    formation: str | None = None
    general: bool = False
    joins: str | None = None
    weapon: Any = None  # nqcore.army.armoury.Weapon: a support weapon
    weapons: int = 0
    crew: int | None = None
    #: The book's own sample profile, unchanged: an army does not warn of the guidelines of
    #: "Creating A Profile" (for the profiles players make), which the book went beyond.
    as_printed: bool = False

    @property
    def rank_and_file(self) -> int:
        """The models that are neither the leader nor a specialist (nor a support weapon)."""
        if self.weapon is not None:
            return self.models
        return self.models - (self.leader is not None) - len(self.specialists)


@dataclass(frozen=True)
class Line:
    """One line of an entry's price: ``count`` times ``each`` points."""

    label: Msg | str
    count: int
    each: int
    detail: str | None = None  # the leader's own profile name
    models: bool = True  # counts models (not support weapons, nor a price paid once)
    #: What the book prints for each, where a sample profile's points are corrected (Errata).
    printed: int | None = None

    @property
    def points(self) -> int:
        return self.count * self.each


@dataclass(frozen=True)
class PricedEntry:
    """An entry with its price, line by line, the rank and file model's points and class
    (core or elite, by "Core And Elite Points Values"), and its profiles' warnings."""

    entry: Entry
    lines: tuple[Line, ...]
    model_points: int
    classification: ModelType | None
    warnings: tuple[BookWarning, ...]
    raised: tuple[BookWarning, ...] = ()  # warnings an army rule refuses (army_rules.py)

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)


@dataclass(frozen=True)
class Force:
    """An army: its name, the agreed size of the game and its priced entries."""

    name: str
    points: int
    entries: tuple[PricedEntry, ...]

    @property
    def total(self) -> int:
        """The army's points: the sum of its entries'."""
        return sum(entry.points for entry in self.entries)


# --- reading an army file -----------------------------------------------------------------------


def load_army(path: str) -> tuple[str, int, list[Entry]]:
    """The army file ``path``: its name, agreed points and entries (unpriced); every fault is an
    :class:`ArmyError` or a file refusal naming the file and the field."""
    from nqcore.cli.files import read_toml

    return parse_army(read_toml(path), path, os.path.dirname(path))


def parse_army(data: dict[str, Any], where: str, folder: str = ".") -> tuple[str, int, list[Entry]]:
    """An army from its parsed TOML ``data`` (the file ``where``, profile files in ``folder``)."""
    _check_names(data, where)
    army = _checked(data, where)
    entries: list[Entry] = []
    names: set[str] = set()
    looks: dict[str, str] = {}
    reader = _ProfileReader(where, folder)
    for kind in KINDS:
        for index, written in enumerate(army[kind]):
            record = _named(written)
            at = f"{where}, {kind} #{index + 1} ({record['name']})"
            if twice := second_name(record["name"], names, looks):
                raise located(ArmyError(twice[0], where=at, **twice[1]), (kind, index), "name")
            try:
                entries.append(_entry(kind, record, reader, at))
            except Refusal as error:
                raise located(error, (kind, index), None) from None
    return same_name(str(army["name"])), int(army["points"]), entries


def _named(record: dict[str, Any]) -> dict[str, Any]:
    """An entry's record, its name and the name it joins as they read (:func:`same_name`)."""
    joins = record.get("joins")
    return {**record, "name": same_name(record["name"])} | (
        {"joins": same_name(joins)} if isinstance(joins, str) else {}
    )


def _check_names(data: dict[str, Any], where: str) -> None:
    """Each name of the army file (the army's, its entries', the unit one joins) one line
    without an invisible character (:func:`check_name`), before the schema reads the rest."""
    places: list[tuple[tuple[str, int] | None, Any]] = [(None, data)]
    for kind in KINDS:
        records = data.get(kind)
        places += _records(kind, records) if isinstance(records, list) else []
    for entry, record in places:
        for field in ("name", "joins"):
            value = record.get(field) if isinstance(record, dict) else None
            if not isinstance(value, str):
                continue
            try:
                check_name(value)
                if field == "name" and not value:  # a roster heading with nothing in it
                    raise Refusal(N_("an empty name"))
            except Refusal as error:
                place = where if entry is None else f"{where}, {entry[0]} #{entry[1] + 1}"
                refused = error.at(f"{place}, field {field}", ArmyError)
                raise located(refused, entry, field) from None


def _records(kind: str, records: list[Any]) -> list[tuple[tuple[str, int] | None, Any]]:
    """The records of ``kind``, each with its place (its kind and index)."""
    return [((kind, index), record) for index, record in enumerate(records)]


def _checked(data: dict[str, Any], where: str) -> dict[str, Any]:
    """``data`` as the schema reads it (defaults filled), or one line naming the field; read by
    msgspec, or where it is missing (the browser) by :mod:`nqcore.army.schema_check`."""
    from nqcore.army import schema_check as reader
    from nqcore.army.army_schema import ArmyFile
    from nqcore.data.datafiles import describe

    if reader.HAVE_MSGSPEC:
        import msgspec as reader  # type: ignore[no-redef]
    try:
        army = reader.convert(data, ArmyFile)
    except reader.ValidationError as error:
        missing = [name for name in ("name", "points") if name not in data]
        if missing:  # msgspec names the first only, and without a place
            raise ArmyError(N_("missing field(s) {fields}"), where=where, fields=missing) from None
        refused = ArmyError(describe(str(error), data, where, ArmyFile))
        refused.problem, refused.entry, refused.field = _schema_place(str(error))
        refused.file = where
        raise refused from None
    return dict(reader.to_builtins(army))


#: msgspec's complaint and the place it names: ``... - at `$.unit[0].models```.
_SCHEMA_PLACE = re.compile(
    r"(?P<what>.*) - at `\$(?:\.(?P<kind>\w+)\[(?P<index>\d+)\])?"
    # a list's item is its field's (specialists[0]), as a table's field is (options.equipment)
    r"(?:\.(?P<field>\w+)(?:\[\d+\]|\.\w+)*)?`",
    re.S,
)


def _schema_place(message: str) -> tuple[str, tuple[str, int] | None, str | None]:
    """msgspec's complaint, the entry and the field of ``message`` (msgspec's error)."""
    found = _SCHEMA_PLACE.fullmatch(message)
    if found is None:
        return message, None, None
    entry = None if found["kind"] is None else (found["kind"], int(found["index"]))
    return found["what"], entry, found["field"]


def _entry(kind: str, record: Mapping[str, Any], reader: _ProfileReader, at: str) -> Entry:
    entry = _read_entry(kind, record, reader, at)
    changed = any((record.get("options") or {}).values())  # an option bought
    return dataclasses.replace(entry, as_printed=isinstance(record["profile"], str) and not changed)


def _read_entry(kind: str, record: Mapping[str, Any], reader: _ProfileReader, at: str) -> Entry:
    options = record.get("options") or {}
    general = bool(record.get("general", False))
    with _about("profile"):
        profile = reader.profile(record["profile"], f"{at}, profile", {}, general=general)
    if any(options.values()):  # an option refused is the options' field, not the profile's
        with _about("options"):
            profile = reader.profile(record["profile"], f"{at}, options", options, general=general)
    leader = None
    if record.get("leader") is not None:
        with _about("leader"):
            leader = reader.profile(record["leader"], f"{at}, leader", {})
    if kind == "unit":
        return Entry(
            kind,
            record["name"],
            profile,
            record["models"],
            leader=leader,
            specialists=tuple(Specialist(s) for s in record["specialists"]),
            formation=record.get("formation"),
        )
    if kind == "support":
        return _support(record, profile, leader, at)
    return Entry(
        kind,
        record["name"],
        profile,
        1,
        general=general or profile.general,
        joins=record.get("joins"),
    )


def _support(record: Mapping[str, Any], profile: Profile, leader: Profile | None, at: str) -> Entry:
    """A support unit: models of its profile, or a battery of support weapons and their crew."""
    from nqcore.army.armoury import WeaponKind, weapon

    if record.get("weapon") is None:
        if record.get("crew") is not None:
            refused = ArmyError(N_("crew is for a support weapon: give weapon too"), where=at)
            raise located(refused, None, "crew")
        return Entry("support", record["name"], profile, record.get("models") or 1, leader=leader)
    try:
        found = weapon(record["weapon"])
    except UnknownName as error:
        raise located(error.at(f"{at}, field weapon", ArmyError), None, "weapon") from None
    if found.kind is not WeaponKind.SUPPORT:
        refused = ArmyError(
            N_("{weapon} is not a support weapon"), where=f"{at}, field weapon", weapon=found.name
        )
        raise located(refused, None, "weapon")
    if record.get("crew") is None or record.get("models") is not None:
        refused = ArmyError(
            N_("a support weapon gives its crew (per weapon), not models"), where=at
        )
        raise located(refused, None, "crew")
    crew, weapons = int(record["crew"]), int(record["weapons"])
    return Entry(
        "support",
        record["name"],
        profile,
        crew * weapons + (leader is not None),
        leader=leader,
        weapon=found,
        weapons=weapons,
        crew=crew,
    )


#: The most bytes an army's profile files come to, together: a profile file is about a
#: kilobyte; 200 files of 1 MiB each, every field within bounds, took ``nq army`` 72 s of CPU
#: (attack round twenty-eight).
MAX_PROFILE_FILES_BYTES = 2 * 2**20


class _ProfileReader:
    """Profiles of the army's entries, each read by :func:`parse_profile`: a book's key, a
    profile file beside the army file (read once), or an inline table."""

    def __init__(self, where: str, folder: str) -> None:
        self.where, self.folder = where, folder
        self.files: dict[str, dict[str, Any]] = {}
        self.read = 0  # the bytes of the profile files read so far

    def profile(
        self, ref: Any, at: str, options: Mapping[str, Any], *, general: bool = False
    ) -> Profile:
        record = dict(self._record(ref, at))
        bought = {name: options[name] for name in _OPTION_FIELDS if options.get(name)}
        check_lists(bought, at)
        record.update({name: [*record.get(name, []), *items] for name, items in bought.items()})
        if general:
            record["general"] = True
        try:
            return parse_profile(record, at)
        except UnknownName as error:
            raise error.at(at, ArmyError) from None

    def _record(self, ref: str | dict[str, Any], at: str) -> Mapping[str, Any]:
        if isinstance(ref, str):
            return book_record(ref, at)
        if set(ref) == {"file"} and isinstance(ref["file"], str):
            return self._file(ref["file"], at)
        return ref

    def _file(self, name: str, at: str) -> dict[str, Any]:
        from nqcore.cli.files import read_toml

        if not name.strip():
            raise ArmyError(
                N_("no file named: name a profile file beside the army file"), where=f"{at}, file"
            )
        folder = Path(self.folder).resolve()
        outside = os.path.isabs(name) or ".." in Path(name).parts
        # A file of the army's own folder, also once its links are followed.
        if outside or not (folder / name).resolve().is_relative_to(folder):
            raise ArmyError(
                N_("{file} is not a file beside the army file (no absolute path, no ..)"),
                where=f"{at}, file",
                file=Typed(name),
            )
        path = os.path.join(self.folder, name)
        if path not in self.files:
            self.read += os.path.getsize(path) if os.path.isfile(path) else 0
            if self.read > MAX_PROFILE_FILES_BYTES:
                raise ArmyError(
                    N_("{file} and the army's other profile files come to more than {limit} MiB"),
                    where=f"{at}, file",
                    file=Typed(name),
                    limit=str(MAX_PROFILE_FILES_BYTES // 2**20),
                )
            try:
                self.files[path] = read_toml(path)
            except Refusal as error:
                raise error.at(at, ArmyError) from None
        return self.files[path]


# --- pricing ------------------------------------------------------------------------------------


#: The warnings of "Creating A Profile"'s recommended maxima, left out for the book's own
#: sample profiles (:attr:`Entry.as_printed`).
GUIDELINES = frozenset({"above-maximum", "too-many"})


def price(name: str, points: int, entries: list[Entry]) -> Force:
    """The army ``name`` for a game of ``points`` points, each entry priced by the engine."""
    return Force(name, points, tuple(_priced(entry) for entry in entries))


def army(path: str) -> Force:
    """The army file ``path``, read and priced."""
    return price(*load_army(path))


def book_name(profile: Profile) -> Msg:
    """A profile as the roster names it: a sample profile by the book's heading ("Skeleton
    Warrior", whose profile line says "Skeleton"), any other by its name."""
    from nqcore.army.profile_files import sample_profiles

    headings = {s.profile.key: s.heading for s in sample_profiles()}
    return Msg(headings.get(profile.key, profile.name) if profile.key else profile.name)


def _models_named(entry: Entry) -> Msg | str:
    """What an entry's line of models is named: the book's name of its profile, except a rider
    on its mount, one model whose table's first line names the rider alone ("Vampire" of the
    Vampire on Demon Beast): named whole, as its entry is."""
    rider = entry.profile.mounted and entry.kind in ("individual", "character")
    return entry.name if rider and entry.profile.elements else book_name(entry.profile)


def _printed(entry: Entry, total: int) -> int | None:
    """What the book prints for an unchanged sample profile, where it is not ``total``."""
    from nqcore.army.profile_files import printed_points

    printed = printed_points(entry.profile.key) if entry.as_printed else None
    return printed if printed != total else None


def _priced(entry: Entry) -> PricedEntry:
    from nqcore.army.points import classify, stated_type

    breakdown = profile_points(entry.profile)
    once = sum(item.points for item in breakdown.unit_items)  # the Initiates' spell
    label = N_("Crew") if entry.weapon is not None else _models_named(entry)
    count = entry.crew * entry.weapons if entry.crew is not None else max(0, entry.rank_and_file)
    lines = [Line(label, count, breakdown.total, printed=_printed(entry, breakdown.total))]
    warnings = [w for w in breakdown.warnings if not (entry.as_printed and w.code in GUIDELINES)]
    if once:
        lines.append(Line(N_("Paid once for the unit"), 1, once, models=False))
    if entry.weapon is not None:
        from nqcore.army.weapon_costs import weapon_price

        price_each = weapon_price(entry.weapon)
        lines.append(Line(entry.weapon.name, entry.weapons, price_each, models=False))
    if entry.leader is not None:
        leader = profile_points(entry.leader)
        lines.append(Line(N_("Unit leader"), 1, leader.total, book_name(entry.leader)))
        warnings += leader.warnings
    for specialist in entry.specialists:
        model = profile_points(dataclasses.replace(entry.profile, specialist=specialist))
        name = N_("Standard Bearer") if specialist is Specialist.STANDARD_BEARER else N_("Musician")
        lines.append(Line(name, 1, model.total))
    classification: ModelType | None = None
    if entry.kind == "unit" and entry.profile.model_type in (ModelType.CORE, ModelType.ELITE):
        declared = entry.profile.model_type
        by_points = classify(breakdown.total, entry.profile.size)
        classification = ModelType.ELITE if ModelType.ELITE in (declared, by_points) else declared
        classification = stated_type(entry.profile) or classification
    from nqcore.army.army_rules import raised_warnings

    if classification is ModelType.ELITE and entry.profile.model_type is ModelType.CORE:
        # said of the unit by the army rule "Core And Elite Points Values" (core-by-points)
        warnings = [w for w in warnings if w.code != "core-points-limit"]
    # said of the entry (its leader's spells too) by the army rule "Magic" (one-aspect)
    warnings = [w for w in warnings if w.code != "one-aspect"]
    found = tuple(dict.fromkeys(warnings))
    raised = raised_warnings()
    return PricedEntry(
        entry,
        tuple(lines),
        breakdown.total,
        classification,
        tuple(w for w in found if w.code not in raised),
        tuple(w for w in found if w.code in raised),
    )
