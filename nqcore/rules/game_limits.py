"""Game sizes, unit sizes, attack zones, unit coherency and uses per activation.

The book gives these numbers in prose, outside any model's profile: "Points Values" (Getting
Started), "Units" (The Army), "Ranked Formation", "Closed Formation", "Infiltrating Units",
"Initiates And Neophytes", "Support Weapon Crew", "Attack Zone", "Skirmish Formation",
"Dispersed Formation", "Support Weapon Uses Per Turn", and the teardrop and burst fire weapons'
"may only be fired once per activation".  They live in ``data/game_limits.toml``; the functions
here answer the questions a player asks of them, and each set is a table on its rule's page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from nqcore.army.characteristics import Size
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.tables.registry import Cell, Phrase, Table, register_table

DATA = "game_limits.toml"
#: A distance in inches, exact.
Inches = Fraction | int
INCH = '"'
#: "Infiltrating Units" (Getting Started): an infiltrating unit is placed "no closer than 10\" from
#: the nearest enemy unit" (the Infiltrate ability's summary states it).
INFILTRATE_ENEMY_DISTANCE = 10


@dataclass(frozen=True)
class GameSize:
    """A size of game and the points each side brings ("4000+" when ``open``)."""

    key: str
    name: Msg
    points: int
    open: bool
    section: str


@dataclass(frozen=True)
class UnitSize:
    """How many models a kind of unit has; ``usual`` when the book says "normally"."""

    key: str
    name: Msg
    minimum: int
    maximum: int | None
    usual: bool
    section: str


@dataclass(frozen=True)
class AttackZone:
    """How far (inches from the base) and over which arc (degrees) a model threatens."""

    size: Size
    reach: int
    arc: int
    section: str


@dataclass(frozen=True)
class Reach:
    """A named distance in inches: a formation's coherency, a battery's spacing."""

    key: str
    name: Msg
    reach: int
    section: str


@dataclass(frozen=True)
class Uses:
    """How many times a kind of weapon may be fired in one activation."""

    key: str
    name: Msg
    uses: int
    section: str


@cache
def game_sizes() -> tuple[GameSize, ...]:
    """The book's game sizes, smallest first."""
    return tuple(
        GameSize(r["key"], Msg(r["name"]), r["points"], r.get("open", False), r["section"])
        for r in datafiles.load(DATA)["game_size"]
    )


@cache
def unit_sizes() -> dict[str, UnitSize]:
    """The unit size limits, by key."""
    return {
        r["key"]: UnitSize(
            r["key"],
            Msg(r["name"]),
            r["minimum"],
            r.get("maximum"),
            r.get("usual", False),
            r["section"],
        )
        for r in datafiles.load(DATA)["unit_limit"]
    }


@cache
def attack_zones() -> dict[Size, AttackZone]:
    """Each model size's attack zone."""
    zones = (
        AttackZone(Size(r["size"]), r["reach"], r["arc"], r["section"])
        for r in datafiles.load(DATA)["attack_zone"]
    )
    return {zone.size: zone for zone in zones}


@cache
def coherency_reaches() -> dict[str, Reach]:
    """The greatest gap allowed between a model and its chain, by formation (or battery)."""
    return {
        r["key"]: Reach(r["key"], Msg(r["name"]), r["reach"], r["section"])
        for r in datafiles.load(DATA)["coherency"]
    }


@cache
def uses_per_activation() -> dict[str, Uses]:
    """How often each kind of weapon may be fired in one activation, by key."""
    return {
        r["key"]: Uses(r["key"], Msg(r["name"]), r["uses"], r["section"])
        for r in datafiles.load(DATA)["uses_per_activation"]
    }


@cache
def combination_elements() -> int:
    """How many elements a combination model may have, its main one included.

    >>> combination_elements()
    3
    """
    return int(datafiles.load(DATA)["combination"]["elements"])


def game_size(points: int) -> GameSize | None:
    """The named game size a points value agrees to: the exact sizes, or the open one at or
    above its points; ``None`` for any other value (players may still agree on it).

    >>> [getattr(game_size(p), "key", None) for p in (1000, 2000, 2500, 4000, 6000)]
    ['skirmish', 'small', None, 'epic', 'epic']
    """
    for size in game_sizes():
        if points == size.points or (size.open and points >= size.points):
            return size
    return None


def unit_size_fits(key: str, models: int) -> bool:
    """Whether a unit of ``models`` models is within the limits of its kind.

    >>> unit_size_fits("infiltrating", 7), unit_size_fits("infiltrating", 8)
    (True, False)
    >>> unit_size_fits("support-weapon-crew", 1), unit_size_fits("ranked", 30)
    (False, True)
    """
    if models < 0:
        raise ValueError(f"a unit cannot have {models} models")
    limit = unit_sizes()[key]
    return models >= limit.minimum and (limit.maximum is None or models <= limit.maximum)


