"""The English-words check asks hunspell about a batch of words in one run
(nqtranslate.english_words)."""

from __future__ import annotations

import shutil

import pytest

from nqtranslate.english_words import _lookup

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
    assert _lookup("xx_XX", ["maison"]) == {}
    assert _lookup("fr_FR", []) == {}
