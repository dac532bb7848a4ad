"""The example stories write to the reader's terminal as ``nq`` does: a catalogue's or a data
file's control characters shown as escapes, never obeyed; a refused data file in one line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nqcore.data.datafiles import DataFileError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from _story import run  # noqa: E402


def test_control_characters_of_a_story_are_shown_escaped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def story() -> int:
        print("Moral X1\x1b]0;PWNED\x07\x1b[31mRED \x9b2J")
        return 0

    assert run(story, "dwarf_morale.py") == 0
    out = capsys.readouterr().out
    assert out == "Moral X1\\u001b]0;PWNED\\u0007\\u001b[31mRED \\u009b2J\n"


def test_a_refused_data_file_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    def story() -> int:
        print("1. A Shaman")
        raise DataFileError("nqcore/data/spells.toml, spell #1 (fireball), field name: \x1b")

    assert run(story, "spell_casting.py") == 2
    told = capsys.readouterr()
    assert told.err == (
        "spell_casting.py: nqcore/data/spells.toml, spell #1 (fireball), field name: \\u001b\n"
    )
    assert told.out == "1. A Shaman\n"
