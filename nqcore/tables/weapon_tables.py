"""The tables of weapon creation (Close Combat Weapon Creation to Weapon Special Rules), every cost
computed by :mod:`nqcore.army.weapon_costs` from ``data/weapon_creation.toml``; the weapon
summaries of the Profile Creation Summary, priced by the same tables, are
:mod:`nqcore.tables.weapon_summary_tables`'.

Keys: ``cc-strength-bonus-cost``, ``pm-cost``, ``reach-cost``, ``ranged-strength-cost``,
``range-cost``, ``range-modifier-cost``, ``support-strength-cost``, ``area-effect-cost``,
``teardrop-points``, ``grenades``, ``equipment-grenades``, ``weapon-special-rules-cost`` and
``weapon-creation-<...>``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from nqcore.army.armoury import WeaponKind
from nqcore.army.weapon_costs import (
    area_effect_cost,
    cc_strength_bonus_cost,
    grenade_points,
    grenade_use_cost,
    max_strength_for_area,
    max_strength_for_range,
    pm_cost,
    range_cost,
    range_modifier_cost,
    ranged_strength_cost,
    reach_cost,
    special_rule_costs,
    support_strength_cost,
    support_weapon_use_cost,
    teardrop_max_strength,
    teardrop_points,
)
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.rules.template_attacks import TeardropSize
from nqcore.tables.registry import Cell, Signed, Table, register_table

CLOSE_COMBAT = "Close Combat Weapon Creation"
RANGED = "Ranged Weapon Creation"
SUPPORT = "Support Weapon Creation"
TEARDROP = "Teardrop Template Creation"
SPECIAL_RULES = "Weapon Special Rules"
SUMMARY = "Profile Creation Summary"


def _creation() -> dict[str, Any]:
    return datafiles.load("weapon_creation.toml")


def creation_values(section: str) -> list[Any]:
    """The values a section of ``weapon_creation.toml`` prices (the ST bonuses, the PMs...)."""
    return list(_creation()[section]["values"])


def _inches(values: Sequence[Any]) -> list[Fraction]:
    return [Fraction(str(value)) for value in values]


def creation_range_bands() -> list[tuple[int, int, int]]:
    """The close, medium and long range of each range band the tables price."""
    return [
        (low, medium, long)
        for low, medium, long in (b["ranges"] for b in _creation()["range_band"])
    ]


def creation_teardrops() -> list[dict[str, Any]]:
    """The teardrop templates' records of ``weapon_creation.toml``."""
    return list(_creation()["teardrop"])


def _cost_table(
    key: str, title: Msg, heading: Msg, rows: Sequence[tuple[Cell, int]], source: str
) -> Table:
    """A two-column cost table: a value and what it costs."""
    return Table(
        key=key,
        title=title,
        columns=(heading, N_("Points Cost")),
        rows=tuple((value, Signed(cost)) for value, cost in rows),
        source=source,
    )


# --- close combat and ranged weapons --------------------------------------------------------------


@register_table("cc-strength-bonus-cost")
def cc_strength_bonus_table() -> Table:
    return _cost_table(
        "cc-strength-bonus-cost",
        N_("Close Combat Strength Bonus"),
        N_("ST"),
        [(Signed(v), cc_strength_bonus_cost(v)) for v in creation_values("cc_strength_bonus")],
        f"{CLOSE_COMBAT} > Close Combat Strength Bonus",
    )


@register_table("pm-cost")
def pm_cost_table() -> Table:
    return _cost_table(
        "pm-cost",
        N_("Penetration Modifier Points Cost"),
        N_("PM"),
        [(Signed(v), pm_cost(v)) for v in creation_values("penetration")],
        f"{CLOSE_COMBAT} > Penetration Modifier Points Cost",
    )


