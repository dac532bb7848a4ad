"""``nq export``: every rules datum and every computed table as one JSON document.

Schema (``SCHEMA_VERSION`` changes whenever a field changes meaning):

- ``schema``: ``"nqcore-export"``; ``schema_version``: an integer; ``engine``: nqcore's version.
- ``tables``: by key, each ``{"title", "columns", "rows", "source", "notes"}``; cells are
  strings (English msgids or printed values), integers, ``null`` for an empty cell, or for
  probabilities ``{"fraction": "7/10", "value": 0.7}``.
- ``spells``, ``mutations``, ``errata``: lists of records with the fields of the engine's
  dataclasses (English text; translations are in the engine's gettext catalogue).
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from fractions import Fraction
from typing import Any

from nqcore import __version__

SCHEMA_VERSION = 1


def _plain(value: Any) -> Any:
    """JSON-ready data: exact fractions become ``{"fraction", "value"}`` pairs."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return int(value)
        return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}
    if isinstance(value, str):
        return str(value)  # Msg and other str subclasses
    if isinstance(value, int):
        return int(value)  # Signed
    if isinstance(value, float):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value) if isinstance(value, set | frozenset) else value
        return [_plain(v) for v in items]
    return str(value)


def export() -> dict[str, Any]:
    """The whole export document (see the module docstring for its schema)."""
    from nqcore.errata import all_errata
    from nqcore.mutations import all_mutations
    from nqcore.spells import all_spells
    from nqcore.tables import get_table, table_keys

    tables = {}
    for key in table_keys():
        table = get_table(key)
        tables[key] = {
            "title": table.title, "columns": _plain(table.columns), "rows": _plain(table.rows),
            "source": table.source, "notes": _plain(table.notes),
        }  # fmt: skip
    return {
        "schema": "nqcore-export",
        "schema_version": SCHEMA_VERSION,
        "engine": __version__,
        "tables": tables,
        "spells": _plain(all_spells()),
        "mutations": _plain(all_mutations()),
        "errata": [
            {k: v for k, v in _plain(e).items() if k != "source_file"} for e in all_errata()
        ],
    }
