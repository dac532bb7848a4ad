"""`nq export`: the document validates against its shipped JSON Schema, which is strict enough to
catch a change of shape."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

import jsonschema
import pytest

from nqcore.cli.export import SCHEMA_VERSION, _plain, export, schema
from nqcore.tables.registry import Chance, Phrase, Signed, get_table, table_keys


@cache
def document() -> dict[str, Any]:
    return export()


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema()["properties"]["schema_version"]["const"] == SCHEMA_VERSION


def test_the_export_validates() -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(document())]
    assert errors == []


def test_the_export_is_plain_json() -> None:
    assert json.loads(json.dumps(document())) == document()


def test_every_table_is_exported_as_the_engine_builds_it() -> None:
    tables = document()["tables"]
    assert sorted(tables) == table_keys()
    chance = tables["chance-to-cast"]["rows"][4]  # spell level 5
    assert chance[0] == 5 and chance[3] == {"fraction": "7/10", "value": 0.7}
    moves = tables["movement-abilities"]["rows"][2]  # 3 actions, double time: 4½"
    assert moves[:2] == [3, {"fraction": "9/2", "value": 4.5}]
    for key in ("hand-weapons", "attack-sample-profiles", "wound-table"):
        table = get_table(key)
        assert tables[key]["rows"] == _plain(table.rows) and tables[key]["title"] == table.title


def test_profile_details_are_exported() -> None:
    with_details = [t for t in document()["tables"].values() if t["details"]]
    assert with_details, "some profile tables print lines under the profile"
    label, cell = with_details[0]["details"][0]
    assert isinstance(label, str) and cell is not None


def _broken(path: list[str | int], value: Any) -> dict[str, Any]:
    """A small valid document (one record of each kind) with one value changed."""
    full = document()
    doc = copy.deepcopy(
        {
            **full,
            "tables": {"wound-table": full["tables"]["wound-table"]},
            **{k: full[k][:1] for k in ("spells", "mutations", "errata")},
        }
    )
    assert validator().is_valid(doc)
    target: Any = doc
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    "path,value",
    [
        (["schema_version"], 2),
        (["spells", 0, "level"], 9),
        (["spells", 0, "aspect"], "metal"),
        (["spells", 0, "colour"], "red"),
        (["mutations", 0, "name"], KeyError),
        (["errata", 0, "why"], ""),
        (["tables", "wound-table", "notes"], "one note"),
        (["tables", "wound-table", "rows", 0, 1], {"fraction": "1/2"}),
        (["tables", "wound-table", "rows", 0, 1], {"fraction": "half", "value": 0.5}),
        (["tables", "wound-table", "rows", 0, 1], 0.5),
        (["tables", "Wound Table"], {"title": "x"}),
    ],
)
def test_the_schema_catches_a_change_of_shape(path: list[str | int], value: Any) -> None:
    assert not validator().is_valid(_broken(path, value))


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Thing:
    name: str
    colour: Colour


def test_plain_values() -> None:
    assert _plain(Thing("x", Colour.RED)) == {"name": "x", "colour": "red"}
    assert _plain({1: frozenset({"b", "a"})}) == {"1": ["a", "b"]}
    assert _plain((True, None, 1.5, Signed(-1), Chance(Fraction(1, 4)), Fraction(6, 2))) == [
        True,
        None,
        1.5,
        -1,
        {"fraction": "1/4", "value": 0.25},
        3,
    ]
    assert _plain(Phrase(("AR", 3))) == ["AR", 3]
    assert _plain(range(2)) == "range(0, 2)"
