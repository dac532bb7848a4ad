"""Model profiles: characteristics, armour, weapons, and the abilities, traits and equipment a model
has, attached by key; and the catalogue of those abilities, traits and equipment.

Book sections: "Model Profile", "Extra Equipment And Special Rules" (The Army), "Abilities",
"Traits", "Equipment", "Creating A Profile" (the valid values are the values its cost tables
price), "Special Combination Models".  What a profile costs is
:func:`nqcore.army.profile_points.profile_points`.

A profile file is TOML (see :func:`load_profile`)::

    name = "Men At Arms"
    type = "core"
    ac = 8
    ra = 3
    cc = 5
    st = 4
    t = 5
    w = 1
    co = 6
    weapons = ["sword"]
    abilities = [{ key = "extra-attack", level = "x2" }]
    [armour]
    value = 2
    shield = true

``ar = 2`` is short for ``armour = { value = 2 }``.  A weapon is an armoury key, or a table that
creates one (``{ name = "Claws", uc = 3, st_bonus = 0 }``); a combination model lists its other
elements as ``[[element]]`` tables with their own ``ra``, ``cc``, ``st``, weapons and abilities.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from nqcore.army.armoury import Weapon, WeaponDataError, weapon_from_record
from nqcore.army.armoury import weapon as armoury_weapon
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.tables.registry import Signed, Table, register_table


class ProfileError(ValueError):
    """A profile file or record is wrong: the message names the file and what is wrong."""


class ModelType(Enum):
    """The structure classes of "Extra Equipment And Special Rules" and "Creating A Profile"."""

    CORE = "core"
    ELITE = "elite"
    UNIT_LEADER = "unit-leader"
    INDIVIDUAL = "individual"
    CHARACTER = "character"
    SUPPORT = "support"


class Size(Enum):
    """Model sizes: "If the model is not of a standard medium size, the large or extra large size
    description will also be included" (Special Rules); the book also calls the biggest
    "very large".  The order is the order of size."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    VERY_LARGE = "very-large"

    @property
    def is_large(self) -> bool:
        return self in (Size.LARGE, Size.VERY_LARGE)


class Specialist(Enum):
    """Unit specialists ("Standard Bearers and Musicians")."""

    STANDARD_BEARER = "standard-bearer"
    MUSICIAN = "musician"


#: The characteristics in profile order, with their abbreviations.
CHARACTERISTICS: tuple[str, ...] = ("ac", "ra", "cc", "st", "t", "w", "co")
ABBREVIATIONS: Mapping[str, Msg] = {
    "ac": N_("AC"), "ra": N_("RA"), "cc": N_("CC"), "st": N_("ST"),
    "t": N_("T"), "w": N_("W"), "co": N_("CO"),
}  # fmt: skip
#: The characteristics a second or third element of a combination model has of its own.
ELEMENT_CHARACTERISTICS: tuple[str, ...] = ("ra", "cc", "st")
#: Characteristics that an inanimate model (a chariot) may leave out, printed "-".
OPTIONAL_CHARACTERISTICS = frozenset({"ra", "cc"})
#: What a shield, barding, a naturally armoured mount or a large model's mass adds to the armour
#: value ("Shield Cost", "Barding Cost / Armoured Mount", "Natural Armour Values").
ARMOUR_BONUS = 1


def data_file(filename: str) -> dict[str, Any]:
    """A TOML file of ``nqcore/data``, checked against its schema (read once, then cached)."""
    return datafiles.load(filename)


@cache
def characteristic_range(key: str) -> range:
    """The values of a characteristic that the Creating A Profile cost tables price.

    >>> characteristic_range("ac")
    range(6, 13)
    """
    if key == "ar":
        values = data_file("characteristic_costs.toml")["armour"]["values"]
    else:
        records = {r["key"]: r for r in data_file("characteristic_costs.toml")["characteristic"]}
        if key not in records:
            raise KeyError(f"unknown characteristic {key!r}")
        values = records[key]["values"]
    return range(min(values), max(values) + 1)