@register_table("reach-cost")
def reach_cost_table() -> Table:
    return _cost_table(
        "reach-cost",
        N_("Extended Reach Points Cost"),
        N_("Reach (inches)"),
        [(v, reach_cost(v)) for v in _inches(creation_values("reach"))],
        f"{CLOSE_COMBAT} > Extended Reach Points Cost",
    )


@register_table("ranged-strength-cost")
def ranged_strength_table() -> Table:
    return _cost_table(
        "ranged-strength-cost",
        N_("Ranged Combat Strength"),
        N_("ST"),
        [(v, ranged_strength_cost(v)) for v in creation_values("ranged_strength")],
        f"{RANGED} > Ranged Combat Strength",
    )


@register_table("range-cost")
def range_cost_table() -> Table:
    """Maximum Range Points Cost (repeated by Support Weapon Range Points Cost)."""
    return Table(
        key="range-cost",
        title=N_("Maximum Range Points Cost"),
        columns=(N_("CR"), N_("MR"), N_("LR"), N_("Points Cost")),
        rows=tuple((*band, Signed(range_cost(band))) for band in creation_range_bands()),
        source=f"{RANGED} > Maximum Range Points Cost",
    )


@register_table("range-modifier-cost")
def range_modifier_cost_table() -> Table:
    """Range Modifier Points Cost (repeated for support weapons)."""
    return Table(
        key="range-modifier-cost",
        title=N_("Range Modifier Points Cost"),
        columns=(N_("CR"), N_("MR"), N_("LR"), N_("Points Cost")),
        rows=tuple(
            (*(Signed(m) for m in row["modifiers"]), Signed(range_modifier_cost(row["modifiers"])))
            for row in _creation()["range_modifier"]
        ),
        source=f"{RANGED} > Range Modifier Points Cost",
    )


# --- support weapons ------------------------------------------------------------------------------


def _strength_cost_table(key: str, source: str) -> Table:
    return _cost_table(
        key,
        N_("Support Weapon Strength Points Cost"),
        N_("ST"),
        [(v, support_strength_cost(v)) for v in creation_values("support_strength")],
        source,
    )


@register_table("support-strength-cost")
def support_strength_table() -> Table:
    return _strength_cost_table(
        "support-strength-cost", f"{SUPPORT} > Support Weapon Strength Points Cost"
    )


@register_table("weapon-creation-teardrop-strength-cost")
def teardrop_strength_table() -> Table:
    """Teardrop Weapon Strength Points Cost: the support weapons' strength costs."""
    return _strength_cost_table(
        "weapon-creation-teardrop-strength-cost",
        f"{TEARDROP} > Teardrop Weapon Strength Points Cost",
    )


@register_table("weapon-creation-support-use-cost")
def support_use_cost_table() -> Table:
    """Support Weapon Use Cost: the use cost of each strength (the rule of Use Cost For Support
    Weapons, ST; the book prints ST+1 here, an erratum)."""
    return Table(
        key="weapon-creation-support-use-cost",
        title=N_("Support Weapon Use Cost"),
        columns=(N_("ST"), N_("Use Cost")),
        rows=tuple((v, support_weapon_use_cost(v)) for v in creation_values("support_strength")),
        source=f"{SUPPORT} > Support Weapon Use Cost",
    )


@register_table("area-effect-cost")
def area_effect_table() -> Table:
    return _cost_table(
        "area-effect-cost",
        N_("Area Effect Points Cost"),
        N_("Template Size (inches)"),
        [(s, area_effect_cost(s)) for s in _inches(_creation()["area_effect"]["sizes"])],
        f"{SUPPORT} > Area Effect Points Cost",
    )


@register_table("weapon-creation-strength-to-range-ratio")
def strength_to_range_table() -> Table:
    """Strength To Range Ratio: the recommended maximum strength of each range band."""
    return Table(
        key="weapon-creation-strength-to-range-ratio",
        title=N_("Strength To Range Ratio"),
        columns=(N_("CR"), N_("MR"), N_("LR"), N_("Maximum Strength")),
        rows=tuple((*band, max_strength_for_range(band)) for band in creation_range_bands()),
        source=f"{SUPPORT} > Strength To Range Ratio",
    )


