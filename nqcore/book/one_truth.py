"""One truth: what the data's texts may not say on their own.

A number a text states is a placeholder the engine fills from the record, or from a value the
engine holds (:mod:`nqcore.filled`, :mod:`nqcore.book.named_values`): "has upkeep {upkeep}".  What
is left to check:

- :func:`card_problems`: a spell card states its upkeep, range and blast template by their
  placeholders, never in figures ("upkeep 6" typed beside ``upkeep = 6`` would stay 6 when the
  field changes), and a card with such a field says it somewhere.  The teardrop a card places is
  named in words ("the small teardrop template (TTS)", « le petit gabarit en forme de goutte
  (PGG) »), no number to fill: its abbreviation is checked against the ``template`` field.
- :func:`errata_disagreements`: no printed text still says what an erratum calls wrong.

The functions take the records as arguments (the engine's by default) so that a test can change a
record in memory and see the check fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from nqcore.book.errata import Erratum, all_errata
from nqcore.i18n import Filled
from nqcore.rules.spells import Spell, all_spells

SPELLS = "nqcore/data/spells.toml"
ABILITIES = "nqcore/data/abilities.toml"

#: A card's field, the placeholder that states it, and how a text types it in figures instead.
CARD_FIELDS = (
    ("upkeep", re.compile(r"\bupkeep \d")),
    ("range_inches", re.compile(r"\b(?:within|range of) [\d½]+\"")),
    ("template", re.compile(r"\b(?:a|the|another) [\d½]+\"[^.]*\btemplate", re.IGNORECASE)),
)


@dataclass(frozen=True)
class Place:
    """Where a text is kept: a data file, a record of it, a field of the record."""

    file: str
    record: str
    field: str

    def __str__(self) -> str:
        return f"{self.file} [{self.record}] {self.field}"


@dataclass(frozen=True)
class ErrataClash:
    """A printed text that still says what an erratum calls wrong."""

    item: str
    text: Place
    shown: str
    erratum: Erratum

    def __str__(self) -> str:
        return (
            f"{self.item}: {self.text} prints {self.erratum.printed!r} ({self.shown!r}), which"
            f" erratum {self.erratum.id!r} ({self.erratum.source_file}) calls wrong:"
            f" the engine follows {self.erratum.correct!r}"
        )


def _spell_texts(spell: Spell) -> Iterator[tuple[Place, str]]:
    for index, paragraph in enumerate(spell.text):
        yield Place(SPELLS, spell.key, f"text[{index}]"), paragraph
    for index, (_, effect) in enumerate(spell.results):
        yield Place(SPELLS, spell.key, f"results[{index}].effect"), effect


def _kept(text: str) -> str:
    """A text as its data file keeps it: with its placeholders."""
    return text.msgid if isinstance(text, Filled) else text


def _card_field_problems(spell: Spell, field: str, typed: re.Pattern[str]) -> Iterator[str]:
    value = getattr(spell, field)
    if field == "template" and not str(value or "").startswith("blast-"):
        return
    stated = False
    for place, text in _spell_texts(spell):
        kept = _kept(text)
        stated = stated or "{" + field + "}" in kept
        if value is not None and (found := typed.search(kept)):
            yield f"{place} types {found[0]!r}: write its number as {{{field}}}"
    if value is not None and not stated:
        yield f"{Place(SPELLS, spell.key, field)} = {value!r}: no text of the card says {{{field}}}"


def _teardrop_problems(spell: Spell) -> Iterator[str]:
    if not (spell.template or "").startswith("teardrop-"):
        return
    size = spell.template.removeprefix("teardrop-") if spell.template else ""
    expected = f"(TT{size[:1].upper()})"
    if not any(expected in text for _, text in _spell_texts(spell)):
        place = Place(SPELLS, spell.key, "template")
        yield f"{place} = {spell.template!r}: no text of the card names {expected}"


def card_problems(spells: Iterable[Spell] | None = None) -> list[str]:
    """Each card text that types a number its record holds, each field of a card no text
    states, and each teardrop a card places that its texts do not name."""
    problems: list[str] = []
    for spell in all_spells() if spells is None else spells:
        for field, typed in CARD_FIELDS:
            problems += _card_field_problems(spell, field, typed)
        problems += _teardrop_problems(spell)
    return problems


def printed_texts(
    spells: Sequence[Spell] | None = None, summaries: dict[str, str] | None = None
) -> Iterator[tuple[str, Place, str]]:
    """Every text the products print for a named item: (item name, place, text)."""
    from nqcore.army.features import CATEGORIES, features
    from nqcore.rules.mutations import all_mutations

    for spell in all_spells() if spells is None else spells:
        for place, text in _spell_texts(spell):
            yield spell.name, place, text
    for mutation in all_mutations():
        for index, paragraph in enumerate(mutation.text):
            yield (
                mutation.name,
                Place("nqcore/data/mutations.toml", mutation.key, f"text[{index}]"),
                paragraph,
            )
    files = {
        "ability": ABILITIES,
        "trait": "nqcore/data/traits.toml",
        "equipment": "nqcore/data/equipment.toml",
    }
    for category in CATEGORIES:
        for item in features(category):
            summary: str = item.summary
            if summaries is not None and category == "ability":
                summary = summaries.get(item.key, summary)
            yield item.name, Place(files[category], item.key, "summary"), summary


def errata_disagreements(
    spells: Sequence[Spell] | None = None,
    errata: Sequence[Erratum] | None = None,
    summaries: dict[str, str] | None = None,
) -> list[ErrataClash]:
    """Printed texts of an item that an erratum names (its subject "Item: ...") which still
    print the erratum's wrong reading (a phrase of two words or more) without the right one."""
    errata = all_errata() if errata is None else errata
    clashes = []
    texts = list(printed_texts(spells, summaries))
    for erratum in errata:
        item_name = erratum.subject.split(":", 1)[0].strip().casefold()
        wrong, right = erratum.printed.casefold(), erratum.correct.casefold()
        if " " not in wrong.strip():
            continue  # a bare number: the erratum's value is the engine's, filled in
        for name, place, text in texts:
            shown = text.casefold()
            if name.casefold() == item_name and wrong in shown and right not in shown:
                clashes.append(ErrataClash(name, place, text, erratum))
    return clashes
