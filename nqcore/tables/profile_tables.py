"""The tables of Creating A Profile, of the profiles the rules show, of the Sample Profiles and of
their Profile Creation Summary, built from the engine's cost data and profiles
(:mod:`nqcore.army.points`, :mod:`nqcore.army.profiles`) so that no value is typed twice.

Keys: ``cost-<ac ... co>``, ``cost-ar``, ``cost-resilience``, ``creating-a-profile-max-<ac ... co,
ar>``, ``creating-a-profile-{armour-types,natural-armour,shield-cost,barding-cost}``,
``army-armour-values-{human,natural}``, ``magic-user-levels``, ``ability-limits``, the tables of the
example profiles (their ``table`` key: ``army-model-profile``, ``army-sample-warrior``,
``profile-starting``, ``profile-basic-warrior``, ``profile-orc-warlord-on-dragon`` ...),
``profile-basic-warrior-points``, ``sample-<key>``, ``sample-profiles`` and
``summary-{model-characteristics,armour,barding,ability-limits}``.

Over 500 lines because it is a list of short table factories, one per table the chapters print;
nothing in it is computed here (the numbers come from :mod:`nqcore.army`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from nqcore.army.armoury import Weapon
from nqcore.army.characteristics import (
    ABBREVIATIONS,
    ARMOUR_BONUS,
    CHARACTERISTICS,
    ModelType,
    characteristic_range,
    data_file,
)
from nqcore.army.features import feature
from nqcore.army.points import (
    armour_cost,
    barding_cost,
    characteristic_cost,
    cost_tables,
    magic_level_cost,
    recommended_maximum,
    resilience_cost,
    shield_cost,
)
from nqcore.army.profile_files import example_profiles, sample_profile, sample_profiles
from nqcore.army.profile_points import profile_points
from nqcore.army.profiles import Pick, Profile
from nqcore.i18n import ARMOUR_CONTEXT, N_, P_, Msg
from nqcore.tables.registry import Cell, Detail, Phrase, Signed, Table, TableFactory, register_table

CREATING_A_PROFILE = "Creating A Profile"
SUMMARY = "Profile Creation Summary"

#: The points the book prints for a profile, and the engine's own price of it beside them: the
#: engine's check is for the book's editors, and the print editions leave it out with its note
#: (:mod:`nqsphinx.books.editions`).
PRINTED_POINTS = N_("Printed Points")
COMPUTED_POINTS = N_("Computed Points")
POINTS_DIFFER = N_(
    "Where the book's points and the engine's computed points differ, the errata explain the "
    "difference item by item."
)

#: Model types as the recommended maxima list them, most powerful first.
_MAX_TYPES = {
    ModelType.CHARACTER: N_("Characters"),
    ModelType.INDIVIDUAL: N_("Individuals"),
    ModelType.UNIT_LEADER: N_("Unit Leaders"),
    ModelType.ELITE: N_("Elite"),
    ModelType.CORE: N_("Core"),
}
#: Model types as a profile's Structure line names them.
_STRUCTURES = {
    ModelType.CORE: N_("Core"),
    ModelType.ELITE: N_("Elite"),
    ModelType.UNIT_LEADER: N_("Unit Leader"),
    ModelType.INDIVIDUAL: N_("Individual"),
    ModelType.CHARACTER: N_("Character"),
    ModelType.SUPPORT: N_("Support"),
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


def _costs() -> dict[str, Any]:
    return data_file("characteristic_costs.toml")


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


def _pick_phrase(category: str, pick: Pick) -> tuple[Part, ...]:
    """An ability, trait or item of equipment by its name: "Flying", "Extra Attack (x2)"."""
    found = feature(category, pick.key)
    level = found.level(pick.level)
    if level is None:
        return (found.name,)
    if level.name != found.name:
        return (level.name,)
    return (found.name, f" ({level.level})")  # Magic User (2), Grenades (ST4 1½")


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
    profile: Profile, unit_size: Msg | None = None
) -> tuple[tuple[Msg, Detail], ...]:
    """The lines under a profile: its weapons, armour and special rules, a line for each other
    element of a combination model (its traits, abilities and weapons), and its structure (the
    model type and the unit size)."""
    lines: list[tuple[Msg, Detail]] = [
        (N_("Weapons"), _listed([weapon_phrase(w) for w in profile.weapons])),
        (N_("Armour (AR)"), armour_phrase(profile)),
        (N_("Special Rules"), _listed(_special_rules(profile))),
    ]
    for element in profile.elements:
        items = [_pick_phrase("trait", pick) for pick in element.traits]
        items += [_pick_phrase("ability", pick) for pick in element.abilities]
        items += [weapon_phrase(w) for w in element.weapons]
        lines.append((Msg(element.name), _listed(items)))
    structure = _STRUCTURES[profile.model_type]
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


# --- characteristics -----------------------------------------------------------------------------


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
    source = cost_tables()[key].source if key in cost_tables() else _costs()["armour"]["source"]
    return Table(
        key=f"creating-a-profile-max-{key}",
        title=N_("Recommended maximum values"),
        columns=(N_("Model Type"), _MAX_HEADINGS[key]),
        rows=rows,
        source=source,
    )


def _register_characteristics() -> None:
    for key in CHARACTERISTICS:
        _register(f"cost-{key}", partial(_cost_table, key))
    for key in (*CHARACTERISTICS, "ar"):
        _register(f"creating-a-profile-max-{key}", partial(recommended_maximum_table, key))


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
                "The columns are lined up so that the values of the starting profile, which cost "
                "+0, are all on the same row; read each column on its own to price a value."
            ),
        ),
    )


# --- armour --------------------------------------------------------------------------------------


@register_table("cost-ar")
def armour_cost_table() -> Table:
    """Armour Values: the AR cost table, then shield, barding and armoured mount."""
    record = _costs()["armour"]
    rows: list[tuple[Cell, ...]] = [
        (value, Signed(armour_cost(value))) for value in characteristic_range("ar")
    ]
    rows += [
        (N_("Shield, AR +1"), Signed(record["shield"])),
        (N_("Barding, AR +1"), Signed(record["barding"])),
        (N_("Armoured mount, AR +1"), Signed(record["armoured_mount"])),
        (N_("Large model, AR +1"), Signed(0)),
    ]
    return Table(
        key="cost-ar",
        title=N_("Armour"),
        columns=(N_("AR"), N_("Points Cost")),
        rows=tuple(rows),
        source=record["source"],
    )


@register_table("summary-armour")
def armour_summary_table() -> Table:
    """Profile Creation Summary > Armour Summary: the AR cost table beside the shield's cost."""
    shield: list[Cell] = [Signed(ARMOUR_BONUS), Signed(shield_cost())]
    rows = tuple(
        (value, Signed(armour_cost(value)), *(shield if index == 0 else [None, None]))
        for index, value in enumerate(characteristic_range("ar"))
    )
    return Table(
        key="summary-armour",
        title=N_("Armour Summary"),
        columns=(N_("Armour AR"), N_("Points Cost"), N_("Shield AR"), N_("Points Cost")),
        rows=rows,
        source=f"{SUMMARY} > Armour Summary",
    )


