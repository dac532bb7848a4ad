"""The schemas of the book's own records: its errata, the glossary of the docs, the game's
limits (game and unit sizes, attack zones, coherency, uses per activation) and what changed since
the French v2.4b (:data:`nqcore.data.dataschema.SCHEMAS` lists which file each reads)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from nqcore.data.schema_types import (
    EngineName,
    Inches,
    Key,
    Line,
    Strict,
    Text,
)


class ErratumCell(Strict):
    """A cell of an engine table (``nq-table`` key) whose value the book prints otherwise: its
    row is the one whose cell in ``row_column`` (the first column if omitted) reads ``row`` in
    the English table, its column is headed ``column`` (English); ``printed`` is what the 2007
    book prints there (:mod:`nqcore.tables.printed_cells`)."""

    table: Key
    row: Text
    column: Text
    printed: Text | int
    row_column: Text | None = None


class Erratum(Strict):
    """One place where the book disagrees with itself, or leaves a question open (``kind``),
    found by one item of the reading checklist (``check``, :data:`nqcore.book.errata.CHECKS`);
    ``sections`` are the labels of every section that prints a reading, the first the one whose
    reading the engine does not follow; ``printed_in`` (optional), the sections among them whose
    prose prints a reading the engine does not follow, where that is more than the first (each
    note under them says this edition's reading); ``engine`` names the code that follows the
    ``correct`` reading, for the editors (never printed)."""

    id: Key
    kind: Literal["erratum", "open-question"]
    check: Literal[
        "arithmetic",
        "price",
        "two-statements",
        "other-profile",
        "summary-omission",
        "undefined-term",
        "counter-without-rule",
        "rounding",
        "rule-and-ability",
        "left-open",
    ]
    sections: Annotated[list[Key], Meta(min_length=1)]
    subject: Line
    printed: Text | int  # a bare number is shown as it is (``str()``)
    correct: Text | int
    why: Text
    printed_in: list[Key] = []
    engine: list[EngineName] = []
    cell: list[ErratumCell] = []


class ErrataFile(Strict):
    erratum: list[Erratum] = []


class Term(Strict):
    key: Key
    en: Text
    fr: Text
    def_en: Text
    def_fr: Text
    section: Key
    abbr_en: Text | None = None
    abbr_fr: Text | None = None
    #: The label of the paragraph or table row that defines the term, when its section runs
    #: over pages: the glossary's "See the rules" (and its printed page) goes there.
    target: Key | None = None
    #: The labels of the other sections whose rules the definition states ("within 10\" of the
    #: General, +1": the command test modifiers): each is cited after "See the rules".
    rules: list[Key] = []


class Phrase(Strict):
    """A recurring phrasing: the English and the one French form (regular expressions)."""

    key: Key
    en: Text
    fr: Text
    note: Text
    avoid: Text | None = None


class Avoid(Strict):
    """A French form no catalogue uses, the approved French, and English words it may render."""

    key: Key
    fr: Text
    use: Text
    note: Text
    en_only: list[Text] = []


class Sense(Strict):
    sense: Text
    fr: Text
    context: Key | None = None


class Homonym(Strict):
    """An English word of two senses, each with its French (and gettext context)."""

    key: Key
    en: Text
    senses: Annotated[list[Sense], Meta(min_length=2)]


class GlossaryFile(Strict):
    term: list[Term]
    phrase: list[Phrase] = []
    avoid: list[Avoid] = []
    homonym: list[Homonym] = []


Models = Annotated[int, Meta(ge=0, le=999)]


class GameSize(Strict):
    key: Key
    name: Text
    points: Annotated[int, Meta(ge=1, le=99999)]
    section: Key
    open: bool = False


class UnitLimit(Strict):
    key: Key
    name: Text
    minimum: Models
    section: Key
    maximum: Models | None = None
    usual: bool = False


class AttackZoneRecord(Strict):
    size: Literal["small", "medium", "large", "very-large"]
    reach: Inches
    arc: Annotated[int, Meta(ge=1, le=360)]
    section: Key


class Coherency(Strict):
    key: Key
    name: Text
    reach: Inches
    section: Key


class UsesPerActivation(Strict):
    key: Key
    name: Text
    uses: Annotated[int, Meta(ge=1, le=9)]
    section: Key


class Combination(Strict):
    elements: Annotated[int, Meta(ge=2, le=9)]
    section: Key


class GameLimitsFile(Strict):
    game_size: list[GameSize]
    unit_limit: list[UnitLimit]
    attack_zone: list[AttackZoneRecord]
    coherency: list[Coherency]
    uses_per_activation: list[UsesPerActivation]
    combination: Combination


class EditionChange(Strict):
    key: Key
    section: Key
    kind: Literal["number", "step", "meaning", "added", "removed"]
    old_reading: Text
    new_reading: Text
    source: Text
    #: The erratum where the 2007 book also prints another reading of this rule.
    erratum: Key | None = None


class EditionChangesFile(Strict):
    change: list[EditionChange]
