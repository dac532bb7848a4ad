"""The schemas of an army: a player's army file (``nq army FILE``) and the book's army rules
(``data/army_rules.toml``), as msgspec structs that forbid unknown fields, in the style of
:mod:`nqcore.data.dataschema`.

An army file is TOML::

    name = "The Barrow Host"
    points = 1000                      # the agreed size of the game (Points Values)

    [[unit]]
    name = "Skeleton Warriors"
    profile = "skeleton-warrior"       # a sample or example profile of the book, by key
    models = 20                        # every model of the unit, leader and specialists included
    leader = { file = "captain.toml" } # a profile file, beside the army file
    specialists = ["standard-bearer", "musician"]
    formation = "ranked"               # optional: ranked, closed, skirmish or dispersed
    options = { equipment = ["bandages"] }  # added to every model of the unit

    [[individual]]                     # or [[character]]: one model, alone or in a unit
    name = "Wight Lord"
    profile = "wight-lord-on-zombie-dragon"
    general = true                     # the army General: one, no more
    joins = "Skeleton Warriors"        # optional: the unit it joins

    [[support]]                        # a war machine with its crew, or a large creature
    name = "Bolt Throwers"
    weapon = "bolt-thrower"            # a support weapon of the armoury
    weapons = 2                        # a battery of two
    profile = "goblin-archer"          # the crew's profile
    crew = 3                           # crew per weapon

A profile is a key of the book's sample or example profiles, a table ``{ file = "x.toml" }``
naming a profile file (as ``nq points FILE`` reads; its path is relative to the army file), or
an inline table of a profile's own fields.  Names are one line of text, without control
characters: the roster prints them.
"""

from __future__ import annotations

import re
import typing
from typing import Annotated, Any, Literal

from nqcore.army.names import MAX_NAME
from nqcore.i18n import N_, Refusal

try:
    from msgspec import Meta, Struct
except ImportError:  # pragma: no cover - in the browser: the same schema, checked without msgspec
    from nqcore.army.schema_check import Meta, Struct  # type: ignore[assignment]

#: One line of printable text: no control character (C0, DEL, C1) can reach a terminal.
Text = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
Key = Annotated[str, Meta(max_length=80)]
#: What a key and a line of text hold, checked after decoding (:meth:`Strict.__post_init__`):
#: msgspec 0.22 crashes at times, collecting garbage at exit, with a ``Meta(pattern=...)`` in
#: these types (msgspec issue 717), so no pattern is declared in them.
KEY = re.compile(r"[a-z0-9][a-z0-9.-]*")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: The most entries an army file may list, of all kinds together: far more than any game's table
#: holds (an army of 30 is large).  200 of each kind, 600 in all, each with an inline profile,
#: priced for 205 s in the page and froze it for 75 s (attack round twenty-seven).
MAX_ENTRIES = 100
#: The most specialists a unit may list: the rules allow one of each (army_rules says so past
#: that), and 200 a unit multiplied the warnings a page lists.
MAX_SPECIALISTS = 10
#: A profile: a book's key, ``{ file = "..." }`` or a profile's own fields.
ProfileRef = Key | dict[str, Any]
Models = Annotated[int, Meta(ge=1, le=1000)]


class Strict(Struct, forbid_unknown_fields=True, kw_only=True):
    """A record whose fields are all named here; its keys are keys and its texts printable."""

    def __post_init__(self) -> None:
        for field in self.__struct_fields__:
            _check_text(getattr(self, field), field in KEY_FIELDS)


#: The fields whose text (or list of texts) is a key of the book's data.
KEY_FIELDS = frozenset({"profile", "leader", "weapon", "weapons", "abilities", "traits"})
KEY_FIELDS |= {"equipment", "key", "section", "limit", "field"}


def _check_text(value: object, key: bool) -> None:
    """Refuse a key that is not one, or a text with a control character (msgspec reports the
    ValueError with the field's path)."""
    if isinstance(value, list):
        for item in value:
            _check_text(item, key)
    elif isinstance(value, str):
        if key and not KEY.fullmatch(value):
            raise ValueError(f"not a key: {value!r}")
        if CONTROL.search(value):
            raise ValueError("a control character")


class Options(Strict):
    """What every model of an entry adds to its profile, written as a profile file writes it."""

    weapons: list[Key | dict[str, Any]] = []
    abilities: list[Key | dict[str, Any]] = []
    traits: list[Key | dict[str, Any]] = []
    equipment: list[Key | dict[str, Any]] = []


class Unit(Strict):
    name: Text
    profile: ProfileRef
    models: Models
    leader: ProfileRef | None = None
    specialists: Annotated[
        list[Literal["standard-bearer", "musician"]], Meta(max_length=MAX_SPECIALISTS)
    ] = []
    formation: Literal["ranked", "closed", "skirmish", "dispersed"] | None = None
    options: Options | None = None


class Model(Strict):
    """An individual or a character: one model, alone or joined to a unit."""

    name: Text
    profile: ProfileRef
    general: bool = False
    joins: Text | None = None
    options: Options | None = None