def _armour_bonus_table(key: str, title: Msg, heading: Msg, cost: int, source: str) -> Table:
    """The +1 AR of a shield or of barding and its points cost."""
    return Table(
        key=key,
        title=title,
        columns=(heading, N_("Points Cost")),
        rows=((Signed(ARMOUR_BONUS), Signed(cost)),),
        source=source,
    )


@register_table("creating-a-profile-shield-cost")
def shield_cost_table() -> Table:
    return _armour_bonus_table(
        "creating-a-profile-shield-cost",
        N_("Shield"),
        N_("Shield AR"),
        shield_cost(),
        f"{CREATING_A_PROFILE} > Shield Cost",
    )


@register_table("creating-a-profile-barding-cost")
def barding_cost_table() -> Table:
    return _armour_bonus_table(
        "creating-a-profile-barding-cost",
        N_("Barding"),
        N_("Barding AR"),
        barding_cost(),
        f"{CREATING_A_PROFILE} > Barding Cost / Armoured Mount",
    )


@register_table("summary-barding")
def barding_summary_table() -> Table:
    return _armour_bonus_table(
        "summary-barding",
        N_("Barding"),
        N_("Barding AR"),
        barding_cost(),
        f"{SUMMARY} > Armour Summary",
    )


def _armour_value(record: dict[str, Any], human: bool) -> Cell:
    if record.get("bonus"):
        return Signed(ARMOUR_BONUS)
    if human and "human" in record:
        return int(record["human"])
    low, high = record["ar"][0], record["ar"][-1]
    return int(low) if low == high else f"{low}–{high}"


