"""The readers of a profile table's lists and choices (its weapons, abilities, traits, items,
spells, elements, its model type and size): each turns one field of a parsed TOML table into the
engine's values, or refuses it naming the field (:mod:`nqcore.army.profile_files` reads the
whole table with them)."""

from __future__ import annotations

from enum import Enum
from typing import Any

from nqcore.army.armoury import Weapon, weapon_from_record
from nqcore.army.armoury import weapon as armoury_weapon
from nqcore.army.characteristics import ELEMENT_CHARACTERISTICS, check_characteristic
from nqcore.army.profile_fields import PICK_FIELDS, check_table
from nqcore.army.profiles import Element, Pick
from nqcore.army.toml_values import quoted, toml_keys
from nqcore.army.weapon_checks import check_own_weapon
from nqcore.i18n import N_, Msg, Refusal, UnknownName

_ELEMENT_FIELDS = frozenset({"name", "ra", "cc", "st", "weapons", "abilities", "traits"})


def read_choice(kind: type[Enum], value: Any, what: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in kind)
        raise Refusal(
            N_("unknown {what} {value}; choose one of {choices}"),
            what=Msg(what),
            value=quoted(value),
            choices=choices,
        ) from None


def read_picks(value: Any, what: str) -> tuple[Pick, ...]:
    if not isinstance(value, list):
        raise Refusal(
            N_("{field} must be a list of keys or {example} tables"),
            field=what,
            example="{ key = ..., level = ... }",
        )
    picks = []
    for index, item in enumerate(value):
        where = f"{what} #{index + 1}"
        if isinstance(item, str):
            picks.append(Pick(item))
        elif isinstance(item, dict) and isinstance(item.get("key"), str):
            extra = sorted(set(item) - {"key", "level", "target"})
            if extra:
                raise Refusal(N_("unknown field(s) {fields}"), where=where, fields=toml_keys(extra))
            try:
                check_table(item, PICK_FIELDS)
            except Refusal as error:
                raise error.at(where) from None
            level = item.get("level")
            if isinstance(level, bool) or not isinstance(level, str | int | None):
                raise Refusal(
                    N_("the level must be a text or a whole number, not {value}"),
                    where=where,
                    value=quoted(level),
                )
            picks.append(
                Pick(item["key"], None if level is None else str(level), item.get("target"))
            )
        else:
            raise Refusal(
                N_("{value} is neither a key nor a table with a key"),
                where=where,
                value=quoted(item),
            )
    return tuple(picks)


def _armoury_weapon(item: dict[str, Any], where: str) -> Weapon:
    """An armoury weapon by its key, with the penetration modifier it may buy (``pm``)."""
    if not isinstance(item["key"], str):
        raise Refusal(N_("{value} is not a key"), where=where, value=quoted(item["key"]))
    try:
        base = armoury_weapon(str(item["key"]))
    except UnknownName as error:
        raise error.at(where, Refusal) from None
    pm = item.get("pm", base.pm)
    if isinstance(pm, bool) or not isinstance(pm, int):
        raise Refusal(
            N_("{name} must be a whole number, not {value}"),
            where=where,
            name="pm",
            value=quoted(pm),
        )
    if pm != base.pm:
        if pm != base.optional_pm:
            raise Refusal(
                N_("the {weapon} has no penetration modifier {pm}"),
                where=where,
                weapon=Msg(base.name),
                pm=pm,
            )
        base = base.with_optional_pm()
    return base


def read_weapons(value: Any, what: str) -> tuple[Weapon, ...]:
    if not isinstance(value, list):
        raise Refusal(N_("{field} must be a list of armoury keys or weapon tables"), field=what)
    found = []
    for index, item in enumerate(value):
        where = f"{what} #{index + 1}"
        if isinstance(item, str):
            try:
                found.append(armoury_weapon(item))
            except UnknownName as error:
                raise error.at(where, Refusal) from None
        elif isinstance(item, dict) and set(item) <= {"key", "pm"} and "key" in item:
            found.append(_armoury_weapon(item, where))
        elif isinstance(item, dict):
            check_own_weapon(item, where)
            found.append(weapon_from_record(item, where))  # its refusals name ``where``
        else:
            raise Refusal(
                N_("{value} is neither an armoury key nor a weapon table"),
                where=where,
                value=quoted(item),
            )
    return tuple(found)


def read_keys(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise Refusal(
            N_("{field} must be a list of keys, not {value}"), field=what, value=quoted(value)
        )
    return tuple(value)


def read_element(record: Any, where: str) -> Element:
    if not isinstance(record, dict):
        raise Refusal(N_("an element is a table"), where=where)
    unknown = sorted(set(record) - _ELEMENT_FIELDS)
    if unknown:
        raise Refusal(N_("unknown field(s) {fields}"), where=where, fields=toml_keys(unknown))
    if "name" not in record:
        raise Refusal(N_("missing field(s) {fields}"), where=where, fields=["name"])
    if record["name"] == "":  # its line on the card would have no name (attacker round 31)
        raise Refusal(N_("a mount or crew member needs a name"), where=where)
    for key in ELEMENT_CHARACTERISTICS:
        if record.get(key) is not None:
            _element_characteristic(key, record[key], where)
    return Element(
        name=str(record["name"]),
        ra=record.get("ra"),
        cc=record.get("cc"),
        st=record.get("st"),
        weapons=read_weapons(record.get("weapons", []), f"{where} weapons"),
        abilities=read_picks(record.get("abilities", []), f"{where} abilities"),
        traits=read_picks(record.get("traits", []), f"{where} traits"),
    )


def _element_characteristic(key: str, value: Any, where: str) -> None:
    """An element's characteristic in its cost table's range, refused where the file gives it
    ("element #1: RA 99 ...") and about the profile builder's field for it (``element.1.ra``)."""
    try:
        check_characteristic(key, value)
    except Refusal as refused:
        number = where.rpartition("#")[2]
        raise refused.at(where).about(f"element.{number}.{key}") from None
