"""``nq``'s help in the reader's language (player round eighteen: ``nq --lang fr save --help``
was all English): every line of a question's help, the description, the headings and argparse's
own words are French with ``--lang fr``, before or after the question; the English help is
what argparse always gave."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from nqcore.cli.commands import main
from nqcore.cli.parser import QUESTIONS, build_parser

ENGLISH_ONLY = ("usage:", "positional arguments", "options:", "show this help message")


def _helps(name: str) -> list[str]:
    """The English help lines of question ``name``'s options (of ``nq`` itself for "")."""
    parser = build_parser()
    if name:
        (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        parser = sub.choices[name]
    return [str(a.help) for a in parser._actions if a.help and a.help != argparse.SUPPRESS]


def _help(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    return out.getvalue()


@pytest.mark.parametrize("name", ["", *(q.name for q in QUESTIONS)])
def test_the_help_is_french_with_lang_fr_wherever_it_stands(name: str) -> None:
    question = [name] if name else []
    before = _help(["--lang", "fr", *question, "--help"])
    after = _help([*question, "--help", "--lang", "fr"])
    english = _help([*question, "--help"])
    assert before == after
    assert before.startswith("utilisation\u00a0: ") and "options\u00a0:" in before, before
    assert not [word for word in ENGLISH_ONLY if word in before], before
    # each help line of the question's options is said otherwise in French
    said = [text for text in _helps(name) if " ".join(text.split()[:4]) in " ".join(before.split())]
    assert not said, said
    assert _help(["--lang", "en", *question, "--help"]) == english


def test_the_english_help_is_argparse_s() -> None:
    english = _help(["save", "--help"])
    assert english.startswith("usage: nq save [-h] [--lang {en,fr}]"), english
    assert "positional arguments:\n  armour " in english
    assert "options:\n  -h, --help      show this help message and exit" in english
    assert "the target's armour value (AR), 0 to 10" in english
