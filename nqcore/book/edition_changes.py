"""What changed since the French edition v2.4b (2006): the rules whose number or meaning differ in
the 2007 English rules that the engine and this rulebook follow.

Each record (``nqcore/data/edition_changes.toml``) names the 2007 section by its label, the kind
of change, the old reading and the new, so the page for French players who own the older book is
data, not typed prose, and both languages come from the engine's catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg

DATA_FILE = "nqcore/data/edition_changes.toml"
FIELDS = ("key", "section", "kind", "old_reading", "new_reading", "source")
#: The kinds of change, with their words for the reader.
KINDS: dict[str, Msg] = {
    "number": N_("A number changed"),
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

    @property
    def kind_label(self) -> Msg:
        return KINDS[self.kind]


class EditionChangeError(ValueError):
    """A malformed record; the message names the file, the record and the field."""


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
        if any(change.key == record["key"] for change in changes):
            raise EditionChangeError(f"{where}: field key: duplicate key {record['key']!r}")
        changes.append(
            EditionChange(
                key=record["key"],
                section=record["section"],
                kind=record["kind"],
                old_reading=Msg(record["old_reading"]),
                new_reading=Msg(record["new_reading"]),
                source=record["source"],
            )
        )
    return tuple(changes)


@cache
def edition_changes() -> tuple[EditionChange, ...]:
    """Every change since the French v2.4b, in the order of the 2007 book."""
    return parse_changes(datafiles.load("edition_changes.toml"))
