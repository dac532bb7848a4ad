"""The At the table page's answer tables (``nqcompanion/page/answers.py``): for every input
of every tabled calculator, in both languages, the table's answer, made whole as the page's
script makes it, is the engine's (:func:`nqcompanion.bridge.web.ask`), the same JSON in the same
order and the same lines; the tables hold the inputs the page sends them as it builds them."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

import nqcompanion.bridge
import nqcore
from nqcompanion.bridge.web import ask
from nqcompanion.page import answers
from nqcompanion.page.answers import (
    TABLED,
    answer_tables,
    cached_answers,
    inputs,
    position,
    rebuilt,
)
from nqcore.i18n import catalogues_held

LANGS = ("en", "fr")
#: The calculators whose whole input space is walked in a second or two: the rest in the slow run.
SMALL = ("cancel", "hit", "wound", "panic", "move")


def _same(answer: dict[str, Any]) -> str:
    """An answer as compared: its parts (json, text, a refusal's error, field, readings...) in
    any order, the engine's JSON within them in the engine's own order."""
    return json.dumps({key: answer[key] for key in sorted(answer)}, ensure_ascii=False)


#: Without ``--full``, the whole tables are checked on one input in :data:`SAMPLED`, drawn the
#: same way each run (the first and last always): the walk of every input of every calculator in
#: both languages took 6 min of the suite's 80 on CI.
SAMPLED = 16


def _walk(tables: dict[str, Any], command: str, lang: str, sample: bool = False) -> int:
    """Compare each input of ``command``'s table (one in :data:`SAMPLED` if ``sample``) with
    the engine's answer; the count of inputs compared."""
    drawn = random.Random(f"{command}-{lang}")
    count = compared = 0
    total = len(tables["calculators"][command]["columns"][0][1])
    with catalogues_held():
        for index, argv in enumerate(inputs(command)):
            count += 1
            if sample and 0 < index < total - 1 and drawn.randrange(SAMPLED):
                continue
            got = rebuilt(tables, command, index)
            assert _same(got) == _same(ask(argv, lang)), (lang, argv, got)
            compared += 1
    assert count == total
    return compared


@pytest.mark.parametrize("lang", LANGS)
def test_small_tables_hold_the_engines_answers(lang: str) -> None:
    with mock.patch.dict(answers.TABLED, {c: TABLED[c] for c in SMALL}, clear=True):
        tables = answer_tables(lang)
    assert set(tables["calculators"]) == set(SMALL)
    walked = sum(_walk(tables, command, lang) for command in SMALL)
    # hit: 10 CC, 92 sets of modifiers, 13 with 3 dice; panic: its three boxes
    assert walked == 94 + 1180 + 120 + 8 + 84


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_table_holds_the_engines_answers(lang: str, request: pytest.FixtureRequest) -> None:
    """The page's file itself (as the build writes it), every input of every calculator with
    ``--full``, else one in :data:`SAMPLED` of each (the small tables whole above)."""
    sample = not request.config.getoption("full")
    tables = json.loads(cached_answers(lang))
    assert tables["lang"] == lang
    # French: no breakable space before : ; ! ? in any text of any answer (tests/engine/
    # test_answer_french_spacing.py); a piece is each text kept once
    spaced = re.compile(r"[ \t\n][:;!?]") if lang == "fr" else None
    assert not spaced or not [p for p in tables["pieces"] if spaced.search(json.dumps(p))]
    for command in TABLED:
        compared = _walk(tables, command, lang, sample)
        assert compared >= (2 if sample else len(tables["calculators"][command]["columns"][0][1]))


def test_columns_say_each_inputs_piece_in_one_string() -> None:
    """Which piece each input has is a string, a character an input, not a list of numbers: the
    casting table's 2.5 MB of numbers took a throttled phone seconds to parse."""
    bounds = {"cast": {"chant": range(0, 4)}, "move": {}}
    with mock.patch.dict(answers.TABLED, bounds, clear=True):
        tables = answer_tables("en")
        counts = {command: len(list(inputs(command))) for command in bounds}
    for command, count in counts.items():
        for values, which in tables["calculators"][command]["columns"]:
            assert isinstance(which, str) and len(which) == count
            assert {ord(c) - answers.FIRST for c in which} <= set(range(len(values)))
    parsed = json.loads(json.dumps(tables, ensure_ascii=False))
    assert parsed == json.loads(json.dumps(tables))


def test_the_page_finds_an_input_by_its_fields_keys() -> None:
    """The keys the page's script makes of its fields: a spell chosen leaves the level unused
    (``~``), two modifiers ticked are in the table, three are not (the engine answers those)."""
    bounds = {"cast": {"chant": range(0, 4)}, "hit": {"mod": 2}}
    with mock.patch.dict(answers.TABLED, bounds, clear=True):
        tables = answer_tables("en")
    spell = position(
        tables, "cast", ["--spell fireball|~", "--wizardry 1", "--concentrate", "--chant 0"]
    )
    assert spell is not None
    answer = rebuilt(tables, "cast", spell)
    assert answer["json"]["spell"] == "Fireball" and answer["json"]["concentrating"] is True
    assert "Chance: 50.0%" in answer["text"]
    level = position(tables, "cast", ["|5", "--wizardry 2", "", "--chant 0"])
    assert level is not None
    assert rebuilt(tables, "cast", level)["text"][-1] == "Chance: 70.0%"
    refused = position(tables, "cast", ["|5", "--wizardry 2", "", "--chant 3"])
    assert refused is not None
    assert rebuilt(tables, "cast", refused) == ask(
        ["cast", "5", "--wizardry", "2", "--chant", "3"], "en"
    )
    two = position(tables, "hit", ["5", "--mod charging --mod large-target|~"])
    assert two is not None and rebuilt(tables, "hit", two)["json"]["cc"] == 5
    assert position(tables, "hit", ["5", "--mod charging --mod large-target --mod ram|~"]) is None
    # the extra attack's dice, used with its box ticked: Extra Attack (x3)
    three = position(tables, "hit", ["6", "--mod extra-attack|--dice 3"])
    assert three is not None
    assert rebuilt(tables, "hit", three) == ask(
        ["hit", "6", "--mod", "extra-attack", "--dice", "3"], "en"
    )
    assert position(tables, "hit", ["6", "--mod charging|--dice 3"]) is None  # no extra attack
    assert position(tables, "cast", ["|5", "--wizardry 0", "", "--chant 4"]) is None


def test_a_copy_of_the_project_reads_the_tables_the_checkout_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache's entry is named by what the engine holds, not where it lies: a copy of the
    engine in another folder (the suite's scratch copies) finds the tables the checkout made, in
    the folder ``NQ_ANSWERS_CACHE`` names, and never asks the engine again."""
    engine = Path(nqcore.__file__).parent
    digest = answers._engine_digest("fr")
    copy = tmp_path / "elsewhere" / "nqcore"
    shutil.copytree(engine, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(nqcore, "__file__", str(copy / "__init__.py"))
    assert answers._engine_digest("fr") == digest
    (copy / "data" / "spells.toml").write_text("# changed\n", encoding="utf-8")
    assert answers._engine_digest("fr") != digest
    monkeypatch.setattr(nqcore, "__file__", str(engine / "__init__.py"))
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / f"{digest}-fr.json").write_bytes(b'{"made": "by the checkout"}')
    monkeypatch.setenv(answers.CACHE_VARIABLE, str(shared))
    with mock.patch.object(answers, "answers_json", side_effect=AssertionError):
        assert answers.cached_answers.__wrapped__("fr") == b'{"made": "by the checkout"}'


def test_an_edit_of_the_engine_bridge_makes_new_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables are what the bridge answers (:func:`nqcompanion.bridge.web.ask`), which lies
    beside the engine, not in it: an edit of the bridge names a new cache entry too."""
    bridge = Path(nqcompanion.bridge.__file__).parent
    digest = answers._engine_digest("fr")
    copy = tmp_path / "elsewhere" / "bridge"
    shutil.copytree(bridge, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(nqcompanion.bridge, "__file__", str(copy / "__init__.py"))
    assert answers._engine_digest("fr") == digest
    with (copy / "web.py").open("a", encoding="utf-8") as web:
        web.write("# changed\n")
    assert answers._engine_digest("fr") != digest