def in_attack_zone(size: Size, gap: Inches, bearing: int, engaged: bool = False) -> bool:
    """Whether a point ``gap`` inches from a model's base, at ``bearing`` degrees from its front
    (0 ahead, ±180 behind), lies in its attack zone.  A model in close combat has none.

    >>> in_attack_zone(Size.MEDIUM, Fraction(1), 180), in_attack_zone(Size.LARGE, Fraction(2), 0)
    (True, True)
    >>> in_attack_zone(Size.LARGE, 1, 120), in_attack_zone(Size.MEDIUM, 1, 0, engaged=True)
    (False, False)
    """
    if gap < 0:
        raise ValueError(f"a gap is not negative: {gap}")
    zone = attack_zones()[size]
    facing = abs((bearing + 180) % 360 - 180)
    return not engaged and gap <= zone.reach and 2 * facing <= zone.arc


def is_coherent(key: str, gaps: Sequence[Sequence[Inches]]) -> bool:
    """Whether models form one chain at the coherency of ``key``: ``gaps[i][j]`` is the distance
    in inches between the bases of models ``i`` and ``j``.  "No model is more than 1" from at
    least one other model" alone is not enough: two far apart pairs each pass it, so the models
    must also be one chain (every model reached from the first through gaps within reach).

    >>> near, far = Fraction(1), Fraction(3)
    >>> is_coherent("skirmish", [[0, near, far], [near, 0, near], [far, near, 0]])
    True
    >>> is_coherent("skirmish", [[0, near, far, far], [near, 0, far, far],
    ...                          [far, far, 0, near], [far, far, near, 0]])
    False
    """
    reach = coherency_reaches()[key].reach
    count = len(gaps)
    if any(len(row) != count for row in gaps):
        raise ValueError("the gaps must form a square table, one row and column per model")
    reached, waiting = {0} if count else set(), [0] if count else []
    while waiting:
        model = waiting.pop()
        for other in range(count):
            if other not in reached and gaps[model][other] <= reach:
                reached.add(other)
                waiting.append(other)
    return len(reached) == count


def _inches(value: int) -> str:
    return f"{value}{INCH}"


@register_table("game-sizes")
def game_sizes_table() -> Table:
    """The book's "Points Values": each game size and the points each side brings."""
    # numbers, not text: each language groups the thousands its way ("1 000" in French)
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (size.name, Phrase((size.points, "+")) if size.open else size.points)
        for size in game_sizes()
    )
    return Table(
        key="game-sizes",
        title=N_("Game sizes"),
        columns=(N_("Game Size"), N_("Points")),
        rows=rows,
        source="Getting Started > Points Values",
        row_keys=tuple(size.key for size in game_sizes()),
    )


@register_table("unit-sizes")
def unit_sizes_table() -> Table:
    """The unit size limits the book gives, with a note where it says "normally"."""
    rows: list[tuple[Cell, ...]] = []
    for limit in unit_sizes().values():
        rows.append(
            (
                limit.name,
                limit.minimum,
                limit.maximum,
                N_("Usually") if limit.usual else N_("Always"),
            )
        )
    return Table(
        key="unit-sizes",
        title=N_("Unit sizes"),
        columns=(N_("Unit"), N_("Fewest models"), N_("Most models"), N_("Limit")),
        rows=tuple(rows),
        source="The Army > Units",
        notes=(
            N_(
                'A dash means that the book sets no upper limit. "Usually" marks a limit that '
                'the book says applies "normally" or "usually"; "Always" marks a limit it '
                "gives without such a word."
            ),
        ),
        row_keys=tuple(unit_sizes()),
    )


SIZE_NAMES = {
    Size.SMALL: N_("Small model"),
    Size.MEDIUM: N_("Medium model"),
    Size.LARGE: N_("Large model"),
    Size.VERY_LARGE: N_("Very large model"),
}


@register_table("attack-zones")
def attack_zones_table() -> Table:
    """The book's "Attack Zone": reach and arc by model size."""
    rows = tuple(
        (SIZE_NAMES[zone.size], _inches(zone.reach), f"{zone.arc}°")
        for zone in attack_zones().values()
    )
    return Table(
        key="attack-zones",
        title=N_("Attack zones"),
        columns=(N_("Model"), N_("Reach from the base"), N_("Arc, centred on the front")),
        rows=rows,
        source="Facing, Attack Zone, Formations > Attack Zone",
    )


@register_table("coherency-distances")
def coherency_table() -> Table:
    """Skirmish and dispersed coherency, and a support battery's spacing."""
    rows = tuple((reach.name, _inches(reach.reach)) for reach in coherency_reaches().values())
    return Table(
        key="coherency-distances",
        title=N_("Coherency distances"),
        columns=(N_("Formation"), N_("Greatest gap to the chain")),
        rows=rows,
        source="Facing, Attack Zone, Formations > Skirmish Formation",
    )


@register_table("uses-per-activation")
def uses_table() -> Table:
    """Weapons fired at most once per activation."""
    rows = tuple((uses.name, uses.uses) for uses in uses_per_activation().values())
    return Table(
        key="uses-per-activation",
        title=N_("Uses per activation"),
        columns=(N_("Weapon"), N_("Shots per activation")),
        rows=rows,
        source="Support Weapons > Support Weapon Uses Per Turn",
    )
