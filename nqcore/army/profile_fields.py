"""The kinds of a profile file's fields (the format is :mod:`nqcore.army.profiles`'), checked
before any field is read or priced: a shield is on or off, a name a text, a resilience a whole
number.  A field of another kind (``shield = "yes"``, ``shield = 100``) is refused in one line
naming the field, its value as TOML writes it; the lists are their own readers'
(:mod:`nqcore.army.profile_files`), the characteristics :func:`check_characteristic`'s and the
armour value (``ar``, ``armour.value``) :class:`nqcore.army.profiles.Armour`'s.

Plain Python, no msgspec: the At the table page runs the engine without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nqcore.army.names import check_name
from nqcore.army.toml_values import quoted
from nqcore.i18n import N_, Refusal

#: Each field of a profile file that is one value, by its kind (the lists are read elsewhere).
FIELDS: dict[str, str] = {
    "key": "name",
    "name": "name",
    "type": "text",
    "size": "text",
    "specialist": "text",
    "source": "name",
    "mounted": "flag",
    "general": "flag",
}
#: The fields of the ``armour`` table: each flag adds +1 or nothing ("Shield Cost").
ARMOUR_FIELDS: dict[str, str] = {
    "resilience": "whole",
    "description": "name",
    "shield": "flag",
    "barding": "flag",
    "armoured_mount": "flag",
    "large_bonus": "flag",
    "natural": "flag",
}
#: The one-value fields of an ``[[element]]`` table, and of an ability, trait or item's table.
ELEMENT_FIELDS: dict[str, str] = {"name": "name"}
PICK_FIELDS: dict[str, str] = {"key": "name", "target": "name"}


def check_kind(value: Any, kind: str, field: str) -> None:
    """Refuse ``value`` of ``field`` unless it is of ``kind`` (``text``, ``flag``, ``whole``, or
    ``name``: a text of one line without an invisible character)."""
    if kind == "flag" and not isinstance(value, bool):
        raise Refusal(  # TOML's words, the same in every language
            N_("{field} must be {true} or {false}, not {value}"),
            field=field,
            true="true",
            false="false",
            value=quoted(value),
        )
    if kind in ("text", "name") and not isinstance(value, str):
        raise Refusal(N_("{field} must be a text, not {value}"), field=field, value=quoted(value))
    if kind == "name":
        try:
            check_name(value)
        except Refusal as error:
            raise error.at(field) from None
    if kind == "whole" and (isinstance(value, bool) or not isinstance(value, int)):
        raise Refusal(
            N_("{name} must be a whole number, not {value}"), name=field, value=quoted(value)
        )


def check_table(record: Mapping[str, Any], kinds: Mapping[str, str], prefix: str = "") -> None:
    """Each field of ``record`` that ``kinds`` names, of its kind (``prefix`` names the table)."""
    for name, kind in kinds.items():
        if name in record:
            check_kind(record[name], kind, prefix + name)


def check_profile_kinds(record: Mapping[str, Any]) -> None:
    """The one-value fields of a profile's table, of its armour and of its elements."""
    check_table(record, FIELDS)
    armour = record.get("armour")
    if isinstance(armour, Mapping):
        check_table(armour, ARMOUR_FIELDS, "armour.")
    elements = record.get("element")
    for index, element in enumerate(elements if isinstance(elements, list) else []):
        if isinstance(element, Mapping):
            try:
                check_table(element, ELEMENT_FIELDS)
            except Refusal as error:  # the place said in the reader's words (nqcore.places)
                raise error.at(f"element #{index + 1}") from None
