"""Errata as data: where the printed book disagrees with its own rules.

Each record names the docs section (its language-independent label) where the printed value stands,
what is printed, what the rules give, and why.  The engine always follows the rules; the errata page
publishes every disagreement instead of silently "fixing" the prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from nqcore import datafiles
from nqcore.i18n import Msg

FIELDS = ("id", "section", "subject", "printed", "correct", "why")


@dataclass(frozen=True)
class Erratum:
    id: str
    section: str
    subject: Msg
    printed: Msg
    correct: Msg
    why: Msg
    source_file: str


class ErrataError(ValueError):
    """A malformed erratum record; the message names the file and the record."""


def parse_errata(data: dict[str, Any], source_file: str) -> list[Erratum]:
    errata = []
    for index, record in enumerate(data.get("erratum", [])):
        where = f"{source_file}, erratum #{index + 1} ({record.get('id', '?')})"
        missing = [name for name in FIELDS if not str(record.get(name, "")).strip()]
        if missing:
            raise ErrataError(f"{where}: missing field(s) {', '.join(missing)}")
        errata.append(
            Erratum(
                id=record["id"],
                section=record["section"],
                subject=Msg(record["subject"]),
                printed=Msg(str(record["printed"])),
                correct=Msg(str(record["correct"])),
                why=Msg(record["why"]),
                source_file=source_file,
            )
        )
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
    """The errata of one docs section, by its label."""
    return tuple(e for e in all_errata() if e.section == section)
