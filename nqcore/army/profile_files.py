"""Profiles read from TOML: a player's profile file (:func:`load_profile`), checked field by field
(:func:`parse_profile`), and the book's sample and example profiles (``data/sample_profiles.toml``,
``data/example_profiles.toml``).  The format of a profile file is in :mod:`nqcore.army.profiles`.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from nqcore.army.characteristics import (
    CHARACTERISTICS,
    ModelType,
    ProfileError,
    ProfileProblems,
    Size,
    Specialist,
)
from nqcore.army.profile_fields import (
    ARMOUR_FIELDS,
    FIELDS,
    check_kind,
    check_profile_kinds,
    check_table,
)
from nqcore.army.profile_readers import (
    read_choice,
    read_element,
    read_keys,
    read_picks,
    read_weapons,
)
from nqcore.army.profiles import Armour, Profile, check_field, check_picks, check_spells
from nqcore.army.toml_values import toml_keys
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg, Refusal, Typed
from nqcore.rules.game_limits import combination_elements

# --- reading profiles ---------------------------------------------------------------------------

_PROFILE_FIELDS = frozenset(
    set(CHARACTERISTICS)
    | {
        "key",
        "name",
        "type",
        "size",
        "ar",
        "armour",
        "weapons",
        "abilities",
        "traits",
        "equipment",
        "mutations",
        "spells",
        "element",
        "specialist",
        "mounted",
        "general",
        "source",
        # the At the table page's own id of the builder's profile an entry was made from (the
        # page says when that profile has changed since); nq reads no more of it
        "builder_id",
    }
)
_ARMOUR_FIELDS = frozenset(
    {
        "value",
        "shield",
        "barding",
        "armoured_mount",
        "large_bonus",
        "natural",
        "resilience",
        "description",
    }
)
#: How a profile file writes its armour (a refusal shows it).
_ARMOUR_EXAMPLE = "{ value = 3, shield = true }"


def _flag(record: Mapping[str, Any], name: str) -> bool:
    value = record.get(name, False)
    check_kind(value, "flag", name)
    return bool(value)


#: The longest list a profile may give (weapons, abilities, elements...): the book's longest has
#: three items. A file listing a weapon 100 000 times (600 KB, under the 1 MiB file limit) kept
#: the At the table page's engine busy for a minute and a half.
MAX_LIST = 50
_LIST_FIELDS = ("weapons", "abilities", "traits", "equipment", "mutations", "spells", "element")


def _check_lengths(record: Mapping[str, Any]) -> None:
    """Refuse at once, before any item is read, a list longer than :data:`MAX_LIST`, and
    elements beyond a combination model's (its main one and two more: a file of 50 was priced
    without a word)."""
    elements = record.get("element")
    inner = elements if isinstance(elements, list) else []
    if len(inner) >= combination_elements():
        raise Refusal(
            N_("too many elements: a combination model has its main one and at most {limit} more"),
            where=f"element #{combination_elements()}",
            limit=combination_elements() - 1,
        )
    for where, table in [("", record), *((f"element #{i + 1}", e) for i, e in enumerate(inner))]:
        if not isinstance(table, Mapping):
            continue
        for name in _LIST_FIELDS:
            value = table.get(name)
            if isinstance(value, list) and len(value) > MAX_LIST:
                raise Refusal(
                    N_("{field} lists {count} items, at most {limit}"),
                    where=where,
                    field=name,
                    count=len(value),
                    limit=MAX_LIST,
                )


def parse_profile(record: Mapping[str, Any], where: str = "profile") -> Profile:
    """A :class:`Profile` from a parsed TOML table; every error is a :class:`ProfileError` that
    names ``where`` and what is wrong."""
    try:
        _check_profile_fields(record)
        record = _composed(record)
        return _profile(record, _armour(record))
    except ProfileError:
        raise
    except Refusal as error:
        problems = [error, *_other_problems(record, error)]
        if len(problems) == 1:
            raise error.at(where, ProfileError) from None
        raise ProfileProblems(problems, where=where) from None
    except (ValueError, TypeError) as error:
        raise ProfileError(f"{where}: {error}") from None


def check_lists(lists: Mapping[str, Any], where: str) -> None:
    """Each list of ``lists`` read as a profile's list of that name, on its own: an army entry's
    options, whose refusals number their own items ("weapons #1" is the first option, not the
    profile's first weapon, which the options follow once merged: player round 41)."""
    try:
        for name, value in lists.items():
            _LIST_READERS[name](_composed(value), name)
    except ProfileError:
        raise
    except Refusal as error:
        raise error.at(where, ProfileError) from None


def _other_problems(record: Mapping[str, Any], first: Refusal) -> list[Refusal]:
    """The refusals of ``record`` besides ``first``, one per field read on its own: an imported
    file says all it must fix at once, not one mistake per try.  A list longer than
    :data:`MAX_LIST` is refused without reading any list (the limit keeps reading short)."""
    if not isinstance(record, Mapping):
        return []
    found: list[Refusal] = []
    for probe in _probes(_composed(record)):
        try:
            probe()
        except Refusal as error:
            if str(error) not in {str(first), *map(str, found)}:
                found.append(error)
        except (ValueError, TypeError):  # said by the first problem's fix, once read whole
            continue
    return found


def _probes(record: Mapping[str, Any]) -> list[Callable[[], object]]:
    """One check per part of a profile's table, each independent of the others."""
    probes: list[Callable[[], object]] = [
        lambda: _check_lengths(record),
        lambda: _check_profile_fields({k: v for k, v in record.items() if k in _PROFILE_FIELDS}),
        lambda: _armour_checked(record),
    ]
    probes += [partial(check_table, {key: record[key]}, FIELDS) for key in FIELDS if key in record]
    for key in CHARACTERISTICS:
        if record.get(key) not in (None, "-"):
            probes.append(partial(check_field, key, record[key]))
    for name, kind, what in _CHOICES:
        if isinstance(record.get(name), str):  # another kind is refused as such
            probes.append(partial(read_choice, kind, record[name], what))
    try:
        _check_lengths(record)
    except Refusal:
        return probes
    for name, reader in _LIST_READERS.items():
        probes.append(partial(reader, record.get(name, []), name))
    elements = record.get("element", [])
    for index, item in enumerate(elements if isinstance(elements, list) else []):
        probes.append(partial(read_element, item, f"element #{index + 1}"))
    return probes


def _armour_checked(record: Mapping[str, Any]) -> Armour:
    """The armour of ``record`` once its fields' kinds are checked (a resilience of ``"1"`` is
    refused as a text, not again as a value)."""
    if isinstance(armour := record.get("armour"), Mapping):
        check_table(armour, ARMOUR_FIELDS, "armour.")
    return _armour(record)


#: The fields of one value among several, each with its kind and its name in a refusal.
_CHOICES = (
    ("type", ModelType, N_("model type")),
    ("size", Size, N_("size")),
    ("specialist", Specialist, N_("specialist")),
)


def _known_picks(category: str) -> Callable[[Any, str], object]:
    """The reader of a list of abilities, traits or items, each checked as a profile checks it."""
    return lambda value, what: check_picks(category, read_picks(value, what))


def _known_spells(value: Any, what: str) -> None:
    check_spells(read_keys(value, what))


#: The reader of each list of a profile's table.
_LIST_READERS: dict[str, Callable[[Any, str], object]] = {
    "weapons": read_weapons,
    "abilities": _known_picks("ability"),
    "traits": _known_picks("trait"),
    "equipment": _known_picks("equipment"),
    "mutations": read_keys,
    "spells": _known_spells,
}


def _composed(value: Any) -> Any:
    """``value`` with each of its texts composed (NFC): a decomposed "É" is printed as the one
    letter it reads, on every reader."""
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, Mapping):
        return {key: _composed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_composed(item) for item in value]
    return value


