"""The English-words check asks hunspell about a batch of words in one run
(nqtranslate.english_words)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nqtranslate.english_words import _lookup
from nqtranslate.spelling import unknown_words

needs_hunspell = pytest.mark.skipif(
    shutil.which("hunspell") is None, reason="hunspell not found (Debian: hunspell-fr)"
)


@needs_hunspell
def test_each_word_of_a_batch_is_judged_by_its_dictionary() -> None:
    words = ["maison", "l’unité", "porte-étendard", "loses", "Bloodlust", "ẁàŕŕíóŕ"]
    assert _lookup("fr_FR", words) == {
        "maison": True,
        "l’unité": True,
        "porte-étendard": True,
        "loses": False,
        "Bloodlust": False,
        "ẁàŕŕíóŕ": False,
    }
    assert _lookup("en_US", ["loses", "starting", "maison"]) == {
        "loses": True,
        "starting": True,
        "maison": False,
    }


@needs_hunspell
def test_a_missing_dictionary_or_no_word_asks_nothing() -> None:
    assert _lookup("xx_XX", ["maison"]) is None  # failed: not kept, asked again
    assert _lookup("fr_FR", []) == {}


@needs_hunspell
def test_a_dictionary_planted_in_the_project_or_the_home_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hunspell reads ``./fr_FR.dic`` before the system's, and a personal word list from
    ``./.hunspell_fr_FR``, ``~/.hunspell_fr_FR`` or ``$WORDLIST``: a pull request adding one made
    "loses" French, and its English sentences passed unwarned."""
    words = "loses\nstarting\nweakens\n"
    (tmp_path / ".hunspell_fr_FR").write_text(words, encoding="utf-8")
    (tmp_path / "fr_FR.aff").write_text("SET UTF-8\n", encoding="utf-8")
    (tmp_path / "fr_FR.dic").write_text("3\n" + words, encoding="utf-8")
    (tmp_path / "list.txt").write_text(words, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("WORDLIST", str(tmp_path / "list.txt"))
    assert _lookup("fr_FR", ["loses", "starting", "maison"]) == {
        "loses": False,
        "starting": False,
        "maison": True,
    }
    assert unknown_words(["Unit loses starting maison"], []) == [["loses", "starting"]]
