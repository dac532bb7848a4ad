"""The weapon summaries of the Profile Creation Summary (``summary-standard-weapons``,
``summary-close-combat-weapon-profiles``, ``summary-ranged-combat-weapon-profiles``,
``summary-teardrop-templates``): every price by :func:`nqcore.army.weapon_costs.weapon_points`, so
that the summaries cannot drift from the weapon creation tables they repeat
(:mod:`nqcore.tables.weapon_tables`).
"""

from __future__ import annotations

from collections.abc import Sequence

from nqcore.army.armoury import BASE_USE_COST, Weapon, WeaponKind, hand_weapons
from nqcore.army.weapon_costs import (
    BASIC_RANGE_MODIFIERS,
    cc_weapon_use_cost,
    ranged_weapon_use_cost,
    teardrop_max_strength,
    teardrop_use_cost,
    weapon_points,
)
from nqcore.i18n import N_, Msg
from nqcore.rules.range_bands import Range
from nqcore.tables.registry import Cell, Signed, Table, register_table
from nqcore.tables.weapon_tables import (
    SUMMARY,
    creation_range_bands,
    creation_teardrops,
    creation_values,
)

_SUMMARY_COLUMNS = (N_("UC"), N_("CR"), N_("MR"), N_("LR"), N_("ST"), N_("PM"), N_("Cost"))


def _summary_table(key: str, title: Msg, source: str, weapons: Sequence[Weapon]) -> Table:
    """Created weapons, one per row, each priced by the weapon creation tables: UC, the three
    ranges (or what stands in for them), ST, PM and the points."""
    rows: list[tuple[Cell, ...]] = []
    for weapon in weapons:
        if weapon.ranges:
            ranges: tuple[Cell, ...] = tuple(str(band) for band in weapon.ranges)
        else:
            ranges = (None, weapon.name, None)
        strength = Signed(weapon.st_bonus) if weapon.st_bonus is not None else weapon.st
        pm = Signed(weapon.pm) if weapon.pm else None
        rows.append((weapon.uc, *ranges, strength, pm, weapon_points(weapon).total))
    return Table(key, title, _SUMMARY_COLUMNS, tuple(rows), f"{SUMMARY} > {source}")


@register_table("summary-close-combat-weapon-profiles")
def close_combat_summary_table() -> Table:
    """Close Combat Weapon Profiles: every ST bonus with every penetration modifier."""
    weapons = [
        Weapon(
            "created",
            N_("Close Combat"),
            WeaponKind.CLOSE_COMBAT,
            uc=cc_weapon_use_cost(bonus),
            st_bonus=bonus,
            pm=pm,
        )
        for bonus in creation_values("cc_strength_bonus")
        for pm in creation_values("penetration")
    ]
    return _summary_table(
        "summary-close-combat-weapon-profiles",
        N_("Close Combat Weapon Profiles"),
        "Close Combat Weapon Profiles",
        weapons,
    )


@register_table("summary-ranged-combat-weapon-profiles")
def ranged_summary_table() -> Table:
    """Ranged Combat Weapon Profiles: every ranged strength with every range band, at the basic
    range modifiers and without a penetration modifier."""
    weapons = [
        Weapon(
            "created",
            N_("Ranged Combat"),
            WeaponKind.RANGED,
            uc=ranged_weapon_use_cost(st),
            ranges=tuple(
                Range(inches, modifier)
                for inches, modifier in zip(band, BASIC_RANGE_MODIFIERS, strict=True)
            ),
            st=st,
        )
        for st in creation_values("ranged_strength")
        for band in creation_range_bands()
    ]
    return _summary_table(
        "summary-ranged-combat-weapon-profiles",
        N_("Ranged Combat Weapon Profiles"),
        "Ranged Combat Weapon Profiles",
        weapons,
    )


@register_table("summary-teardrop-templates")
def teardrop_summary_table() -> Table:
    """The teardrop examples of the summary: each template with the support weapon strengths up
    to the highest recommended teardrop strength, priced and with its use cost."""
    highest = max(teardrop_max_strength(r["size"]) for r in creation_teardrops())
    weapons = [
        Weapon(
            "created",
            Msg(r["name"]),
            WeaponKind.TEARDROP,
            uc=teardrop_use_cost(st, r["size"]),
            st=st,
            teardrop=r["size"],
        )
        for r in creation_teardrops()
        for st in creation_values("support_strength")
        if st <= highest
    ]
    return _summary_table(
        "summary-teardrop-templates",
        N_("Teardrop Template Examples"),
        "Ranged Combat Weapon Profiles",
        weapons,
    )


@register_table("summary-standard-weapons")
def standard_weapons_summary_table() -> Table:
    """Standard Weapons Points Cost: the improvised attack and every hand weapon of the armoury,
    at the armoury's prices (the summary leaves out the Hand Weapon and the Whip and prints the
    Spear's and the Halberd's creation costs without their rules: errata)."""
    improvised = Weapon(
        "improvised", N_("Improvised"), WeaponKind.CLOSE_COMBAT, uc=BASE_USE_COST, st_bonus=0
    )
    rows: list[tuple[Cell, ...]] = []
    for weapon in (improvised, *hand_weapons()):
        points = weapon.points if weapon.points is not None else weapon_points(weapon).total
        rows.append(
            (
                weapon.name,
                weapon.uc,
                Signed(weapon.st_bonus or 0),
                Signed(weapon.pm) if weapon.pm else None,
                points if points else N_("Free"),
            )
        )
    return Table(
        key="summary-standard-weapons",
        title=N_("Standard Weapons Points Cost"),
        columns=(N_("CC Weapons"), N_("UC"), N_("ST"), N_("PM"), N_("Points")),
        rows=tuple(rows),
        source=f"{SUMMARY} > Standard Weapons Points Cost",
    )