def _check_profile_fields(record: Mapping[str, Any]) -> None:
    """A table of known fields, none too long, every required one given."""
    if not isinstance(record, Mapping):
        raise Refusal(N_("a profile is a table of fields"))
    _check_lengths(record)
    unknown = sorted(set(record) - _PROFILE_FIELDS)
    if unknown:
        raise Refusal(N_("unknown field(s) {fields}"), fields=toml_keys(unknown))
    missing = [name for name in ("name", "ac", "st", "t", "w", "co") if name not in record]
    missing += [name for name in ("ra", "cc") if name not in record]
    if missing:
        raise Refusal(N_("missing field(s) {fields}"), fields=missing)
    if record["name"] == "":  # the roster would print "Unit leader:" with nothing after it
        raise Refusal(N_("an empty name"), where="name")
    check_profile_kinds(record)


def _armour(record: Mapping[str, Any]) -> Armour:
    """The profile's armour: its ``armour`` table, or the shorthand ``ar = 3``."""
    armour_record = record.get("armour", {})
    if not isinstance(armour_record, dict):
        raise Refusal(N_("armour must be a table such as {example}"), example=_ARMOUR_EXAMPLE)
    if "ar" in record:  # the shorthand `ar = 3`: armour bought, nothing else
        if "value" in armour_record:
            raise Refusal(N_("give the armour value once, as ar or as armour.value"))
        armour_record = {**armour_record, "value": record["ar"]}
    bad = sorted(set(armour_record) - _ARMOUR_FIELDS)
    if bad:
        raise Refusal(N_("unknown field(s) {fields}"), where="armour", fields=toml_keys(bad))
    return Armour(**armour_record)


