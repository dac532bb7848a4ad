"""What a weapon costs: "Close Combat Weapon Creation", "Ranged Weapon Creation", "Support Weapon
Creation", "Teardrop Template Creation", "Creating Grenades", "Weapon Special Rules".  The costs
live in ``data/weapon_creation.toml``; :func:`weapon_points` prices a weapon item by item, and the
chapters' tables are built from these functions by :mod:`nqcore.tables.weapon_tables`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.army.armoury import TEARDROP_SIZES, Weapon, WeaponKind

# --- weapon creation -----------------------------------------------------------------------------
from nqcore.army.points import (
    SECTIONS,
    LineItem,
    PointsBreakdown,
    _creation,
    _table,
    additional_weapon_cost,
)
from nqcore.book.book_warnings import BookWarning, warn
from nqcore.i18n import N_, Msg, Refusal


def _inch_label(size: Fraction | float | int) -> str:
    """Inches as the book prints them: 1, 1½, ½."""
    whole, rest = divmod(Fraction(str(size)), 1)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(Fraction(str(size)))


def _lookup(table: Mapping[Any, int], value: Any, what: str) -> int:
    """``table``'s cost of ``value``; a value the book does not price is refused in the reader's
    language, by ``what`` (a message with ``{value}`` and ``{known}``)."""
    if value not in table:
        raise Refusal(what, value=value, known=tuple(table))
    return table[value]


def cc_strength_bonus_cost(bonus: int) -> int:
    """Close Combat Strength Bonus: ST +0/+1/+2/+3 cost 0/3/8/14."""
    return _lookup(
        _table(_creation()["cc_strength_bonus"], ""),
        bonus,
        N_("a close combat ST bonus of {value} is not priced; the table gives {known}"),
    )


def pm_cost(pm: int) -> int:
    """Penetration Modifier Points Cost: PM 0/-1/-2/-3 cost 0/1/3/6."""
    return _lookup(
        _table(_creation()["penetration"], ""),
        pm,
        N_("a penetration modifier of {value} is not priced; the table gives {known}"),
    )


def _inch_table(section: dict[str, Any], values: str = "values") -> dict[Fraction, int]:
    return {
        Fraction(str(v)): int(c) for v, c in zip(section[values], section["costs"], strict=True)
    }


def reach_cost(inches: Fraction | int | float) -> int:
    """Extended Reach Points Cost: 1" +1, 1½" +2, 2" +4."""
    return _lookup(
        _inch_table(_creation()["reach"]),
        Fraction(str(inches)),
        N_("an extended reach of {value} is not priced; the table gives {known}"),
    )


def ranged_strength_cost(st: int) -> int:
    """Ranged Combat Strength: ST 3/4/5/6 cost -1/0/+2/+4."""
    return _lookup(
        _table(_creation()["ranged_strength"], ""),
        st,
        N_("a ranged weapon ST of {value} is not priced; the table gives {known}"),
    )


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
    raise Refusal(
        N_('range band {shown}" is not priced; the bands are {known}'), shown=shown, known=known
    )


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
    raise Refusal(
        N_("range modifiers {shown} are not priced; the table gives {known}"),
        shown=shown,
        known=known,
    )


def support_strength_cost(st: int) -> int:
    """Support Weapon Strength Points Cost (also teardrop weapons): ST 3 to 9."""
    return _lookup(
        _table(_creation()["support_strength"], ""),
        st,
        N_("a support weapon ST of {value} is not priced; the table gives {known}"),
    )


def support_weapon_use_cost(st: int) -> int:
    """The use cost of a created support weapon: its strength.

    Use Cost For Support Weapons gives UC equal to ST "in most cases", as all nine armoury support
    weapons have it; Support Weapon Use Cost prints ST + 1 (an erratum, errata/ranged.toml).  The
    rule is the support weapons engine's.
    """
    from nqcore.rules.support_weapons import (
        support_weapon_use_cost as ranged_support_weapon_use_cost,
    )

    return ranged_support_weapon_use_cost(st)


