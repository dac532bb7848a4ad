"""What the companion's bridges say to a player after a refusal: the engine's words in the page's
language, never Python's (an exception's class, a repr, ``None``); a file given to the wrong
builder named as what it is, with where to import it; the book's profiles offered to each kind
of entry the engine says takes them, by their full names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcompanion.bridge.web import import_profile
from nqcompanion.bridge.web_army import import_army
from nqcompanion.bridge.web_checks import refusal_answer
from nqcompanion.bridge.web_starting import starting_choices
from nqcore.cli.asking import UsageError
from nqcore.cli.files import FileRefused
from nqcore.i18n import N_, Refusal

ARMY = Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml"
PROFILE = 'name = "Pyromancer"\ntype = "individual"\nac = 10\nra = 4\ncc = 5\nst = 4\nt = 4\n'
PROFILE += "w = 1\nco = 7\n"

#: Words of Python, not of the game: an exception's class, a repr's quotes around a word, None.
PYTHON_WORDS = re.compile(r"\b\w*(Error|Exception)\b|\bNone\b|\bNoneType\b|'\w+'|\w+\(\)")

KINDS = [
    Refusal(N_("missing field(s) {fields}"), where="army.toml", fields="points"),
    UsageError(N_("missing field(s) {fields}"), fields="name"),
    FileRefused(N_("cannot read the file ({reason})"), where="a.toml", reason="base64"),
    ValueError("invalid literal for int() with base 10: 'x'"),
    ValueError(None),
    ValueError(),
    KeyError("points"),
    KeyError(),
    TypeError("'NoneType' object is not iterable"),
]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("error", KINDS, ids=lambda e: f"{type(e).__name__}{e.args!r}")
def test_a_refusal_reaches_the_page_in_the_games_words(error: BaseException, lang: str) -> None:
    said = refusal_answer(error, lang)["error"]
    assert said.strip(), error
    assert not PYTHON_WORDS.search(said), said
    if isinstance(error, Refusal):
        assert said == error.text(lang)


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "profile file"), ("fr", "fichier de profil")],
)
def test_a_profile_file_given_to_the_army_builder_is_named_as_one(lang: str, said: str) -> None:
    answer = import_army(PROFILE.encode(), lang, "exported-profile.toml")
    assert answer.get("file_kind") == "profile", answer
    assert said in answer["error"] and "points" not in answer["error"], answer


@pytest.mark.parametrize(("lang", "said"), [("en", "army file"), ("fr", "fichier d’armée")])
def test_an_army_file_given_to_the_profile_builder_is_named_as_one(lang: str, said: str) -> None:
    answer = import_profile(ARMY.read_bytes(), lang, "barrow-host.toml")
    assert answer.get("file_kind") == "army", answer
    assert said in answer["error"], answer


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "a binary file, not a text file"), ("fr", "un fichier binaire, pas un fichier texte")],
)
def test_a_binary_file_is_said_in_a_players_words(lang: str, said: str) -> None:
    answer = import_profile(b"name = 1\0\0\0", lang, "notatoml.toml")
    assert answer["error"].endswith(said), answer
    assert "NUL" not in answer["error"] and "byte" not in answer["error"]


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", {"orc-warlord-on-dragon": "Orc Warlord on Dragon",
                "vampire-on-demon-beast": "Vampire on Demon Beast"}),
        ("fr", {"orc-warlord-on-dragon": "Seigneur de guerre orque sur dragon",
                "vampire-on-demon-beast": "Vampire sur bête démon"}),
    ],
)  # fmt: skip
def test_a_combination_model_is_listed_by_its_full_name(lang: str, names: dict[str, str]) -> None:
    choices = dict(starting_choices(lang))
    for key, name in names.items():
        assert choices[key] == name
    assert len(set(choices.values())) == len(choices)
