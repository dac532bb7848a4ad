"""The game's size as a player types it on the At the table page: a whole number grouped as the
page's language writes it ("1,500"; « 1 500 » with a narrow or a full no-break space) is read
(nqcore.typography.read_whole); anything else is refused beside the field, in the page's
language."""

from __future__ import annotations

import pytest

from nqcompanion.bridge.web_army import army
from nqcore.typography import read_whole

START = {"name": "Test"}


@pytest.mark.parametrize(
    ("typed", "lang", "read"),
    [
        ("1,500", "en", 1500),
        ("1 500", "en", 1500),
        ("12,345", "en", 12345),
        ("1500", "en", 1500),
        ("1\u202f500", "fr", 1500),
        ("1\u00a0500", "fr", 1500),
        ("1 500", "fr", 1500),
        ("1,500", "fr", None),  # one and a half, in French
        ("1,50,0", "en", None),
        ("1 5000", "en", None),
        ("1.500", "en", None),
        ("mille", "fr", None),
        ("", "en", None),
    ],
)
def test_a_whole_number_as_the_language_writes_it(typed: str, lang: str, read: int | None) -> None:
    assert read_whole(typed, lang) == read


@pytest.mark.parametrize(
    ("typed", "lang"),
    [("1,500", "en"), ("1 500", "en"), ("1\u202f500", "fr"), ("1\u00a0500", "fr")],
)
def test_the_game_size_typed_grouped_is_the_armys_points(typed: str, lang: str) -> None:
    answer = army({"data": {**START, "points": typed}}, lang)
    assert "error" not in answer, answer
    assert answer["data"]["points"] == 1500 and answer["points"] == 1500
    assert "points = 1500\n" in answer["toml"]


def test_anything_else_is_refused_beside_the_field_in_the_pages_language() -> None:
    answer = army({"data": {**START, "points": "1,500"}}, "fr")
    assert answer["field"] == "points" and answer["entry"] is None
    assert answer["error"] == (
        "army.toml, champ points\u00a0: « 1,500 » n’est pas un nombre entier\u00a0: "
        "écrivez-le 1\u202f500 ou 1500"
    )
    english = army({"data": {**START, "points": "1,50,0"}}, "en")
    assert english["error"] == (
        "army.toml, field points: '1,50,0' is not a whole number: write it as 1,500 or 1500"
    )
