"""Negative numbers in the answers of ``nq`` and of the At the table page take the minus sign,
U+2212, as the book's modifier tables print them (``nqcore.i18n.format_number`` and
``format_signed``), in both languages: "= −8" (armour after modifiers), "Fear level −5";
``--json`` keeps its numbers numbers."""

from __future__ import annotations

import json
import re

import pytest

from nqcompanion.bridge.web import ask
from nqcore.cli.commands import main
from nqcore.i18n import format_number, format_signed

#: A hyphen before a figure where no word or range comes before it: a negative number typed so.
HYPHEN_MINUS = re.compile(r"(?<![\w/–-])-\d")
NEGATIVE = (
    (["save", "1", "10", "--pm", "-3"], ("−3", "−8")),
    (["command", "1", "--fear", "2"], ("−2",)),
    (["hit", "1", "--mod", "target-dodges"], ("−1",)),
)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("argv", "shown"), NEGATIVE, ids=lambda value: str(value[0]))
def test_negative_numbers_in_answers_take_the_minus_sign(
    argv: list[str], shown: tuple[str, ...], lang: str
) -> None:
    lines = ask(argv, lang)["text"]
    assert not [line for line in lines if HYPHEN_MINUS.search(line)], lines
    for text in shown:
        assert any(text in line for line in lines), (text, lines)


def test_nq_prints_the_minus_sign_and_its_json_keeps_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["save", "1", "10", "--pm", "-3"]) == 0
    out = capsys.readouterr().out
    assert "= −8\n" in out and "(PM) −3" in out and not HYPHEN_MINUS.search(out)
    assert main(["save", "1", "10", "--pm", "-3", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["target"] == -8 and answer["penetration"] == -3


def test_formatting_a_negative_number() -> None:
    assert format_signed(-2, "en") == "−2" and format_signed(2, "fr") == "+2"
    assert format_number(-1250, "en") == "−1,250" and format_number(-2, "fr") == "−2"