def check_characteristic(key: str, value: int) -> None:
    """Raise ``ValueError`` naming the characteristic and its allowed range if ``value`` is out."""
    allowed = characteristic_range(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key.upper()} must be a whole number, not {value!r}")
    if value not in allowed:
        raise ValueError(
            f"{key.upper()} {value!r} is out of range: {key.upper()} is "
            f"{allowed.start} to {allowed.stop - 1}"
        )


# --- abilities, traits, equipment ---------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """A level of a feature bought at a level: Extra Attack (x2), Fear (1), Magic Tattoos (AR3)."""

    level: str
    name: Msg
    points: int


@dataclass(frozen=True)
class Feature:
    """An ability, trait or item of equipment: its points per model, or its levels' points."""

    key: str
    name: Msg
    category: str
    summary: Msg
    source: str
    points: int | None = None
    levels: tuple[Level, ...] = ()
    only: frozenset[str] = field(default=frozenset())
    requires: frozenset[str] = field(default=frozenset())
    note: Msg | None = None
    special_attack_mode: bool = False
    priced_by: str | None = None
    levels_from: str | None = None

    def level(self, wanted: str | None) -> Level | None:
        """The level named ``wanted`` (``None`` for a feature without levels)."""
        if not self.levels:
            if wanted is not None:
                raise ValueError(f"{self.category} {self.key!r} has no levels, not {wanted!r}")
            return None
        if wanted is None:
            choices = ", ".join(level.level for level in self.levels[:6])
            raise ValueError(f"{self.category} {self.key!r} needs a level, such as {choices}")
        canonical = _canonical_level(self.key, wanted)
        for level in self.levels:
            if level.level.lower() == canonical.lower():
                return level
        choices = ", ".join(level.level for level in self.levels[:8])
        raise ValueError(f"{self.category} {self.key!r} has no level {wanted!r}; levels: {choices}")

    def cost(self, level: str | None = None) -> int:
        """The points per model of this feature (at ``level``)."""
        found = self.level(level)
        if found is not None:
            return found.points
        return self.points or 0


CATEGORIES: tuple[str, ...] = ("ability", "trait", "equipment")
_FEATURE_FILES = {
    "ability": "abilities.toml",
    "trait": "traits.toml",
    "equipment": "equipment.toml",
}
_CONDITIONS = frozenset(
    {t.value for t in ModelType}
    | {
        "large",
        "mounted",
        "magic-user",
        "musician",
        "general",
        "strength-6",
        "shield",
        "unarmoured",
        "manufactured-armour",
    }
)


def _inches_text(inches: Fraction) -> str:
    whole, rest = divmod(inches, 1)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(whole)


def _grenade_levels() -> tuple[Level, ...]:
    data = data_file("weapon_creation.toml")["grenades"]
    levels = []
    for st, row in zip(data["strengths"], data["costs"], strict=True):
        for size, cost in zip(data["sizes"], row, strict=True):
            text = f'ST{st} {_inches_text(Fraction(str(size)))}"'
            levels.append(Level(text, N_("Grenades"), int(cost)))
            levels.append(
                Level(f"{text} knock prone", N_("Grenades"), int(cost) + data["knock_prone"])
            )
    return tuple(levels)


def _magic_user_levels() -> tuple[Level, ...]:
    return tuple(
        Level(str(r["level"]), N_("Magic User"), int(r["cost"]))
        for r in data_file("characteristic_costs.toml")["magic_level"]
        if r["level"] > 0
    )


_GRENADE_PATTERN = re.compile(
    r'^\s*ST\s*(\d+)\s*,?\s*(\d*(?:\.\d+)?½?)\s*(?:"|in|inch|inches)?\s*(knock[ -]prone)?\s*$',
    re.IGNORECASE,
)


