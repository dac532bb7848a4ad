"""The characteristics' tables of Creating A Profile and of its Profile Creation Summary: each
characteristic's cost, the recommended maxima by model type, the magic users' points and the
limits of abilities, traits and equipment, from the engine's cost data (:mod:`nqcore.army.points`).

Keys: ``cost-<ac ... co>``, ``creating-a-profile-max-<ac ... co, ar>``, ``magic-user-levels``,
``ability-limits`` and ``summary-{model-characteristics,ability-limits}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from nqcore.army.characteristics import CHARACTERISTICS, ModelType
from nqcore.army.points import cost_tables, magic_level_cost, recommended_maximum
from nqcore.army.profile_files import example_profiles
from nqcore.data import datafiles
from nqcore.i18n import N_, P_, Msg
from nqcore.tables.registry import Cell, Signed, Table, register_table

CREATING_A_PROFILE = "Creating A Profile"
SUMMARY = "Profile Creation Summary"


def costs_data() -> dict[str, Any]:
    """``characteristic_costs.toml``: the costs, maxima and limits these tables print."""
    return datafiles.load("characteristic_costs.toml")


#: Model types as the recommended maxima list them, most powerful first.
_MAX_TYPES = {
    ModelType.CHARACTER: N_("Characters"),
    ModelType.INDIVIDUAL: N_("Individuals"),
    ModelType.UNIT_LEADER: N_("Unit Leaders"),
    ModelType.ELITE: P_("maxima table", "Elite"),  # a column of elite models: plural in French
    ModelType.CORE: P_("maxima table", "Core"),
}


_MAX_HEADINGS = {
    "ac": N_("Max AC"),
    "ra": N_("Max RA"),
    "cc": N_("Max CC"),
    "st": N_("Max ST"),
    "t": N_("Max T"),
    "w": N_("Max W"),
    "co": N_("Max CO"),
    "ar": N_("Max AR"),
}


_LIMIT_HEADINGS = {
    "abilities": N_("Abilities"),
    "traits": N_("Traits"),
    "equipment": N_("Equipment"),
}


def _cost_table(key: str) -> Table:
    table = cost_tables()[key]
    return Table(
        key=f"cost-{key}",
        title=table.name,
        columns=(Msg(table.abbreviation), N_("Points Cost")),
        rows=tuple((value, Signed(cost)) for value, cost in table.costs.items()),
        source=table.source,
    )


def recommended_maximum_table(key: str) -> Table:
    """The recommended maxima of one characteristic (``ac`` ... ``co``) or of ``ar`` by model
    type, keyed ``creating-a-profile-max-<key>``."""
    rows = tuple(
        (label, maximum)
        for kind, label in _MAX_TYPES.items()
        if (maximum := recommended_maximum(key, kind)) is not None
    )
    source = cost_tables()[key].source if key in cost_tables() else costs_data()["armour"]["source"]
    return Table(
        key=f"creating-a-profile-max-{key}",
        title=N_("Recommended maximum values"),
        columns=(N_("Model Type"), _MAX_HEADINGS[key]),
        rows=rows,
        source=source,
    )


def _register_characteristics() -> None:
    for key in CHARACTERISTICS:
        register_table(f"cost-{key}")(partial(_cost_table, key))
    for key in (*CHARACTERISTICS, "ar"):
        register_table(f"creating-a-profile-max-{key}")(partial(recommended_maximum_table, key))


#: The cost column beside each characteristic of the summary: seven columns all headed "Points
#: Cost" left a reader (and a screen reader, which says the header of each cell) unsure which
#: characteristic a cost was for.
SUMMARY_COST_HEADINGS = {
    "ac": N_("AC Cost"),
    "ra": N_("RA Cost"),
    "cc": N_("CC Cost"),
    "st": N_("ST Cost"),
    "t": N_("T Cost"),
    "w": N_("W Cost"),
    "co": N_("CO Cost"),
}


@register_table("summary-model-characteristics")
def model_characteristics_summary_table() -> Table:
    """Profile Creation Summary > Model Characteristics Summary: every characteristic cost table
    side by side, each column shifted so that the values of the starting profile share a row."""
    (start,) = [e.profile for e in example_profiles() if e.profile.key == "starting-profile"]
    tables = cost_tables()
    values = {key: list(table.costs) for key, table in tables.items()}
    offsets = {key: values[key].index(getattr(start, key)) for key in tables}
    first = max(offsets.values())
    shift = {key: first - offset for key, offset in offsets.items()}
    height = max(shift[key] + len(values[key]) for key in tables)
    rows = []
    for index in range(height):
        row: list[Cell] = []
        for key, table in tables.items():
            position = index - shift[key]
            if 0 <= position < len(values[key]):
                value = values[key][position]
                row += [value, Signed(table.costs[value])]
            else:
                row += [None, None]
        rows.append(tuple(row))
    columns: list[Msg] = []
    for key, table in tables.items():
        columns += [table.name, SUMMARY_COST_HEADINGS[key]]
    return Table(
        key="summary-model-characteristics",
        title=N_("Model Characteristics Summary"),
        columns=tuple(columns),
        rows=tuple(rows),
        source=f"{SUMMARY} > Model Characteristics Summary",
        notes=(
            N_(
                "The columns are lined up so that the values of the starting profile are all on "
                "the same row, whose costs add up to the starting profile's points; read each "
                "column on its own to price a value."
            ),
        ),
    )


@register_table("magic-user-levels")
def magic_user_levels_table() -> Table:
    """Magic User Points Values."""
    return Table(
        key="magic-user-levels",
        title=N_("Magic User Points Values"),
        columns=(N_("Level"), N_("Points"), N_("Comment")),
        rows=tuple(
            (r["level"], magic_level_cost(r["level"]), Msg(r["note"]) if "note" in r else None)
            for r in costs_data()["magic_level"]
        ),
        source=f"{CREATING_A_PROFILE} > Magic User Points Values",
    )


def _limits_table(key: str, title: Msg, source: str, limits: Sequence[str]) -> Table:
    """The recommended maximum number of abilities, traits or equipment by model type."""
    record = costs_data()["limits"]
    return Table(
        key=key,
        title=title,
        columns=(N_("Model Type"), *(_LIMIT_HEADINGS[name] for name in limits)),
        rows=tuple(
            (_MAX_TYPES[ModelType(kind)], *(record[name][index] for name in limits))
            for index, kind in enumerate(record["types"])
        ),
        source=source,
    )


@register_table("ability-limits")
def ability_limits_table() -> Table:
    """Ability, Trait And Equipment Maximums (recommended)."""
    return _limits_table(
        "ability-limits",
        N_("Recommended Maximum Levels"),
        costs_data()["limits"]["source"],
        ("abilities", "traits", "equipment"),
    )


@register_table("summary-ability-limits")
def ability_limits_summary_table() -> Table:
    """Profile Creation Summary > Abilities, Traits And Equipment Limits.

    The 2007 summary leaves out the Traits column; this edition gives it, from the same limits as
    Ability, Trait And Equipment Maximums (erratum ``summary-lists-omissions``).
    """
    return _limits_table(
        "summary-ability-limits",
        N_("Abilities, Traits And Equipment Limits"),
        f"{SUMMARY} > Abilities, Traits And Equipment Limits",
        ("abilities", "traits", "equipment"),
    )


_register_characteristics()
