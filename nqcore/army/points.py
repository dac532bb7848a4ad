"""The costs of "Creating A Profile": line items and breakdowns, the characteristic, armour and
magic cost tables (``data/characteristic_costs.toml``), the model types by points, the book's
maxima and limits.

A weapon's cost is :mod:`nqcore.army.weapon_costs`, a whole profile's
:mod:`nqcore.army.profile_points`, the warnings of a profile :mod:`nqcore.army.profile_warnings`.
The book's maxima are recommendations, so breaking one gives a warning in the breakdown, never an
error; a value that no cost table prices is an error.  The chapter's tables are built from these
functions by :mod:`nqcore.tables.profile_tables` and :mod:`nqcore.tables.weapon_tables`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from nqcore.army.characteristics import ModelType, Size
from nqcore.book.book_warnings import BookWarning
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg, Refusal
from nqcore.tables.registry import Phrase

if TYPE_CHECKING:
    from nqcore.army.profiles import Profile

#: Docs labels (kebab-case English headings) of the sections a line item or a rule comes from, as
#: the chapters creating-a-profile.md and weapon-creation.md label them.
SECTIONS: Mapping[str, str] = {
    "ac": "action-values",
    "ra": "ranged-attack-values",
    "cc": "close-combat-values",
    "st": "strength-values",
    "t": "toughness-values",
    "w": "wound-values",
    "co": "command-values",
    "minimum": "creating-a-profile",
    "armour": "creating-a-profile-armour-values",
    "shield": "shield-cost",
    "barding": "barding-cost-armoured-mount",
    "armoured-mount": "armoured-mount",
    "large-armour": "natural-armour-values",
    "resilience": "adding-armour-resilience",
    "weapons": "weapon-selection",
    "ability": "selecting-abilities",
    "trait": "selecting-traits",
    "negative": "selecting-negative-abilities-or-traits",
    "equipment": "selecting-equipment",
    "mutation": "mutations",
    "limits": "ability-trait-and-equipment-maximums",
    "specialist": "standard-bearers-and-musicians",
    "core-elite": "core-and-elite-points-values",
    "elite-models": "maximum-number-of-elite-models",
    "magic": "magic-user-points-values",
    "combination": "calculating-combination-models",
    "cc-strength": "close-combat-strength-bonus",
    "pm": "weapon-creation-penetration-modifier-points-cost",
    "reach": "extended-reach-points-cost",
    "ranged-strength": "ranged-combat-strength",
    "range": "maximum-range-points-cost",
    "range-modifier": "weapon-creation-range-modifier-points-cost",
    "support-strength": "support-weapon-strength-points-cost",
    "support-use-cost": "support-weapon-use-cost",
    "area-effect": "area-effect-points-cost",
    "strength-to-range": "strength-to-range-ratio",
    "strength-to-area": "strength-to-area-effect-ratio",
    "teardrop-use-cost": "teardrop-template-use-cost",
    "teardrop-points": "teardrop-template-points-cost",
    "teardrop-strength": "strength-to-area-effect-ratio-teardrop",
    "grenades": "creating-grenades",
    "grenades-knock-prone": "grenades-with-knock-prone",
    "knock-prone": "knock-prone-points-cost",
    "burst": "burst-fire-points-cost",
    "indirect": "indirect-fire-points-cost",
    "travel": "projectile-travel-points-cost",
    "save-x2": "save-x2-points-cost",
    "extra-wound": "extra-wound-points-cost",
}


# --- line items and breakdowns ------------------------------------------------------------------


@dataclass(frozen=True)
class LineItem:
    """One priced part of a model or weapon: the section that prices it, what it is, its points.

    ``subject`` is English; ``phrase``, when given, says the same in translatable parts, so that
    ``nq --lang fr points`` prints every item in French (:attr:`parts`).
    """

    section: str
    subject: str
    points: int
    phrase: Phrase | None = None

    @property
    def label(self) -> str:
        """What the item is (an alias of :attr:`subject`)."""
        return self.subject

    @property
    def parts(self) -> Phrase:
        """The item's name as translatable parts (the English subject when it has no phrase)."""
        return self.phrase if self.phrase is not None else Phrase((Msg(self.subject),))


