"""What changed since the French edition v2.4b (2006): the rules whose number or meaning differ in
the 2007 English rules that the engine and this rulebook follow.

Each record (``nqcore/data/edition_changes.toml``) names the 2007 section by its label, the kind
of change, the old reading and the new, so the page for French players who own the older book is
data, not typed prose, and both languages come from the engine's catalogue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg

DATA_FILE = "nqcore/data/edition_changes.toml"
FIELDS = ("key", "section", "kind", "old_reading", "new_reading", "source")
#: The kinds of change, with their words for the reader.
KINDS: dict[str, Msg] = {
    "number": N_("A number changed"),
    "step": N_("The same rate, now bought one action at a time"),
    "meaning": N_("The meaning changed"),
    "added": N_("New in 2007"),
    "removed": N_("Dropped in 2007"),
}


@dataclass(frozen=True)
class EditionChange:
    key: str
    section: str
    kind: str
    old_reading: Msg
    new_reading: Msg
    source: str
    #: The erratum where the 2007 book also prints another reading of this rule (its id):
    #: "Rules of 2007" alone would hide that the book contradicts itself (proof round 33).
    erratum: str | None = None

    @property
    def kind_label(self) -> Msg:
        return KINDS[self.kind]


class EditionChangeError(ValueError):
    """A malformed record; the message names the file, the record and the field."""


#: A movement rate as the readings state it: "Spend 2 actions (AC) to move 4\"."
_RATE = re.compile(r"Spend (\d+) actions? \(AC\) to move (\d+)(½?)\"")


def rate(reading: str) -> Fraction | None:
    """The inches per action a reading states, if it states one.

    >>> rate('Spend 2 actions (AC) to move 3".'), rate('Spend 1 action (AC) to move 1½".')
    (Fraction(3, 2), Fraction(3, 2))
    """
    found = _RATE.search(reading)
    if found is None:
        return None
    inches = Fraction(int(found[2])) + (Fraction(1, 2) if found[3] else 0)
    return inches / int(found[1])


def _same_rate(record: dict[str, Any], where: str) -> None:
    """A change of kind ``step`` (proof round fifteen: "A number changed" where only the step
    did) states the same rate in both readings."""
    old, new = rate(record["old_reading"]), rate(record["new_reading"])
    if old is None or old != new:
        raise EditionChangeError(
            f"{where}: field kind: 'step' needs the same rate in both readings ({old}, {new})"
        )


def _known_erratum(given: object, where: str) -> None:
    from nqcore.book.errata import all_errata

    if given is not None and given not in {erratum.id for erratum in all_errata()}:
        raise EditionChangeError(f"{where}: field erratum: no erratum {given!r}")


def parse_changes(data: dict[str, Any], source_file: str = DATA_FILE) -> tuple[EditionChange, ...]:
    changes: list[EditionChange] = []
    for index, record in enumerate(data.get("change", [])):
        where = f"{source_file}: change #{index + 1} ({record.get('key', '?')})"
        missing = [name for name in FIELDS if not str(record.get(name, "")).strip()]
        if missing:
            raise EditionChangeError(f"{where}: missing field(s) {', '.join(missing)}")
        if record["kind"] not in KINDS:
            raise EditionChangeError(
                f"{where}: field kind: {record['kind']!r} is not one of {', '.join(KINDS)}"
            )
        if record["kind"] == "step":
            _same_rate(record, where)
        if any(change.key == record["key"] for change in changes):
            raise EditionChangeError(f"{where}: field key: duplicate key {record['key']!r}")
        _known_erratum(record.get("erratum"), where)
        changes.append(
            EditionChange(
                key=record["key"],
                section=record["section"],
                kind=record["kind"],
                old_reading=Msg(record["old_reading"]),
                new_reading=Msg(record["new_reading"]),
                source=record["source"],
                erratum=record.get("erratum"),
            )
        )
    return tuple(changes)


@cache
def edition_changes() -> tuple[EditionChange, ...]:
    """Every change since the French v2.4b, in the order of the 2007 book."""
    return parse_changes(datafiles.load("edition_changes.toml"))
