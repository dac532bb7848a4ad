"""The smallest valid erratum, for the tests that feed the errata loader broken data."""

from __future__ import annotations


def erratum_file(**fields: object) -> dict[str, object]:
    """An errata file's data holding one minimal erratum, ``fields`` added or replaced."""
    record: dict[str, object] = {
        "id": "a",
        "kind": "erratum",
        "check": "price",
        "sections": ["s"],
        "subject": "S",
        "printed": "1",
        "correct": "2",
        "why": "W",
    }
    record.update(fields)
    return {"erratum": [record]}