@dataclass(frozen=True)
class PointsBreakdown:
    """The price of a model (or weapon) item by item.

    ``items`` are paid per model and add up to :attr:`total`; ``unit_items`` are paid once per
    unit (the spell of a unit of Initiates).  ``warnings`` are the book's recommendations that the
    profile breaks (maxima, restrictions); they never change the points.
    """

    items: tuple[LineItem, ...]
    warnings: tuple[BookWarning, ...] = ()
    unit_items: tuple[LineItem, ...] = ()
    classification: ModelType | None = None

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def lines(self) -> tuple[LineItem, ...]:
        """The per-model items (an alias of :attr:`items`)."""
        return self.items

    def section_total(self, section: str) -> int:
        return sum(item.points for item in self.items if item.section == section)

    def __int__(self) -> int:
        return self.total


# --- cost tables ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CostTable:
    """A characteristic cost table of Creating A Profile, with its recommended maxima by type."""

    key: str
    abbreviation: str
    name: Msg
    costs: Mapping[int, int]
    maximum: Mapping[ModelType, int]
    source: str

    def cost(self, value: int) -> int:
        try:
            return self.costs[value]
        except KeyError:
            low, high = min(self.costs), max(self.costs)
            raise ValueError(
                f"{self.abbreviation} {value} has no points cost: the {self.name} table prices "
                f"{low} to {high}"
            ) from None


def _costs() -> dict[str, Any]:
    return datafiles.load("characteristic_costs.toml")


def _creation() -> dict[str, Any]:
    return datafiles.load("weapon_creation.toml")


@cache
def cost_tables() -> Mapping[str, CostTable]:
    """The seven characteristic cost tables, by key (``ac`` ... ``co``), in profile order."""
    tables = {}
    for record in _costs()["characteristic"]:
        tables[record["key"]] = CostTable(
            key=record["key"],
            abbreviation=record["abbreviation"],
            name=Msg(record["name"]),
            costs=dict(zip(record["values"], record["costs"], strict=True)),
            maximum={ModelType(k): v for k, v in record.get("maximum", {}).items()},
            source=record["source"],
        )
    return tables


def characteristic_cost(key: str, value: int) -> int:
    """The points of one characteristic value ("the points values are not cumulative").

    >>> characteristic_cost("co", 6)
    6
    """
    return cost_tables()[key].cost(value)


def _table(section: dict[str, Any], what: str) -> dict[Any, int]:
    return dict(zip(section["values"], section["costs"], strict=True))


def armour_cost(value: int) -> int:
    """The points of an armour value bought on the AR table.

    >>> armour_cost(4)
    7
    """
    costs = _table(_costs()["armour"], "AR")
    if value not in costs:
        raise ValueError(f"AR {value} has no points cost: the AR table prices 0 to {max(costs)}")
    return costs[value]


def shield_cost() -> int:
    """A shield: AR +1 for +1 point."""
    return int(_costs()["armour"]["shield"])


def barding_cost() -> int:
    """Barding: AR +1 for +3 points."""
    return int(_costs()["armour"]["barding"])


def armoured_mount_cost() -> int:
    """A naturally armoured mount: AR +1 "just as if it had barding" (+3 points)."""
    return int(_costs()["armour"]["armoured_mount"])


def resilience_cost(level: int) -> int:
    """Armour resilience RE +1, +2, +3 (given as 1, 2, 3, or -1, -2, -3 with the 2007 book's sign,
    erratum resilience-sign): 1, 3, 6 points."""
    record = _costs()["resilience"]
    costs = dict(zip(record["levels"], record["costs"], strict=True))
    if abs(level) not in costs:
        raise Refusal(
            N_("armour resilience RE +{level} is not priced: RE +1 to +3"), level=abs(level)
        )
    return int(costs[abs(level)])