def area_effect_cost(diameter: Fraction | int | float) -> int:
    """Area Effect Points Cost, by blast template diameter: 1" 3, 1½" 4, 2" 6, 2½" 9, 3" 12."""
    table = _inch_table(_creation()["area_effect"], "sizes")
    return _lookup(
        table,
        Fraction(str(diameter)),
        N_("a blast template of {value} is not priced; the table gives {known}"),
    )


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
    return _lookup(
        table,
        Fraction(str(diameter)),
        N_("a blast template of {value} is not priced; the table gives {known}"),
    )


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
    combat engine's, :func:`nqcore.rules.template_attacks.teardrop_use_cost`).

    >>> teardrop_use_cost(5, "TTS"), teardrop_use_cost(5, "TTM"), teardrop_use_cost(6, "TTL")
    (6, 6, 8)
    """
    from nqcore.rules.template_attacks import TeardropSize
    from nqcore.rules.template_attacks import teardrop_use_cost as ranged_teardrop_use_cost

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
        raise Refusal(N_("a grenade of ST {st} is not priced: grenades are ST 3 to 6"), st=st)
    row = data["costs"][data["strengths"].index(st)]
    sizes = {Fraction(str(s)): int(c) for s, c in zip(data["sizes"], row, strict=True)}
    cost = _lookup(
        sizes,
        Fraction(str(diameter)),
        N_("a grenade blast template of {value} is not priced; the table gives {known}"),
    )
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


@dataclass
class _Bill:
    """The line items and warnings of one weapon, as :func:`weapon_points` gathers them."""

    weapon: Weapon
    items: list[LineItem] = field(default_factory=list)
    warnings: list[BookWarning] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.weapon.name)

    @property
    def label(self) -> Msg:
        return Msg(self.name)

    def add(self, section: str, subject: str, points: int) -> None:
        self.items.append(LineItem(SECTIONS[section], f"{self.name}: {subject}", points))


def weapon_points(weapon: Weapon) -> PointsBreakdown:
    """What ``weapon`` costs when created from the weapon creation tables, item by item.

    The armoury's own prices are the weapons' prices; this is what a new weapon costs, and what
    the armoury's prices are checked against.  Values no table prices raise ``ValueError``.

    >>> from nqcore.army.armoury import weapon
    >>> weapon_points(weapon("Bolt Thrower")).total
    19
    """
    bill = _Bill(weapon)
    kind = weapon.kind
    if kind is WeaponKind.CLOSE_COMBAT:
        _price_close_combat(bill)
    elif kind is WeaponKind.GRENADE:
        _price_grenade(bill)
    elif kind is WeaponKind.TEARDROP:
        _price_teardrop(bill)
    else:
        _price_shooting(bill)
    if weapon.pm:
        bill.add("pm", f"PM{weapon.pm:+d}", pm_cost(weapon.pm))
    for rule, section in _special_rules(weapon):
        bill.add(section, str(special_rule_costs()[rule].name), special_rule_cost(rule, kind))
    if weapon.melee is not None:
        # A weapon of two profiles (the Slingstaff): the second is bought as an additional weapon.
        melee = weapon_points(weapon.melee)
        bill.items.append(
            LineItem(
                SECTIONS["weapons"],
                f"{bill.name}: {weapon.melee.name} (half of {melee.total})",
                additional_weapon_cost(melee.total),
            )
        )
        bill.warnings.extend(melee.warnings)
    return PointsBreakdown(items=tuple(bill.items), warnings=tuple(bill.warnings))


def _price_close_combat(bill: _Bill) -> None:
    """ "Close Combat Weapon Creation": the ST bonus, its use cost, an extended reach."""
    weapon, label = bill.weapon, bill.label
    bonus = weapon.st_bonus or 0
    bill.add("cc-strength", f"ST{bonus:+d}", cc_strength_bonus_cost(bonus))
    if weapon.uc is not None and weapon.uc != cc_weapon_use_cost(bonus):
        bill.warnings.append(
            warn(
                "close-combat-use-cost",
                name=label,
                uc=weapon.uc,
                bonus=f"{bonus:+d}",
                expected=cc_weapon_use_cost(bonus),
            )
        )
    if weapon.reach is not None:
        bill.add("reach", f'extended reach {_inch_label(weapon.reach)}"', reach_cost(weapon.reach))
    for rule in ("two-ranks", "charge-only"):
        if rule in weapon.rules:
            bill.warnings.append(warn("unpriced-rule", name=label, rule=rule))


def _price_grenade(bill: _Bill) -> None:
    """ "Creating Grenades": strength and blast, and knocking prone."""
    weapon = bill.weapon
    if weapon.blast is None or weapon.st is None:
        raise ValueError(f"{bill.name}: a grenade needs a strength and a blast template")
    bill.add(
        "grenades",
        f'ST{weapon.st} {_inch_label(weapon.blast)}" blast',
        grenade_points(weapon.st, weapon.blast),
    )
    if weapon.knock_prone:
        knock_prone = int(_creation()["grenades"]["knock_prone"])
        bill.add("grenades-knock-prone", "knock prone", knock_prone)


def _price_teardrop(bill: _Bill) -> None:
    """ "Teardrop Template Creation": strength, template size, their use cost and maximum."""
    weapon, label = bill.weapon, bill.label
    if weapon.st is None or weapon.teardrop is None:
        raise ValueError(f"{bill.name}: a teardrop weapon needs a strength and a template size")
    bill.add("support-strength", f"ST{weapon.st}", support_strength_cost(weapon.st))
    bill.add("teardrop-points", weapon.teardrop, teardrop_points(weapon.teardrop))
    expected = teardrop_use_cost(weapon.st, weapon.teardrop)
    if weapon.uc is not None and weapon.uc != expected:
        bill.warnings.append(
            warn(
                "teardrop-use-cost",
                name=label,
                uc=weapon.uc,
                template=weapon.teardrop,
                st=weapon.st,
                expected=expected,
            )
        )
    if weapon.st > teardrop_max_strength(weapon.teardrop):
        bill.warnings.append(
            warn(
                "teardrop-strength",
                name=label,
                st=weapon.st,
                maximum=teardrop_max_strength(weapon.teardrop),
                template=weapon.teardrop,
            )
        )


def _price_shooting(bill: _Bill) -> None:
    """ "Ranged Weapon Creation" and "Support Weapon Creation": strength, ranges and their
    modifiers, a support weapon's blast and use cost."""
    weapon, kind = bill.weapon, bill.weapon.kind
    if weapon.st is None or len(weapon.ranges) != 3:
        raise ValueError(f"{bill.name}: a {kind.value} weapon needs a strength and three ranges")
    maxima = tuple(band.max_inches for band in weapon.ranges)
    modifiers = tuple(band.modifier for band in weapon.ranges)
    if kind is WeaponKind.RANGED:
        bill.add("ranged-strength", f"ST{weapon.st}", ranged_strength_cost(weapon.st))
    else:
        bill.add("support-strength", f"ST{weapon.st}", support_strength_cost(weapon.st))
    bill.add("range", "range " + "/".join(str(m) for m in maxima), range_cost(maxima))
    bill.add(
        "range-modifier",
        "range modifiers " + "/".join(f"{m:+d}" for m in modifiers),
        range_modifier_cost(modifiers),
    )
    if weapon.blast is not None:
        _price_blast(bill, weapon.st, weapon.blast)
    if weapon.st > max_strength_for_range(maxima):
        bill.warnings.append(
            warn(
                "range-strength",
                name=bill.label,
                st=weapon.st,
                maximum=max_strength_for_range(maxima),
                bands="/".join(str(m) for m in maxima),
            )
        )
    if kind is WeaponKind.SUPPORT and weapon.uc is not None:
        if weapon.uc != support_weapon_use_cost(weapon.st):
            bill.warnings.append(
                warn("support-use-cost", name=bill.label, uc=weapon.uc, st=weapon.st)
            )


def _price_blast(bill: _Bill, st: int, blast: Fraction) -> None:
    """A support weapon's area effect, and the strength its size allows."""
    if bill.weapon.kind is not WeaponKind.SUPPORT:
        raise ValueError(f"{bill.name}: only support weapons have a blast template")
    size = _inch_label(blast)
    bill.add("area-effect", f'{size}" blast', area_effect_cost(blast))
    if st > max_strength_for_area(blast):
        bill.warnings.append(
            warn(
                "blast-strength",
                name=bill.label,
                st=st,
                maximum=max_strength_for_area(blast),
                blast=size,
            )
        )


def weapon_price(weapon: Weapon) -> int:
    """A weapon's price: the armoury's, or for a created weapon its computed cost."""
    if weapon.points is not None:
        return weapon.points
    return weapon_points(weapon).total
