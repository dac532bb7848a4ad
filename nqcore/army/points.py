"""What a model and a weapon cost: the "Creating A Profile" chapter and weapon creation.

Book sections: "Creating A Profile" (Action Values to Calculating Combination Models), "Close
Combat Weapon Creation", "Ranged Weapon Creation", "Support Weapon Creation", "Teardrop Template
Creation", "Creating Grenades", "Weapon Special Rules", "Profile Creation Summary".  The cost tables
live in ``data/characteristic_costs.toml`` and ``data/weapon_creation.toml``.

:func:`profile_points` prices a :class:`~nqcore.army.profiles.Profile` item by item, and
:func:`weapon_points` prices a weapon from the creation tables.  The book's maxima are
recommendations, so breaking one gives a warning in the breakdown, never an error; a value that no
cost table prices is an error.  The chapters' tables are built from these functions by
:mod:`nqcore.tables.profile_tables` and :mod:`nqcore.tables.weapon_tables`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.army.armoury import TEARDROP_SIZES, Weapon, WeaponKind
from nqcore.army.profiles import (
    ABBREVIATIONS,
    CHARACTERISTICS,
    ModelType,
    Profile,
    Size,
    Specialist,
    data_file,
    feature,
    mutation_points,
)
from nqcore.book.book_warnings import RESTRICTED, BookWarning, Owner, warn
from nqcore.i18n import N_, Msg
from nqcore.tables.registry import Phrase, Signed

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
    return data_file("characteristic_costs.toml")


def _creation() -> dict[str, Any]:
    return data_file("weapon_creation.toml")


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
    """Armour resilience RE -1, -2, -3 (given as 1, 2, 3 or -1, -2, -3): 1, 3, 6 points."""
    record = _costs()["resilience"]
    costs = dict(zip(record["levels"], record["costs"], strict=True))
    if abs(level) not in costs:
        raise ValueError(f"armour resilience RE -{abs(level)} is not priced: RE -1 to -3")
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


# --- weapon creation -----------------------------------------------------------------------------


def _inch_label(size: Fraction | float | int) -> str:
    """Inches as the book prints them: 1, 1½, ½."""
    whole, rest = divmod(Fraction(str(size)), 1)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(Fraction(str(size)))


def _lookup(table: Mapping[Any, int], value: Any, what: str) -> int:
    if value not in table:
        known = ", ".join(str(v) for v in table)
        raise ValueError(f"{what} {value} is not priced; the table gives {known}")
    return table[value]


def cc_strength_bonus_cost(bonus: int) -> int:
    """Close Combat Strength Bonus: ST +0/+1/+2/+3 cost 0/3/8/14."""
    return _lookup(
        _table(_creation()["cc_strength_bonus"], ""), bonus, "a close combat ST bonus of"
    )


def pm_cost(pm: int) -> int:
    """Penetration Modifier Points Cost: PM 0/-1/-2/-3 cost 0/1/3/6."""
    return _lookup(_table(_creation()["penetration"], ""), pm, "a penetration modifier of")


def _inch_table(section: dict[str, Any], values: str = "values") -> dict[Fraction, int]:
    return {
        Fraction(str(v)): int(c) for v, c in zip(section[values], section["costs"], strict=True)
    }


def reach_cost(inches: Fraction | int | float) -> int:
    """Extended Reach Points Cost: 1" +1, 1½" +2, 2" +4."""
    return _lookup(_inch_table(_creation()["reach"]), Fraction(str(inches)), "an extended reach of")


def ranged_strength_cost(st: int) -> int:
    """Ranged Combat Strength: ST 3/4/5/6 cost -1/0/+2/+4."""
    return _lookup(_table(_creation()["ranged_strength"], ""), st, "a ranged weapon ST of")


def _range_bands() -> list[dict[str, Any]]:
    return list(_creation()["range_band"])


