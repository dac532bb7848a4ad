"""Look-alike names (UTS #39's confusable skeleton, :mod:`nqcore.army.lookalikes`): two entries
whose names a reader takes for one are one name, whatever the scripts of their letters; a word
of another script that reads as a Latin word is refused beside Latin words; and combining marks
are counted on the decomposed name, each on a letter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nqcore.army.force import parse_army
from tests.engine.test_army_names import army, refusal
from tests.engine.test_cli_untrusted import assert_refused

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("first", "twin", "tell"),
    [
        ("HOPE", "\u041d\u041e\u0420\u0415", "U+041D passes for H"),  # Cyrillic
        ("Coco", "\u0421\u043e\u0441\u043e", "U+0421 passes for C"),  # Cyrillic
        ("ABBA", "\u0391\u0392\u0392\u0391", "U+0391 passes for A"),  # Greek
        ("POP", "\ua4d1\ua4f3\ua4d1", "U+A4D1 passes for P"),  # Lisu
        ("Orc Bind", "Orc B\u0131nd", "U+0131 passes for i"),  # a dotless i
    ],
)
def test_a_look_alike_name_is_a_second_entry(first: str, twin: str, tell: str) -> None:
    """Attack fourteen: each pair was accepted and printed side by side on the roster.  The
    refusal says which character passes for which: the two names read the same."""
    said = refusal(army(first, twin))
    assert said == (
        f"army.toml, unit #2 ({twin}): a second entry named {twin}, which reads as {first} ({tell})"
    )


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("\u041d\u041e\u0420\u0415 Squad", "\u041d\u041e\u0420\u0415"),
        ("\u0421\u043e\u0441\u043e Band", "\u0421\u043e\u0441\u043e"),
        ("\u0391\u0392\u0392\u0391 Band", "\u0391\u0392\u0392\u0391"),
        ("\ua4d1\ua4f3\ua4d1 Band", "\ua4d1\ua4f3\ua4d1"),
    ],
)
def test_a_word_of_another_script_reading_as_latin_beside_latin_words_is_refused(
    name: str, word: str
) -> None:
    said = refusal(army("Orcs", name))
    code = f"U+{ord(word[0]):04X}"
    assert said == (
        f"army.toml, unit #2, field name: the word {word} reads as a Latin word, in the letters "
        f"of another script ({code}), beside Latin words"
    )


@pytest.mark.parametrize(
    "name",
    [
        "\u041d\u041e\u0420\u0415",  # a Cyrillic word alone
        "\u0391\u0392\u0392\u0391 \u039b\u03b5\u03b3\u03b5\u03ce\u03bd",  # a Greek name
        "\u041e\u0440\u043a\u0438 \u041c\u043e\u0441\u043a\u0432\u044b",  # a Russian name
        "Legion \u03a9\u03bc\u03ad\u03b3\u03b1",  # a Greek word that reads as no Latin one
        "\u00c9lite Orcs",
        "Orc Bruisers",
    ],
)
def test_a_name_in_one_script_or_a_foreign_word_that_reads_as_itself_is_accepted(
    name: str,
) -> None:
    assert parse_army(army("Orcs", name), "army.toml")[2]


def test_refused_in_french_naming_the_file_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "hope.toml"
    path.write_text(
        'name = "D"\npoints = 500\n[[unit]]\nname = "HOPE"\nprofile = "orc-bruiser"\n'
        'models = 10\n[[unit]]\nname = "\\u041d\\u041e\\u0420\\u0415"\nprofile = "orc-bruiser"\n'
        "models = 10\n",
        encoding="utf-8",
    )
    line = assert_refused(["--lang", "fr", "army", str(path)], "HOPE")
    assert f"{path}, unité nº 2" in line, line
    said = "une seconde entrée nommée \u041d\u041e\u0420\u0415, qui se lit HOPE"
    said += " (U+041D passe pour H)"
    assert said in line, line


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Orc B\u1ec7\u0301\u0302\u0303\u0304nd", "6 combining marks on one character (U+0065)"),
        ("O\u0301\u0302\u0303\u0304\u0305rc", "5 combining marks on one character (U+004F)"),
        ("A" + "\u0301" * 5, "5 combining marks on one character (U+0041)"),
    ],
)
def test_marks_are_counted_on_the_decomposed_name(name: str, said: str) -> None:
    """Attack fourteen: "ệ" (U+1EC7) with four more marks carried six, counted as four."""
    assert refusal(army(name)) == f"army.toml, unit #1, field name: {said} in a name, at most 4"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\u0301\u0302\u0303 Orc", "U+0301"),
        ("Orc \u0301\u0301 Band", "U+0301"),
        ("Orc, \u0308Band", "U+0308"),
        ("Orc-\u0303", "U+0303"),
    ],
)
def test_a_mark_with_no_letter_to_sit_on_is_refused(name: str, code: str) -> None:
    assert refusal(army(name)) == (
        f"army.toml, unit #1, field name: a combining mark ({code}) on no letter in a name"
    )


def test_the_look_alike_table_is_the_one_the_vendored_file_makes() -> None:
    """``nqcore/data/confusables.toml`` is generated from the vendored ``confusables.txt``, whose
    bytes are checked against their recorded SHA-256."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "confusables.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("first", "twin"),
    [
        ("Half-Orcs", "Half\u2010Orcs"),  # a hyphen
        ("Half-Orcs", "Half\u2212Orcs"),  # a minus sign
        ("Orc's Own", "Orc\u2019s Own"),  # a right single quotation mark
        ("Axemen", "A\u00d7emen"),  # a multiplication sign
        ("Skull Guard", "Sku|l Guard"),
        ("Skull Guard", "Sku\u2160l Guard"),  # a Roman numeral one
        ("Unit 1", "Unit \u2160"),
        ("Ogres", "\u3007gres"),  # an ideographic number zero
        ("Vale", "\u2228ale"),  # a logical or
        ("Orc:Two", "Orc\u2236Two"),  # a ratio sign
        ("Fiend", "Fi\u0307end"),  # a dot above on the i's own dot
    ],
)
def test_a_look_alike_of_punctuation_a_symbol_or_a_dot_is_a_second_entry(
    first: str, twin: str
) -> None:
    """Attack sixteen: the table kept only letters, marks and digits, so a dash, a quotation
    mark, a symbol or a Roman numeral that reads as an ASCII character passed."""
    assert "a second entry named" in refusal(army(first, twin))
    assert "a second entry named" in refusal(army(twin, first))


