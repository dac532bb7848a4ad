"""The armoury: the profiles of the book's standard weapons, and weapon profiles in general.

Book sections: "Weapon Profile" (The Army), "Armoury" (Hand Weapons, Ranged Weapons, Support Weapon
Profile, Support Weapon Armoury).  The data live in ``data/hand_weapons.toml``,
``data/ranged_weapons.toml`` and ``data/support_weapons.toml``; what a weapon would cost if it were
created from scratch is :func:`nqcore.army.weapon_costs.weapon_points`, and the Armoury's tables
are :mod:`nqcore.tables.armoury_tables`'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.army.toml_values import quoted
from nqcore.army.weapon_checks import (
    WeaponDataError,
    check_fields,
    check_weapon,
    flag,
    inches,
    whole,
)
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg, Refusal, Typed, UnknownName
from nqcore.rules.armour import armour_modifier  # the book's one rule, used by weapon profiles
from nqcore.rules.range_bands import Range, parse_range

#: The base use cost of an attack with the model's own strength or an improvised weapon (3 AC).
BASE_USE_COST = 3
#: Teardrop template sizes, small to large.
TEARDROP_SIZES: tuple[str, ...] = ("TTS", "TTM", "TTL")
#: Special rule keys a weapon record may carry in ``rules``.
WEAPON_RULES = frozenset(
    {
        "two-handed",
        "two-ranks",
        "charge-only",
        "cavalry-and-chariots-only",
        "no-cavalry",
        "suited-to-mounted",
    }
)


class WeaponKind(Enum):
    """The kinds of weapon the book prices differently."""

    CLOSE_COMBAT = "close-combat"
    RANGED = "ranged"
    SUPPORT = "support"
    TEARDROP = "teardrop"
    GRENADE = "grenade"


def _required_range(text: str) -> Range:
    found = parse_range(text)
    if found is None:  # "-" or "": no range, where a shooting weapon needs one
        raise WeaponDataError(N_("a range reads like 10/+1, not {value}"), value=Typed(text))
    return found


@dataclass(frozen=True)
class Weapon:
    """A weapon profile ("Weapon Profile"): UC, ranges, ST or ST bonus, AM, PM, special rules, DA.

    ``points`` is the armoury's price; ``None`` for a weapon created for a profile, whose price
    :func:`nqcore.army.weapon_costs.weapon_points` computes.
    """

    key: str
    name: Msg
    kind: WeaponKind
    uc: int | None = None
    ranges: tuple[Range, ...] = ()
    st: int | None = None
    st_bonus: int | None = None
    pm: int = 0
    reach: Fraction | None = None
    burst: int = 1
    travel: int | None = None
    blast: Fraction | None = None
    teardrop: str | None = None
    indirect: bool = False
    knock_prone: bool = False
    save_x2: bool = False
    extra_wound: bool = False
    siege: bool = False
    rules: frozenset[str] = field(default=frozenset())
    text: Msg | None = None
    da: int = 1
    points: int | None = None
    optional_pm: int | None = None
    optional_pm_points: int | None = None
    plus_crew: bool | None = None
    melee: Weapon | None = None
    source: str = ""

    @property
    def is_close_combat(self) -> bool:
        return self.kind is WeaponKind.CLOSE_COMBAT

    @property
    def charge_only(self) -> bool:
        return "charge-only" in self.rules

    @property
    def two_handed(self) -> bool:
        """Two handed by its rules, or because a close combat weapon of UC 5+ counts as such
        ("Penetration Modifier Points Cost": unless the wielder is particularly large)."""
        return "two-handed" in self.rules or (self.is_close_combat and (self.uc or 0) >= 5)

    @property
    def am(self) -> int | None:
        """The weapon's armour modifier; ``None`` for close combat weapons, whose AM depends on
        the wielder's strength (see :meth:`attack_strength`)."""
        return None if self.st is None else armour_modifier(self.st)

    def attack_strength(self, wielder_st: int) -> int:
        """The strength of an attack with this weapon: the wielder's ST plus a close combat bonus,
        or the weapon's own ST."""
        if self.st_bonus is not None:
            return wielder_st + self.st_bonus
        if self.st is None:
            raise ValueError(f"weapon {self.key!r} has no strength")
        return self.st

    def with_pm(self, pm: int) -> Weapon:
        """This weapon profile with another penetration modifier, at no price (a created weapon)."""
        return replace(self, pm=pm, points=None)

    def with_optional_pm(self) -> Weapon:
        """This weapon with the penetration modifier it may buy, at its price: the Crossbow's
        "Add 1 point for penetration modifier (-1)"."""
        if self.optional_pm is None or self.optional_pm_points is None:
            raise ValueError(f"the {self.name} has no optional penetration modifier")
        points = None if self.points is None else self.points + self.optional_pm_points
        return replace(
            self, pm=self.optional_pm, points=points, optional_pm=None, optional_pm_points=None
        )