def range_cost(ranges: Sequence[int]) -> int:
    """Maximum Range Points Cost, by the maximum close, medium and long ranges in inches.

    >>> range_cost((10, 20, 30))
    4
    """
    for band in _range_bands():
        if tuple(band["ranges"]) == tuple(ranges):
            return int(band["cost"])
    known = ", ".join("/".join(str(r) for r in band["ranges"]) for band in _range_bands())
    shown = "/".join(str(r) for r in ranges)
    raise ValueError(f'range band {shown}" is not priced; the bands are {known}')


#: "Range Modifier Points Cost": the basic range modifiers, assumed unless otherwise stated (free).
BASIC_RANGE_MODIFIERS: tuple[int, int, int] = (1, 0, -1)


def range_modifier_cost(modifiers: Sequence[int]) -> int:
    """Range Modifier Points Cost, by the RA modifiers at close, medium and long range; the basic
    +1/+0/-1 costs nothing."""
    for row in _creation()["range_modifier"]:
        if tuple(row["modifiers"]) == tuple(modifiers):
            return int(row["cost"])
    shown = "/".join(f"{m:+d}" for m in modifiers)
    known = ", ".join(
        "/".join(f"{m:+d}" for m in row["modifiers"]) for row in _creation()["range_modifier"]
    )
    raise ValueError(f"range modifiers {shown} are not priced; the table gives {known}")


def support_strength_cost(st: int) -> int:
    """Support Weapon Strength Points Cost (also teardrop weapons): ST 3 to 9."""
    return _lookup(_table(_creation()["support_strength"], ""), st, "a support weapon ST of")


def support_weapon_use_cost(st: int) -> int:
    """The use cost of a created support weapon: its strength.

    Use Cost For Support Weapons gives UC equal to ST "in most cases", as all nine armoury support
    weapons have it; Support Weapon Use Cost prints ST + 1 (an erratum, errata/ranged.toml).  The
    rule is the ranged combat engine's.
    """
    from nqcore.rules.ranged import support_weapon_use_cost as ranged_support_weapon_use_cost

    return ranged_support_weapon_use_cost(st)


def area_effect_cost(diameter: Fraction | int | float) -> int:
    """Area Effect Points Cost, by blast template diameter: 1" 3, 1½" 4, 2" 6, 2½" 9, 3" 12."""
    table = _inch_table(_creation()["area_effect"], "sizes")
    return _lookup(table, Fraction(str(diameter)), "a blast template of")


def max_strength_for_range(ranges: Sequence[int]) -> int:
    """Strength To Range Ratio: the recommended maximum ST of a weapon with this range band."""
    for band in _range_bands():
        if tuple(band["ranges"]) == tuple(ranges):
            return int(band["max_strength"])
    raise ValueError(f"range band {'/'.join(str(r) for r in ranges)} has no recommended strength")


def max_strength_for_area(diameter: Fraction | int | float) -> int:
    """Strength To Area Effect Ratio: the recommended maximum ST of a blast weapon."""
    section = _creation()["area_effect"]
    table = {
        Fraction(str(s)): int(m)
        for s, m in zip(section["sizes"], section["max_strength"], strict=True)
    }
    return _lookup(table, Fraction(str(diameter)), "a blast template of")


def _teardrop(size: str) -> dict[str, Any]:
    for record in _creation()["teardrop"]:
        if record["size"] == size:
            return dict(record)
    raise ValueError(
        f"unknown teardrop template {size!r}; choose one of {', '.join(TEARDROP_SIZES)}"
    )


_TEARDROP_SIZES = {"TTS": "small", "TTM": "medium", "TTL": "large"}


