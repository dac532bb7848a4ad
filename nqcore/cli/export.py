"""``nq export``: every rules datum and every computed table as one JSON document.

The document's JSON Schema is ``nqcore/cli/export.schema.json`` (shipped with the package, read by
:func:`schema`; the test suite validates every export against it).  In short
(``SCHEMA_VERSION`` changes whenever a field changes meaning):

- ``schema``: ``"nqcore-export"``; ``schema_version``: an integer; ``engine``: nqcore's version.
- ``tables``: by key, each ``{"title", "columns", "rows", "source", "notes", "details"}``; cells
  are strings (English msgids or printed values), integers, ``null`` for an empty cell, exact
  fractions (probabilities, half inches) as ``{"fraction": "7/10", "value": 0.7}``, or a phrase:
  a list of such parts printed one after the other.  ``details`` are the lines printed under a
  profile, ``[label, cell]`` pairs.
- ``spells``, ``mutations``, ``errata``: lists of records with the fields of the engine's
  dataclasses (English text; translations are in the engine's gettext catalogue).
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from fractions import Fraction
from importlib import resources
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


def schema() -> dict[str, Any]:
    """The JSON Schema of the export document (``nqcore/cli/export.schema.json``)."""
    path = resources.files("nqcore").joinpath("cli", "export.schema.json")
    text = path.read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def export() -> dict[str, Any]:
    """The whole export document (see the module docstring for its schema)."""
    from nqcore.book.errata import all_errata
    from nqcore.rules.mutations import all_mutations
    from nqcore.rules.spells import all_spells
    from nqcore.tables.registry import get_table, table_keys
    from nqcore.tables.table_text import cell_text

    tables = {}
    for key in table_keys():
        table = get_table(key)
        tables[key] = {
            "title": table.title,
            "columns": _plain(table.columns),
            "rows": _plain(table.rows),
            "source": table.source,
            "notes": [cell_text(note, "en") for note in table.notes],  # a phrase as one text
            "details": _plain(table.details),
        }
    return {
        "schema": "nqcore-export",
        "schema_version": SCHEMA_VERSION,
        "engine": __version__,
        "tables": tables,
        "spells": _plain(all_spells()),
        "mutations": _plain(all_mutations()),
        "errata": [
            {"section": e.section} | {k: v for k, v in _plain(e).items() if k != "source_file"}
            for e in all_errata()
        ],
    }