@dataclass(frozen=True)
class Chassis:
    """The physical profile of a support weapon ("Support Weapon Profile")."""

    name: Msg
    t: int
    w: int
    ar: int
    source: str


_CC_RANGES = {"close-combat": frozenset(), "charge-only": frozenset({"charge-only"})}


def _infer_kind(record: dict[str, Any], default: WeaponKind | None, where: str) -> WeaponKind:
    if "kind" in record:
        try:
            return WeaponKind(record["kind"])
        except ValueError:
            kinds = ", ".join(k.value for k in WeaponKind)
            raise WeaponDataError(
                N_("unknown kind {value}; choose one of {choices}"),
                where=where,
                value=quoted(record["kind"]),
                choices=kinds,
            ) from None
    if default is not None:
        return default
    if "teardrop" in record:
        return WeaponKind.TEARDROP
    if "st_bonus" in record or "range" in record:
        return WeaponKind.CLOSE_COMBAT
    if "cr" in record:
        return WeaponKind.RANGED
    raise WeaponDataError(
        N_(
            "cannot tell the kind of weapon; give `kind` or an `st_bonus` (close combat), "
            "ranges `cr`/`mr`/`lr` (ranged) or `teardrop`"
        ),
        where=where,
    )


#: The fields that only some kinds of weapon have: a close combat weapon's strength is a bonus
#: to its wielder's and its range a rule, a shooting weapon's ranges are three bands.  Given to
#: another kind, the field would be read by nobody, and the player would believe it counted.
_KINDS_OF_FIELD: dict[str, frozenset[WeaponKind]] = {
    "st_bonus": frozenset({WeaponKind.CLOSE_COMBAT}),
    "range": frozenset({WeaponKind.CLOSE_COMBAT}),
    "st": frozenset(WeaponKind) - {WeaponKind.CLOSE_COMBAT},
    **dict.fromkeys(("cr", "mr", "lr"), frozenset({WeaponKind.RANGED, WeaponKind.SUPPORT})),
}


def _refuse_other_kinds_fields(record: dict[str, Any], kind: WeaponKind, where: str) -> None:
    """A field of another kind of weapon is refused, not silently left unread."""
    for name, kinds in _KINDS_OF_FIELD.items():
        if name in record and kind not in kinds:
            raise WeaponDataError(
                N_("{field} is not a field of a {kind} weapon"),
                where=where,
                field=name,
                kind=kind.value,
            )


