"""The `nq` command: table questions answered with the roll and its exact chance."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cast(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cast", "5", "--wizardry", "2")
    assert code == 0
    assert "Roll needed: 7 or less" in out and "70.0% (7/10)" in out


def test_cast_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "cast", "5", "--wizardry", "2")
    assert code == 0 and "70,0\u00a0%" in out and "Roll needed" not in out


def test_cast_a_named_spell_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cast", "--spell", "Fireball", "--wizardry", "1",
                       "--concentrate", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["target"] == 5
    assert answer["chance"] == {"fraction": "1/2", "value": 0.5}
    assert answer["question"] == "Casting a level 3 spell at wizardry level 1"


def test_cancel_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cancel", "--spell", "Smoke", "--concentrate")
    assert code == 0 and "7 or less" in out and "(3 AC)" in out


@pytest.mark.parametrize(
    "argv,expected",
    [
        (["hit", "5", "--mod", "charging"], "Roll needed: 6 or less"),
        (["shoot", "5", "12", "--weapon", "bow"], "Roll needed: 5 or less"),
        (["shoot", "5", "40", "--ranges", "10/+1", "20/+0", "30/-1"], "No roll can succeed"),
        (["save", "4", "6", "--pm", "-1"], "Roll needed: 1 or less"),
        (["wound", "4", "3"], "Roll needed: 6 or less"),
        (["attack", "5", "4", "4", "--armour", "3"], "19.0% (19/100)"),
        (["command", "7"], "Roll needed: 7 or less"),
        (["morale", "16", "3", "4", "2"], "Turn 3"),
        (["morale", "16", "1", "1"], "No command test is needed."),
        (["move", "6", "--ability", "flying"], 'Distance: 15"'),
    ],
)
def test_questions(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert expected in out


def test_errata_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "errata")
    assert code == 0 and "Fog: upkeep: 3 → 6." in out


def test_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "rules.json"
    assert run(capsys, "export", "--output", str(target))[0] == 0
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["schema"] == "nqcore-export" and document["schema_version"] == 1
    assert len(document["spells"]) == 39
    assert document["tables"]["wound-table"]["rows"]


@pytest.mark.parametrize(
    "argv,message",
    [
        (["cast", "9", "--wizardry", "1"], "spell level must be 1 to 8, not 9"),
        (["cast", "--spell", "Frostbolt"], "unknown spell 'Frostbolt'"),
        (["cast"], "give a spell level or --spell NAME"),
        (["hit", "5", "--mod", "bogus"], "unknown close combat modifier 'bogus'"),
        (["shoot", "5", "12"], "give --weapon NAME or --ranges"),
        (["points", "/nonexistent/profile.toml"], "profile.toml"),
    ],
)
def test_bad_questions_get_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_python_dash_m_and_argument_errors() -> None:
    result = subprocess.run([sys.executable, "-m", "nqcore", "cast", "five"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "invalid int value: 'five'" in result.stderr and "Traceback" not in result.stderr
