"""The field types every data file's schema shares (:mod:`nqcore.data.dataschema`): texts, keys,
points, characteristics, dice and inches, each in the range of the game or a wide sanity bound, and
:class:`Strict`, a record that forbids unknown fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from msgspec import Meta, Struct

#: A text that shows something: not empty, not only spaces (a ``why = " "`` printed nothing).
Text = Annotated[str, Meta(min_length=1, pattern=r"\S")]
#: A text of one line, a heading's: a line break in it forged a line of its own in ``nq errata``.
Line = Annotated[str, Meta(pattern=r"^[^\n\r]*\S[^\n\r]*$")]
Key = Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9.-]*$")]
Points = Annotated[int, Meta(ge=-99, le=999)]
Cost = Annotated[int, Meta(ge=0, le=999)]
Modifier = Annotated[int, Meta(ge=-9, le=9)]
Characteristic = Annotated[int, Meta(ge=0, le=20)]
D10 = Annotated[int, Meta(ge=1, le=10)]
Inches = Annotated[int, Meta(ge=1, le=99)]
Strength = Annotated[int, Meta(ge=1, le=20)]
Penetration = Annotated[int, Meta(ge=-9, le=0)]
#: A number of inches as an exact text: a whole number or a fraction (``"3"``, ``"5/2"``).
InchesText = Annotated[str, Meta(pattern=r"^[1-9][0-9]*(?:/[1-9][0-9]*)?$")]
#: A dotted Python name inside the engine (``nqcore.rules.morale.rally_cost``).
EngineName = Annotated[str, Meta(pattern=r"^nqcore(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")]
Cell = str | int | float


class Strict(Struct, forbid_unknown_fields=True, kw_only=True):
    """A record whose fields are all named here."""


def unique_keys(records: Sequence[Any], table: str) -> None:
    """Refuse two records of ``table`` (a file's ``[[spell]]``) with the same ``key``: the
    engine finds a record by its key."""
    keys = [record.key for record in records]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        raise ValueError(f"duplicate {table} key(s) {', '.join(twice)}")