def weapon_from_record(
    record: dict[str, Any], where: str, kind: WeaponKind | None = None
) -> Weapon:
    """A :class:`Weapon` from one TOML record; errors name ``where`` and the field."""
    check_fields(record, where)
    name = str(record["name"])
    key = str(record.get("key") or re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"))
    kind = _infer_kind(record, kind, where)
    _refuse_other_kinds_fields(record, kind, where)
    rule_set = _rules(record, where)
    st: int | None = None
    st_bonus: int | None = None
    if kind is WeaponKind.CLOSE_COMBAT:
        rule_set |= _close_combat_range(record, where)
        if "st_bonus" not in record:
            raise WeaponDataError(N_("a close combat weapon needs st_bonus"), where=where)
        st_bonus = whole(record, "st_bonus", where)
    else:
        if "st" not in record:
            raise WeaponDataError(N_("a {kind} weapon needs st"), where=where, kind=kind.value)
        st = whole(record, "st", where)
    ranges = _ranges(record, where) if kind in (WeaponKind.RANGED, WeaponKind.SUPPORT) else ()
    teardrop = _teardrop(record, kind, where)
    melee = None
    if "melee" in record:
        melee = weapon_from_record(record["melee"], f"{where}, melee", WeaponKind.CLOSE_COMBAT)
    weapon = Weapon(
        key=key,
        name=Msg(name),
        kind=kind,
        uc=whole(record, "uc", where),
        ranges=ranges,
        st=st,
        st_bonus=st_bonus,
        pm=whole(record, "pm", where, 0) or 0,
        reach=inches(record, "reach", where),
        burst=whole(record, "burst", where, 1) or 1,
        travel=whole(record, "travel", where),
        blast=inches(record, "blast", where),
        teardrop=teardrop,
        indirect=flag(record, "indirect", where),
        knock_prone=flag(record, "knock_prone", where),
        save_x2=flag(record, "save_x2", where),
        extra_wound=flag(record, "extra_wound", where),
        siege=flag(record, "siege", where),
        rules=rule_set,
        text=Msg(str(record["text"])) if "text" in record else None,
        da=whole(record, "da", where, 1) or 1,
        points=whole(record, "points", where),
        optional_pm=whole(record, "optional_pm", where),
        optional_pm_points=whole(record, "optional_pm_points", where),
        plus_crew=flag(record, "plus_crew", where) if "plus_crew" in record else None,
        melee=melee,
        source=str(record.get("source", "")),
    )
    check_weapon(weapon, record, where)
    return weapon


def _teardrop(record: dict[str, Any], kind: WeaponKind, where: str) -> str | None:
    """The template size of a teardrop weapon, or any weapon's that gives one."""
    teardrop = record.get("teardrop")
    if (kind is WeaponKind.TEARDROP or "teardrop" in record) and teardrop not in TEARDROP_SIZES:
        raise WeaponDataError(
            N_("{field} must be one of {choices}, not {value}"),
            where=where,
            field="teardrop",
            choices=TEARDROP_SIZES,
            value=quoted(teardrop),
        )
    return teardrop


def _rules(record: dict[str, Any], where: str) -> frozenset[str]:
    """The weapon's special rules, each a known rule key."""
    rules = record.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise WeaponDataError(N_("{field} must be a list of rule keys"), where=where, field="rules")
    bad = sorted(set(rules) - WEAPON_RULES)
    if bad:
        raise WeaponDataError(
            N_("unknown rule(s) {rules}; known: {known}"),
            where=where,
            rules=bad,
            known=sorted(WEAPON_RULES),
        )
    return frozenset(rules)


def _close_combat_range(record: dict[str, Any], where: str) -> frozenset[str]:
    """The rules a close combat weapon's range gives ('close-combat' or 'charge-only')."""
    range_name = record.get("range", "close-combat")
    if range_name not in _CC_RANGES:
        raise WeaponDataError(
            N_("range of a close combat weapon is {first} or {second}, not {value}"),
            where=where,
            first=quoted("close-combat"),
            second=quoted("charge-only"),
            value=quoted(range_name),
        )
    return _CC_RANGES[range_name]


def _ranges(record: dict[str, Any], where: str) -> tuple[Range, ...]:
    """A shooting weapon's three range bands, growing from cr to lr."""
    try:
        ranges = tuple(_required_range(str(record[band])) for band in ("cr", "mr", "lr"))
    except KeyError as missing:
        raise WeaponDataError(
            N_("missing range {band}"), where=where, band=str(missing.args[0])
        ) from None
    except Refusal as error:  # parse_range's, or ours
        raise error.at(where, WeaponDataError) from None
    if [band.max_inches for band in ranges] != sorted(band.max_inches for band in ranges):
        raise WeaponDataError(
            N_("ranges must grow from {first} to {last}"), where=where, first="cr", last="lr"
        )
    return ranges


def _load(filename: str, kind: WeaponKind) -> tuple[Weapon, ...]:
    data = datafiles.load(filename)
    weapons = tuple(
        weapon_from_record(record, f"{filename}, weapon #{i + 1} ({record.get('key', '?')})", kind)
        for i, record in enumerate(data.get("weapon", []))
    )
    keys = [w.key for w in weapons]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise WeaponDataError(N_("duplicate weapon key(s) {keys}"), where=filename, keys=duplicates)
    return weapons


@cache
def hand_weapons() -> tuple[Weapon, ...]:
    """The 14 hand weapons of the armoury, in the book's order."""
    return _load("hand_weapons.toml", WeaponKind.CLOSE_COMBAT)


@cache
def ranged_weapons() -> tuple[Weapon, ...]:
    """The 13 ranged weapons of the armoury, in the book's order."""
    return _load("ranged_weapons.toml", WeaponKind.RANGED)


@cache
def support_weapons() -> tuple[Weapon, ...]:
    """The 9 support weapons of the Support Weapon Armoury, in the book's order."""
    return _load("support_weapons.toml", WeaponKind.SUPPORT)


@cache
def support_weapon_chassis() -> Chassis:
    """The chassis every support weapon stands on: T7 W3 AR5 ("Support Weapon Profile")."""
    record = datafiles.load("support_weapons.toml")["chassis"]
    return Chassis(
        name=Msg(record["name"]),
        t=int(record["t"]),
        w=int(record["w"]),
        ar=int(record["ar"]),
        source=str(record["source"]),
    )


def all_weapons() -> tuple[Weapon, ...]:
    """Every weapon of the armoury: hand, ranged, then support weapons."""
    return hand_weapons() + ranged_weapons() + support_weapons()


def weapon(name_or_key: str, lang: str | None = None) -> Weapon:
    """An armoury weapon by its key or its name in any language, ``lang``'s first
    (:func:`nqcore.typed_names.find`: a key first, "lance" the lance's, « Lance de cavalerie »).

    >>> weapon("Long Bow").points
    5
    >>> weapon("arc long").key
    'long-bow'
    >>> weapon("Lance de cavalerie", "fr").key, weapon("Lance", "fr").key
    ('lance', 'lance')
    """
    from nqcore.typed_names import find

    found = find(name_or_key, ((w.key, (w.name,), w) for w in all_weapons()), lang)
    if found is not None:
        return found
    raise UnknownName(N_("unknown weapon {name}"), name=Typed(name_or_key))