def _canonical_level(key: str, wanted: str) -> str:
    """Accept the easy spellings of a level: ``x2`` or ``2`` for Extra Attack, ``ST4 1.5`` for a
    grenade, ``3`` for tattoos (AR3) or runes (RE -3)."""
    text = str(wanted).strip()
    if key == "grenades":
        match = _GRENADE_PATTERN.match(text)
        if match is None or not match[2]:
            return text
        size_text = match[2]
        size = Fraction(size_text.replace("½", "")) if size_text.replace("½", "") else Fraction(0)
        if "½" in size_text:
            size += Fraction(1, 2)
        suffix = " knock prone" if match[3] else ""
        return f'ST{match[1]} {_inches_text(size)}"{suffix}'
    if key == "extra-attack" and text.isdigit():
        return f"x{text}"
    if key == "magic-tattoos" and text.isdigit():
        return f"AR{text}"
    if key == "armour-runes-of-defiance" and text.lstrip("-").isdigit():
        return f"RE -{text.lstrip('-')}"
    if key == "fear" and text.startswith("(") and text.endswith(")"):
        return text[1:-1]
    return text


class FeatureDataError(ValueError):
    """An ability, trait or equipment record is malformed."""


def _feature(category: str, index: int, record: dict[str, Any], filename: str) -> Feature:
    where = f"{filename}, {category} #{index + 1} ({record.get('key', '?')})"
    for required in ("key", "name", "summary", "source"):
        if required not in record:
            raise FeatureDataError(f"{where}: missing field {required}")
    levels: tuple[Level, ...] = ()
    if "levels" in record:
        levels = tuple(
            Level(str(item["level"]), Msg(item["name"]), int(item["points"]))
            for item in record["levels"]
        )
    elif record.get("levels_from") == "grenades":
        levels = _grenade_levels()
    elif record.get("levels_from") == "magic-user-levels":
        levels = _magic_user_levels()
    elif "levels_from" in record:
        raise FeatureDataError(f"{where}: unknown levels_from {record['levels_from']!r}")
    elif "points" not in record:
        raise FeatureDataError(f"{where}: needs points, levels or levels_from")
    conditions = set(record.get("only", [])) | set(record.get("requires", []))
    unknown = sorted(conditions - _CONDITIONS)
    if unknown:
        raise FeatureDataError(f"{where}: unknown condition(s) {', '.join(unknown)}")
    return Feature(
        key=record["key"],
        name=Msg(record["name"]),
        category=category,
        summary=Msg(record["summary"]),
        source=record["source"],
        points=int(record["points"]) if "points" in record else None,
        levels=levels,
        only=frozenset(record.get("only", [])),
        requires=frozenset(record.get("requires", [])),
        note=Msg(record["note"]) if "note" in record else None,
        special_attack_mode=bool(record.get("special_attack_mode", False)),
        priced_by=record.get("priced_by"),
        levels_from=record.get("levels_from"),
    )


@cache
def features(category: str) -> tuple[Feature, ...]:
    """Every ability, trait or item of equipment (``category``), in the book's order."""
    if category not in _FEATURE_FILES:
        raise KeyError(f"unknown category {category!r}; choose one of {', '.join(CATEGORIES)}")
    filename = _FEATURE_FILES[category]
    records = data_file(filename).get(category, [])
    found = tuple(_feature(category, i, r, filename) for i, r in enumerate(records))
    keys = [f.key for f in found]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise FeatureDataError(f"{filename}: duplicate key(s) {', '.join(duplicates)}")
    return found


def abilities() -> tuple[Feature, ...]:
    """The 40 abilities ("Abilities")."""
    return features("ability")


def traits() -> tuple[Feature, ...]:
    """The 21 traits ("Traits")."""
    return features("trait")


def equipment() -> tuple[Feature, ...]:
    """The 7 items of equipment ("Equipment")."""
    return features("equipment")


def feature(category: str, name_or_key: str) -> Feature:
    """An ability, trait or item of equipment by key or English name, case-insensitively.

    >>> feature("ability", "Dodge").points
    3
    """
    wanted = name_or_key.strip().lower()
    for candidate in features(category):
        if wanted in (candidate.key, candidate.name.lower()):
            return candidate
    raise KeyError(f"unknown {category} {name_or_key!r}")


@cache
def mutation_points() -> Mapping[str, int]:
    """The points of each mutation card, by key (the cards of :mod:`nqcore.rules.mutations`)."""
    from nqcore.rules.mutations import all_mutations

    return {m.key: m.points for m in all_mutations()}