def _profile(record: Mapping[str, Any], armour: Armour) -> Profile:
    """The profile of a checked table, each list and choice read by its own reader."""
    optional = {key: (None if record[key] in ("-", None) else record[key]) for key in ("ra", "cc")}
    specialist = record.get("specialist")
    return Profile(
        key=str(record.get("key", "")),
        name=str(record["name"]),
        ac=record["ac"],
        ra=optional["ra"],
        cc=optional["cc"],
        st=record["st"],
        t=record["t"],
        w=record["w"],
        co=record["co"],
        model_type=read_choice(ModelType, record.get("type", "core"), N_("model type")),
        size=read_choice(Size, record.get("size", "medium"), N_("size")),
        armour=armour,
        weapons=read_weapons(record.get("weapons", []), "weapons"),
        abilities=read_picks(record.get("abilities", []), "abilities"),
        traits=read_picks(record.get("traits", []), "traits"),
        equipment=read_picks(record.get("equipment", []), "equipment"),
        mutations=read_keys(record.get("mutations", []), "mutations"),
        spells=read_keys(record.get("spells", []), "spells"),
        elements=tuple(
            read_element(item, f"element #{i + 1}")
            for i, item in enumerate(record.get("element", []))
        ),
        specialist=None
        if specialist is None
        else read_choice(Specialist, specialist, N_("specialist")),
        mounted=_flag(record, "mounted"),
        general=_flag(record, "general"),
        source=str(record.get("source", "")),
    )


def load_profile(path: str | Path) -> Profile:
    """Read one profile from a TOML file; a :class:`ProfileError` names the file and the fault."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ProfileError(f"{path}: cannot read the file ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise ProfileError(f"{path}: not UTF-8 text (byte {error.start + 1})") from None
    except tomllib.TOMLDecodeError as error:
        where = re.search(r"\(at line (\d+), column (\d+)\)$", str(error))
        if where is None:
            raise ProfileError(f"{path}: not valid TOML ({error})") from None
        reason = str(error)[: where.start()].strip()
        raise ProfileError(
            f"{path}, line {where[1]}: not valid TOML: {reason} (column {where[2]})"
        ) from None
    return parse_profile(data, str(path))


# --- sample profiles ----------------------------------------------------------------------------


def _optional_msg(value: Any) -> Msg | None:
    return None if value is None else Msg(str(value))


#: The heading of each Sample Profile's section in the book ("Growler One Horn"), by its key: a
#: profile's own name is its table's first line ("Juvenile"), which a player choosing from a list
#: does not know it by.  tests/engine/test_starting_choices.py checks them against docs/.
SAMPLE_HEADINGS: dict[str, Msg] = {
    "human-men-at-arms": N_("Human Men At Arms"),
    "wood-elf-archer": N_("Wood Elf Archer"),
    "fallen-elf": N_("Fallen Elf"),
    "dwarf": N_("Dwarf"),
    "orc-bruiser": N_("Orc Bruiser"),
    "goblin-archer": N_("Goblin Archer"),
    "ogre-freebooter": N_("Ogre Freebooter"),
    "skeleton-warrior": N_("Skeleton Warrior"),
    "craven-ghouls": N_("Craven Ghouls"),
    "wolverine-predator": N_("Wolverine Predator"),
    "giant-eagle": N_("Giant Eagle"),
    "chaos-warrior": N_("Chaos Warrior"),
    "growler-one-horn": N_("Growler One Horn"),
    "wight-lord-on-zombie-dragon": N_("Wight Lord On Zombie Dragon"),
}


@dataclass(frozen=True)
class SampleProfile:
    """One of the book's Sample Profiles, with the points it prints and the unit size of its
    Structure line."""

    profile: Profile
    printed_points: int
    section: str
    unit_size: Msg | None = None

    @property
    def heading(self) -> Msg:
        """The heading of its section in the book, the name a player knows it by."""
        return SAMPLE_HEADINGS.get(self.profile.key, Msg(self.profile.name))


@cache
def sample_profiles() -> tuple[SampleProfile, ...]:
    """The 14 Sample Profiles (``data/sample_profiles.toml``), in the book's order."""
    samples = []
    for index, record in enumerate(datafiles.load("sample_profiles.toml")["profile"]):
        fields = dict(record)
        printed = fields.pop("printed_points")
        section = fields.pop("section")
        fields.pop("composition", None)  # the composition rules read it (points.stated_type)
        unit_size = _optional_msg(fields.pop("unit_size", None))
        where = f"sample_profiles.toml, profile #{index + 1} ({fields.get('key', '?')})"
        samples.append(
            SampleProfile(parse_profile(fields, where), int(printed), str(section), unit_size)
        )
    return tuple(samples)