def teardrop_use_cost(st: int, size: str) -> int:
    """The use cost of a teardrop template attack of ``size`` (TTS, TTM, TTL): one higher than
    its strength, at least 5, 6 or 8 ("Use Cost For Teardrop Templates"; the rule is the ranged
    combat engine's, :func:`nqcore.rules.ranged.teardrop_use_cost`).

    >>> teardrop_use_cost(5, "TTS"), teardrop_use_cost(5, "TTM"), teardrop_use_cost(6, "TTL")
    (6, 6, 8)
    """
    from nqcore.rules.ranged import TeardropSize
    from nqcore.rules.ranged import teardrop_use_cost as ranged_teardrop_use_cost

    _teardrop(size)
    return ranged_teardrop_use_cost(TeardropSize(_TEARDROP_SIZES[size]), st)


def teardrop_points(size: str) -> int:
    """Teardrop Template Points Cost: TTS 6, TTM 14, TTL 32."""
    return int(_teardrop(size)["points"])


def teardrop_max_strength(size: str) -> int:
    """The recommended maximum ST of a teardrop weapon: TTS 8, TTM 7, TTL 6."""
    return int(_teardrop(size)["max_strength"])


def grenade_points(st: int, diameter: Fraction | int | float, *, knock_prone: bool = False) -> int:
    """Creating Grenades: points by ST (3 to 6) and blast diameter (½" to 3"); knock prone +2.

    >>> grenade_points(4, Fraction(3, 2))
    4
    """
    data = _creation()["grenades"]
    if st not in data["strengths"]:
        raise ValueError(f"a grenade of ST {st} is not priced: grenades are ST 3 to 6")
    row = data["costs"][data["strengths"].index(st)]
    sizes = {Fraction(str(s)): int(c) for s, c in zip(data["sizes"], row, strict=True)}
    cost = _lookup(sizes, Fraction(str(diameter)), "a grenade blast template of")
    return cost + (int(data["knock_prone"]) if knock_prone else 0)


def grenade_use_cost(st: int) -> int:
    """Throwing a grenade costs as many actions as its strength ("Throwing Grenades")."""
    return st


def cc_weapon_use_cost(st_bonus: int) -> int:
    """A close combat weapon's use cost: 3 plus its ST bonus ("Weapon Profile": generally)."""
    return 3 + st_bonus


def ranged_weapon_use_cost(st: int) -> int:
    """A created ranged weapon's use cost: its strength, as the Ranged Combat Weapon Profiles of
    the Profile Creation Summary give it (the armoury's Bow, Pistol and Musket agree)."""
    return st


@dataclass(frozen=True)
class SpecialRuleCost:
    """A weapon special rule's cost and the kinds of weapon that may take it."""

    key: str
    name: Msg
    cost: int
    kinds: frozenset[WeaponKind]


@cache
def special_rule_costs() -> Mapping[str, SpecialRuleCost]:
    """Weapon Special Rules: knock prone, burst fire, indirect, travel, save (x2), extra wound."""
    return {
        r["key"]: SpecialRuleCost(
            r["key"], Msg(r["name"]), int(r["cost"]), frozenset(WeaponKind(k) for k in r["kinds"])
        )
        for r in _creation()["special_rule"]
    }


def special_rule_cost(key: str, kind: WeaponKind) -> int:
    """The cost of a weapon special rule on a weapon of ``kind``; ``ValueError`` where the book
    does not allow it.

    >>> special_rule_cost("burst-x3", WeaponKind.SUPPORT)
    10
    """
    rule = special_rule_costs()[key]
    if kind not in rule.kinds:
        allowed = ", ".join(sorted(k.value for k in rule.kinds))
        raise ValueError(f"{rule.name} is not for {kind.value} weapons, only for {allowed}")
    return rule.cost