def armour_types_table(key: str, kind: str, title: Msg, source: str, human: bool = False) -> Table:
    """The suggested armour value of the standard worn (``kind`` "worn") or natural armour types;
    ``human``: the single values The Army suggests for models of human nature."""
    return Table(
        key=key,
        title=title,
        columns=(N_("Description"), N_("AR Value")),
        rows=tuple(
            (P_(ARMOUR_CONTEXT, record["description"]), _armour_value(record, human))
            for record in _costs()["armour_type"]
            if record["kind"] == kind
        ),
        source=source,
    )


_ARMOUR_TYPE_TABLES: dict[str, Callable[[], Table]] = {
    "creating-a-profile-armour-types": lambda: armour_types_table(
        "creating-a-profile-armour-types",
        "worn",
        N_("Armour types"),
        f"{CREATING_A_PROFILE} > Armour Values",
    ),
    "creating-a-profile-natural-armour": lambda: armour_types_table(
        "creating-a-profile-natural-armour",
        "natural",
        N_("Natural armour"),
        f"{CREATING_A_PROFILE} > Natural Armour Values",
    ),
    "army-armour-values-human": lambda: armour_types_table(
        "army-armour-values-human",
        "worn",
        N_("Worn armour"),
        "The Army > Armour Values",
        human=True,
    ),
    "army-armour-values-natural": lambda: armour_types_table(
        "army-armour-values-natural", "natural", N_("Natural armour"), "The Army > Armour Values"
    ),
}


@register_table("cost-resilience")
def resilience_cost_table() -> Table:
    """Adding Armour Resilience."""
    record = _costs()["resilience"]
    return Table(
        key="cost-resilience",
        title=N_("Armour Resilience"),
        columns=(N_("Resilience (RE) Level"), N_("Points Cost")),
        rows=tuple((Signed(-level), resilience_cost(level)) for level in record["levels"]),
        source=record["source"],
    )


# --- magic users and limits ----------------------------------------------------------------------


@register_table("magic-user-levels")
def magic_user_levels_table() -> Table:
    """Magic User Points Values."""
    return Table(
        key="magic-user-levels",
        title=N_("Magic User Points Values"),
        columns=(N_("Level"), N_("Points"), N_("Comment")),
        rows=tuple(
            (r["level"], magic_level_cost(r["level"]), Msg(r["note"]) if "note" in r else None)
            for r in _costs()["magic_level"]
        ),
        source=f"{CREATING_A_PROFILE} > Magic User Points Values",
    )


def _limits_table(key: str, title: Msg, source: str, limits: Sequence[str]) -> Table:
    """The recommended maximum number of abilities, traits or equipment by model type."""
    record = _costs()["limits"]
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
        _costs()["limits"]["source"],
        ("abilities", "traits", "equipment"),
    )


@register_table("summary-ability-limits")
def ability_limits_summary_table() -> Table:
    """Profile Creation Summary > Abilities, Traits And Equipment Limits (no traits column)."""
    return _limits_table(
        "summary-ability-limits",
        N_("Abilities, Traits And Equipment Limits"),
        f"{SUMMARY} > Abilities, Traits And Equipment Limits",
        ("abilities", "equipment"),
    )


_register_characteristics()
_register_profiles()
for _key, _factory in _ARMOUR_TYPE_TABLES.items():
    _register(_key, _factory)
