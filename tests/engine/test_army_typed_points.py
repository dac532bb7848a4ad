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
    # « 1,500 » is one and a half in French: no reading offered, what the field takes (player
    # round thirteen: « 1,5 » was told to write 1 500)
    assert answer["error"] == (
        "army.toml, champ points\u00a0: « 1,500 » n’est pas un nombre entier\u00a0: "
        "donnez un nombre entier de points, comme 1500 ou 1\u202f500"
    )
    english = army({"data": {**START, "points": "1,50,0"}}, "en")
    assert english["error"] == (
        "army.toml, field points: '1,50,0' is not a whole number: give a whole number of points, "
        "such as 1500 or 1,500"
    )


@pytest.mark.parametrize(("typed", "meant"), [("1.000", "1\u202f000"), ("2'500", "2\u202f500")])
def test_a_size_grouped_another_way_is_told_as_the_number_meant(typed: str, meant: str) -> None:
    """Player round eleven: « 1.000 » (Belgian and Swiss French) was told to write 1 500."""
    answer = army({"data": {**START, "points": typed}}, "fr")
    plain = meant.replace("\u202f", "")
    assert answer["error"].endswith(f"écrivez-le {meant} ou {plain}"), answer["error"]


def test_a_decimal_count_is_named_a_decimal_number() -> None:
    """Player round eleven: "expected a whole number, not a number" of 2.5 models."""
    orcs = {"name": "Orcs", "profile": "orc-bruiser", "models": 2.5}
    data = {**START, "points": 1000, "unit": [orcs]}
    for lang, said in (("en", "not a decimal number"), ("fr", "pas un nombre décimal")):
        assert said in army({"data": data}, lang)["error"]


def test_an_unknown_option_is_the_options_field() -> None:
    """Player round eleven: an unknown ability bought as an option was blamed on ``profile``."""
    orcs = {"name": "Orcs", "profile": "orc-bruiser", "models": 10}
    bought = {**orcs, "options": {"abilities": ["flying-kick"]}}
    answer = army({"data": {**START, "points": 1000, "unit": [bought]}}, "en")
    assert answer["field"] == "options"
    assert answer["error"] == "army.toml, unit #1 (Orcs), options: unknown ability 'flying-kick'"
    wrong = army({"data": {**START, "points": 1000, "unit": [{**orcs, "profile": "orc"}]}}, "en")
    assert wrong["field"] == "profile"
