"""What a weapon record may hold, field by field, before a :class:`~nqcore.army.armoury.Weapon`
is made of it (:func:`nqcore.army.armoury.weapon_from_record`): an armoury's data file and a
profile's own weapon alike.

Each text is printed on the roster, the terminal and the page: one line of at most
:data:`~nqcore.army.names.MAX_NAME` characters without a control, invisible or bidi character
(:func:`~nqcore.army.names.check_name`).  Each number is of its kind (a whole number, not
``-1.0``; inches, not ``nan``) and within what the book prints.  A profile's own weapon gives
no price (:data:`ARMOURY_ONLY`): the Weapon Creation tables price it.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from nqcore.army.characteristics import characteristic_range
from nqcore.army.names import check_name
from nqcore.army.toml_values import quoted, toml_keys
from nqcore.data import datafiles
from nqcore.i18n import N_, Refusal

if TYPE_CHECKING:
    from nqcore.army.armoury import Weapon


class WeaponDataError(Refusal):
    """A weapon record is malformed: the message names the file, the record and the field, in
    the reader's language (a profile's own weapon, on the command line and the page)."""


KNOWN_FIELDS = frozenset(
    {
        *("key", "name", "kind", "uc", "range", "cr", "mr", "lr", "st", "st_bonus", "am", "pm"),
        *("reach", "burst", "travel", "blast", "teardrop", "indirect", "knock_prone", "save_x2"),
        *("extra_wound", "siege", "rules", "text", "da", "points", "optional_pm"),
        *("optional_pm_points", "plus_crew", "melee", "source"),
    }
)
#: The fields of a weapon record that are the armoury's own record-keeping, not a player's
#: choice: its printed price, the price of the penetration it may buy, and whether that price
#: leaves out its crew.  A profile's own weapon is priced by the Weapon Creation tables.
ARMOURY_ONLY = ("points", "optional_pm", "optional_pm_points", "plus_crew")
#: The fields of a weapon record that are texts (its name is printed on cards and rosters).
TEXT_FIELDS = ("name", "key", "text", "source")
#: The whole numbers of a weapon record without a rule of their own in :func:`check_weapon`,
#: and the range the book's data files hold them to (``nqcore.data.weapon_schema``).
WHOLE_RANGES: dict[str, tuple[int, int]] = {
    "st": (1, 20),
    "da": (1, 9),
    "points": (0, 999),
    "optional_pm_points": (0, 999),
}
#: The deepest penetration modifier a weapon may have (its price is the table's, 0 to -3).
DEEPEST_PM = -9
#: The most inches of a reach or a blast template (the book's longest range is 99").
MOST_INCHES = 99


def check_fields(record: Any, where: str) -> None:
    """A table of known fields, with a name, its texts each one printable line."""
    if not isinstance(record, dict):
        raise WeaponDataError(
            N_("a weapon is a table of fields, not {value}"), where=where, value=quoted(record)
        )
    unknown = sorted(set(record) - KNOWN_FIELDS)
    if unknown:
        shown = toml_keys(unknown)
        raise WeaponDataError(N_("unknown field(s) {fields}"), where=where, fields=shown)
    if "name" not in record:
        raise WeaponDataError(N_("missing field(s) {fields}"), where=where, fields=["name"])
    for name in TEXT_FIELDS:
        if name not in record:
            continue
        if not isinstance(record[name], str):
            raise WeaponDataError(
                N_("{field} must be a text, not {value}"),
                where=where,
                field=name,
                value=quoted(record[name]),
            )
        try:
            check_name(record[name])
        except Refusal as error:
            raise error.at(f"{where}, field {name}", WeaponDataError) from None


def check_own_weapon(record: Any, where: str) -> None:
    """A profile's own weapon gives none of the armoury's record-keeping (:data:`ARMOURY_ONLY`)."""
    for name in ARMOURY_ONLY:
        if isinstance(record, dict) and name in record:
            raise WeaponDataError(
                N_(
                    "a weapon's price is the armoury's: a profile's own weapon is priced by the "
                    "Weapon Creation tables; leave {field} out"
                ),
                where=f"{where}, field {name}",
                field=name,
            )


def whole(record: dict[str, Any], name: str, where: str, default: int | None = None) -> int | None:
    """The whole number ``name`` of ``record`` (``default`` if absent), within its range."""
    value = record.get(name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise WeaponDataError(
            N_("{name} must be a whole number, not {value}"),
            where=where,
            name=name,
            value=quoted(value),
        )
    low, high = WHOLE_RANGES.get(name, (value, value))
    if not low <= value <= high:
        raise WeaponDataError(
            N_("{name} is {low} to {high}, not {value}"),
            where=where,
            name=name,
            low=low,
            high=high,
            value=value,
        )
    return value


def flag(record: dict[str, Any], name: str, where: str) -> bool:
    """The flag ``name`` of ``record``: ``true`` or ``false`` (``false`` if absent)."""
    value = record.get(name, False)
    if not isinstance(value, bool):
        raise WeaponDataError(
            N_("{field} must be {true} or {false}, not {value}"),
            where=where,
            field=name,
            true="true",
            false="false",
            value=quoted(value),
        )
    return value


def inches(record: dict[str, Any], name: str, where: str) -> Fraction | None:
    """The length ``name`` of ``record`` in inches: a finite number above 0, at most 99."""
    value = record.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise WeaponDataError(
            N_("{name} must be a number of inches, not {value}"),
            where=where,
            name=name,
            value=quoted(value),
        )
    if not 0 < value <= MOST_INCHES:
        raise WeaponDataError(
            N_("{name} is more than 0 and at most {high} inches, not {value}"),
            where=where,
            name=name,
            high=MOST_INCHES,
            value=quoted(value),
        )
    return Fraction(str(value))


def check_weapon(weapon: Weapon, record: dict[str, Any], where: str) -> None:
    """What the fields allow together: UC, the ST bonus, PM, travel, burst, and an AM that agrees
    with ST."""
    most = max(characteristic_range("ac"))  # a use costing more actions than any model has
    if weapon.uc is not None and not 1 <= weapon.uc <= most:
        raise WeaponDataError(
            N_("`uc` is the actions one use costs, 1 to {most}, not {uc}"),
            where=where,
            most=most,
            uc=weapon.uc,
        )
    bonuses = datafiles.load("weapon_creation.toml")["cc_strength_bonus"]["values"]
    if weapon.st_bonus is not None and weapon.st_bonus not in bonuses:
        raise WeaponDataError(
            N_("`st_bonus` is one of {choices}, not {value}"),
            where=where,
            choices=tuple(bonuses),
            value=weapon.st_bonus,
        )
    if weapon.pm > 0:
        raise WeaponDataError(
            N_("a penetration modifier is 0 or negative, not {pm}"), where=where, pm=weapon.pm
        )
    for name, pm in (("pm", weapon.pm), ("optional_pm", weapon.optional_pm)):
        if pm is not None and not DEEPEST_PM <= pm <= 0:
            raise WeaponDataError(
                N_("{name} is {low} to {high}, not {value}"),
                where=where,
                name=name,
                low=DEEPEST_PM,
                high=0,
                value=pm,
            )
    if weapon.travel not in (None, 5, 10):
        raise WeaponDataError(
            N_("projectile travel is D5 or D10, not D{travel}"), where=where, travel=weapon.travel
        )
    if weapon.burst not in (1, 2, 3, 4):
        raise WeaponDataError(
            N_("burst fire is x2, x3 or x4, not x{burst}"), where=where, burst=weapon.burst
        )
    if "am" in record and record["am"] != weapon.am:
        raise WeaponDataError(
            N_("am {value} disagrees with ST {st} (AM {am})"),
            where=where,
            value=quoted(record["am"]),
            st=weapon.st,
            am=weapon.am,
        )
