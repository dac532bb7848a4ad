"""Magic: casting, concentrating, spell chants, cancelling and the six aspects.

Book chapter "Magic" (pp. 40-42).  Targets are D10 roll-equal-or-under values; a natural 10
always fails ("Casting A Spell"), so no spell is ever certain.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from functools import cache

from nqcore.i18n import N_, Msg, Refusal
from nqcore.rules.dice import d10_chance
from nqcore.tables.registry import Chance, Table, register_table

#: "Concentrating": one action (AC) for +1, never more than one.
CONCENTRATION_COST = 1
CONCENTRATION_BONUS = 1
#: "Spell Chants": +1 per chanting initiate, up to +3.
MAX_CHANT_BONUS = 3
#: "Cancelling A Spell In Play": always 3 AC, +1 cancelling bonus, no wizardry level.
CANCEL_USE_COST = 3
CANCEL_BONUS = 1
#: "Magic": wizardry levels 0 to 3, exceptionally 4 for some named characters.
WIZARDRY_LEVELS = range(0, 5)
#: "Casting A Spell": spell levels run from 1 (most complex) to 8 (easiest).
SPELL_LEVELS = range(1, 9)


class Aspect(Enum):
    """The six aspects of magic ("Magic", "Magic Relationships")."""

    FIRE = "fire"
    WATER = "water"
    EARTH = "earth"
    WIND = "wind"
    LIGHT = "light"
    DARK = "dark"

    @property
    def opposed(self) -> Aspect:
        """The aspect this one may never share an army with: its ``opposed`` in
        ``data/aspects.toml`` ("X is opposed by the Y aspect"), the one table of them."""
        return _opposites()[self]

    @property
    def label(self) -> Msg:
        return _LABELS[self]


@cache
def _opposites() -> dict[Aspect, Aspect]:
    from nqcore.data import datafiles

    records = datafiles.load("aspects.toml")["aspect"]
    return {Aspect(r["key"]): Aspect(r["opposed"]) for r in records}


_LABELS = {
    Aspect.FIRE: N_("Fire"),
    Aspect.WATER: N_("Water"),
    Aspect.EARTH: N_("Earth"),
    Aspect.WIND: N_("Wind"),
    Aspect.LIGHT: N_("Light"),
    Aspect.DARK: N_("Dark"),
}


def opposed(first: Aspect, second: Aspect) -> bool:
    """Whether two aspects oppose each other ("Magic Relationships").

    >>> opposed(Aspect.EARTH, Aspect.WIND)
    True
    """
    return first.opposed is second


def army_aspects_allowed(aspects: list[Aspect]) -> bool:
    """Whether the magic users of one army may use these aspects together."""
    return not any(opposed(a, b) for a in aspects for b in aspects)


def _check_range(name: str, value: int, allowed: range) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be {allowed.start} to {allowed.stop - 1}, not {value}")


def spells_allowed(wizardry_level: int) -> int:
    """How many spells a magic user may take: one per wizardry level ("Magic").

    Initiates (level 0) learn one spell collectively, bought once for the unit.
    """
    _check_range("wizardry level", wizardry_level, WIZARDRY_LEVELS)
    return wizardry_level


def chant_bonus(chanting_initiates: int) -> int:
    """The spell chant bonus: +1 per initiate taking part, at most +3 ("Spell Chants")."""
    if chanting_initiates < 0:
        raise ValueError(f"chanting initiates cannot be negative, not {chanting_initiates}")
    return min(chanting_initiates, MAX_CHANT_BONUS)


def casting_target(
    spell_level: int,
    wizardry_level: int,
    *,
    concentrating: bool = False,
    chanting_initiates: int = 0,
) -> int:
    """The D10 roll needed to cast: spell level + wizardry level (+1 concentrating, + chant).

    "Casting A Spell", "Concentrating", "Spell Chants (Rituals And Rites)".  Chanting initiates
    are level 0 and may not concentrate.

    >>> casting_target(spell_level=5, wizardry_level=2)
    7
    >>> casting_target(spell_level=5, wizardry_level=2, concentrating=True)
    8
    """
    _check_range("spell level", spell_level, SPELL_LEVELS)
    _check_range("wizardry level", wizardry_level, WIZARDRY_LEVELS)
    if chanting_initiates:  # the level first: a magic user of level 1 chanting is no initiate
        if wizardry_level != 0:
            refused = Refusal(N_("only initiates (wizardry level 0) perform spell chants"))
            raise refused.about("chant", also=("wizardry",))
        if concentrating:
            refused = Refusal(N_("initiates performing a spell chant may not concentrate"))
            raise refused.about("chant", also=("concentrate",))
    bonus = CONCENTRATION_BONUS if concentrating else 0
    return spell_level + wizardry_level + bonus + chant_bonus(chanting_initiates)


def cast_chance(
    spell_level: int,
    wizardry_level: int,
    *,
    concentrating: bool = False,
    chanting_initiates: int = 0,
) -> Fraction:
    """The exact chance to cast: a natural 10 always fails.

    >>> cast_chance(spell_level=5, wizardry_level=2)
    Fraction(7, 10)
    >>> cast_chance(spell_level=8, wizardry_level=3)
    Fraction(9, 10)
    """
    target = casting_target(
        spell_level,
        wizardry_level,
        concentrating=concentrating,
        chanting_initiates=chanting_initiates,
    )
    return d10_chance(target, ten_fails=True)


def cancelling_target(spell_level: int, *, concentrating: bool = False) -> int:
    """The roll needed to cancel a spell in play: its level +1, +1 concentrating.

    "Cancelling A Spell In Play": the wizardry level is not added; it always costs 3 AC.

    >>> cancelling_target(spell_level=5)
    6
    """
    _check_range("spell level", spell_level, SPELL_LEVELS)
    return spell_level + CANCEL_BONUS + (CONCENTRATION_BONUS if concentrating else 0)


def cancel_chance(spell_level: int, *, concentrating: bool = False) -> Fraction:
    """The exact chance to cancel a spell in play.

    The book says nothing of natural 10s when cancelling; the cancel roll is a casting-like
    roll by a Wizard, so the engine applies "a natural 10 always fails" to it too.
    """
    return d10_chance(cancelling_target(spell_level, concentrating=concentrating))


def casting_cost(use_cost: int, *, concentrating: bool = False) -> int:
    """Actions (AC) spent on one casting: the spell's use cost, +1 to concentrate."""
    return use_cost + (CONCENTRATION_COST if concentrating else 0)