def _ascii_lookalikes() -> list[tuple[str, str]]:
    """Unicode's single characters that read as one printable ASCII character."""
    found = []
    text = (ROOT / "tools" / "unicode" / "confusables.txt").read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3 or len(fields[0].split()) != 1 or len(fields[1].split()) != 1:
            continue
        source, target = chr(int(fields[0], 16)), chr(int(fields[1], 16))
        if target.isascii() and target.isprintable() and target != " " and not source.isascii():
            found.append((source, target))
    return found


def test_every_one_character_look_alike_of_ascii_a_name_may_hold_is_caught() -> None:
    """Inside a Latin word, each of Unicode's look-alikes of an ASCII character that the name
    check lets through reads as that character."""
    from nqcore.army.lookalikes import look_key
    from nqcore.army.names import check_name

    missed = []
    for source, target in _ascii_lookalikes():
        twin = f"Orcs{source}Band"
        try:
            check_name(twin)
        except ValueError:
            continue  # refused on its own
        if look_key(twin) != look_key(f"Orcs{target}Band"):
            missed.append(f"U+{ord(source):04X}->{target}")
    assert missed == [], missed


@pytest.mark.parametrize(
    "name",
    ["Gh\U00016fe4ouls", "Gho\u0cbculs"],  # a Khitan filler; a Kannada nukta on an o
)
def test_an_invisible_filler_or_a_mark_of_another_script_is_refused(name: str) -> None:
    said = refusal(army("Ghouls", name))
    assert "field name:" in said and "a second entry" not in said, said