def _special_rules(weapon: Weapon) -> list[tuple[str, str]]:
    """The (special rule key, section) pairs a weapon pays for."""
    found: list[tuple[str, str]] = []
    if weapon.knock_prone and weapon.kind is not WeaponKind.GRENADE:
        found.append(("knock-prone", "knock-prone"))
    if weapon.burst > 1:
        found.append((f"burst-x{weapon.burst}", "burst"))
    if weapon.indirect and weapon.kind is not WeaponKind.GRENADE:
        found.append(("indirect", "indirect"))
    if weapon.travel is not None:
        found.append((f"travel-d{weapon.travel}", "travel"))
    if weapon.save_x2:
        found.append(("save-x2", "save-x2"))
    if weapon.extra_wound:
        found.append(("extra-wound", "extra-wound"))
    return found


def weapon_points(weapon: Weapon) -> PointsBreakdown:
    """What ``weapon`` costs when created from the weapon creation tables, item by item.

    The armoury's own prices are the weapons' prices; this is what a new weapon costs, and what
    the armoury's prices are checked against.  Values no table prices raise ``ValueError``.

    >>> from nqcore.army.armoury import weapon
    >>> weapon_points(weapon("Bolt Thrower")).total
    19
    """
    items: list[LineItem] = []
    warnings: list[BookWarning] = []
    name = str(weapon.name)
    label = Msg(name)

    def add(section: str, subject: str, points: int) -> None:
        items.append(LineItem(SECTIONS[section], f"{name}: {subject}", points))

    kind = weapon.kind
    if kind is WeaponKind.CLOSE_COMBAT:
        bonus = weapon.st_bonus or 0
        add("cc-strength", f"ST{bonus:+d}", cc_strength_bonus_cost(bonus))
        if weapon.uc is not None and weapon.uc != cc_weapon_use_cost(bonus):
            warnings.append(
                warn("close-combat-use-cost", name=label, uc=weapon.uc, bonus=f"{bonus:+d}",
                     expected=cc_weapon_use_cost(bonus))
            )  # fmt: skip
        if weapon.reach is not None:
            add("reach", f'extended reach {_inch_label(weapon.reach)}"', reach_cost(weapon.reach))
        for rule in ("two-ranks", "charge-only"):
            if rule in weapon.rules:
                warnings.append(warn("unpriced-rule", name=label, rule=rule))
    elif kind is WeaponKind.GRENADE:
        if weapon.blast is None or weapon.st is None:
            raise ValueError(f"{name}: a grenade needs a strength and a blast template")
        add(
            "grenades",
            f'ST{weapon.st} {_inch_label(weapon.blast)}" blast',
            grenade_points(weapon.st, weapon.blast),
        )
        if weapon.knock_prone:
            add("grenades-knock-prone", "knock prone", int(_creation()["grenades"]["knock_prone"]))
    elif kind is WeaponKind.TEARDROP:
        if weapon.st is None or weapon.teardrop is None:
            raise ValueError(f"{name}: a teardrop weapon needs a strength and a template size")
        add("support-strength", f"ST{weapon.st}", support_strength_cost(weapon.st))
        add("teardrop-points", weapon.teardrop, teardrop_points(weapon.teardrop))
        expected = teardrop_use_cost(weapon.st, weapon.teardrop)
        if weapon.uc is not None and weapon.uc != expected:
            warnings.append(
                warn("teardrop-use-cost", name=label, uc=weapon.uc, template=weapon.teardrop,
                     st=weapon.st, expected=expected)
            )  # fmt: skip
        if weapon.st > teardrop_max_strength(weapon.teardrop):
            warnings.append(
                warn("teardrop-strength", name=label, st=weapon.st,
                     maximum=teardrop_max_strength(weapon.teardrop), template=weapon.teardrop)
            )  # fmt: skip
    else:
        if weapon.st is None or len(weapon.ranges) != 3:
            raise ValueError(f"{name}: a {kind.value} weapon needs a strength and three ranges")
        maxima = tuple(band.max_inches for band in weapon.ranges)
        modifiers = tuple(band.modifier for band in weapon.ranges)
        if kind is WeaponKind.RANGED:
            add("ranged-strength", f"ST{weapon.st}", ranged_strength_cost(weapon.st))
        else:
            add("support-strength", f"ST{weapon.st}", support_strength_cost(weapon.st))
        add("range", "range " + "/".join(str(m) for m in maxima), range_cost(maxima))
        add(
            "range-modifier",
            "range modifiers " + "/".join(f"{m:+d}" for m in modifiers),
            range_modifier_cost(modifiers),
        )
        if weapon.blast is not None:
            if kind is not WeaponKind.SUPPORT:
                raise ValueError(f"{name}: only support weapons have a blast template")
            blast = _inch_label(weapon.blast)
            add("area-effect", f'{blast}" blast', area_effect_cost(weapon.blast))
            if weapon.st > max_strength_for_area(weapon.blast):
                warnings.append(
                    warn("blast-strength", name=label, st=weapon.st,
                         maximum=max_strength_for_area(weapon.blast), blast=blast)
                )  # fmt: skip
        if weapon.st > max_strength_for_range(maxima):
            warnings.append(
                warn("range-strength", name=label, st=weapon.st,
                     maximum=max_strength_for_range(maxima),
                     bands="/".join(str(m) for m in maxima))
            )  # fmt: skip
        if kind is WeaponKind.SUPPORT and weapon.uc is not None:
            if weapon.uc != support_weapon_use_cost(weapon.st):
                warnings.append(warn("support-use-cost", name=label, uc=weapon.uc, st=weapon.st))
    if weapon.pm:
        add("pm", f"PM{weapon.pm:+d}", pm_cost(weapon.pm))
    for rule, section in _special_rules(weapon):
        add(section, str(special_rule_costs()[rule].name), special_rule_cost(rule, kind))
    if weapon.melee is not None:
        # A weapon of two profiles (the Slingstaff): the second is bought as an additional weapon.
        melee = weapon_points(weapon.melee)
        items.append(
            LineItem(
                SECTIONS["weapons"],
                f"{name}: {weapon.melee.name} (half of {melee.total})",
                additional_weapon_cost(melee.total),
            )
        )
        warnings.extend(melee.warnings)
    return PointsBreakdown(items=tuple(items), warnings=tuple(warnings))


