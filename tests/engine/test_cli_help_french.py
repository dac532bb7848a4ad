"""``nq``'s help in the reader's language (player round eighteen: ``nq --lang fr save --help``
was all English): every line of a question's help, the description, the epilog, the headings and
argparse's own words are French with ``--lang fr``, before or after the question; the English
help is what argparse always gave, byte for byte."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from nqcore.cli.commands import main
from nqcore.cli.parser import QUESTIONS, build_parser

#: argparse's own English words, none of which a French help may hold.
ENGLISH_ONLY = ("usage:", "positional arguments", "options:", "show this help message")
NAMES = ["", *(q.name for q in QUESTIONS)]


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps the help to the terminal's width: the goldens are 80 columns wide."""
    monkeypatch.setenv("COLUMNS", "80")


def _parser(name: str) -> argparse.ArgumentParser:
    """The parser of question ``name`` (of ``nq`` itself for "")."""
    parser = build_parser()
    if not name:
        return parser
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sub.choices[name]


def _english_sentences(name: str) -> list[str]:
    """Every English sentence of question ``name``'s help: its description and epilog, the help
    of each option, and for ``nq`` itself the line of each question."""
    parser = _parser(name)
    actions = list(parser._actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            actions += action._get_subactions()
    helps = [str(a.help) for a in actions if a.help and a.help != argparse.SUPPRESS]
    return [text for text in (parser.description, parser.epilog, *helps) if text]


def _help(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 0
    return out.getvalue()


def _flat(text: str) -> str:
    """``text`` on one line, its spaces one each (argparse wraps the help)."""
    return " ".join(text.split())


def _first_words(text: str) -> str:
    """The first four words of ``text``: what an English sentence left in the help shows."""
    return " ".join(text.split()[:4])


@pytest.mark.parametrize("name", NAMES)
def test_the_help_is_french_with_lang_fr_wherever_it_stands(name: str) -> None:
    question = [name] if name else []
    before = _help(["--lang", "fr", *question, "--help"])
    assert _help([*question, "--help", "--lang", "fr"]) == before
    assert _help([*question, "--lang=fr", "--help"]) == before
    assert before.startswith("utilisation\u00a0: nq "), before
    assert "\noptions\u00a0:\n" in before and "afficher ce message d’aide et quitter" in before
    assert not [word for word in ENGLISH_ONLY if word in before], before
    # each English sentence (its first four words) is said otherwise in French
    french = _flat(before)
    said = [text for text in _english_sentences(name) if _first_words(text) in french]
    assert not said, said


@pytest.mark.parametrize("name", NAMES)
def test_lang_en_leaves_the_help_as_it_was(name: str) -> None:
    question = [name] if name else []
    english = _help([*question, "--help"])
    assert _help(["--lang", "en", *question, "--help"]) == english
    assert _help([*question, "--help", "--lang", "en"]) == english
    assert english.startswith("usage: nq ") and "\noptions:\n" in english
    for text in _english_sentences(name):
        assert _flat(text) in _flat(english), text


def test_the_french_help_names_its_positional_arguments_and_questions() -> None:
    assert "\narguments positionnels\u00a0:\n" in _help(["--lang", "fr", "save", "--help"])
    top = _help(["--lang", "fr", "--help"])
    assert "\nquestions\u00a0:\n" in top and "explique chaque question" in top


#: ``nq save --help`` and ``nq errata --help`` as argparse wrote them before the help had a
#: language, at 80 columns.
GOLDEN = {
    "save": """\
usage: nq save [-h] [--lang {en,fr}] [--json] [--pm PM] [--re RE] [--ranked]
               armour strength

the armour save against an attack's strength

positional arguments:
  armour          the target's armour value (AR), 0 to 10
  strength        the attack's strength (ST), 1 to 12

options:
  -h, --help      show this help message and exit
  --lang {en,fr}  language of the answer (en or fr)
  --json          answer as JSON, for scripts
  --pm PM         penetration modifier, such as -1 (-10 to 0)
  --re RE         armour resilience, 1 to 3
  --ranked        ranked or closed formation, +1 AR
""",
    "errata": """\
usage: nq errata [-h] [--lang {en,fr}] [--json]

where the book disagrees with its own rules

options:
  -h, --help      show this help message and exit
  --lang {en,fr}  language of the answer (en or fr)
  --json          answer as JSON, for scripts
""",
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_english_help_is_what_it_was(name: str) -> None:
    assert _help([name, "--help"]) == GOLDEN[name]
    assert _help(["--lang", "en", name, "--help"]) == GOLDEN[name]