@register_table("chance-to-cast")
def chance_to_cast_table() -> Table:
    """Chance to cast for every spell level and wizardry level, without concentrating."""
    return _cast_table("chance-to-cast", concentrating=False)


@register_table("chance-to-cast-concentrating")
def chance_to_cast_concentrating_table() -> Table:
    """Chance to cast for every spell level and wizardry level, concentrating (1 AC)."""
    return _cast_table("chance-to-cast-concentrating", concentrating=True)


def _cast_table(key: str, *, concentrating: bool) -> Table:
    levels = WIZARDRY_LEVELS  # level 4 too: named characters may take it (proof round 28)
    title = N_("Chance to cast, concentrating") if concentrating else N_("Chance to cast")
    columns = (N_("Spell level"),) + tuple(_WIZARDRY_COLUMNS[w] for w in levels)
    rows = tuple(
        (spell_level,)
        + tuple(Chance(cast_chance(spell_level, w, concentrating=concentrating)) for w in levels)
        for spell_level in SPELL_LEVELS
    )
    return Table(key, title, columns, rows, source="Magic > Casting A Spell")


_WIZARDRY_COLUMNS = {
    0: N_("Wizardry 0"),
    1: N_("Wizardry 1"),
    2: N_("Wizardry 2"),
    3: N_("Wizardry 3"),
    4: N_("Wizardry 4"),
}