def weapon_price(weapon: Weapon) -> int:
    """A weapon's price: the armoury's, or for a created weapon its computed cost."""
    if weapon.points is not None:
        return weapon.points
    return weapon_points(weapon).total


# --- profiles -----------------------------------------------------------------------------------

_TYPE_NAMES = {
    ModelType.CORE: "a core",
    ModelType.ELITE: "an elite",
    ModelType.UNIT_LEADER: "a unit leader",
    ModelType.INDIVIDUAL: "an individual",
    ModelType.CHARACTER: "a character",
    ModelType.SUPPORT: "a support",
}


def _weapon_items(owner: str, weapons: Iterable[Weapon]) -> list[LineItem]:
    items = []
    for index, weapon in enumerate(weapons):
        price = weapon_price(weapon)
        who: tuple[Msg | str, ...] = (Msg(owner.removesuffix(": ")), ": ") if owner else ()
        if index == 0:
            phrase = Phrase((*who, weapon.name))
            items.append(LineItem(SECTIONS["weapons"], f"{owner}{weapon.name}", price, phrase))
        else:
            phrase = Phrase((*who, weapon.name, " (", N_("additional weapon, half of"), " ",
                             price, ")"))  # fmt: skip
            items.append(
                LineItem(
                    SECTIONS["weapons"],
                    f"{owner}{weapon.name} (additional weapon, half of {price})",
                    additional_weapon_cost(price),
                    phrase,
                )
            )
    return items