# --- profiles -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pick:
    """An ability, trait or item of equipment a model has: its key, its level if it has levels,
    and what it is aimed at (the arch rival of a Nemesis)."""

    key: str
    level: str | None = None
    target: str | None = None

    def __str__(self) -> str:
        return self.key if self.level is None else f"{self.key} ({self.level})"


@dataclass(frozen=True)
class Armour:
    """A model's armour ("Creating A Profile" > Armour Values to Armoured Mount).

    ``value`` is the armour bought on the AR table (worn or natural); each flag adds +1: a shield,
    barding, a naturally armoured mount, and the free +1 a large model may have.
    ``resilience`` is the armour resilience level bought (RE -1 to -3).
    """

    value: int = 0
    shield: bool = False
    barding: bool = False
    armoured_mount: bool = False
    large_bonus: bool = False
    natural: bool = False
    resilience: int = 0
    description: str | None = None

    def __post_init__(self) -> None:
        allowed = characteristic_range("ar")
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise ValueError(f"AR must be a whole number, not {self.value!r}")
        if self.value not in allowed:
            raise ValueError(
                f"AR {self.value} is out of range: AR is {allowed.start} to {allowed.stop - 1}"
            )
        levels = data_file("characteristic_costs.toml")["resilience"]["levels"]
        if self.resilience != 0 and self.resilience not in levels:
            raise ValueError(
                f"armour resilience {self.resilience} is out of range: RE is 0 or "
                f"{min(levels)} to {max(levels)}"
            )

    @property
    def total(self) -> int:
        """The model's AR: the bought value plus every +1."""
        bonuses = (self.shield, self.barding, self.armoured_mount, self.large_bonus)
        return self.value + ARMOUR_BONUS * sum(bonuses)


@dataclass(frozen=True)
class Element:
    """A second or third element of a combination model (a mount, a driver, a weaponeer): its own
    RA, CC and ST, weapons and abilities; AC, T, W, CO and armour are the whole model's."""

    name: str
    ra: int | None = None
    cc: int | None = None
    st: int | None = None
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Pick, ...] = ()
    traits: tuple[Pick, ...] = ()

    def __post_init__(self) -> None:
        for key in ELEMENT_CHARACTERISTICS:
            value = getattr(self, key)
            if value is not None:
                check_characteristic(key, value)
        _check_picks("ability", self.abilities)
        _check_picks("trait", self.traits)


def _check_picks(category: str, picks: tuple[Pick, ...]) -> None:
    for pick in picks:
        try:
            found = feature(category, pick.key)
        except KeyError as error:
            raise ValueError(str(error.args[0])) from None
        found.level(pick.level)


