"""A profile with several problems is refused with all of them at once, a line each: the
player who imports a file fixes it once, not once per try."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web import build, import_profile
from nqcore.army.characteristics import ProfileError, ProfileProblems
from nqcore.army.force import ArmyError
from nqcore.army.profile_files import MAX_LIST, parse_profile
from nqcore.cli.commands import main
from nqcore.typography import colon

GOOD: dict[str, Any] = {"name": "Good", "ac": 8, "ra": 5, "cc": 5, "st": 4, "t": 4, "w": 1, "co": 5}
#: Six problems, each in a part of its own: a field, two characteristics, a choice, two lists.
BAD = GOOD | {
    "ac": 13,
    "co": 1,
    "size": "giant",
    "weapons": ["sword-of-nothing"],
    "abilities": ["flying-carpet"],
    "colour": "red",
}
BAD_TOML = """name = "Bad"
ac = 13
ra = 5
cc = 5
st = 4
t = 4
w = 1
co = 1
size = "giant"
weapons = ["sword-of-nothing"]
abilities = ["flying-carpet"]
colour = "red"
"""
SAID = [
    "unknown field(s) colour",
    "AC 13 is beyond its cost table",
    "CO 1 is beyond its cost table",
    'unknown size "giant"',
    "weapons #1: unknown weapon 'sword-of-nothing'",
    "unknown ability 'flying-carpet'",
]


def test_every_problem_is_said_once_after_the_place() -> None:
    with pytest.raises(ProfileProblems) as refused:
        parse_profile(BAD, "bad.toml")
    lines = refused.value.lines("en")
    assert len(lines) == len(SAID)
    for line, said in zip(lines, SAID, strict=True):
        assert line.startswith("bad.toml: ") and said in line
    assert refused.value.text("en") == "\n".join(lines)


def test_one_problem_is_one_refusal_as_before() -> None:
    with pytest.raises(ProfileError) as refused:
        parse_profile(GOOD | {"ac": 13}, "one.toml")
    assert not isinstance(refused.value, ProfileProblems)
    assert refused.value.lines("en") == [str(refused.value)]
    assert str(refused.value).startswith("one.toml: AC 13 is beyond")


def test_the_first_problem_keeps_its_field_for_the_builder() -> None:
    with pytest.raises(ProfileProblems) as refused:
        parse_profile(GOOD | {"ac": 13, "co": 1})
    assert refused.value.argument == "ac"
    assert [line.split(": ")[1][:2] for line in refused.value.lines("en")] == ["AC", "CO"]


def test_a_list_too_long_is_said_without_reading_the_lists() -> None:
    record = GOOD | {"weapons": ["nothing"] * (MAX_LIST + 1), "co": 1}
    with pytest.raises(ProfileProblems) as refused:
        parse_profile(record, "long.toml")
    said = refused.value.text("en")
    assert f"weapons lists {MAX_LIST + 1} items" in said and "CO 1" in said
    assert "unknown weapon" not in said


def test_an_army_reads_the_first_problem_as_its_own() -> None:
    with pytest.raises(ProfileProblems) as refused:
        parse_profile(GOOD | {"ac": 13, "co": 1}, "cap.toml")
    army = refused.value.at("army.toml, unit #1", ArmyError)
    assert isinstance(army, ArmyError)
    assert str(army) == "army.toml, unit #1: cap.toml: " + str(refused.value.problems[0])


@pytest.mark.parametrize(
    ("lang", "first"), [("en", "unknown field(s) colour"), ("fr", "champ(s) inconnu(s)")]
)
def test_nq_points_prints_a_line_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, first: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD_TOML, encoding="utf-8")
    assert main(["--lang", lang, "points", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == len(SAID)
    assert all(line.startswith(f"nq points{colon(lang)}{path}") for line in lines)
    assert first in lines[0]


def test_the_pages_import_says_every_problem_and_the_builder_the_first() -> None:
    imported = import_profile(BAD_TOML.encode(), "fr", "bad.toml")
    lines = imported["error"].split("\n")
    assert len(lines) == len(SAID) and all(line.startswith("bad.toml\u00a0: ") for line in lines)
    assert len(imported["message"].split("\n")) == len(SAID)
    built = build({"toml": BAD_TOML, "file": "bad.toml"}, "en")["points"]
    assert "\n" not in built["error"] and "colour" in built["error"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_file_of_the_other_kind_is_said_as_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """Player round seventeen: an army given to ``nq points`` was refused field by field
    ("unknown field(s) individual, points, unit"), a profile given to ``nq army`` as an army
    without points; the page said what each was."""
    army = Path("examples/armies/barrow-host.toml").resolve()
    profile = tmp_path / "my profile.toml"
    profile.write_text(
        BAD_TOML.replace("ac = 13", "ac = 8")
        .replace("co = 1", "co = 5")
        .replace(
            'size = "giant"\nweapons = ["sword-of-nothing"]\n'
            'abilities = ["flying-carpet"]\ncolour = "red"\n',
            "",
        )
    )
    assert main(["--lang", lang, "points", str(army)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and f"nq army {army}" in said
    assert main(["--lang", lang, "points", str(profile)]) == 0
    capsys.readouterr()
    assert main(["--lang", lang, "army", str(profile)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and f"nq points '{profile}'" in said  # quoted as a shell would
