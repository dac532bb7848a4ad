"""Attacks with templates: who a teardrop or blast template hits, how far a blast deviates, the
templates of a rain of arrows, and the use cost of a teardrop attack ("Teardrop Templates", "Use
Cost For Teardrop Templates", Support Weapons > "Blast Templates", Abilities > "Rain Of Arrows").

The templates' true sizes, as the print products draw them, are :mod:`nqcore.rules.templates`'.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.rules.dice import FUMBLE_ROLL, attack_roll, check_d10
from nqcore.tables.registry import Cell, Table, register_table

#: "Teardrop Templates", "Blast Templates": partially covered models are hit on a D10 of 5 or less.
PARTIAL_COVER_HIT = 5


#: "Rain Of Arrows": one 2" template for every four archers (or part of four).
RAIN_OF_ARROWS_ARCHERS_PER_TEMPLATE = 4


RAIN_OF_ARROWS_TEMPLATE = Fraction(2)


class Coverage(Enum):
    """How much of a model a template covers ("Teardrop Templates", "Blast Templates")."""

    FULL = "full"
    PARTIAL = "partial"


def template_hit_chance(coverage: Coverage, *, rain_of_arrows: bool = False) -> Fraction:
    """Models fully under a template are hit; partially covered ones on a D10 of 5 or less
    ("Teardrop Templates", Support Weapons > "Blast Templates"); rain of arrows hits partially
    covered models without a roll (Abilities > "Rain Of Arrows").

    >>> template_hit_chance(Coverage.PARTIAL)
    Fraction(1, 2)
    """
    if coverage is Coverage.FULL or rain_of_arrows:
        return Fraction(1)
    return Fraction(PARTIAL_COVER_HIT, 10)


def blast_deviation(to_hit_natural: int, target: int, deviation_natural: int) -> int | None:
    """Inches a blast template moves ("Blast Template Deviation"): 0 on a hit; on a miss the D10
    rolled near the target gives the distance; ``None`` on a natural 10 to hit, a misfire or
    "airburst" that does not deviate (the engine places no template for it).
    """
    outcome = attack_roll(to_hit_natural, target)
    check_d10(deviation_natural)
    if to_hit_natural == FUMBLE_ROLL:
        return None
    return 0 if outcome.hits else deviation_natural


def rain_of_arrows_templates(archers: int) -> int:
    """Abilities > "Rain Of Arrows": one 2" template per four archers or part of four
    (1-4 archers fire one, 5-8 two...); each template scatters D5".

    >>> rain_of_arrows_templates(4), rain_of_arrows_templates(5)
    (1, 2)
    """
    if archers < 1:
        raise ValueError("at least one archer fires")
    return -(-archers // RAIN_OF_ARROWS_ARCHERS_PER_TEMPLATE)


class TeardropSize(Enum):
    """The three teardrop templates ("Teardrop Templates": TTS, TTM, TTL)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"

    @property
    def label(self) -> Msg:
        return Msg(str(_teardrop_record(self)["label"]))

    @property
    def abbreviation(self) -> str:
        """TTS, TTM or TTL, as profiles and the weapon creation tables name the template."""
        return str(_teardrop_record(self)["abbreviation"])

    @classmethod
    def from_abbreviation(cls, abbreviation: str) -> TeardropSize:
        """The template a profile names ``TTS``, ``TTM`` or ``TTL``."""
        for size in cls:
            if size.abbreviation == abbreviation:
                return size
        raise ValueError(f"unknown teardrop template {abbreviation!r}: TTS, TTM or TTL")

    @property
    def use_cost_over_strength(self) -> int:
        return int(_teardrop_record(self)["use_cost_over_strength"])

    @property
    def minimum_use_cost(self) -> int:
        return int(_teardrop_record(self)["minimum_use_cost"])


def _teardrop_record(size: TeardropSize) -> Mapping[str, Any]:
    for record in datafiles.load("teardrop_templates.toml")["template"]:
        if record["key"] == size.value:
            return dict(record)
    raise datafiles.missing_record("teardrop_templates.toml", f"the {size.value!r} template")


def teardrop_use_cost(size: TeardropSize, strength: int) -> int:
    """Per "Use Cost For Teardrop Templates": one higher than the attack's strength, never below
    5 (small template), 6 (medium) or 8 (large).

    >>> teardrop_use_cost(TeardropSize.SMALL, 5)  # the first example: (5+1) 6
    6
    >>> teardrop_use_cost(TeardropSize.LARGE, 6)  # the second example: the minimum, 8
    8

    The table printed under the rule (and Teardrop Template Use Cost) adds 2 for the medium and
    3 for the large template; the rule, its examples and the teardrop examples of the Profile
    Creation Summary add 1 (errata/ranged.toml).
    """
    if strength < 1:
        raise ValueError("a teardrop attack has a strength of at least 1")
    return max(strength + size.use_cost_over_strength, size.minimum_use_cost)


TEARDROP_TABLE_STRENGTHS = range(3, 10)


@register_table("teardrop-use-cost")
def teardrop_use_cost_table() -> Table:
    """Use cost of a teardrop attack by strength and template ("Use Cost For Teardrop
    Templates")."""
    sizes = list(TeardropSize)
    rows: list[tuple[Cell, ...]] = [
        (strength, *(teardrop_use_cost(size, strength) for size in sizes))
        for strength in TEARDROP_TABLE_STRENGTHS
    ]
    return Table(
        key="teardrop-use-cost",
        title=N_("Teardrop template use cost"),
        columns=(
            N_("Strength"),
            N_("TTS use cost"),
            N_("TTM use cost"),
            N_("TTL use cost"),
        ),
        rows=tuple(rows),
        source="Ranged Combat > Use Cost For Teardrop Templates",
        notes=(
            N_(
                "The use cost is one higher than the attack strength, with a minimum of 5 for "
                "the small template, 6 for the medium and 8 for the large."
            ),
        ),
    )


@register_table("ranged-combat-teardrop-minimum-use-cost")
def teardrop_minimum_use_cost_table() -> Table:
    """The minimum use cost of each teardrop template ("Use Cost For Teardrop Templates")."""
    return Table(
        key="ranged-combat-teardrop-minimum-use-cost",
        title=N_("Minimum use cost of teardrop templates"),
        columns=(N_("Template size"), N_("Minimum use cost (UC)")),
        rows=tuple((size.label, size.minimum_use_cost) for size in TeardropSize),
        source="Ranged Combat > Use Cost For Teardrop Templates",
    )
