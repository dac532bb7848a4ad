"""A profile file's fields checked by their kind and the book's range before any is read or
priced: a shield is on or off (``true`` or ``false``), a name is a text.  A field of another kind
is refused in one line naming the file and the field, in the reader's language, its value shown
as TOML writes it; never a traceback, never a price (`nq points`, `nq army`, the page)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from nqcompanion.bridge.web import ask_json
from nqcompanion.bridge.web_army import import_army
from tests.engine.test_cli_untrusted import assert_refused

PROFILE = """name = "Test"
ac = 8
ra = 3
cc = 5
st = 4
t = 5
w = 1
co = 6
"""
#: Values of every kind TOML has, none of them a boolean.
NOT_FLAGS = ['"yes"', "100", "-3", "1.5", "1979-05-27", "04:00:00", "[1]", "{ a = 1 }"]
#: Values of every kind TOML has, none of them a text.
NOT_TEXTS = ["true", "100", "1.5", "1979-05-27", "04:00:00", "[1]", "{ a = 1 }"]
FLAGS = ["shield", "barding", "armoured_mount", "large_bonus", "natural"]


def refused(tmp_path: Path, text: str, names: str, *lang: str) -> str:
    path = tmp_path / "prof.toml"
    path.write_text(text, encoding="utf-8")
    return assert_refused([*lang, "points", str(path)], names)


@pytest.mark.parametrize("field", FLAGS)
@pytest.mark.parametrize("value", NOT_FLAGS)
def test_an_armour_flag_is_true_or_false(tmp_path: Path, field: str, value: str) -> None:
    text = PROFILE + f"armour = {{ value = 3, {field} = {value} }}\n"
    said = refused(tmp_path, text, f"armour.{field} must be true or false, not {value}")
    assert said.startswith(f"nq points: {tmp_path / 'prof.toml'}: ")


def test_a_numeric_shield_is_refused_in_french(tmp_path: Path) -> None:
    text = PROFILE + "armour = { value = 3, shield = 100 }\n"
    french = "armour.shield doit valoir true ou false, et non 100"
    said = refused(tmp_path, text, french, "--lang", "fr")
    assert "prof.toml\u00a0: armour.shield" in said


@pytest.mark.parametrize(
    "field",
    ["name", "key", "type", "size", "specialist", "source", "armour.description"],
)
@pytest.mark.parametrize("value", NOT_TEXTS)
def test_a_text_field_is_a_text(tmp_path: Path, field: str, value: str) -> None:
    lines = PROFILE.replace('name = "Test"\n', "" if field == "name" else 'name = "Test"\n')
    if field.startswith("armour."):
        lines += f"armour = {{ value = 1, description = {value} }}\n"
    else:
        lines += f"{field} = {value}\n"
    refused(tmp_path, lines, f"{field} must be a text, not {value}")


@pytest.mark.parametrize(
    ("table", "field"),
    [("[[element]]\nname", "element #1: name"), ("abilities = [{ key = 'brave', target", "target")],
)
def test_the_texts_of_an_element_and_a_pick(tmp_path: Path, table: str, field: str) -> None:
    closing = " }]" if table.startswith("abilities") else ""
    text = PROFILE + f"{table} = 12{closing}\n"
    refused(tmp_path, text, f"{field} must be a text, not 12")


@pytest.mark.parametrize("value", ["true", '"1"', "1.5", "[1]"])
def test_armour_resilience_is_a_whole_number(tmp_path: Path, value: str) -> None:
    text = PROFILE + f"armour = {{ value = 2, resilience = {value} }}\n"
    refused(tmp_path, text, f"armour.resilience must be a whole number, not {value}")


def test_refused_values_are_shown_as_toml_writes_them(tmp_path: Path) -> None:
    text = PROFILE + "equipment = [true, { a = 1 }]\n"
    refused(tmp_path, text, "equipment #1: true is neither a key")
    text = PROFILE + "equipment = [{ a = 1, b = 'x' }]\n"
    refused(tmp_path, text, 'equipment #1: { a = 1, b = "x" } is neither a key')


def test_an_army_leader_with_a_text_shield_is_refused_in_one_line(tmp_path: Path) -> None:
    army = tmp_path / "d.toml"
    army.write_text(
        'name = "D"\npoints = 500\n[[unit]]\nname = "Orcs"\nprofile = "orc-bruiser"\n'
        'models = 10\nleader = { name = "Boss", ac = 8, ra = 3, cc = 5, st = 4, t = 5, w = 1,'
        ' co = 6, armour = { value = 3, shield = "yes" } }\n',
        encoding="utf-8",
    )
    said = assert_refused(["--lang", "fr", "army", str(army)], "armour.shield")
    assert "« yes »" in said or '"yes"' in said
    answer = import_army(army.read_bytes(), "fr", "d.toml")
    assert "armour.shield" in answer["error"] and "\n" not in answer["error"]
    assert "unsupported operand" not in answer["error"]


def test_the_page_answers_a_text_shield_with_one_line() -> None:
    text = PROFILE + 'armour = { value = 3, shield = "yes" }\n'
    for lang in ("en", "fr"):
        request = {"import": base64.b64encode(text.encode()).decode(), "file": "p.toml"}
        answer = json.loads(ask_json(json.dumps({**request, "lang": lang})))
        assert "armour.shield" in answer["error"] and "\n" not in answer["error"]


def test_the_page_answers_an_engine_fault_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import nqcompanion.bridge.web

    def broken(*args: object) -> dict[str, object]:
        return {"total": 1 + "x"}  # type: ignore[operator]

    monkeypatch.setattr(nqcompanion.bridge.web, "ask", broken)
    for lang in ("en", "fr"):
        answer = json.loads(ask_json(json.dumps({"argv": ["cast", "5"], "lang": lang})))
        assert "\n" not in answer["error"] and "Traceback" not in answer["error"]


def test_the_worker_posts_one_line_for_a_failure() -> None:
    worker = Path("nqcompanion/static/nq-engine-worker.js").read_text(encoding="utf-8")
    assert "String(error)" not in worker
    assert "oneLine(error)" in worker


@pytest.mark.parametrize("value", NOT_TEXTS)
def test_a_weapon_table_is_named_by_a_text(tmp_path: Path, value: str) -> None:
    text = PROFILE + f"weapons = [{{ name = {value}, uc = 3, st_bonus = 0 }}]\n"
    refused(tmp_path, text, f"weapons #1: name must be a text, not {value}")


@pytest.mark.parametrize(
    ("where", "french"),
    [
        ("t2.toml: unit #1.profile", "t2.toml\u00a0: unité nº 1, champ profile"),
        ("f.toml: equipment #1", "f.toml\u00a0: equipment nº 1"),
        ("a.toml, unit #2 (Orcs), leader: c.toml", "a.toml, unité nº 2 (Orcs), chef\u00a0: c.toml"),
        ("support, leader: unit", "support, chef\u00a0: unit"),  # files named as places' words
        ("field 0, field x", "field 0, champ x"),  # a file named as a field
    ],
)
def test_a_place_reads_as_french_sets_it(where: str, french: str) -> None:
    """The file's own keys stay as the file writes them; the engine's words and the colon after
    a file's name are French."""
    from nqcore.places import place_in

    assert place_in(where, "fr") == french
    assert place_in(where, "en") == where


