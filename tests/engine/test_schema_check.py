"""The army file's schema read without msgspec (nqcore.army.schema_check, as the At the table
page's engine reads it in the browser) answers as msgspec does: the same records, the same
refusals in the same words and place, so that both say the same line naming the field."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from nqcore.army import schema_check

UNIT = {"name": "Orcs", "profile": "orc-bruiser", "models": 10}
#: Army files, good and bad, that reach every kind of type and limit of the schema.
CASES: list[dict[str, Any]] = [
    {"name": "X", "points": 100},
    {"name": "X", "points": 100, "unit": [UNIT]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "models": 0}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "models": 1001}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "models": "ten"}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "models": True}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "models": 2.5}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "colour": 1}]},
    {"name": "X", "points": 100, "unit": [{"name": "Orcs", "profile": "orc-bruiser"}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "formation": "wedge"}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "formation": 3}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "specialists": ["drummer"]}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "specialists": "musician"}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "profile": 3}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "profile": "Not A Key"}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "profile": {"name": "Y", "ac": 8}}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "leader": None}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "options": {"equipment": ["bandages"]}}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "options": {"armour": 3}}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "options": "all"}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "name": ""}]},
    {"name": "X", "points": 100, "unit": [{**UNIT, "name": "x" * 201}]},
    {"name": "X\x1b", "points": 100},
    {"name": "X", "points": 0},
    {"name": "X", "points": 100, "unit": [UNIT] * 201},
    {"name": "X", "points": 100, "unit": "many"},
    {"name": "X", "points": 100, "individual": [{"name": "A", "profile": "hero", "general": 1}]},
    {"name": "X", "points": 100, "support": [{"name": "A", "profile": "dwarf", "crew": -1}]},
    {"name": "X", "points": 100, "support": [{"name": "A", "profile": "dwarf", "models": None}]},
    {"name": "X", "points": 100, "character": [{"name": "A", "profile": "hero", "joins": 5}]},
]


@pytest.fixture
def without_msgspec(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The army schema as the browser declares it: on schema_check's Struct and Meta."""
    monkeypatch.setitem(sys.modules, "msgspec", None)  # import msgspec: ImportError
    monkeypatch.delitem(sys.modules, "nqcore.army.army_schema")
    schema = importlib.import_module("nqcore.army.army_schema")
    assert issubclass(schema.ArmyFile, schema_check.Struct)
    yield schema
    monkeypatch.undo()
    sys.modules.pop("nqcore.army.army_schema", None)
    importlib.import_module("nqcore.army.army_schema")


def _msgspec(data: dict[str, Any]) -> Any:
    from nqcore.army.army_schema import ArmyFile

    try:
        return msgspec.to_builtins(msgspec.convert(data, ArmyFile))
    except msgspec.ValidationError as error:
        return str(error)


def test_every_case_is_answered_as_msgspec_answers(without_msgspec: Any) -> None:
    expected = []
    for data in CASES:  # msgspec's answers, from the schema as msgspec declares it
        with pytest.MonkeyPatch.context() as patch:
            patch.delitem(sys.modules, "msgspec")
            patch.delitem(sys.modules, "nqcore.army.army_schema")
            expected.append(_msgspec(data))
        sys.modules["msgspec"] = None  # type: ignore[assignment]
    for data, answer in zip(CASES, expected, strict=True):
        try:
            found = schema_check.to_builtins(schema_check.convert(data, without_msgspec.ArmyFile))
        except schema_check.ValidationError as error:
            found = str(error)
        assert found == answer, data
    assert sum(isinstance(a, str) for a in expected) >= 20  # most are refused, each its own way