@dataclass(frozen=True)
class Profile:
    """A model profile ("Model Profile"): the characteristics AC, RA, CC, ST, T, W, CO, the armour,
    the weapons (primary first), and abilities, traits, equipment and mutations by key.

    Every characteristic must lie in the range its cost table prices (``ValueError`` otherwise);
    RA and CC may be ``None`` for an inanimate model such as a chariot.
    """

    name: str
    ac: int
    ra: int | None
    cc: int | None
    st: int
    t: int
    w: int
    co: int
    model_type: ModelType = ModelType.CORE
    size: Size = Size.MEDIUM
    armour: Armour = field(default_factory=Armour)
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Pick, ...] = ()
    traits: tuple[Pick, ...] = ()
    equipment: tuple[Pick, ...] = ()
    mutations: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    elements: tuple[Element, ...] = ()
    specialist: Specialist | None = None
    mounted: bool = False
    general: bool = False
    key: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        for key in CHARACTERISTICS:
            value = getattr(self, key)
            if value is None and key in OPTIONAL_CHARACTERISTICS:
                continue
            check_characteristic(key, value)
        if not isinstance(self.model_type, ModelType):
            raise ValueError(f"model type must be a ModelType, not {self.model_type!r}")
        if not isinstance(self.size, Size):
            raise ValueError(f"size must be a Size, not {self.size!r}")
        _check_picks("ability", self.abilities)
        _check_picks("trait", self.traits)
        _check_picks("equipment", self.equipment)
        unknown = [m for m in self.mutations if m not in mutation_points()]
        if unknown:
            raise ValueError(f"unknown mutation(s) {', '.join(unknown)}")
        if self.mutations and not self.has("trait", "mutation"):
            raise ValueError("a model needs the mutation trait to take mutations")
        if self.spells:
            from nqcore.rules.spells import spell  # the spell cards belong to the magic engine

            for key in self.spells:
                try:
                    spell(key)
                except KeyError as error:
                    raise ValueError(str(error.args[0])) from None
        if self.armour.large_bonus and not self.size.is_large:
            raise ValueError("only a large model has the free +1 armour of the Large Model trait")

    @property
    def ar(self) -> int:
        """The model's armour value, tattoos included."""
        tattoo = self.pick("equipment", "magic-tattoos")
        tattoo_ar = int(tattoo.level.removeprefix("AR")) if tattoo and tattoo.level else 0
        return self.armour.total + tattoo_ar

    def characteristics(self) -> dict[str, int | None]:
        return {key: getattr(self, key) for key in CHARACTERISTICS}

    def all_picks(self, category: str) -> tuple[Pick, ...]:
        """The picks of ``category`` of the model and of all its elements."""
        own: tuple[Pick, ...] = getattr(self, _PICK_FIELDS[category])
        for element in self.elements:
            if category == "ability":
                own += element.abilities
            elif category == "trait":
                own += element.traits
        return own

    def pick(self, category: str, key: str) -> Pick | None:
        for candidate in self.all_picks(category):
            if candidate.key == key:
                return candidate
        return None

    def has(self, category: str, key: str) -> bool:
        return self.pick(category, key) is not None

    @property
    def magic_level(self) -> int | None:
        """0 for an Initiate, 1 to 4 for a Magic User, ``None`` for a model that casts no spells."""
        if self.has("trait", "initiate"):
            return 0
        picked = self.pick("trait", "magic-user")
        return None if picked is None or picked.level is None else int(picked.level)

    @property
    def is_combination(self) -> bool:
        return bool(self.elements)

    def satisfies(self, condition: str) -> bool:
        """Whether the model meets one of the abilities' conditions ("Individuals and characters
        only", "Large models only", ...)."""
        if condition in {t.value for t in ModelType}:
            return self.model_type.value == condition
        checks = {
            "large": lambda: self.size.is_large,
            "mounted": lambda: self.mounted,
            "magic-user": lambda: self.magic_level is not None,
            "musician": lambda: self.specialist is Specialist.MUSICIAN,
            "general": lambda: self.general,
            "strength-6": lambda: self.st >= 6,
            "shield": lambda: self.armour.shield,
            "unarmoured": lambda: self.ar == 0,
            "manufactured-armour": lambda: self.armour.value > 0 and not self.armour.natural,
        }
        if condition not in checks:
            raise KeyError(f"unknown condition {condition!r}")
        return bool(checks[condition]())


_PICK_FIELDS = {"ability": "abilities", "trait": "traits", "equipment": "equipment"}


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
_ELEMENT_FIELDS = frozenset({"name", "ra", "cc", "st", "weapons", "abilities", "traits"})


def _enum(kind: type[Enum], value: Any, what: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in kind)
        raise ValueError(f"unknown {what} {value!r}; choose one of {choices}") from None


