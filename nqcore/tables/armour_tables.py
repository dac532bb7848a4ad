"""The armour's tables of Creating A Profile and of its Profile Creation Summary: armour, shield,
barding and resilience costs, the armour types and natural armour values, from the engine's cost
data (:mod:`nqcore.army.points`).

Keys: ``cost-ar``, ``cost-resilience``,
``creating-a-profile-{armour-types,natural-armour,shield-cost,barding-cost}``,
``army-armour-values-{human,natural}`` and ``summary-{armour,barding}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nqcore.army.characteristics import ARMOUR_BONUS, characteristic_range
from nqcore.army.points import armour_cost, barding_cost, resilience_cost, shield_cost
from nqcore.i18n import ARMOUR_CONTEXT, N_, P_, Msg
from nqcore.tables.characteristic_tables import CREATING_A_PROFILE, SUMMARY, costs_data
from nqcore.tables.registry import Cell, Signed, Table, register_table


@register_table("cost-ar")
def armour_cost_table() -> Table:
    """Armour Values: the AR cost table, then shield, barding and armoured mount."""
    record = costs_data()["armour"]
    rows: list[tuple[Cell, ...]] = [
        (value, Signed(armour_cost(value))) for value in characteristic_range("ar")
    ]
    rows += [
        (N_("Shield, AR +1"), Signed(record["shield"])),
        (N_("Barding, AR +1"), Signed(record["barding"])),
        (N_("Armoured mount, AR +1"), Signed(record["armoured_mount"])),
        (N_("Large model, AR +1"), Signed(0)),
    ]
    return Table(
        key="cost-ar",
        title=N_("Armour"),
        columns=(N_("AR"), N_("Points Cost")),
        rows=tuple(rows),
        source=record["source"],
    )


@register_table("summary-armour")
def armour_summary_table() -> Table:
    """Profile Creation Summary > Armour Summary: the AR cost table beside the shield's cost."""
    shield: list[Cell] = [Signed(ARMOUR_BONUS), Signed(shield_cost())]
    rows = tuple(
        (value, Signed(armour_cost(value)), *(shield if index == 0 else [None, None]))
        for index, value in enumerate(characteristic_range("ar"))
    )
    return Table(
        key="summary-armour",
        title=N_("Armour Summary"),
        columns=(N_("Armour AR"), N_("Points Cost"), N_("Shield AR"), N_("Points Cost")),
        rows=rows,
        source=f"{SUMMARY} > Armour Summary",
    )


def _armour_bonus_table(key: str, title: Msg, heading: Msg, cost: int, source: str) -> Table:
    """The +1 AR of a shield or of barding and its points cost."""
    return Table(
        key=key,
        title=title,
        columns=(heading, N_("Points Cost")),
        rows=((Signed(ARMOUR_BONUS), Signed(cost)),),
        source=source,
    )


@register_table("creating-a-profile-shield-cost")
def shield_cost_table() -> Table:
    return _armour_bonus_table(
        "creating-a-profile-shield-cost",
        N_("Shield"),
        N_("Shield AR"),
        shield_cost(),
        f"{CREATING_A_PROFILE} > Shield Cost",
    )


@register_table("creating-a-profile-barding-cost")
def barding_cost_table() -> Table:
    return _armour_bonus_table(
        "creating-a-profile-barding-cost",
        N_("Barding"),
        N_("Barding AR"),
        barding_cost(),
        f"{CREATING_A_PROFILE} > Barding Cost / Armoured Mount",
    )


@register_table("summary-barding")
def barding_summary_table() -> Table:
    return _armour_bonus_table(
        "summary-barding",
        N_("Barding"),
        N_("Barding AR"),
        barding_cost(),
        f"{SUMMARY} > Armour Summary",
    )


def _armour_value(record: dict[str, Any], human: bool) -> Cell:
    if record.get("bonus"):
        return Signed(ARMOUR_BONUS)
    if human and "human" in record:
        return int(record["human"])
    low, high = record["ar"][0], record["ar"][-1]
    return int(low) if low == high else f"{low}–{high}"


def armour_types_table(key: str, kind: str, title: Msg, source: str, human: bool = False) -> Table:
    """The suggested armour value of the standard worn (``kind`` "worn") or natural armour types;
    ``human``: the single values The Army suggests for models of human nature."""
    return Table(
        key=key,
        title=title,
        columns=(N_("Description"), N_("AR Value")),
        rows=tuple(
            (P_(ARMOUR_CONTEXT, record["description"]), _armour_value(record, human))
            for record in costs_data()["armour_type"]
            if record["kind"] == kind
        ),
        source=source,
    )


_ARMOUR_TYPE_TABLES: dict[str, Callable[[], Table]] = {
    "creating-a-profile-armour-types": lambda: armour_types_table(
        "creating-a-profile-armour-types",
        "worn",
        N_("Armour types"),
        f"{CREATING_A_PROFILE} > Armour Values",
    ),
    "creating-a-profile-natural-armour": lambda: armour_types_table(
        "creating-a-profile-natural-armour",
        "natural",
        N_("Natural armour"),
        f"{CREATING_A_PROFILE} > Natural Armour Values",
    ),
    "army-armour-values-human": lambda: armour_types_table(
        "army-armour-values-human",
        "worn",
        N_("Worn armour"),
        "The Army > Armour Values",
        human=True,
    ),
    "army-armour-values-natural": lambda: armour_types_table(
        "army-armour-values-natural", "natural", N_("Natural armour"), "The Army > Armour Values"
    ),
}


@register_table("cost-resilience")
def resilience_cost_table() -> Table:
    """Adding Armour Resilience."""
    record = costs_data()["resilience"]
    return Table(
        key="cost-resilience",
        title=N_("Armour Resilience"),
        columns=(N_("Resilience (RE) Level"), N_("Points Cost")),
        # the sign the Armour Resilience rule reads (RE +1 cancels one point of penetration); the
        # book prints -1, -2, -3 here: erratum resilience-sign, its cells marked under the table
        rows=tuple((Signed(level), resilience_cost(level)) for level in record["levels"]),
        source=record["source"],
    )


for _key, _factory in _ARMOUR_TYPE_TABLES.items():
    register_table(_key)(_factory)
