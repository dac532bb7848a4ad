"""Tables the book prints to illustrate its rules (``data/book_tables.toml``), and the profile of
every armoury weapon (``profile-<weapon>``), so that no docs page types them."""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import Msg
from nqcore.tables.registry import Cell, Table, get_table, register_table


def _cell(value: Any) -> Cell:
    if isinstance(value, str) and any(char.isalpha() for char in value):
        return Msg(value)
    return value  # type: ignore[no-any-return]


@cache
def _records() -> tuple[dict[str, Any], ...]:
    return tuple(datafiles.load("book_tables.toml")["table"])


def book_table(record: dict[str, Any]) -> Table:
    return Table(
        key=record["key"],
        title=Msg(record["title"]),
        columns=tuple(Msg(c) for c in record["columns"]),
        rows=tuple(tuple(_cell(c) for c in row) for row in record["rows"]),
        source=record["source"],
        details=tuple((Msg(label), _cell(value)) for label, value in record.get("details", ())),
    )


def _register_book_tables() -> None:
    for record in _records():
        register_table(record["key"])(partial(book_table, record))


def weapon_profile_table(weapon_key: str) -> Table:
    """One armoury weapon's profile: its row of the armoury table it belongs to."""
    from nqcore.army.armoury import WeaponKind, weapon

    found = weapon(weapon_key)
    category = {WeaponKind.CLOSE_COMBAT: "hand-weapons", WeaponKind.RANGED: "ranged-weapons"}.get(
        found.kind, "support-weapons"
    )
    table = get_table(category)
    rows = tuple(row for row in table.rows if row and row[0] == found.name)
    if not rows:
        raise KeyError(f"weapon {weapon_key!r} has no row in the {category} table")
    return Table(
        key=f"profile-{found.key}",
        title=found.name,
        columns=table.columns,
        rows=rows,
        source=found.source or table.source,
    )


def _register_weapon_profiles() -> None:
    from nqcore.army.armoury import all_weapons

    for found in all_weapons():
        register_table(f"profile-{found.key}")(partial(weapon_profile_table, found.key))


_register_book_tables()
_register_weapon_profiles()