def _picks(value: Any, what: str) -> tuple[Pick, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of keys or {{ key = ..., level = ... }} tables")
    picks = []
    for item in value:
        if isinstance(item, str):
            picks.append(Pick(item))
        elif isinstance(item, dict) and "key" in item:
            extra = sorted(set(item) - {"key", "level", "target"})
            if extra:
                raise ValueError(f"{what}: unknown field(s) {', '.join(extra)} in {item!r}")
            level = item.get("level")
            picks.append(
                Pick(str(item["key"]), None if level is None else str(level), item.get("target"))
            )
        else:
            raise ValueError(f"{what}: {item!r} is neither a key nor a table with a key")
    return tuple(picks)


def _weapons(value: Any, what: str) -> tuple[Weapon, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of armoury keys or weapon tables")
    found = []
    for index, item in enumerate(value):
        where = f"{what} #{index + 1}"
        if isinstance(item, str):
            try:
                found.append(armoury_weapon(item))
            except KeyError as error:
                raise ValueError(f"{where}: {error.args[0]}") from None
        elif isinstance(item, dict) and set(item) <= {"key", "pm"} and "key" in item:
            try:
                base = armoury_weapon(str(item["key"]))
            except KeyError as error:
                raise ValueError(f"{where}: {error.args[0]}") from None
            pm = item.get("pm", base.pm)
            if pm != base.pm:
                if pm != base.optional_pm:
                    raise ValueError(f"{where}: the {base.name} has no penetration modifier {pm}")
                base = base.with_optional_pm()
            found.append(base)
        elif isinstance(item, dict):
            try:
                found.append(weapon_from_record(item, where))
            except WeaponDataError as error:
                raise ValueError(str(error)) from None
        else:
            raise ValueError(f"{where}: {item!r} is neither an armoury key nor a weapon table")
    return tuple(found)


def _keys(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"{what} must be a list of keys, not {value!r}")
    return tuple(value)


def _flag(record: Mapping[str, Any], name: str) -> bool:
    value = record.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}")
    return value


def _element(record: Any, where: str) -> Element:
    if not isinstance(record, dict):
        raise ValueError(f"{where}: an element is a table")
    unknown = sorted(set(record) - _ELEMENT_FIELDS)
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(unknown)}")
    if "name" not in record:
        raise ValueError(f"{where}: missing field name")
    return Element(
        name=str(record["name"]),
        ra=record.get("ra"),
        cc=record.get("cc"),
        st=record.get("st"),
        weapons=_weapons(record.get("weapons", []), f"{where} weapons"),
        abilities=_picks(record.get("abilities", []), f"{where} abilities"),
        traits=_picks(record.get("traits", []), f"{where} traits"),
    )


def parse_profile(record: Mapping[str, Any], where: str = "profile") -> Profile:
    """A :class:`Profile` from a parsed TOML table; every error is a :class:`ProfileError` that
    names ``where`` and what is wrong."""
    try:
        if not isinstance(record, Mapping):
            raise ValueError("a profile is a table of fields")
        unknown = sorted(set(record) - _PROFILE_FIELDS)
        if unknown:
            raise ValueError(f"unknown field(s) {', '.join(unknown)}")
        missing = [name for name in ("name", "ac", "st", "t", "w", "co") if name not in record]
        missing += [name for name in ("ra", "cc") if name not in record]
        if missing:
            raise ValueError(f"missing field(s) {', '.join(missing)}")
        armour_record = record.get("armour", {})
        if not isinstance(armour_record, dict):
            raise ValueError("armour must be a table such as { value = 3, shield = true }")
        if "ar" in record:  # the shorthand `ar = 3`: armour bought, nothing else
            if "value" in armour_record:
                raise ValueError("give the armour value once, as ar or as armour.value")
            armour_record = {**armour_record, "value": record["ar"]}
        bad = sorted(set(armour_record) - _ARMOUR_FIELDS)
        if bad:
            raise ValueError(f"armour: unknown field(s) {', '.join(bad)}")
        armour = Armour(**armour_record)
        optional = {
            key: (None if record[key] in ("-", None) else record[key]) for key in ("ra", "cc")
        }
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
            model_type=_enum(ModelType, record.get("type", "core"), "model type"),
            size=_enum(Size, record.get("size", "medium"), "size"),
            armour=armour,
            weapons=_weapons(record.get("weapons", []), "weapons"),
            abilities=_picks(record.get("abilities", []), "abilities"),
            traits=_picks(record.get("traits", []), "traits"),
            equipment=_picks(record.get("equipment", []), "equipment"),
            mutations=_keys(record.get("mutations", []), "mutations"),
            spells=_keys(record.get("spells", []), "spells"),
            elements=tuple(
                _element(item, f"element #{i + 1}")
                for i, item in enumerate(record.get("element", []))
            ),
            specialist=None if specialist is None else _enum(Specialist, specialist, "specialist"),
            mounted=_flag(record, "mounted"),
            general=_flag(record, "general"),
            source=str(record.get("source", "")),
        )
    except ProfileError:
        raise
    except (ValueError, TypeError) as error:
        raise ProfileError(f"{where}: {error}") from None


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


