"""Errata as data: where the printed book disagrees with itself, and what it leaves open.

Each record names the docs sections (their language-independent labels) where each reading is
printed, both readings (``printed``: the one the engine does not follow; ``correct``: the one it
follows, or its choice), and why.  ``kind`` is ``erratum`` (the book contradicts itself) or
``open-question`` (the book leaves a rule, a rounding or a term open); ``check`` is the item of the
reading checklist (tools/errata-reading.md) that found it.  The errata page publishes every record
instead of silently "fixing" the prose.  ``engine`` (optional) names the engine's functions or
modules that make the choice, as dotted names: they belong to the data, not to the printed ``why``,
which players read in the rules' own words.  ``printed_in`` (optional) names the sections, among
``sections``, whose prose still prints the reading the engine does not follow (the first alone, or
the two halves of a rule printed in two chapters): the note under each says this edition's reading
and that the text under it is the 2007 book's.  Without it, the first section is the one whose
note says this edition's reading, and flags nothing: its prose or example may be corrected there.
``cell`` (optional, ``[[erratum.cell]]``) names the
cells of the engine's tables whose value the book prints otherwise, and what it prints there, so
that a table marks them (:mod:`nqcore.tables.printed_cells`).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from nqcore.book.named_values import named_values
from nqcore.data import datafiles
from nqcore.filled import filled
from nqcore.i18n import Msg

#: The kinds of record, in the order the errata page shows them.
KINDS = ("erratum", "open-question")
#: The reading checklist of the book for its contradictions: what kind of disagreement or gap a
#: record is.
CHECKS = (
    "arithmetic",  # a worked example whose arithmetic is wrong
    "price",  # a printed points cost that does not add up
    "two-statements",  # the same rule stated twice with different numbers or conditions
    "other-profile",  # a worked example that uses another item's profile
    "summary-omission",  # a summary list that omits entries of the full list
    "undefined-term",  # a term used but never defined
    "counter-without-rule",  # a counter, template or state printed without rules
    "rounding",  # a rounding the book leaves open
    "rule-and-ability",  # a general rule and an ability that overlap with different requirements
    "left-open",  # another case the book does not settle
)
REQUIRED = ("id", "kind", "check", "sections", "subject", "printed", "correct", "why")
FIELDS = (*REQUIRED, "printed_in", "engine", "cell")
CELL_REQUIRED = ("table", "row", "column", "printed")
CELL_FIELDS = (*CELL_REQUIRED, "row_column")
#: A dotted name of the engine: ``nqcore``, then modules and attributes.
ENGINE_NAME = re.compile(r"nqcore(?:\.[A-Za-z_][A-Za-z0-9_]*)+")


@dataclass(frozen=True)
class ErratumCell:
    """A table cell whose value the book prints otherwise: the table's key, the row whose cell in
    column ``row_column`` (the first if empty) reads ``row`` in English, the column headed
    ``column`` (an English heading), and what the book prints there."""

    table: str
    row: str
    column: str
    printed: str
    row_column: str = ""


@dataclass(frozen=True)
class Erratum:
    id: str
    kind: str
    check: str
    sections: tuple[str, ...]
    subject: Msg
    printed: Msg
    correct: Msg
    why: Msg
    source_file: str
    engine: tuple[str, ...] = ()
    cells: tuple[ErratumCell, ...] = ()
    printed_in: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        """The section where the reading the engine does not follow is printed."""
        return self.sections[0]

    @property
    def printed_sections(self) -> tuple[str, ...]:
        """The sections whose note says this edition's reading: ``printed_in`` (their prose prints
        the other), or the first section alone."""
        return self.printed_in or (self.section,)


class ErrataError(ValueError):
    """A malformed erratum record; the message names the file and the record."""


def _sections(record: dict[str, Any], where: str) -> tuple[str, ...]:
    sections = record["sections"]
    if not isinstance(sections, list) or not all(
        isinstance(label, str) and label.strip() for label in sections
    ):
        raise ErrataError(f"{where}: field sections must be a list of section labels")
    if len(set(sections)) != len(sections):
        raise ErrataError(f"{where}: field sections names a section twice")
    return tuple(sections)


def _printed_in(record: dict[str, Any], where: str, sections: tuple[str, ...]) -> tuple[str, ...]:
    labels = record.get("printed_in", [])
    if not isinstance(labels, list) or not all(label in sections for label in labels):
        raise ErrataError(f"{where}: field printed_in must list labels of its sections")
    if len(set(labels)) != len(labels):
        raise ErrataError(f"{where}: field printed_in names a section twice")
    return tuple(labels)


def _engine(record: dict[str, Any], where: str) -> tuple[str, ...]:
    names = record.get("engine", [])
    if not isinstance(names, list) or not all(
        isinstance(name, str) and ENGINE_NAME.fullmatch(name) for name in names
    ):
        raise ErrataError(f"{where}: field engine must be a list of dotted names (nqcore.x.y)")
    return tuple(names)


def _cells(record: dict[str, Any], where: str) -> tuple[ErratumCell, ...]:
    cells = record.get("cell", [])
    if not isinstance(cells, list) or not all(isinstance(cell, dict) for cell in cells):
        raise ErrataError(f"{where}: field cell must be a list of tables ([[erratum.cell]])")
    found = []
    for number, cell in enumerate(cells, 1):
        missing = [name for name in CELL_REQUIRED if cell.get(name) in (None, "")]
        unknown = sorted(set(cell) - set(CELL_FIELDS))
        if missing or unknown:
            problem = f"missing field(s) {', '.join(missing)}" if missing else ""
            problem = problem or f"unknown field(s) {', '.join(unknown)}"
            raise ErrataError(f"{where}: cell #{number}: {problem}")
        texts = [cell[name] for name in ("table", "row", "column", "row_column") if name in cell]
        if not all(isinstance(text, str) for text in texts):
            raise ErrataError(f"{where}: cell #{number}: table, row and column must be text")
        found.append(
            ErratumCell(
                table=cell["table"],
                row=cell["row"],
                column=cell["column"],
                printed=str(cell["printed"]),
                row_column=cell.get("row_column", ""),
            )
        )
    return tuple(found)


def resolve_engine_name(name: str) -> object:
    """The module or attribute a dotted engine name stands for: the longest importable module
    prefix, then attributes; ``LookupError`` naming the missing part when there is none."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            target: object = importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name is None or not module.startswith(error.name):
                raise  # a module that exists but fails to import its own dependencies
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                raise LookupError(f"{name}: {module} has no {attribute!r}")
            target = getattr(target, attribute)
        return target
    raise LookupError(f"{name}: no such module")


