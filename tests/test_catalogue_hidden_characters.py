"""The engine's reader of catalogues (``nq --lang fr``, the examples, the companion's bridge)
applies the build's rule on what a translation hides (attack round twenty-four, finding 2): an
invisible character or a pile of combining marks that its English lacks is refused for that
message, whose English is shown, with one warning at its file and line; the guard refuses the
catalogue at the same line, by the same function (:func:`nqcore.characters.added_hidden_problem`).
A refusal quotes an offending character by its code point, never the raw pile (minor
observation 4)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from nqcore import catalogue_loading
from nqcore.characters import _PLAIN, MAX_MARKS, escaped_hidden, invisible
from nqcore.data import datafiles
from nqcore.i18n import clip
from nqtranslate.guard import check_catalogue

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
#: What the attacker planted in nqcore.po's "Smoke" and the examples' catalogue.
HIDDEN = [
    ("\u0301" * 60, "60 combining marks on one character (U+0065), at most 4"),
    *(
        (char, f"invisible character U+{ord(char):04X} {unicodedata.name(char)}")
        for char in "\ufe0f\u2800\u17b4\u061c\u180e\u1160\uffa0\U000e0001"
    ),
    # attack round 33: a tab, shown as "\u0009" by nq in a terminal, with no warning
    ("\t", "control character U+0009 its English does not have"),
]


@pytest.mark.parametrize(("char", "said"), HIDDEN)
def test_the_engine_shows_the_english_and_names_the_line(
    tmp_path: Path, char: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nqcore.po"
    smoke = f'msgid "Smoke"\nmsgstr "Fume{char}e"\n\nmsgid "Fog"\nmsgstr "Brouillard"\n'
    path.write_text(HEADER + smoke, encoding="utf-8")
    assert catalogue_loading.load_po(path) == {"Fog": "Brouillard"}
    err = capsys.readouterr().err
    assert re.fullmatch(
        rf"{re.escape(str(path))}:5: warning: {re.escape(said)}[^\n]*: the English is shown\n", err
    )
    assert char not in err


@pytest.mark.parametrize(("char", "said"), HIDDEN)
def test_the_guard_refuses_them_at_the_same_line(tmp_path: Path, char: str, said: str) -> None:
    path = tmp_path / "nqcore.po"
    path.write_text(HEADER + f'msgid "Smoke"\nmsgstr "Fume{char}e"\n', encoding="utf-8")
    assert [(f.line, f.what.startswith(said)) for f in check_catalogue(path)] == [(5, True)]


def test_what_its_english_has_is_kept(tmp_path: Path) -> None:
    """A soft hyphen the English has; accents French writes (one or two on a letter)."""
    path = tmp_path / "nqcore.po"
    text = 'msgid "Over\u00adwatch"\nmsgstr "Sur\u00adveille"\n\nmsgid "Elite"\nmsgstr "Élite ệ"\n'
    path.write_text(HEADER + text, encoding="utf-8")
    assert catalogue_loading.load_po(path) == {
        "Over\u00adwatch": "Sur\u00adveille",
        "Elite": "Élite ệ",
    }


def test_a_refusal_quotes_a_pile_by_code_point() -> None:
    """``… in 'Le nombre d'actionś́́́́…'`` printed the pile to the terminal."""
    pile = "Le nombre d'actions" + "\u0301" * 60 + "\u2800"
    assert clip(pile) == '"Le nombre d\'actions\\u0301×60\\u2800"'
    text = f'[[term]]\nkey = "rally"\nfr = "{pile}"\n'
    with pytest.raises(datafiles.DataFileError) as refused:
        datafiles.parse(text, "docs/_data/glossary.toml", None)
    assert "\u0301" not in str(refused.value) and "\\u0301×60" in str(refused.value)
    assert escaped_hidden("ẹ́ and \u200b") == "ẹ́ and \\u200b"  # French's two marks stay


def test_the_plain_characters_hide_nothing() -> None:
    """The fast path's characters: none invisible or a mark, two marks at most once decomposed."""
    for code in range(0x3000):
        char = chr(code)
        if _PLAIN.fullmatch(char):
            assert not invisible(char) and not unicodedata.category(char).startswith("M")
            assert char == "\n" or unicodedata.category(char) != "Cc"
            marks = [c for c in unicodedata.normalize("NFD", char) if unicodedata.combining(c)]
            assert len(marks) <= MAX_MARKS // 2