def _feature_item(category: str, key: str, level: str | None, owner: str = "") -> LineItem:
    found = feature(category, key)
    chosen = found.level(level)
    points = found.cost(level)
    name = str(chosen.name) if chosen is not None else str(found.name)
    named: tuple[Msg | str | int, ...] = (Msg(name),)
    if key == "magic-user" and level is not None:
        name = f"Magic User (level {level})"
        named = (N_("Magic User"), " (", N_("level"), " ", level, ")")
    elif key == "grenades" and level is not None:
        name = f"Grenades ({level})"
        named = (N_("Grenades"), " (", level, ")")
    if category == "equipment":
        section = SECTIONS["equipment"]
    elif points < 0:
        section = SECTIONS["negative"]
    elif key in ("magic-user", "initiate"):
        section = SECTIONS["magic"]
    else:
        section = SECTIONS[category]
    who: tuple[Msg | str, ...] = (Msg(owner.removesuffix(": ")), ": ") if owner else ()
    return LineItem(section, f"{owner}{name}", points, Phrase((*who, *named)))


def profile_points(profile: Profile) -> PointsBreakdown:
    """The points of a model, item by item ("Creating A Profile"): characteristics, armour,
    weapons, abilities, traits, mutations, equipment, spells, then the 9-point minimum and a
    standard bearer's or musician's 25%.

    >>> from nqcore.army.profiles import Profile
    >>> profile_points(Profile("Starting Profile", 8, 3, 3, 3, 3, 1, 4)).total
    9
    """
    items: list[LineItem] = []
    unit_items: list[LineItem] = []
    for key in CHARACTERISTICS:
        value = getattr(profile, key)
        if value is None:
            continue
        items.append(
            LineItem(
                SECTIONS[key],
                f"{key.upper()} {value}",
                characteristic_cost(key, value),
                Phrase((ABBREVIATIONS[key], " ", value)),
            )
        )
    for element in profile.elements:
        for key in ("ra", "cc", "st"):
            value = getattr(element, key)
            if value is not None:
                items.append(
                    LineItem(
                        SECTIONS["combination"],
                        f"{element.name}: {key.upper()} {value}",
                        characteristic_cost(key, value),
                        Phrase((Msg(element.name), ": ", ABBREVIATIONS[key], " ", value)),
                    )
                )
    armour = profile.armour
    if armour.value or not (armour.shield or armour.barding or armour.armoured_mount):
        items.append(
            LineItem(
                SECTIONS["armour"],
                f"AR {armour.value}",
                armour_cost(armour.value),
                Phrase((N_("AR"), " ", armour.value)),
            )
        )
    plus_one = (", ", N_("AR"), " ", Signed(1))
    if armour.shield:
        items.append(
            LineItem(SECTIONS["shield"], "shield, AR +1", shield_cost(),
                     Phrase((N_("Shield"), *plus_one)))
        )  # fmt: skip
    if armour.barding:
        items.append(
            LineItem(SECTIONS["barding"], "barding, AR +1", barding_cost(),
                     Phrase((N_("Barding"), *plus_one)))
        )  # fmt: skip
    if armour.armoured_mount:
        items.append(
            LineItem(SECTIONS["armoured-mount"], "armoured mount, AR +1", armoured_mount_cost(),
                     Phrase((N_("Armoured Mount"), *plus_one)))
        )  # fmt: skip
    if armour.large_bonus:
        items.append(
            LineItem(SECTIONS["large-armour"], "large model, AR +1", 0,
                     Phrase((N_("Large Model"), *plus_one)))
        )  # fmt: skip
    if armour.resilience:
        re_level = -abs(armour.resilience)
        items.append(
            LineItem(
                SECTIONS["resilience"],
                f"resilience RE {re_level}",
                resilience_cost(armour.resilience),
                Phrase((N_("Resilience"), " ", N_("RE"), " ", Signed(re_level))),
            )
        )
    items += _weapon_items("", profile.weapons)
    for element in profile.elements:
        items += _weapon_items(f"{element.name}: ", element.weapons)
    for pick in profile.abilities:
        items.append(_feature_item("ability", pick.key, pick.level))
    for element in profile.elements:
        for pick in element.abilities:
            items.append(_feature_item("ability", pick.key, pick.level, f"{element.name}: "))
    for pick in profile.traits:
        items.append(_feature_item("trait", pick.key, pick.level))
    for element in profile.elements:
        for pick in element.traits:
            items.append(_feature_item("trait", pick.key, pick.level, f"{element.name}: "))
    for key in profile.mutations:
        items.append(
            LineItem(SECTIONS["mutation"], f"mutation {key}", mutation_points()[key],
                     Phrase((N_("Mutation"), " ", _mutation_name(key))))
        )  # fmt: skip
    for pick in profile.equipment:
        items.append(_feature_item("equipment", pick.key, pick.level))
    if profile.spells:
        from nqcore.rules.spells import spell  # the spell cards belong to the magic engine

        target = unit_items if profile.magic_level == 0 else items
        for key in profile.spells:
            found = spell(key)
            target.append(
                LineItem(SECTIONS["magic"], f"spell {found.name}", found.points,
                         Phrase((N_("Spell"), " ", found.name)))
            )  # fmt: skip
    subtotal = sum(item.points for item in items)
    if subtotal < minimum_points():
        items.append(
            LineItem(SECTIONS["minimum"], f"minimum {minimum_points()} points",
                     minimum_points() - subtotal,
                     Phrase((N_("Minimum points"), " (", minimum_points(), ")")))
        )  # fmt: skip
    if profile.specialist is not None:
        base = sum(item.points for item in items)
        bearer = profile.specialist is Specialist.STANDARD_BEARER
        label = "standard bearer" if bearer else "musician"
        name = N_("Standard Bearer") if bearer else N_("Musician")
        items.append(
            LineItem(SECTIONS["specialist"], f"{label}, 25% of {base}", specialist_cost(base),
                     Phrase((name, ", ", N_("25% of"), " ", base)))
        )  # fmt: skip
    total = sum(item.points for item in items)
    classification = None
    if profile.model_type in (ModelType.CORE, ModelType.ELITE):
        classification = classify(total - _specialist_points(items), profile.size)
    return PointsBreakdown(
        items=tuple(items),
        warnings=tuple(profile_warnings(profile, total - _specialist_points(items))),
        unit_items=tuple(unit_items),
        classification=classification,
    )


