"""A combination model's other elements in the profile builder (``nqcompanion.bridge.web``):
player round thirty (F9) found the Wight Lord's Dragon and the Chariot's crew neither shown nor
changeable. Each element's name and RA, CC and ST are fields (``element.1.ra``), a change is
written to its table in the file and priced, none leaves the characteristic out, and a value
beyond the cost table is refused about that field, as ``nq points`` refuses it in a file."""

from __future__ import annotations

import tomllib

import pytest

from nqcompanion.bridge.web import build
from nqcore.cli.commands import main

Capture = pytest.CaptureFixture[str]


@pytest.mark.parametrize(
    ("lang", "names"), [("en", ["Driver", "Weaponeer"]), ("fr", ["Conducteur", "Spécialiste"])]
)
def test_each_element_is_a_field_under_its_name(lang: str, names: list[str]) -> None:
    fields = build({"start": "chariot-driver-weaponeer"}, lang)["fields"]
    assert [fields["element.1"], fields["element.2"]] == names
    assert [fields[f"element.2.{key}"] for key in ("ra", "cc", "st")] == [4, 6, 4]
    assert "element.1" not in build({"start": "dwarf"}, lang)["fields"]


def test_an_element_changed_is_written_and_priced() -> None:
    start = build({"start": "wight-lord-on-zombie-dragon"}, "en")
    changed = build({"toml": start["toml"], "set": {"element.1.cc": "8"}}, "en")
    dragon = tomllib.loads(changed["toml"])["element"][0]
    assert dragon["cc"] == 8 and dragon["name"] == "Dragon"
    assert changed["card"]["elements"][0]["values"][2] == "8"
    assert changed["points"]["json"]["points"] > start["points"]["json"]["points"]
    assert "key" not in tomllib.loads(changed["toml"]), "the player's now, not the book's"


def test_an_element_s_characteristic_emptied_is_none() -> None:
    start = build({"start": "chariot-driver-weaponeer"}, "en")
    for none in ("", "-"):
        changed = build({"toml": start["toml"], "set": {"element.1.ra": none}}, "en")
        assert "ra" not in tomllib.loads(changed["toml"])["element"][0]
        assert changed["card"]["elements"][0]["values"][1] == "–"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "element #2: CC 12 is beyond its cost table"),
        ("fr", "élément nº 2\u00a0: CC 12 est hors de sa table des coûts"),
    ],
)
def test_an_element_beyond_its_cost_table_is_refused_at_its_field(lang: str, said: str) -> None:
    start = build({"start": "chariot-driver-weaponeer"}, lang)
    refused = build({"toml": start["toml"], "set": {"element.2.cc": "12"}}, lang)["points"]
    assert refused["field"] == "element.2.cc"
    assert said in refused["error"]


def test_nq_points_names_the_element_of_a_refused_value(tmp_path: object, capsys: Capture) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "rider.toml"
    path.write_text(
        'name = "Rider"\ntype = "individual"\nac = 10\nra = 3\ncc = 3\nst = 3\nt = 3\nw = 1\n'
        'co = 5\n[[element]]\nname = "Horse"\nst = 99\n',
        encoding="utf-8",
    )
    assert main(["points", str(path)]) == 2
    assert "rider.toml: element #1: ST 99 is beyond its cost table" in capsys.readouterr().err