def printed_points(key: str) -> int | None:
    """The points the book prints for the sample profile ``key`` (None for any other): where
    the engine's differ (the sample profiles' errata), the roster says both (player round
    eighteen)."""
    return {s.profile.key: s.printed_points for s in sample_profiles()}.get(key)


def sample_profile(name_or_key: str, lang: str | None = None) -> SampleProfile:
    """A sample profile by key, or by its name or its section's heading in any language,
    ``lang``'s first (:func:`nqcore.typed_names.find`: « Nain », "Skeleton Warrior")."""
    from nqcore.typed_names import find

    named = ((s.profile.key, (s.profile.name, s.heading), s) for s in sample_profiles())
    found = find(name_or_key, named, lang)
    if found is not None:
        return found
    raise KeyError(f"unknown sample profile {name_or_key!r}")


@dataclass(frozen=True)
class ExampleProfile:
    """A profile the rules text shows as an example, with the points it prints (if any); ``table``
    is the key of the reference table that shows it, ``title`` that table's title."""

    profile: Profile
    table: str
    printed_points: int | None
    title: Msg | None = None
    unit_size: Msg | None = None


@cache
def example_profiles() -> tuple[ExampleProfile, ...]:
    """The profiles of the rules' examples (``data/example_profiles.toml``): The Army's Basic
    Soldier, Hero, Warrior and Swordmaster, Creating A Profile's starting profile and Basic Warrior,
    the Orc Warlord on Dragon, the Vampire on Demon Beast and the two chariots."""
    found = []
    for index, record in enumerate(datafiles.load("example_profiles.toml")["profile"]):
        fields = dict(record)
        table = str(fields.pop("table"))
        printed = fields.pop("printed_points", None)
        title = _optional_msg(fields.pop("title", None))
        unit_size = _optional_msg(fields.pop("unit_size", None))
        where = f"example_profiles.toml, profile #{index + 1} ({fields.get('key', '?')})"
        found.append(
            ExampleProfile(
                parse_profile(fields, where),
                table,
                None if printed is None else int(printed),
                title,
                unit_size,
            )
        )
    return tuple(found)


def example_profile(key: str) -> ExampleProfile:
    """An example profile by key."""
    for example in example_profiles():
        if example.profile.key == key:
            return example
    raise KeyError(f"unknown example profile {key!r}")


#: Fields a sample or example profile's record has that a profile does not.
_BOOK_ONLY = ("printed_points", "section", "unit_size", "table", "title", "composition")
#: A profile an entry names that the book does not have, and the ways to give one.
UNKNOWN_PROFILE = N_(
    "unknown profile {name}: give a sample profile's key (such as {example}), a table "
    "{{ file = ... }} or the profile's own fields"
)


def book_record(key: str, at: str) -> dict[str, Any]:
    """The record of the book's sample or example profile ``key``, as a profile file has it."""
    for filename in ("sample_profiles.toml", "example_profiles.toml"):
        for record in datafiles.load(filename)["profile"]:
            if record["key"] == key:
                return {k: v for k, v in record.items() if k not in _BOOK_ONLY}
    raise ProfileError(
        UNKNOWN_PROFILE,
        where=at,
        name=Typed(key),
        example="orc-bruiser",
    )