@register_table("weapon-creation-strength-to-area-effect-ratio")
def strength_to_area_table() -> Table:
    """Strength To Area Effect Ratio: the recommended maximum strength of each blast template."""
    return Table(
        key="weapon-creation-strength-to-area-effect-ratio",
        title=N_("Strength To Area Effect Ratio"),
        columns=(N_("Template Size (inches)"), N_("Maximum Strength")),
        rows=tuple(
            (s, max_strength_for_area(s)) for s in _inches(_creation()["area_effect"]["sizes"])
        ),
        source=f"{SUPPORT} > Strength To Area Effect Ratio",
    )


# --- teardrop templates ---------------------------------------------------------------------------

_USE_COST_OVER_STRENGTH = {1: N_("ST+1"), 2: N_("ST+2"), 3: N_("ST+3")}


def _teardrop_column_table(
    key: str,
    title: Msg,
    columns: tuple[Msg, ...],
    source: str,
    cells: Callable[[dict[str, Any]], tuple[Cell, ...]],
) -> Table:
    """One row per teardrop template: its name, then ``cells(record)``."""
    return Table(
        key=key,
        title=title,
        columns=(N_("Template Size"), *columns),
        rows=tuple((Msg(r["name"]), *cells(r)) for r in creation_teardrops()),
        source=source,
    )


def _teardrop_use_cost(record: dict[str, Any]) -> tuple[Cell, ...]:
    size = TeardropSize.from_abbreviation(record["size"])
    return (_USE_COST_OVER_STRENGTH[size.use_cost_over_strength], size.minimum_use_cost)


@register_table("weapon-creation-teardrop-use-cost")
def teardrop_use_cost_table() -> Table:
    """Teardrop Template Use Cost: ST+1 with each template's minimum (the book prints ST+2 and
    ST+3 for the medium and large templates, an erratum)."""
    return _teardrop_column_table(
        "weapon-creation-teardrop-use-cost",
        N_("Teardrop Template Use Cost"),
        (N_("Use Cost"), N_("Minimum Use Cost")),
        f"{TEARDROP} > Teardrop Template Use Cost",
        _teardrop_use_cost,
    )


@register_table("teardrop-points")
def teardrop_points_table() -> Table:
    return _teardrop_column_table(
        "teardrop-points",
        N_("Teardrop Template Points Cost"),
        (N_("Points Cost"),),
        f"{TEARDROP} > Teardrop Template Points Cost",
        lambda r: (teardrop_points(r["size"]),),
    )


@register_table("weapon-creation-teardrop-maximum-strength")
def teardrop_maximum_strength_table() -> Table:
    return _teardrop_column_table(
        "weapon-creation-teardrop-maximum-strength",
        N_("Strength To Area Effect Ratio"),
        (N_("Maximum Strength"),),
        f"{TEARDROP} > Strength To Area Effect Ratio",
        lambda r: (teardrop_max_strength(r["size"]),),
    )


# --- grenades -------------------------------------------------------------------------------------


def _grenades() -> tuple[list[int], list[Fraction]]:
    data = _creation()["grenades"]
    return list(data["strengths"]), _inches(data["sizes"])


@register_table("grenades")
def grenades_table() -> Table:
    """Creating Grenades: use cost, ST, blast template size and points."""
    strengths, sizes = _grenades()
    return Table(
        key="grenades",
        title=N_("Creating Grenades"),
        columns=(N_("Use Cost"), N_("ST"), N_("Template Size (inches)"), N_("Points Cost")),
        rows=tuple(
            (grenade_use_cost(st), st, size, grenade_points(st, size))
            for st in strengths
            for size in sizes
        ),
        source="Creating Grenades",
    )