def magic_level_cost(level: int) -> int:
    """The points of a magic user level, 0 (Initiate) to 4 (named characters only)."""
    for record in _costs()["magic_level"]:
        if record["level"] == level:
            return int(record["cost"])
    raise ValueError(f"magic level {level} is not priced: magic levels are 0 to 4")


def _rules() -> dict[str, Any]:
    rules: dict[str, Any] = _costs()["rules"]
    return rules


def minimum_points() -> int:
    """The minimum points value of a model: 9."""
    return int(_rules()["minimum_points"])


def core_points_limit(size: Size = Size.MEDIUM) -> int:
    """The most a core model may cost: 35, or 55 for a large model ("Core And Elite Points
    Values")."""
    key = "large_core_maximum" if size.is_large else "core_maximum"
    return int(_rules()[key])


def classify(points: int, size: Size = Size.MEDIUM) -> ModelType:
    """Core or elite by points ("Core And Elite Points Values").

    >>> classify(35).value, classify(36).value, classify(55, Size.LARGE).value
    ('core', 'elite', 'core')
    """
    return ModelType.CORE if points <= core_points_limit(size) else ModelType.ELITE


def stated_type(profile: Profile) -> ModelType | None:
    """The type the book states for a sample profile's composition, whatever its points (the
    Growler One Horn: "treated as the core troops for composition purposes"), for the profile
    as the book prints it, whatever its name (the builder names it by the book's heading); none
    for any other profile (or one changed from the book's), which is core or elite by its points
    (:func:`classify`)."""
    from nqcore.army.profile_files import sample_profile

    for record in datafiles.load("sample_profiles.toml")["profile"]:
        if profile.key and record["key"] == profile.key and "composition" in record:
            book = sample_profile(profile.key).profile
            if dataclasses.replace(book, name=profile.name) == profile:
                return ModelType(record["composition"])
    return None


def max_elite_models(core_models: int) -> int:
    """The most elite models an army should have: two thirds of its core models, rounded down
    ("Maximum Number Of Elite Models").

    >>> max_elite_models(20)
    13
    """
    numerator, denominator = _rules()["elite_ratio"]
    return int(core_models * numerator // denominator)


def specialist_cost(profile_points: int) -> int:
    """The extra cost of a standard bearer or musician: 25% of the model's points, rounded down.

    >>> specialist_cost(33)
    8
    """
    return int(profile_points * _rules()["specialist_percent"] // 100)


def additional_weapon_cost(points: int) -> int:
    """A second or later weapon costs half its normal points, rounded up ("Weapon Selection").

    >>> additional_weapon_cost(3)
    2
    """
    return -(-points // 2)


def recommended_maximum(key: str, model_type: ModelType, *, mounted: bool = False) -> int | None:
    """The recommended maximum of a characteristic (``ac`` ... ``co``) or of ``ar`` for a model
    type; ``None`` where the book recommends none.  Mounted models may have +1 AR and +1 W."""
    if key == "ar":
        record = _costs()["armour"]
        value = record.get("maximum", {}).get(model_type.value)
        bonus = record["mounted_maximum_bonus"] if mounted else 0
        return None if value is None else int(value) + int(bonus)
    maximum: int | None = cost_tables()[key].maximum.get(model_type)
    if maximum is not None and key == "w" and mounted:
        maximum += 1
    return maximum


def ability_limits(model_type: ModelType) -> dict[str, int] | None:
    """The recommended maximum number of abilities, traits and equipment for a model type."""
    record = _costs()["limits"]
    if model_type.value not in record["types"]:
        return None
    index = record["types"].index(model_type.value)
    return {name: int(record[name][index]) for name in ("abilities", "traits", "equipment")}
