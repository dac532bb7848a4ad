"""An ability, trait or item of equipment is checked by its schema (``rules_schema.Feature``)
alone: a malformed record is refused in one line naming the file, the record and the field, and
the engine builds its features from the records as they are."""

from __future__ import annotations

import pytest

from nqcore.army.features import LevelsFrom, features
from nqcore.army.profiles import CONDITIONS
from nqcore.data import datafiles

ABILITIES = "nqcore/data/abilities.toml"
_RECORD: dict[str, object] = {"key": "x", "name": "X", "summary": "S", "source": "s", "points": 1}


def _refusal(records: list[dict[str, object]]) -> str:
    with pytest.raises(datafiles.DataFileError) as refused:
        datafiles.check({"ability": records}, ABILITIES, datafiles.schema_for("abilities.toml"))
    return str(refused.value)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"name": None}, "ability #1 (x): missing field(s) name"),
        ({"points": None}, "ability #1 (x): needs points, levels or levels_from"),
        ({"only": ["flying"]}, "ability #1 (x): unknown condition(s) flying in only or requires"),
        (
            {"only": ["large"]},
            "ability #1 (x): only or requires needs a note saying who may take it",
        ),
        (
            {"requires": ["core", "wet"]},
            "ability #1 (x): unknown condition(s) wet in only or requires",
        ),
        (
            {"levels_from": "runes"},
            "ability #1 (x), field levels_from: invalid enum value 'runes'",
        ),
        ({"points": "3"}, "ability #1 (x), field points: expected int | null, got str ('3')"),
    ],
)
def test_a_malformed_feature_is_named(change: dict[str, object], said: str) -> None:
    record = {k: v for k, v in (_RECORD | change).items() if v is not None}
    assert _refusal([record]) == f"{ABILITIES}, {said}"


def test_a_feature_key_given_twice_is_refused() -> None:
    assert _refusal([_RECORD, _RECORD]) == f"{ABILITIES}: duplicate ability key(s) x"


def test_the_schema_allows_what_the_engine_reads() -> None:
    """Every condition and every source of levels the engine knows passes the schema."""
    schema = datafiles.schema_for("abilities.toml")
    record = _RECORD | {"only": sorted(CONDITIONS), "note": "Some models only."}
    datafiles.check({"ability": [record]}, ABILITIES, schema)
    for source in LevelsFrom:
        record = {k: v for k, v in _RECORD.items() if k != "points"}
        datafiles.check({"ability": [record | {"levels_from": source.value}]}, ABILITIES, schema)
    levelled = [f for c in ("ability", "trait", "equipment") for f in features(c) if f.levels_from]
    assert {f.levels_from for f in levelled} == {s.value for s in LevelsFrom}
    assert all(f.levels for f in levelled)