class Support(Strict):
    """A support unit: ``models`` models of its profile (a chariot, a large creature), or a
    battery of ``weapons`` support weapons, each served by ``crew`` models of its profile."""

    name: Text
    profile: ProfileRef
    models: Models | None = None
    weapon: Key | None = None
    weapons: Annotated[int, Meta(ge=1, le=100)] = 1
    crew: Annotated[int, Meta(ge=0, le=100)] | None = None
    leader: ProfileRef | None = None
    options: Options | None = None


class ArmyFile(Strict):
    name: Text
    points: Annotated[int, Meta(ge=1, le=99999)]
    unit: Annotated[list[Unit], Meta(max_length=MAX_ENTRIES)] = []
    individual: Annotated[list[Model], Meta(max_length=MAX_ENTRIES)] = []
    character: Annotated[list[Model], Meta(max_length=MAX_ENTRIES)] = []
    support: Annotated[list[Support], Meta(max_length=MAX_ENTRIES)] = []

    def __post_init__(self) -> None:
        super().__post_init__()
        count = len(self.unit) + len(self.individual) + len(self.character) + len(self.support)
        if count > MAX_ENTRIES:
            limit = f"an army file lists {MAX_ENTRIES} at most"
            raise ValueError(f"too many entries: {count}, where {limit}")


#: The records of an army file that hold whole numbers with bounds, by the kind of entry (none:
#: the army's own table).
_RECORDS: dict[str | None, type] = {
    None: ArmyFile,
    "unit": Unit,
    "individual": Model,
    "character": Model,
    "support": Support,
}


def whole_bounds(kind: str | None, field: str) -> tuple[int, int] | None:
    """The least and the most the whole-number ``field`` of an entry of ``kind`` (or of the
    army, for none) takes, as the schema bounds it; none for another field."""
    record = _RECORDS.get(kind)
    hint = typing.get_type_hints(record, include_extras=True).get(field) if record else None
    while hint is not None and typing.get_origin(hint) is not Annotated:
        hint = next((h for h in typing.get_args(hint) if h is not type(None)), None)
    if hint is None or typing.get_args(hint)[0] is not int:
        return None
    meta = typing.get_args(hint)[1]
    return None if meta.ge is None or meta.le is None else (int(meta.ge), int(meta.le))


def field_choices(kind: str | None, field: str | None) -> tuple[str, ...]:
    """The words the ``field`` of an entry of ``kind`` takes, as the schema lists them (a
    formation's ``ranked``, ``closed``...); none for a field that is not a choice."""
    record = _RECORDS.get(kind)
    hint = typing.get_type_hints(record).get(field) if record and field else None
    for kind_of in (hint, *typing.get_args(hint)):
        if typing.get_origin(kind_of) is Literal:
            return tuple(str(choice) for choice in typing.get_args(kind_of))
    return ()


#: A whole number out of its field's bounds, said with both (msgspec names the one broken).
BOUNDED = N_("expected a whole number from {minimum} to {maximum}")


def bounds_refusal(kind: str | None, field: str | None, problem: str) -> Refusal | None:
    """msgspec's ``Expected `int` >= 1`` about a field the schema bounds on both sides, said
    with both bounds; none for another complaint or field."""
    if field is None or not re.fullmatch(r"Expected `int` [<>]= -?\d+", problem.strip()):
        return None
    bounds = whole_bounds(kind, field)
    if bounds is None:
        return None
    # as the file writes them: digits alone (TOML reads no "1,000")
    return Refusal(BOUNDED, minimum=str(bounds[0]), maximum=str(bounds[1]))


# --- the book's army rules (data/army_rules.toml) -------------------------------------------


class ArmyRule(Strict):
    """One rule of the book about a whole force: ``section`` is its label in docs/, ``name``
    that section's heading, ``text`` the engine msgid that says a breach (its placeholders are
    the values the check gives); ``kind``: a ``refusal`` where the book says "must", "may
    never", a ``warning`` where it says "normally", "should", "tend to" (and ``text`` says so);
    ``limit``: the key of a unit size of ``game_limits.toml``, whose numbers the rule uses;
    ``field``: the field of the army file a breach is about (of its entry, or ``points``);
    ``warning``: the code of a profile's warning (:mod:`nqcore.book.book_warnings`) the rule
    makes a breach of in an army, its sentence the breach's ``text``; ``remedy``: what the
    player does about it in the army builder ("choose one in “Support weapon”"), said after
    the text where the army is edited, never on the printed roster."""

    key: Key
    name: Annotated[str, Meta(min_length=1)]
    section: Key
    kind: Literal["refusal", "warning"]
    text: Annotated[str, Meta(min_length=1)] | None = None
    warning: Key | None = None
    limit: Key | None = None
    field: Key | None = None
    parameters: dict[str, int] = {}
    remedy: Annotated[str, Meta(min_length=1)] | None = None


class ArmyRulesFile(Strict):
    rule: list[ArmyRule]