@dataclass(frozen=True)
class SampleProfile:
    """One of the book's Sample Profiles, with the points it prints and the unit size of its
    Structure line."""

    profile: Profile
    printed_points: int
    section: str
    unit_size: Msg | None = None


@cache
def sample_profiles() -> tuple[SampleProfile, ...]:
    """The 14 Sample Profiles (``data/sample_profiles.toml``), in the book's order."""
    samples = []
    for index, record in enumerate(data_file("sample_profiles.toml")["profile"]):
        fields = dict(record)
        printed = fields.pop("printed_points")
        section = fields.pop("section")
        unit_size = _optional_msg(fields.pop("unit_size", None))
        where = f"sample_profiles.toml, profile #{index + 1} ({fields.get('key', '?')})"
        samples.append(
            SampleProfile(parse_profile(fields, where), int(printed), str(section), unit_size)
        )
    return tuple(samples)


def sample_profile(name_or_key: str) -> SampleProfile:
    """A sample profile by key or English name, case-insensitively."""
    wanted = name_or_key.strip().lower()
    for sample in sample_profiles():
        if wanted in (sample.profile.key, sample.profile.name.lower()):
            return sample
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
    for index, record in enumerate(data_file("example_profiles.toml")["profile"]):
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


# --- reference tables ---------------------------------------------------------------------------


def _feature_rows(category: str) -> tuple[tuple[Msg, Signed | Msg | None, Msg], ...]:
    rows: list[tuple[Msg, Signed | Msg | None, Msg]] = []
    for item in features(category):
        if item.levels and item.levels_from is None:
            for level in item.levels:
                rows.append((level.name, Signed(level.points), item.summary))
        elif item.levels_from is not None or item.priced_by is not None:
            rows.append((item.name, N_("Points vary"), item.summary))
        elif not item.points:
            rows.append((item.name, N_("Free"), item.summary))
        else:
            rows.append((item.name, Signed(item.points), item.summary))
    return tuple(rows)


@register_table("abilities")
def abilities_table() -> Table:
    """Abilities: name, points per model, summary."""
    return Table(
        key="abilities",
        title=N_("Abilities"),
        columns=(N_("Ability"), N_("Points"), N_("Summary")),
        rows=_feature_rows("ability"),
        source="Abilities",
        notes=(N_("All points values are per model."),),
    )


@register_table("traits")
def traits_table() -> Table:
    """Traits: name, points per model, summary (Magic User: see the magic user levels)."""
    return Table(
        key="traits",
        title=N_("Traits"),
        columns=(N_("Trait"), N_("Points"), N_("Summary")),
        rows=_feature_rows("trait"),
        source="Traits",
        notes=(
            N_("All points values are per model."),
            N_("Traits do not count towards the number of abilities a model may have."),
        ),
    )


@register_table("equipment")
def equipment_table() -> Table:
    """Equipment: name, points per model, summary (grenades: see the grenades table)."""
    return Table(
        key="equipment",
        title=N_("Equipment"),
        columns=(N_("Equipment"), N_("Points"), N_("Summary")),
        rows=_feature_rows("equipment"),
        source="Equipment",
        notes=(N_("All points values are per model."),),
    )


@register_table("equipment-magic-tattoos")
def magic_tattoos_table() -> Table:
    """Equipment > Magic Tattoos: the points of each tattoo armour value."""
    tattoos = feature("equipment", "magic-tattoos")
    return Table(
        key="equipment-magic-tattoos",
        title=N_("Magic tattoos"),
        columns=(N_("Tattoo AR"), N_("Points Cost")),
        rows=tuple(
            (int(level.level.removeprefix("AR")), Signed(level.points)) for level in tattoos.levels
        ),
        source=tattoos.source,
    )
