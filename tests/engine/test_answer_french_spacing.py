"""French answers, of ``nq`` and of the At the table page (the engine's and its build-time
tables'), set the space before ``: ; ! ?`` as French typography does: no-break (U+00A0 before the
colon, U+202F before the others), so that no line of an answer starts with the sign.  The
catalogue's translators type a plain space; the engine spaces them as it reads them
(:func:`nqcore.i18n.french_spacing`), and spaces the colon it puts between a label and its value
(:func:`nqcore.i18n.colon`)."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from nqcompanion.bridge.web import ask, build
from nqcompanion.bridge.web_army import army
from nqcompanion.bridge.web_starting import starting_profiles
from nqcompanion.page import answers
from nqcompanion.page.answers import TABLED, answer_tables, inputs
from nqcore.cli.commands import main

#: A breakable space (or none, for ; ! ?) before the high punctuation.
BREAKABLE = re.compile(r"[ \t\n][:;!?]|(?<=\w)[;!?](?=\s|$)")
#: Questions with no table: the engine answers them on the page.
ENGINE_ONLY = (
    ["attack", "5", "4", "4"],
    ["attack", "--attacker", "orc-bruiser", "--target", "dwarf"],
    ["attack", "--attacker", "dwarf", "--weapon", "bow", "--distance", "70", "4"],
    ["morale", "16", "3", "4", "2"],
    ["move-cost", "4", "--difficult", "2", "--barriers", "1", "--agile"],
    ["hit", "5", "--mod", "charging", "--mod", "large-target", "--mod", "ram"],
    ["cast", "5", "--wizardry", "2", "--chant", "1000"],
    ["shoot", "3", "12", "--ranges", "8/+1", "16/0", "24/-1"],
)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _breakable(answer: Any) -> list[str]:
    return [text for text in _strings(answer) if BREAKABLE.search(text)]


def test_the_tables_french_answers_hold_no_breakable_space_before_high_signs() -> None:
    """Every piece of the smaller tables (each text of their answers, kept once), as the page
    reads them; the whole of every table: the slow test of the tables (tests/ext)."""
    small = {command: TABLED[command] for command in ("cancel", "hit", "wound", "move")}
    with mock.patch.dict(answers.TABLED, small, clear=True):
        tables = answer_tables("fr")
    bad = [piece for piece in tables["pieces"] if _breakable(piece)]
    assert not bad, bad[:5]


def _sampled() -> Iterator[list[str]]:
    """One input in 211 of each table (the same walk as the tables' own)."""
    for command in TABLED:
        yield from itertools.islice(inputs(command), 0, None, 211)


def test_the_engines_french_answers_to_the_tables_questions_too() -> None:
    bad = [(argv, text) for argv in _sampled() for text in _breakable(ask(argv, "fr"))]
    assert not bad, bad[:5]


@pytest.mark.parametrize("argv", ENGINE_ONLY, ids=lambda argv: argv[0])
def test_the_engines_french_answers_hold_no_breakable_space_before_high_signs(
    argv: list[str],
) -> None:
    answer = ask(argv, "fr")
    assert "text" in answer or "error" in answer, answer
    assert not _breakable(answer), _breakable(answer)


def test_the_builders_and_the_armys_french_answers_too() -> None:
    for key, _name in starting_profiles():
        answer = build({"start": key}, "fr")
        assert not _breakable(answer["points"]), (key, _breakable(answer["points"]))
    start = {"name": "Mon armée", "points": 100}
    answer = army({"data": start, "add": {"kind": "unit", "profile": "dwarf"}}, "fr")
    again = army({"data": answer["data"], "add": {"kind": "character", "profile": "dwarf"}}, "fr")
    said = [*_breakable({k: v for k, v in again.items() if k not in ("toml", "data")})]
    assert not said, said


@pytest.mark.parametrize(
    "argv",
    [
        ["cast", "5", "--wizardry", "2"],
        ["hit", "5", "--mod", "charging"],
        ["attack", "--attacker", "orc-bruiser", "--target", "dwarf"],
    ],
    ids=lambda argv: argv[0],
)
def test_nq_in_french_sets_a_no_break_space_before_the_colon(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "fr", *argv]) == 0
    out = capsys.readouterr().out
    assert "\u00a0: " in out and not BREAKABLE.search(out), out
    assert main(["--lang", "fr", *argv, "--json"]) == 0
    assert not _breakable(json.loads(capsys.readouterr().out))


def test_a_pair_of_modifiers_keeps_its_signs() -> None:
    """The spacing leaves what is not French punctuation: a modifier's sign, a ratio."""
    texts = list(_strings(ask(["hit", "5", "--mod", "charging", "--mod", "large-target"], "fr")))
    assert any("+1" in text for text in texts)
    assert not any(re.search(r"\u00a0[;!?]|\u202f:", text) for text in texts)