def test_an_army_field_refused_by_the_file_reader_is_placed_in_french(tmp_path: Path) -> None:
    path = tmp_path / "t2.toml"
    path.write_text(
        'name = "A"\npoints = 500\n[[unit]]\nname = "Orc"\nprofile = 1e400\nmodels = 10\n',
        encoding="utf-8",
    )
    said = assert_refused(["--lang", "fr", "army", str(path)], "nombre non fini")
    assert "t2.toml\u00a0: unité nº 1, champ profile\u00a0: nombre non fini (inf)" in said


def test_a_nested_army_field_refused_by_the_schema_is_said_in_french(tmp_path: Path) -> None:
    path = tmp_path / "t3.toml"
    path.write_text(
        'name = "A"\npoints = 500\n[[unit]]\nname = "Orc"\nprofile = "orc-bruiser"\nmodels = 10\n'
        "options = { equipment = [true] }\n",
        encoding="utf-8",
    )
    said = assert_refused(["--lang", "fr", "army", str(path)], "t3.toml, unité nº 1, champ options")
    assert "Expected" not in said and "$.unit" not in said, said


def test_an_elements_place_is_said_in_french(tmp_path: Path) -> None:
    """Attacker round 31 (M2): « element #1 name doit être un texte » beside « élément nº 1 »
    for the same field: the element's place is said in the reader's words."""
    import subprocess
    import sys

    path = tmp_path / "bad.toml"
    path.write_text(PROFILE + "[[element]]\nname = 12\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "nqcore", "--lang", "fr", "points", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "élément nº 1\u00a0: name doit être un texte" in done.stderr, done.stderr
    assert "element #" not in done.stderr