def _mutation_name(key: str) -> Msg:
    from nqcore.rules.mutations import all_mutations

    return next(m.name for m in all_mutations() if m.key == key)


def _specialist_points(items: Iterable[LineItem]) -> int:
    return sum(item.points for item in items if item.section == SECTIONS["specialist"])


def unit_points(profile: Profile, models: int) -> int:
    """The points of a unit of ``models`` identical models: per-model points times the number,
    plus what the unit pays once (the shared spell of Initiates)."""
    if models < 1:
        raise ValueError(f"a unit has at least one model, not {models}")
    breakdown = profile_points(profile)
    return breakdown.total * models + sum(item.points for item in breakdown.unit_items)


def profile_warnings(profile: Profile, points: int | None = None) -> list[BookWarning]:
    """The book's recommendations that ``profile`` breaks: maxima by model type, ability limits,
    restrictions of abilities and traits, the core points limit.  Never raises for these."""
    warnings: list[BookWarning] = []
    kind = profile.model_type
    model = Msg(f"{_TYPE_NAMES[kind]} model")
    values: list[tuple[str, str, int | None]] = [
        (key, "", getattr(profile, key)) for key in CHARACTERISTICS
    ]
    for element in profile.elements:
        values += [(key, element.name, getattr(element, key)) for key in ("ra", "cc", "st")]
    values.append(("ar", "", profile.ar))
    for key, owner, value in values:
        maximum = recommended_maximum(key, kind, mounted=profile.mounted)
        if value is not None and maximum is not None and value > maximum:
            warnings.append(
                warn("above-maximum", owner=Owner(owner), key=Msg(key.upper()), value=value,
                     maximum=maximum, model=model)
            )  # fmt: skip
    limits = ability_limits(kind)
    if limits is not None:
        counts = {
            "abilities": len(profile.all_picks("ability")),
            "traits": len(profile.all_picks("trait")),
            "equipment": len(profile.all_picks("equipment")),
        }
        for name, count in counts.items():
            if count > limits[name]:
                warnings.append(
                    warn("too-many", count=count, counted=Msg(name), model=model,
                         maximum=limits[name])
                )  # fmt: skip
    for category in ("ability", "trait", "equipment"):
        for pick in profile.all_picks(category):
            found = feature(category, pick.key)
            restricted = warn("restricted", name=Msg(found.name), note=found.note or RESTRICTED)
            if found.only and not any(profile.satisfies(c) for c in found.only):
                warnings.append(restricted)
            elif found.requires and not all(profile.satisfies(c) for c in found.requires):
                warnings.append(restricted)
    extra = [p for p in profile.all_picks("ability") if p.key == "extra-attack"]
    if kind in (ModelType.CORE, ModelType.ELITE) and any(p.level not in ("x2",) for p in extra):
        warnings.append(warn("extra-attack"))
    if profile.has("trait", "undead"):
        if profile.has("ability", "double-time") and not profile.mounted:
            warnings.append(warn("undead-double-time"))
        ranged = any(w.kind is not WeaponKind.CLOSE_COMBAT for w in profile.weapons)
        if kind is ModelType.CORE and ranged and (profile.ra or 0) > 4:
            warnings.append(warn("undead-ranged"))
    tattoos = profile.pick("equipment", "magic-tattoos")
    if tattoos is not None and tattoos.level is not None:
        limit = {ModelType.CORE: 3, ModelType.ELITE: 4}.get(kind, 5)
        if int(tattoos.level.removeprefix("AR")) > limit:
            warnings.append(warn("tattoo-maximum", model=model, maximum=limit))
        if profile.armour.value:
            warnings.append(warn("tattoos-with-armour"))
    if profile.spells:
        level = profile.magic_level
        if level is None:
            warnings.append(warn("spells-without-magic"))
        elif len(profile.spells) > max(1, level) and level == 0:
            warnings.append(warn("too-many-spells-level-0"))
        elif len(profile.spells) > max(1, level):
            warnings.append(warn("too-many-spells", level=level, count=level))
    if profile.magic_level == 4 and kind is not ModelType.CHARACTER:
        warnings.append(warn("magic-level-4"))
    if profile.magic_level == 3 and kind not in (ModelType.INDIVIDUAL, ModelType.CHARACTER):
        warnings.append(warn("magic-level-3"))
    all_weapons = list(profile.weapons)
    for element in profile.elements:
        all_weapons += element.weapons
    for weapon in all_weapons:
        if weapon.points is None:
            warnings.extend(weapon_points(weapon).warnings)
        if weapon.extra_wound and weapon.is_close_combat and kind is not ModelType.CHARACTER:
            warnings.append(warn("extra-wound", name=Msg(weapon.name)))
        if "two-handed" in weapon.rules and profile.armour.shield:
            warnings.append(warn("two-handed-shield", name=Msg(weapon.name)))
        if "cavalry-and-chariots-only" in weapon.rules and not profile.mounted:
            warnings.append(warn("cavalry-only", name=Msg(weapon.name)))
        if "no-cavalry" in weapon.rules and profile.mounted:
            warnings.append(warn("no-cavalry", name=Msg(weapon.name)))
        if weapon.teardrop in ("TTM", "TTL") and not profile.size.is_large:
            warnings.append(warn("large-teardrop", name=Msg(weapon.name)))
    if points is not None and kind is ModelType.CORE and profile.specialist is None:
        limit = core_points_limit(profile.size)
        if points > limit:
            warnings.append(warn("core-points-limit", points=points, maximum=limit))
    return warnings