@register_table("equipment-grenades")
def equipment_grenades_table() -> Table:
    """Equipment > Grenades: the same points laid out by ST (rows) and blast template (columns)."""
    strengths, sizes = _grenades()
    return Table(
        key="equipment-grenades",
        title=N_("Grenades"),
        columns=(N_("ST"), *(Msg(f'{_inch_text(size)}"') for size in sizes)),
        rows=tuple((st, *(grenade_points(st, size) for size in sizes)) for st in strengths),
        source="Equipment > Grenades",
    )


def _inch_text(size: Fraction) -> str:
    whole, rest = divmod(size, 1)
    return (f"{whole}½" if whole else "½") if rest else str(whole)


@register_table("weapon-creation-grenade-knock-prone")
def grenade_knock_prone_table() -> Table:
    """Grenades With Knock Prone."""
    strengths, sizes = _grenades()
    extra = grenade_points(strengths[0], sizes[0], knock_prone=True)
    extra -= grenade_points(strengths[0], sizes[0])
    return Table(
        key="weapon-creation-grenade-knock-prone",
        title=N_("Grenades With Knock Prone"),
        columns=(N_("Special Rule"), N_("Points Cost")),
        rows=((N_("Knock Prone"), Signed(extra)),),
        source="Creating Grenades > Grenades With Knock Prone",
    )


# --- weapon special rules -------------------------------------------------------------------------

_KIND_LABELS = {
    WeaponKind.CLOSE_COMBAT: N_("Close Combat"),
    WeaponKind.RANGED: N_("Ranged Combat"),
    WeaponKind.SUPPORT: N_("Support Weapon"),
    WeaponKind.TEARDROP: N_("Teardrop Template"),
}


def special_rules_table(key: str, title: Msg, source: str, rules: Sequence[str] = ()) -> Table:
    """Weapon special rules (all, or the keys ``rules``): which kinds of weapon may take each
    rule and what it costs."""
    rows: list[tuple[Cell, ...]] = []
    for rule in special_rule_costs().values():
        if rules and rule.key not in rules:
            continue
        eligible: list[Cell] = []
        for kind in _KIND_LABELS:
            if kind not in rule.kinds:
                eligible.append(N_("No"))
            elif rule.key == "extra-wound" and kind is WeaponKind.CLOSE_COMBAT:
                eligible.append(N_("Characters Only"))
            else:
                eligible.append(N_("Yes"))
        rows.append((rule.name, *eligible, Signed(rule.cost)))
    return Table(
        key=key,
        title=title,
        columns=(N_("Special Rule"), *_KIND_LABELS.values(), N_("Points Cost")),
        rows=tuple(rows),
        source=source,
    )


@register_table("weapon-special-rules-cost")
def weapon_special_rules_table() -> Table:
    """Weapon Special Rules: every rule in one table."""
    return special_rules_table(
        "weapon-special-rules-cost", N_("Weapon Special Rules"), SPECIAL_RULES
    )


#: The section tables of Weapon Special Rules: key, title, section and the rules it shows.
_SPECIAL_RULE_TABLES = (
    ("knock-prone-cost", N_("Knock Prone Points Cost"), ("knock-prone",)),
    ("burst-fire-cost", N_("Burst Fire Points Cost"), ("burst-x2", "burst-x3", "burst-x4")),
    ("indirect-fire-cost", N_("Indirect Fire Points Cost"), ("indirect",)),
    ("projectile-travel-cost", N_("Projectile Travel Points Cost"), ("travel-d5", "travel-d10")),
    ("save-x2-cost", N_("Save (x2) Points Cost"), ("save-x2",)),
    ("extra-wound-cost", N_("Extra Wound Points Cost"), ("extra-wound",)),
)


def _register_special_rule_tables() -> None:
    for name, title, rules in _SPECIAL_RULE_TABLES:
        key = f"weapon-creation-{name}"
        source = f"{SPECIAL_RULES} > {title}"
        register_table(key)(partial(special_rules_table, key, title, source, rules))


_register_special_rule_tables()
