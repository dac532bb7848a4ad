"""Attacker round 32's minors: a spell listed fifty times in a profile file was priced fifty
times; it is refused at its second listing, in the reader's language, as the builder refuses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcore.cli.commands import main as nq

PROFILE = """name = "Wizard"
ac = 8
ra = 4
cc = 4
st = 3
t = 3
w = 1
co = 6
spells = [{spells}]
"""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Fireball is taken twice: a model knows each spell once"),
        ("fr", "Boule de feu\u00a0: sort pris deux fois"),
    ],
)
def test_a_spell_listed_twice_is_refused_not_priced_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    path = tmp_path / "wizard.toml"
    path.write_text(PROFILE.format(spells=", ".join(['"fireball"'] * 50)), encoding="utf-8")
    assert nq(["--lang", lang, "points", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in err and err.count("\n") == 1, err
    path.write_text(PROFILE.format(spells='"fireball"'), encoding="utf-8")
    assert nq(["--lang", lang, "points", str(path)]) == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_builder_starts_a_profile_with_an_empty_name(lang: str) -> None:
    """A start with an empty name was the engine's internal fault, in English ("the engine could
    not answer (ProfileError: ...)"): the builder shows its own name for an unnamed profile and
    prices it as any other."""
    import json

    from nqcompanion.bridge.web import ask_json

    answer = json.loads(
        ask_json(json.dumps({"lang": lang, "build": {"start": "dwarf", "set": {"name": ""}}}))
    )
    assert "error" not in answer, answer
    assert answer["name"] == "" and answer["points"]["json"]["points"] > 0


def test_the_guard_reads_an_option_as_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    """``guard --help`` said "--help:1: no such catalogue file" and exited 0."""
    from nqtranslate import guard

    assert guard.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m nqtranslate.guard")
    assert guard.main(["fr", "--frob"]) == 2
    assert capsys.readouterr().err == "guard: unknown option --frob (see guard --help)\n"
