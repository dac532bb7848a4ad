"""The French is spelt correctly: hunspell's French dictionary and the project's word list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import po
from nqtranslate.guard import Finding, catalogues
from nqtranslate.spelling import WORDLIST, check, read_wordlist, unknown_words, visible_text

CATALOGUES = catalogues("fr")


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    return check(CATALOGUES)  # one hunspell run for every catalogue


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.name)
def test_french_is_spelt_correctly(po: Path, findings: list[Finding]) -> None:
    mine = [str(f) for f in findings if f.path == po]
    assert not mine, "\n".join(mine[:30])


def test_the_checker_finds_a_misspelt_word_and_names_file_and_line(tmp_path: Path) -> None:
    po = tmp_path / "page.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "The wizard casts a spell."\nmsgstr "Le magicein lance un sort."\n\n'
        'msgid "Asrael draws {ref}`his sword <sword>`."\n'
        'msgstr "Asrael tire {ref}`son épée <sword>`."\n',
        encoding="utf-8",
    )
    assert [str(f) for f in check([po])] == [
        f"{po}:5: unknown word « magicein » (misspelt, or add it to wordlist.txt)"
    ]  # "Asrael" is in the project's word list


def test_only_the_words_a_reader_sees_are_checked() -> None:
    text = (
        "Voir {ref}`la règle <casting-a-spell>`, {nq:spell}`fireball`, `nq roll 2D10`, "
        "{name} et %(count)s, l’Elderith de https://example.invalid/x et Read the Docs."
    )
    assert visible_text(text, ["Read the Docs"]).split() == [
        "Voir",
        "la",
        "règle",
        ",",
        ",",
        ",",
        "et",
        ",",
        "Elderith",
        "de",
        "et",
        ".",
    ]
    assert unknown_words(["Un magicein", "Une erreur", "Un sorcier"], []) == [["magicein"], [], []]


@pytest.mark.slow  # hunspell on every catalogue, once per word
def test_every_word_of_the_list_is_needed() -> None:
    """A word the dictionary knows, or that no catalogue uses, has no place in the list."""
    words, phrases = read_wordlist()
    assert len(words) + len(phrases) >= 50
    french = " ".join(
        m.string
        for path in CATALOGUES
        for m in po.messages(po.read(path.read_bytes()), obsolete=True)
        if m.string
    )
    unused = [
        w for w in words + phrases if not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", french)
    ]
    assert not unused, f"{WORDLIST}: words no catalogue uses: {unused}"
    known = [w for w, found in zip(words, unknown_words(words, []), strict=True) if not found]
    assert not known, f"{WORDLIST}: words the French dictionary knows already: {known}"
