"""The 39 spells, read from the spell cards ("Cards, Counters & Templates").

The spell-list table of the Magic chapter is damaged in the extraction and disagrees with the cards
in places; the cards are the source, and every disagreement is an erratum (``errata/spells.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.colour import text_colour_on
from nqcore.data import datafiles
from nqcore.filled import filled
from nqcore.i18n import N_, Msg, Typed, UnknownName
from nqcore.rules.magic import Aspect
from nqcore.tables.registry import Table, register_table


@dataclass(frozen=True)
class Spell:
    """One spell card."""

    key: str
    name: Msg
    aspect: Aspect
    use_cost: int
    level: int
    points: int
    text: tuple[Msg, ...]
    source: str
    upkeep: int | None = None
    range_inches: int | None = None
    template: str | None = None
    results: tuple[tuple[str, Msg], ...] = field(default=())
    profile_adjustment: tuple[tuple[str, str], ...] = field(default=())


def card_values(record: dict[str, Any]) -> dict[str, object]:
    """What a card's texts may say by placeholder: ``{upkeep}``, ``{range_inches}`` and
    ``{template}``, the diameter of its blast template (``blast-2.5``: 2½)."""
    template = record.get("template") or ""
    return {
        "upkeep": record.get("upkeep"),
        "range_inches": record.get("range_inches"),
        "template": Fraction(template.removeprefix("blast-"))
        if template.startswith("blast-")
        else None,
    }


def _spell_from_record(record: dict[str, Any]) -> Spell:
    """A spell card from its record, which its schema (``rules_schema.Spell``) has checked; its
    texts filled with its numbers (:func:`card_values`)."""
    values, where = card_values(record), f"{datafiles.PREFIX}spells.toml [{record['key']}]"
    results = record.get("results", ())
    return Spell(
        key=record["key"],
        name=Msg(record["name"]),
        aspect=Aspect(record["aspect"]),
        use_cost=record["use_cost"],
        level=record["level"],
        points=record["points"],
        text=tuple(filled(p, values, f"{where} text[{i}]") for i, p in enumerate(record["text"])),
        source=record["source"],
        upkeep=record.get("upkeep"),
        range_inches=record.get("range_inches"),
        template=record.get("template"),
        results=tuple(
            (r["roll"], filled(r["effect"], values, f"{where} results[{i}].effect"))
            for i, r in enumerate(results)
        ),
        profile_adjustment=tuple(record.get("profile_adjustment", {}).items()),
    )


def parse_spells(data: dict[str, Any]) -> tuple[Spell, ...]:
    """The spells of the parsed ``spells.toml``, which its schema (``rules_schema.SpellsFile``)
    has checked."""
    return tuple(_spell_from_record(r) for r in data.get("spell", []))


@cache
def all_spells() -> tuple[Spell, ...]:
    """Every spell, in the book's order of cards (by aspect, then card)."""
    return parse_spells(datafiles.load("spells.toml"))


def spell(name_or_key: str, lang: str | None = None) -> Spell:
    """A spell by its key or its name in any language, ``lang``'s first
    (:func:`nqcore.typed_names.find`).

    >>> spell("Smoke").level
    5
    >>> spell("boule de feu").key
    'fireball'
    """
    from nqcore.typed_names import find

    found = find(name_or_key, ((s.key, (s.name,), s) for s in all_spells()), lang)
    if found is not None:
        return found
    raise UnknownName(N_("unknown spell {name}"), name=Typed(name_or_key))


def card_stats(card: Spell) -> tuple[tuple[Msg, int], ...]:
    """The stat line of a spell's card, in its order, each number with the word that labels it:
    use cost, level, upkeep (where the card gives one) and points.

    >>> card_stats(spell("fog"))
    (('UC', 6), ('Level', 5), ('Upkeep', 6), ('Points', 8))
    """
    stats = [(N_("UC"), card.use_cost), (N_("Level"), card.level)]
    if card.upkeep is not None:
        stats.append((N_("Upkeep"), card.upkeep))
    return (*stats, (N_("Points"), card.points))


def spells_of(aspect: Aspect) -> tuple[Spell, ...]:
    return tuple(s for s in all_spells() if s.aspect is aspect)


@register_table("spell-list")
def spell_list_table() -> Table:
    """The Spell List of the Magic chapter, from the cards."""
    rows = tuple(
        (s.aspect.label, s.name, s.use_cost, s.level, s.upkeep, s.points) for s in all_spells()
    )
    return Table(
        key="spell-list",
        title=N_("Spell list"),
        columns=(
            N_("Aspect"),
            N_("Spell"),
            N_("Use cost"),
            N_("Level"),
            N_("Upkeep"),
            N_("Points"),
        ),
        rows=rows,
        source="Magic > Spell List; Cards, Counters & Templates",
    )


@cache
def _aspect_intros() -> dict[str, tuple[Msg, ...]]:
    records = datafiles.load("aspects.toml")["aspect"]
    return {r["key"]: tuple(Msg(p) for p in r["intro"]) for r in records}


@cache
def _aspect_colours() -> dict[str, str]:
    return {r["key"]: r["colour"] for r in datafiles.load("aspects.toml")["aspect"]}


def aspect_colour(aspect: Aspect) -> str:
    """The colour of an aspect's spells (the Spell List's Colour column), ``#rrggbb``."""
    return _aspect_colours()[aspect.value]


def aspect_text_colour(aspect: Aspect) -> str:
    """The colour of text written on the aspect's colour (its name in the aspect circle, a spell
    card's title), white or black, whichever reads better (:mod:`nqcore.colour`)."""
    return text_colour_on(aspect_colour(aspect))


def aspect_intro(aspect: Aspect) -> tuple[Msg, ...]:
    """The introduction of an aspect's card page ("Cards, Counters & Templates")."""
    return _aspect_intros()[aspect.value]
