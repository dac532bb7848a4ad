"""The Armoury's tables: hand weapons, ranged weapons, the support weapon profile and the support
weapon armoury, each row a weapon of :mod:`nqcore.army.armoury` as the book prints it.

Keys: ``hand-weapons``, ``ranged-weapons``, ``support-weapon-chassis`` and ``support-weapons``.
"""

from __future__ import annotations

from typing import Any

from nqcore.army.armoury import (
    Weapon,
    hand_weapons,
    ranged_weapons,
    support_weapon_chassis,
    support_weapons,
)
from nqcore.i18n import N_, Msg
from nqcore.tables.registry import Signed, Table, register_table

_RANGE_LABELS = {False: N_("Close Combat"), True: N_("Charge Only")}


def _special(weapon: Weapon) -> Msg:
    return weapon.text if weapon.text is not None else N_("None")


def _signed_or_none(value: int) -> Signed | None:
    return Signed(value) if value else None


def _ranged_row(
    w: Weapon,
) -> tuple[Msg, int | None, str, str, str, int | None, Signed, Signed | None, Msg, int, int | None]:
    cr, mr, lr = (str(band) for band in w.ranges)
    return (
        w.name,
        w.uc,
        cr,
        mr,
        lr,
        w.st,
        Signed(w.am or 0),
        _signed_or_none(w.pm),
        _special(w),
        w.da,
        w.points,
    )


_RANGED_COLUMNS = (
    N_("Name"),
    N_("UC"),
    N_("CR"),
    N_("MR"),
    N_("LR"),
    N_("ST"),
    N_("AM"),
    N_("PM"),
    N_("Special Rules"),
    N_("DA"),
    N_("Points"),
)


@register_table("hand-weapons")
def hand_weapons_table() -> Table:
    """Armoury > Hand Weapons: one row per weapon."""
    rows = tuple(
        (
            w.name,
            w.uc,
            _RANGE_LABELS[w.charge_only],
            Signed(w.st_bonus or 0),
            _signed_or_none(w.pm),
            _special(w),
            w.da,
            w.points,
        )
        for w in hand_weapons()
    )
    return Table(
        key="hand-weapons",
        title=N_("Hand Weapons"),
        columns=(
            N_("Name"),
            N_("UC"),
            N_("Range"),
            N_("ST"),
            N_("PM"),
            N_("Special Rules"),
            N_("DA"),
            N_("Points"),
        ),
        rows=rows,
        row_keys=tuple(w.key for w in hand_weapons()),
        source="Armoury > Hand Weapons",
        notes=(
            N_("A close combat weapon's ST is a bonus added to the wielder's strength."),
            N_("The Lance's bonus applies only on the turn the model charges."),
        ),
    )


@register_table("ranged-weapons")
def ranged_weapons_table() -> Table:
    """Armoury > Ranged Weapons; the Slingstaff's staff follows it on its own row."""
    rows: list[tuple[Any, ...]] = []
    keys: list[str] = []
    for w in ranged_weapons():
        rows.append(_ranged_row(w))
        keys.append(w.key)
        if w.melee is not None:
            staff = w.melee
            keys.append(staff.key)
            rows.append(
                (
                    staff.name,
                    staff.uc,
                    N_("Close Combat"),
                    None,
                    None,
                    Signed(staff.st_bonus or 0),
                    None,
                    None,
                    _special(staff),
                    staff.da,
                    None,
                )
            )
    return Table(
        key="ranged-weapons",
        title=N_("Ranged Weapons"),
        columns=_RANGED_COLUMNS,
        rows=tuple(rows),
        row_keys=tuple(keys),
        source="Armoury > Ranged Weapons",
        notes=(
            N_(
                "Each range gives the greatest distance in inches, then the ranged attack (RA) "
                'modifier up to that distance: 12/+1 means up to 12" at +1.'
            ),
            N_("The Slingstaff is a sling and a staff in one weapon, for one price."),
        ),
    )


@register_table("support-weapon-chassis")
def support_weapon_chassis_table() -> Table:
    """Armoury > Support Weapon Profile."""
    chassis = support_weapon_chassis()
    return Table(
        key="support-weapon-chassis",
        title=N_("Support Weapon Profile"),
        columns=(N_("Name"), N_("T"), N_("W"), N_("AR")),
        rows=((chassis.name, chassis.t, chassis.w, chassis.ar),),
        source=chassis.source,
    )


@register_table("support-weapons")
def support_weapons_table() -> Table:
    """Armoury > Support Weapon Armoury."""
    return Table(
        key="support-weapons",
        title=N_("Support Weapon Armoury"),
        columns=_RANGED_COLUMNS,
        rows=tuple(_ranged_row(w) for w in support_weapons()),
        row_keys=tuple(w.key for w in support_weapons()),
        source="Armoury > Support Weapon Armoury",
        notes=(
            N_("The points pay for the weapon alone; its crew is bought separately."),
            N_(
                "For the Trebuchet, the book does not say whether its cost includes its crew; "
                "this edition buys its crew separately, as for every other support weapon."
            ),
        ),
    )
