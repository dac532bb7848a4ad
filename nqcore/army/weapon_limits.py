"""The ranges of a weapon's numbers that a profile file may give: a use cost no model lacks the
actions for, a close combat ST bonus the creation tables price.  Checked when a weapon record is
read (:func:`nqcore.army.armoury.weapon_from_record`), so that a file is refused naming the
weapon and the field, in the reader's language, before anything is priced."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqcore.army.characteristics import characteristic_range
from nqcore.data import datafiles
from nqcore.i18n import N_

if TYPE_CHECKING:
    from nqcore.army.armoury import Weapon


def check_limits(weapon: Weapon, where: str) -> None:
    """Refuse ``weapon`` (read at ``where``) if its UC or ST bonus is out of range."""
    from nqcore.army.armoury import WeaponDataError

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
