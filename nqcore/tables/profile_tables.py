"""The tables of the profiles the rules show and of the Sample Profiles, built from the engine's
profiles and prices (:mod:`nqcore.army.profiles`, :mod:`nqcore.army.profile_points`) so that no
value is typed twice.  The other tables of Creating A Profile and of its Profile Creation Summary
are :mod:`nqcore.tables.characteristic_tables`' (characteristics, magic users, limits) and
:mod:`nqcore.tables.armour_tables`' (armour); the names other code reads here stay importable.

Keys: the tables of the example profiles (their ``table`` key: ``army-model-profile``,
``army-sample-warrior``, ``profile-starting``, ``profile-basic-warrior``,
``profile-orc-warlord-on-dragon`` ...), ``profile-basic-warrior-points``, ``sample-<key>`` and
``sample-profiles``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import partial

from nqcore.army.armoury import Weapon
from nqcore.army.characteristics import (
    ABBREVIATIONS,
    CHARACTERISTICS,
    ModelType,
)
from nqcore.army.features import feature, level_parts
from nqcore.army.points import (
    characteristic_cost,
    cost_tables,
)
from nqcore.army.profile_files import example_profiles, sample_profile, sample_profiles
from nqcore.army.profile_points import profile_points
from nqcore.army.profiles import Pick, Profile
from nqcore.i18n import ARMOUR_CONTEXT, N_, P_, Msg
from nqcore.tables.armour_tables import armour_types_table as armour_types_table
from nqcore.tables.characteristic_tables import (
    recommended_maximum_table as recommended_maximum_table,
)
from nqcore.tables.registry import Cell, Detail, Phrase, Signed, Table, TableFactory, register_table

#: The points the book prints for a profile, and the engine's own price of it beside them: the
#: engine's check is for the book's editors, and the print editions leave it out with its note
#: (:mod:`nqsphinx.books.editions`).
PRINTED_POINTS = N_("Printed Points")
COMPUTED_POINTS = N_("Computed Points")
POINTS_DIFFER = N_(
    "Where the book's points and the engine's computed points differ, the errata explain the "
    "difference item by item."
)

#: Model types as a profile's Structure line names them.
STRUCTURES = {
    ModelType.CORE: N_("Core"),
    ModelType.ELITE: N_("Elite"),
    ModelType.UNIT_LEADER: N_("Unit Leader"),
    ModelType.INDIVIDUAL: N_("Individual"),
    ModelType.CHARACTER: N_("Character"),
    ModelType.SUPPORT: N_("Support"),
}


def _register(key: str, factory: TableFactory) -> None:
    register_table(key)(factory)


def _characteristic_columns() -> list[Msg]:
    return [N_("Name"), *(Msg(ABBREVIATIONS[c]) for c in CHARACTERISTICS)]


# --- profiles ------------------------------------------------------------------------------------

Part = Msg | str | int


def _joined(items: Iterable[Sequence[Part]], separator: str = ", ") -> list[Part]:
    parts: list[Part] = []
    for index, item in enumerate(items):
        parts += [separator, *item] if index else [*item]
    return parts


def weapon_phrase(weapon: Weapon) -> tuple[Part, ...]:
    """A weapon as a profile lists it: "Broadsword (UC5, ST+2)", "Axe (UC4, ST+1, PM-1)",
    "Long Bow (UC4, 12/+1, 24/+0, 36/-1, ST4)", "Fire breath (UC8, ST4, TTL)"."""
    stats: list[tuple[Part, ...]] = []
    if weapon.uc is not None:
        stats.append((N_("UC"), weapon.uc))
    stats += [(str(band),) for band in weapon.ranges]
    if weapon.st_bonus is not None:
        stats.append((N_("ST"), Signed(weapon.st_bonus)))
    elif weapon.st is not None:
        stats.append((N_("ST"), weapon.st))
    if weapon.pm:
        stats.append((N_("PM"), Signed(weapon.pm)))
    if weapon.teardrop is not None:
        stats.append((Msg(weapon.teardrop),))  # the reader's abbreviation: « GGG » in French
    if not stats:
        return (weapon.name,)
    return (weapon.name, " (", *_joined(stats), ")")


#: A grenade level's key: its strength, its blast template and whether it knocks prone.
_GRENADE_LEVEL = re.compile(r'ST(\d+) (\S+)"( knock prone)?')


def grenade_phrase(profile: Profile) -> tuple[Part, ...] | None:
    """The grenades a profile carries as the book's grenade profile reads (Throwing Grenades:
    "Grenade, UC 4, 2" + model ST in inches, ST4, Indirect 1½" blast"): "Grenade (UC5, 5",
    ST5, Indirect, blast template 2", Knock Prone)" for a thrower of ST3 (player round 26:
    the card named the grenades and gave no use cost, reach or blast)."""
    from nqcore.rules.ranged import grenade_range, grenade_use_cost

    pick = profile.pick("equipment", "grenades")
    level = feature("equipment", "grenades").level(pick.level) if pick else None
    found = _GRENADE_LEVEL.fullmatch(level.level) if level else None
    if found is None:
        return None
    strength = int(found[1])
    stats: list[tuple[Part, ...]] = [
        (N_("UC"), grenade_use_cost(strength)),
        (f'{grenade_range(profile.st)}"',),
        (N_("ST"), strength),
        (N_("Indirect"),),
        (N_("blast template"), f' {found[2]}"'),
    ]
    stats += [(N_("Knock Prone"),)] if found[3] else []
    return (N_("Grenade"), " (", *_joined(stats), ")")


def _pick_phrase(category: str, pick: Pick) -> tuple[Part, ...]:
    """An ability, trait or item of equipment by its name: "Flying", "Extra Attack (x2)"."""
    found = feature(category, pick.key)
    level = found.level(pick.level)
    if level is None:
        return (found.name,)
    if level.name != found.name:
        return (level.name,)
    # Magic User (2), Grenades (ST4 1½"): the level's words in the reader's language (« F4 »)
    return (found.name, " (", *level_parts(level.level), ")")


def _listed(items: Sequence[Sequence[Part]]) -> Phrase:
    return Phrase(_joined(items)) if items else Phrase((N_("None"),))


def armour_phrase(profile: Profile) -> Phrase:
    """The Armour (AR) line of a profile: "Heavy Armour, Shield (AR5)", or "None"."""
    description = profile.armour.description
    if description:
        return Phrase((P_(ARMOUR_CONTEXT, description), " (", N_("AR"), profile.ar, ")"))
    if profile.ar:
        return Phrase((N_("AR"), profile.ar))
    return Phrase((N_("None"),))


def _special_rules(profile: Profile) -> list[tuple[Part, ...]]:
    """The model's own traits, abilities, equipment, mutations and spells (not its elements')."""
    from nqcore.rules.mutations import all_mutations
    from nqcore.rules.spells import spell

    mutations = {m.key: m.name for m in all_mutations()}
    items = [_pick_phrase("trait", pick) for pick in profile.traits]
    items += [_pick_phrase("ability", pick) for pick in profile.abilities]
    items += [_pick_phrase("equipment", pick) for pick in profile.equipment]
    items += [(mutations[key],) for key in profile.mutations]
    items += [(spell(key).name,) for key in profile.spells]
    return items


def profile_details(
    profile: Profile, unit_size: Msg | None = None, *, model_type: str | None = None
) -> tuple[tuple[Msg, Detail], ...]:
    """The lines under a profile: its weapons, armour and special rules, a line for each other
    element of a combination model (its traits, abilities and weapons), and its structure (the
    model type and the unit size).  ``model_type``: its type said otherwise than by its record
    (a core model above the core limit is elite: the profile builder's card)."""
    weapons = [weapon_phrase(w) for w in profile.weapons]
    weapons += [grenade] if (grenade := grenade_phrase(profile)) else []
    lines: list[tuple[Msg, Detail]] = [
        (N_("Weapons"), _listed(weapons)),
        (N_("Armour (AR)"), armour_phrase(profile)),
        (N_("Special Rules"), _listed(_special_rules(profile))),
    ]
    for element in profile.elements:
        items = [_pick_phrase("trait", pick) for pick in element.traits]
        items += [_pick_phrase("ability", pick) for pick in element.abilities]
        items += [weapon_phrase(w) for w in element.weapons]
        lines.append((Msg(element.name), _listed(items)))
    structure = STRUCTURES[profile.model_type] if model_type is None else model_type
    lines.append(
        (N_("Structure"), Phrase((structure, ", ", unit_size)) if unit_size else structure)
    )
    return tuple(lines)


def profile_table(key: str, title: Msg, profiles: Sequence[Profile], source: str) -> Table:
    """Several profiles side by side, their characteristics only (Name, AC ... CO), as the book
    illustrates the model profile."""
    rows = tuple((Msg(p.name), *(getattr(p, c) for c in CHARACTERISTICS)) for p in profiles)
    return Table(key, title, tuple(_characteristic_columns()), rows, source)


def single_profile_table(
    key: str,
    title: Msg,
    profile: Profile,
    source: str,
    *,
    printed_points: int | None = None,
    unit_size: Msg | None = None,
) -> Table:
    """One model's profile as the book prints it: Name, AC ... CO, a row for each other element of
    a combination model (its RA, CC, ST), then its AR, the points the book prints (if it prints
    them) and the points the engine computes; its weapons, armour, special rules and structure
    follow as :attr:`Table.details`."""
    columns = [*_characteristic_columns(), N_("AR")]
    columns += [PRINTED_POINTS] if printed_points is not None else []
    columns += [COMPUTED_POINTS]
    row: list[Cell] = [Msg(profile.name), *(getattr(profile, c) for c in CHARACTERISTICS)]
    row += [profile.ar]
    row += [printed_points] if printed_points is not None else []
    row += [profile_points(profile).total]
    rows = [tuple(row)]
    for element in profile.elements:
        cells: list[Cell] = [Msg(element.name), None, element.ra, element.cc, element.st]
        rows.append(tuple(cells + [None] * (len(columns) - len(cells))))
    return Table(
        key=key,
        title=title,
        columns=tuple(columns),
        rows=tuple(rows),
        source=source or profile.source,
        details=profile_details(profile, unit_size),
    )


def sample_profile_table(name_or_key: str) -> Table:
    """One Sample Profile, keyed ``sample-<key>`` (where the engine's points differ from the
    printed points, the sample profiles' errata say why)."""
    sample = sample_profile(name_or_key)
    profile = sample.profile
    return single_profile_table(
        f"sample-{profile.key}",
        Msg(profile.name),
        profile,
        profile.source,
        printed_points=sample.printed_points,
        unit_size=sample.unit_size,
    )


def example_profile_table(table_key: str) -> Table:
    """The table of the example profiles whose ``table`` is ``table_key``: one profile in full,
    or several side by side."""
    group = [e for e in example_profiles() if e.table == table_key]
    if not group:
        raise KeyError(f"no example profile is shown in a table {table_key!r}")
    first = group[0]
    title = first.title or Msg(first.profile.name)
    if len(group) > 1:
        return profile_table(table_key, title, [e.profile for e in group], first.profile.source)
    return single_profile_table(
        table_key,
        title,
        first.profile,
        first.profile.source,
        printed_points=first.printed_points,
        unit_size=first.unit_size,
    )


@register_table("profile-basic-warrior-points")
def basic_warrior_points_table() -> Table:
    """Creating A Profile: the points of the Basic Warrior's characteristics, one by one, and the
    total (the book prints T 4 at +3 and 20 points: an erratum)."""
    (warrior,) = [e.profile for e in example_profiles() if e.profile.key == "basic-warrior"]
    tables = cost_tables()
    rows: list[tuple[Cell, ...]] = [
        (
            getattr(warrior, c),
            Msg(ABBREVIATIONS[c]),
            tables[c].name,
            Signed(characteristic_cost(c, getattr(warrior, c))),
        )
        for c in CHARACTERISTICS
    ]
    rows.append((N_("Total"), None, None, profile_points(warrior).total))
    return Table(
        key="profile-basic-warrior-points",
        title=N_("Points of the Basic Warrior"),
        columns=(N_("Value"), N_("Abbreviation"), N_("Characteristic"), N_("Points Cost")),
        rows=tuple(rows),
        source=warrior.source,
    )


def _register_profiles() -> None:
    for table_key in dict.fromkeys(e.table for e in example_profiles()):
        _register(table_key, partial(example_profile_table, table_key))
    for sample in sample_profiles():
        key = sample.profile.key
        _register(f"sample-{key}", partial(sample_profile_table, key))


@register_table("sample-profiles")
def sample_profiles_table() -> Table:
    """The Sample Profiles with the points the book prints and the points the engine computes."""
    rows = tuple(
        (
            Msg(s.profile.name),
            *(getattr(s.profile, c) for c in CHARACTERISTICS),
            s.profile.ar,
            s.printed_points,
            profile_points(s.profile).total,
        )
        for s in sample_profiles()
    )
    return Table(
        key="sample-profiles",
        title=N_("Sample Profiles"),
        columns=(*_characteristic_columns(), N_("AR"), PRINTED_POINTS, COMPUTED_POINTS),
        rows=rows,
        source="Sample Profiles",
        notes=(POINTS_DIFFER,),
    )


_register_profiles()