def _text(record: dict[str, Any], field: str, source_file: str) -> Msg:
    """A text of the record, its placeholders filled with the engine's values it names
    (``correct = '{spear_points}'``: :mod:`nqcore.book.named_values`)."""
    where = f"{source_file} [{record['id']}] {field}"
    return filled(str(record[field]), named_values, where)


def _erratum(record: dict[str, Any], where: str, source_file: str) -> Erratum:
    missing = [name for name in REQUIRED if not record.get(name)]
    if missing:
        raise ErrataError(f"{where}: missing field(s) {', '.join(missing)}")
    unknown = sorted(set(record) - set(FIELDS))
    if unknown:
        raise ErrataError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for name, allowed in (("kind", KINDS), ("check", CHECKS)):
        if record[name] not in allowed:
            raise ErrataError(
                f"{where}: field {name} is {record[name]!r}, not one of {', '.join(allowed)}"
            )
    sections = _sections(record, where)
    return Erratum(
        id=record["id"],
        kind=record["kind"],
        check=record["check"],
        sections=sections,
        subject=Msg(record["subject"]),
        printed=Msg(str(record["printed"])),
        correct=_text(record, "correct", source_file),
        why=_text(record, "why", source_file),
        source_file=source_file,
        engine=_engine(record, where),
        cells=_cells(record, where),
        printed_in=_printed_in(record, where, sections),
    )


def parse_errata(data: dict[str, Any], source_file: str) -> list[Erratum]:
    errata = []
    for index, record in enumerate(data.get("erratum", [])):
        where = f"{source_file}, erratum #{index + 1} ({record.get('id', '?')})"
        errata.append(_erratum(record, where, source_file))
    return errata


@cache
def all_errata() -> tuple[Erratum, ...]:
    """Every erratum of every topic file, ordered by file then record; ids are unique."""
    errata: list[Erratum] = []
    for name in datafiles.errata_names():
        data = datafiles.load(f"errata/{name}")
        errata += parse_errata(data, f"{datafiles.PREFIX}errata/{name}")
    seen: set[str] = set()
    for erratum in errata:
        if erratum.id in seen:
            raise ErrataError(f"{erratum.source_file}: duplicate erratum id {erratum.id!r}")
        seen.add(erratum.id)
    return tuple(errata)


def errata_for(section: str) -> tuple[Erratum, ...]:
    """The errata that name one docs section, by its label."""
    return tuple(e for e in all_errata() if section in e.sections)
