"""Player round fourteen (#4): renaming a unit keeps the character who joins it joined (the join
follows the unit, not its name); removing the unit leaves him joining none, said."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web_army import army


def _data() -> dict[str, Any]:
    return {
        "name": "Test",
        "points": 2000,
        "unit": [
            {"name": "Human Men At Arms", "profile": "human-men-at-arms", "models": 10},
            {"name": "Human Men At Arms 2", "profile": "human-men-at-arms", "models": 10},
        ],
        "character": [
            {
                "name": "Vampire",
                "profile": "vampire-on-demon-beast",
                "general": True,
                "joins": "Human Men At Arms",
            }
        ],
    }


def test_a_renamed_unit_keeps_who_joins_it() -> None:
    answer = army({"data": _data(), "rename": {"kind": "unit", "index": 0, "name": "Spears"}}, "en")
    assert "error" not in answer, answer
    assert answer["data"]["unit"][0]["name"] == "Spears"
    assert answer["data"]["character"][0]["joins"] == "Spears"
    assert not [b for b in answer["breaches"] if b["kind"] == "refusal"], answer["breaches"]
    assert answer["notes"] == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "“Vampire” no longer joins a unit: “Human Men At Arms” was removed"),
        ("fr", "« Vampire » ne rejoint plus d’unité : « Human Men At Arms » a été retirée"),
    ],
)
def test_a_removed_unit_leaves_who_joined_it_joining_none(lang: str, said: str) -> None:
    answer = army({"data": _data(), "rename": {"kind": "unit", "index": 0}}, lang)
    assert "error" not in answer, answer
    assert [u["name"] for u in answer["data"]["unit"]] == ["Human Men At Arms 2"]
    assert "joins" not in answer["data"]["character"][0]
    assert not [b for b in answer["breaches"] if b["kind"] == "refusal"], answer["breaches"]
    assert [n.replace("\u00a0", " ").replace("\u202f", " ") for n in answer["notes"]] == [said]
