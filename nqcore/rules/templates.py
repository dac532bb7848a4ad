"""The templates and counters of "Cards, Counters & Templates" (pp. 83-87), at their true size.

The print products draw every template from here, so that a 2½" template is 2½" wherever it
is printed.  The book gives the teardrop templates no dimensions; the engine chooses them once
(``data/templates.toml`` says why) and the rulebook's Cards, Counters & Templates page shows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg
from nqcore.rules.spells import all_spells
from nqcore.rules.template_attacks import TeardropSize
from nqcore.tables.registry import Table, register_table


@dataclass(frozen=True)
class CircleTemplate:
    """A round (or half-round) card template of ``diameter`` inches."""

    key: str
    name: Msg | None
    diameter: Fraction
    source: str
    semicircle: bool = False


@dataclass(frozen=True)
class TeardropTemplate:
    """A teardrop: a point joined by two tangents to a round end of diameter ``width``;
    ``length`` runs from the point to the far edge of the round end (inches)."""

    size: TeardropSize
    length: Fraction
    width: Fraction
    source: str


@dataclass(frozen=True)
class Counter:
    """A round counter placed beside a unit ("Activation Counters")."""

    key: str
    name: Msg
    diameter: Fraction
    source: str


@cache
def blast_templates() -> tuple[CircleTemplate, ...]:
    """The blast templates the book prints: 1" to 4", by half inches."""
    return parse_blasts(datafiles.load("templates.toml")["blast"])


def parse_blasts(blast: dict[str, Any]) -> tuple[CircleTemplate, ...]:
    """The ``[blast]`` table of templates.toml (checked by its schema, ``weapon_schema.Blast``)."""
    diameters = [Fraction(text) for text in blast.get("diameters", [])]
    return tuple(
        CircleTemplate(f"blast-{float(diameter):g}", None, diameter, blast["source"])
        for diameter in diameters
    )


@cache
def spell_templates() -> tuple[CircleTemplate, ...]:
    """One circular template per spell whose card places one (Fireball, Smoke, ...), at the
    diameter of its card (``template = 'blast-2.5'``), in the order of the cards."""
    templates = []
    for spell in all_spells():
        if spell.template and spell.template.startswith("blast-"):
            diameter = Fraction(spell.template.removeprefix("blast-"))
            templates.append(
                CircleTemplate(f"spell-{spell.key}", spell.name, diameter, spell.source)
            )
    return tuple(templates)


@cache
def siege_templates() -> tuple[CircleTemplate, ...]:
    """The four 3" Rocks Drop and Oil Drop templates (round and semicircular)."""
    return parse_sieges(datafiles.load("templates.toml").get("siege", []))


def parse_sieges(records: list[dict[str, Any]]) -> tuple[CircleTemplate, ...]:
    """The ``[[siege]]`` records of templates.toml (checked by their schema,
    ``weapon_schema.Siege``)."""
    return tuple(
        CircleTemplate(
            record["key"],
            Msg(record["name"]),
            Fraction(record["diameter"]),
            record["source"],
            semicircle=record["shape"] == "semicircle",
        )
        for record in records
    )


@cache
def teardrop_templates() -> tuple[TeardropTemplate, ...]:
    """The three teardrop templates, small to large, at the sizes the engine chose."""
    return parse_teardrops(datafiles.load("templates.toml")["teardrop"])


def parse_teardrops(records: list[dict[str, Any]]) -> tuple[TeardropTemplate, ...]:
    """The ``[[teardrop]]`` records of templates.toml, one of each size, small to large (checked
    by their schema, ``weapon_schema.Teardrop``)."""
    return tuple(
        TeardropTemplate(
            TeardropSize(record["key"]),
            Fraction(record["length"]),
            Fraction(record["width"]),
            record["source"],
        )
        for record in records
    )


def teardrop_template(size: TeardropSize) -> TeardropTemplate:
    """The template of one size.

    >>> teardrop_template(TeardropSize.MEDIUM).length
    Fraction(8, 1)
    """
    return next(t for t in teardrop_templates() if t.size is size)


@cache
def counters() -> tuple[Counter, ...]:
    """The activation counters and the support weapon loaded counter."""
    return tuple(
        Counter(
            r["key"],
            Msg(r["name"]),
            Fraction(r["diameter"]),
            r["source"],
        )
        for r in datafiles.load("templates.toml")["counter"]
    )


@register_table("teardrop-template-sizes")
def teardrop_template_sizes_table() -> Table:
    """The teardrop templates' dimensions (chosen by the engine: the book gives none)."""
    return Table(
        key="teardrop-template-sizes",
        title=N_("Teardrop template sizes"),
        columns=(N_("Template"), N_("Length (inches)"), N_("Width (inches)")),
        rows=tuple((t.size.label, t.length, t.width) for t in teardrop_templates()),
        source="Cards, Counters & Templates > Teardrop Templates",
    )
