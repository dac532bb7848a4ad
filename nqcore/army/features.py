"""The catalogue of the abilities, traits and equipment a model takes by key ("Abilities",
"Traits", "Equipment", "Mutation"), with their levels, costs and conditions, read from
``data/abilities.toml``, ``data/traits.toml`` and ``data/equipment.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.book.named_values import named_values
from nqcore.data import datafiles
from nqcore.filled import filled
from nqcore.i18n import N_, Msg, Refusal, Typed, UnknownName

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
    #: The label of the section whose rule the restriction states, if not the feature's own.
    rule: str | None = None
    special_attack_mode: bool = False
    priced_by: str | None = None
    levels_from: str | None = None

    def level(self, wanted: str | None) -> Level | None:
        """The level named ``wanted`` (``None`` for a feature without levels)."""
        if not self.levels:
            if wanted is not None:
                raise Refusal(
                    N_("{name} has no levels, not {level}"), name=self.name, level=Typed(wanted)
                )
            return None
        if wanted is None:
            choices = ", ".join(level.level for level in self.levels[:6])
            raise Refusal(
                N_("{name} needs a level, such as {levels}"), name=self.name, levels=choices
            )
        canonical = _canonical_level(self.key, wanted)
        for level in self.levels:
            if level.level.lower() == canonical.lower():
                return level
        choices = ", ".join(level.level for level in self.levels[:8])
        raise Refusal(
            N_("{name} has no level {level}; levels: {levels}"),
            name=self.name,
            level=Typed(wanted),
            levels=choices,
        )

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


class LevelsFrom(Enum):
    """Where a feature's levels come from when its record lists none: a table of the engine."""

    GRENADES = "grenades"
    MAGIC_USER_LEVELS = "magic-user-levels"


def _inches_text(inches: Fraction) -> str:
    whole, rest = divmod(inches, 1)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(whole)


def _grenade_levels() -> tuple[Level, ...]:
    data = datafiles.load("weapon_creation.toml")["grenades"]
    levels = []
    for st, row in zip(data["strengths"], data["costs"], strict=True):
        for size, cost in zip(data["sizes"], row, strict=True):
            text = f'ST{st} {_inches_text(Fraction(str(size)))}"'
            levels.append(Level(text, N_("Grenades"), cost))
            levels.append(Level(f"{text} knock prone", N_("Grenades"), cost + data["knock_prone"]))
    return tuple(levels)


#: The words of a grenade's level key ("ST3 1½\" knock prone"), as the engine names them.
_LEVEL_WORDS = (
    (re.compile(r"\bST(?=\d)"), N_("ST")),
    (re.compile(r"\bAR(?=\d)"), N_("AR")),  # magic tattoos' « Ar4 »
    (re.compile(r"\bknock prone\b"), N_("Knock Prone")),
)


def level_parts(key: str) -> tuple[Msg | str, ...]:
    """A level key as a reader reads it: its words as messages, said in the reader's language
    (« F3 1½" Mise à terre »), the rest as written.

    >>> level_parts('ST3 1½" knock prone')
    ('ST', '3 1½" ', 'Knock Prone')
    """
    found = sorted(
        (match.start(), match.end(), word)
        for pattern, word in _LEVEL_WORDS
        for match in pattern.finditer(key)
    )
    parts: list[Msg | str] = []
    end = 0
    for start, stop, word in found:
        parts += [key[end:start], word]
        end = stop
    parts.append(key[end:])
    return tuple(part for part in parts if part)


def _magic_user_levels() -> tuple[Level, ...]:
    return tuple(
        Level(str(r["level"]), N_("Magic User"), r["cost"])
        for r in datafiles.load("characteristic_costs.toml")["magic_level"]
        if r["level"] > 0
    )


_GRENADE_PATTERN = re.compile(
    r'^\s*ST\s*(\d+)\s*,?\s*(\d*(?:\.\d+)?½?)\s*(?:"|in|inch|inches)?\s*(knock[ -]prone)?\s*$',
    re.IGNORECASE,
)


def _canonical_level(key: str, wanted: str) -> str:
    """Accept the easy spellings of a level: ``x2`` or ``2`` for Extra Attack, ``ST4 1.5`` for a
    grenade, ``3`` for tattoos (AR3) or runes (RE +3)."""
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
    if key == "armour-runes-of-defiance":
        return _resilience_level(text)
    if key == "fear" and text.startswith("(") and text.endswith(")"):
        return text[1:-1]
    return text


_RESILIENCE_PATTERN = re.compile(r"^\s*(?:RE\s*)?[-+\u2212]?\s*(\d+)\s*$", re.IGNORECASE)


def _resilience_level(text: str) -> str:
    """A level of the runes as this edition reads it, "RE +2", from ``2``, ``+2``, ``RE 2`` or the
    2007 book's sign, ``-2`` or ``RE -2`` (erratum resilience-sign: the size counts, not the sign).

    >>> _resilience_level("RE -2"), _resilience_level("3"), _resilience_level("re \u22121")
    ('RE +2', 'RE +3', 'RE +1')
    """
    match = _RESILIENCE_PATTERN.match(text)
    return f"RE +{int(match[1])}" if match else text


#: The engine's tables of levels, by the ``levels_from`` that names them.
_LEVELS_FROM = {
    LevelsFrom.GRENADES: _grenade_levels,
    LevelsFrom.MAGIC_USER_LEVELS: _magic_user_levels,
}


def _feature(category: str, record: dict[str, Any]) -> Feature:
    """An ability, trait or item of equipment from its record, which its schema
    (``rules_schema.Feature``) has checked."""
    levels: tuple[Level, ...] = ()
    if "levels" in record:
        levels = tuple(
            Level(item["level"], Msg(item["name"]), item["points"]) for item in record["levels"]
        )
    elif "levels_from" in record:
        levels = _LEVELS_FROM[LevelsFrom(record["levels_from"])]()
    where = f"{datafiles.PREFIX}{_FEATURE_FILES[category]} [{record['key']}]"
    return Feature(
        key=record["key"],
        name=Msg(record["name"]),
        category=category,
        summary=filled(record["summary"], named_values, f"{where} summary"),
        source=record["source"],
        points=record.get("points"),
        levels=levels,
        only=frozenset(record.get("only", [])),
        requires=frozenset(record.get("requires", [])),
        note=Msg(record["note"]) if "note" in record else None,
        rule=record.get("rule"),
        special_attack_mode=record.get("special_attack_mode", False),
        priced_by=record.get("priced_by"),
        levels_from=record.get("levels_from"),
    )


@cache
def features(category: str) -> tuple[Feature, ...]:
    """Every ability, trait or item of equipment (``category``), in the book's order."""
    if category not in _FEATURE_FILES:
        raise KeyError(f"unknown category {category!r}; choose one of {', '.join(CATEGORIES)}")
    records = datafiles.load(_FEATURE_FILES[category]).get(category, [])
    return tuple(_feature(category, record) for record in records)


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
    raise UnknownName(_UNKNOWN.get(category, N_("unknown name {name}")), name=Typed(name_or_key))


#: The refusal of a name no ability, trait or item of equipment has.
_UNKNOWN: dict[str, Msg] = {
    "ability": N_("unknown ability {name}"),
    "trait": N_("unknown trait {name}"),
    "equipment": N_("unknown equipment {name}"),
}


@cache
def mutation_points() -> Mapping[str, int]:
    """The points of each mutation card, by key (the cards of :mod:`nqcore.rules.mutations`)."""
    from nqcore.rules.mutations import all_mutations

    return {m.key: m.points for m in all_mutations()}
