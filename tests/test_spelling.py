"""The French is spelt correctly: hunspell's French dictionary and the project's word list."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore import po
from nqtranslate.guard import Finding, catalogues
from nqtranslate.spelling import (
    WORDLIST,
    SpellingError,
    check,
    read_wordlist,
    unknown_words,
    visible_text,
)

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


@pytest.mark.parametrize(
    "word",
    ["a" * 200_000, "a-" * 100_000, "é’" * 100_000, "](((" * 50_000],
    ids=["letters", "hyphens", "elisions", "brackets"],
)
def test_a_word_longer_than_any_of_the_dictionary_is_refused_at_its_line(
    tmp_path: Path, word: str
) -> None:
    """One word of 40,000 letters took the check 57 s (its tokeniser was quadratic): a word of
    more than 100 letters is refused, naming file and line, and nothing waits on it (the
    ``timeout`` only stops a hang)."""
    po = tmp_path / "page.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Close Combat"\nmsgstr "Corps {word} à corps"\n',
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "nqtranslate", "spelling", str(po)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1 and done.stdout == "", done.stderr[:300]
    assert done.stderr == (
        f"{po}:5: a word of {len(word)} characters, longer than any of the dictionary's "
        "(at most 100): refused\n"
    )


def test_a_long_translation_of_known_words_is_checked_whole(tmp_path: Path) -> None:
    """Hunspell takes a line's square: 100,000 characters of "le chat" took it 12 s."""
    po = tmp_path / "page.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Cat"\nmsgstr "{"le chat " * 25_000}le chaat"\n',
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "nqtranslate", "spelling", str(po)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.stderr == f"{po}:5: unknown word « chaat » (misspelt, or add it to wordlist.txt)\n"


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


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("*Brouillard", "'*Brouillard'"),
        ("mot/ZZ", "'mot/ZZ'"),
        ("-d", "'-d'"),
        ("a\0b", "'a\\x00b'"),
    ]
    + [("x" * 101, "'" + "x" * 40 + "'")],
)
def test_a_wordlist_line_that_is_no_word_is_refused_with_its_line(
    tmp_path: Path, line: str, shown: str
) -> None:
    """Hunspell's own syntax, an option, a NUL or a 101-letter line: named, never used."""
    wordlist = tmp_path / "wordlist.txt"
    wordlist.write_text(f"# words\nPrivateer Press\n--help\n{line}\n", encoding="utf-8")
    with pytest.raises(SpellingError, match=rf"^{re.escape(f'{wordlist}:4: {shown} is not')}"):
        read_wordlist(wordlist)
