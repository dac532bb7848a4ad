"""The tables of the abilities, traits and equipment a profile may take ("Abilities", "Traits",
"Equipment", "Magic Tattoos"), built from their catalogue (:mod:`nqcore.army.features`).
"""

from __future__ import annotations

# --- reference tables ---------------------------------------------------------------------------
from nqcore.army.features import feature, features
from nqcore.i18n import N_, Msg
from nqcore.tables.registry import Signed, Table, register_table


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
