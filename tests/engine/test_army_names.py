"""The names of an army file: two names a reader cannot tell apart are one name (NFC, whitespace
folded and trimmed), and a name holds no invisible format character (category Cf: zero-width
spaces, bidi controls) nor a line break: each refused in one line naming the file, the entry
and the field, in the reader's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web_army import import_army
from nqcore.army.force import parse_army, price
from tests.engine.test_cli_untrusted import assert_refused


def army(*names: str, joins: str | None = None) -> dict[str, Any]:
    units = [{"name": name, "profile": "orc-bruiser", "models": 10} for name in names]
    lord: dict[str, Any] = {"name": "Lord", "profile": "hero", "general": True}
    if joins is not None:
        lord["joins"] = joins
    return {"name": "Test", "points": 3000, "unit": units, "individual": [lord]}


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(ValueError) as caught:
        parse_army(data, "army.toml")
    return str(caught.value)


@pytest.mark.parametrize(
    "twin",
    [
        "Orc\u00a0Bruisers",
        "Orc Bruisers ",
        " Orc  Bruisers",
        "Orc\tBruisers".replace("\t", "\u2003"),
    ],
)
def test_a_name_that_reads_the_same_is_a_second_entry(twin: str) -> None:
    said = refusal(army("Orc Bruisers", twin))
    assert said.startswith("army.toml, unit #2 (") and "a second entry named Orc Bruisers" in said


@pytest.mark.parametrize("twin", ["orc bruisers", "ORC BRUISERS", "\uff2frc Bruisers"])
def test_a_name_in_another_case_or_width_is_a_second_entry(twin: str) -> None:
    """Attack twelve: a roster printed two "Orc Bruisers" a reader could not tell apart."""
    said = refusal(army("Orc Bruisers", twin))
    assert said.startswith("army.toml, unit #2 (") and "a second entry named " in said


@pytest.mark.parametrize(
    ("name", "word", "codes"),
    [
        ("\u041erc Bruisers", "\u041erc", ("U+041E", "U+0072")),
        ("Orc Bru\u0456sers", "Bru\u0456sers", ("U+0042", "U+0456")),
        ("\u039frc Bruisers", "\u039frc", ("U+039F", "U+0072")),
        ("\u0555rc Bruisers", "\u0555rc", ("U+0555", "U+0072")),
        ("Orc Bruis\u10e7rs", "Bruis\u10e7rs", ("U+0042", "U+10E7")),
        ("Orc \u13f4ruisers", "\u13f4ruisers", ("U+13F4", "U+0072")),
        ("Orc Bruiser\u0455", "Bruiser\u0455", ("U+0042", "U+0455")),
        ("\u05e1rc Bruisers", "\u05e1rc", ("U+05E1", "U+0072")),
    ],
)
def test_a_word_mixing_two_scripts_is_refused(name: str, word: str, codes: tuple[str, str]) -> None:
    """Attack thirteen: "Օrc Bruisers", with an Armenian "Օ", was a second unit beside "Orc
    Bruisers"; any two scripts are refused in one word, not only Latin, Cyrillic and Greek."""
    said = refusal(army("Orc Bruisers", name))
    assert said == (
        f"army.toml, unit #2, field name: the word {word} mixes the letters of two scripts "
        f"({codes[0]} and {codes[1]})"
    )


@pytest.mark.parametrize(
    "char",
    [
        "\ua731",  # LATIN LETTER SMALL CAPITAL S
        "\u1d0f",  # LATIN LETTER SMALL CAPITAL O
        "\u02e2",  # MODIFIER LETTER SMALL S
        "\u1d74",  # LATIN SMALL LETTER S WITH MIDDLE TILDE (phonetic)
        "\u0282",  # LATIN SMALL LETTER S WITH HOOK (IPA)
        "\u2c6e",  # LATIN CAPITAL LETTER M WITH HOOK (Latin Extended-C)
        "\ua7b1",  # LATIN CAPITAL LETTER TURNED T (Latin Extended-D)
        "\uab4e",  # LATIN SMALL LETTER U WITH SHORT RIGHT LEG (Latin Extended-E)
        "\u2134",  # SCRIPT SMALL O (letterlike)
        "\u212a",  # KELVIN SIGN
        "\U0001d412",  # MATHEMATICAL BOLD CAPITAL S
        "\U0001d5ae",  # MATHEMATICAL SANS-SERIF CAPITAL O
        "\u2812",  # BRAILLE PATTERN DOTS-25
    ],
)
def test_a_letter_no_name_is_written_with_is_refused(char: str) -> None:
    """Attack thirteen: "Orc Bruiserꜱ", its last letter a small capital, passed for "Orc
    Bruisers"."""
    said = refusal(army("Orc Bruisers", f"Orc Bruiser{char}"))
    code = f"U+{ord(char):04X}"
    assert (
        said
        == f"army.toml, unit #2, field name: a letter no name is written with ({code}) in a name"
    )


@pytest.mark.parametrize(
    "char", ["\u2800", "\U0001d159", "\u3164", "\u115f", "\u1160", "\uffa0", "\U0001d173"]
)
def test_a_blank_looking_character_is_refused(char: str) -> None:
    """Attack thirteen: "Orc⠀Bruisers", a braille blank for its space, read as "Orc Bruisers"."""
    said = refusal(army("Orc Bruisers", f"Orc{char}Bruisers"))
    code = f"U+{ord(char):04X}"
    assert said == f"army.toml, unit #2, field name: an invisible character ({code}) in a name"


@pytest.mark.parametrize(
    "name",
    [
        "\u041e\u0440\u043a\u0438",  # Cyrillic
        "M\u0259mm\u0259d",  # Azerbaijani schwa (IPA block, its capital in Latin Extended-B)
        "\u0186k\u0254 \u0190w\u025b",  # Akan's open o and open e
        "\u6771\u4eac\u306e\u30aa\u30fc\u30af",  # Japanese: Han, hiragana, katakana
        "\ud55c\uad6d\u6f22",  # Korean: Hangul and Han
        "Orcs\u2122 \u2116 3",  # symbols of the letterlike block, not letters
        "\uff2frc Guard",  # full-width: Latin
        "Fran\u00e7ois 2nd",
    ],
)
def test_a_name_of_one_script_or_an_orthographys_mix_is_its_own(name: str) -> None:
    assert parse_army(army("Orc Bruisers", name), "army.toml")[2]


def test_a_decomposed_letter_is_the_same_name() -> None:
    said = refusal(army("\u00c9lite", "E\u0301lite"))
    assert said.endswith("a second entry named \u00c9lite")


@pytest.mark.parametrize("char", ["\u200b", "\u202e", "\u2066", "\u00ad", "\ufeff", "\U000e0041"])
def test_an_invisible_format_character_is_refused_naming_the_field(char: str) -> None:
    said = refusal(army(f"Orc{char} Bruisers"))
    code = f"U+{ord(char):04X}"
    assert said == f"army.toml, unit #1, field name: an invisible character ({code}) in a name"


@pytest.mark.parametrize("text", ["A\n\nB", "A\u2028B"])
def test_a_line_break_in_the_army_name_names_the_field(text: str) -> None:
    said = refusal({**army("Orcs"), "name": text})
    assert said.startswith("army.toml, field name: a line break (U+")


def test_joins_finds_its_unit_by_the_name_it_reads() -> None:
    name, points, entries = parse_army(army("\u00c9lite", joins="E\u0301lite "), "army.toml")
    force = price(name, points, entries)
    lord = force.entries[-1].entry
    assert lord.joins == force.entries[0].entry.name == "\u00c9lite"


def test_a_profile_name_with_a_bidi_override_is_refused() -> None:
    data = army("Orcs")
    data["unit"][0]["profile"] = {
        "name": "Orc \u202esresiurB",
        **{"ac": 8, "ra": 3, "cc": 5, "st": 4, "t": 5, "w": 1, "co": 6},
    }
    said = refusal(data)
    assert "name: an invisible character (U+202E) in a name" in said


def test_refused_on_the_command_line_and_the_page_in_french(tmp_path: Path) -> None:
    path = tmp_path / "dn.toml"
    path.write_text(
        'name = "D"\npoints = 500\n[[unit]]\nname = "Orc\\u200bBruisers"\n'
        'profile = "orc-bruiser"\nmodels = 10\n',
        encoding="utf-8",
    )
    said = assert_refused(["--lang", "fr", "army", str(path)], "U+200B")
    assert "unité nº 1, champ name\u00a0: " in said, said
    answer = import_army(path.read_bytes(), "fr", "dn.toml")
    assert "unité nº 1, champ name" in answer["error"] and "U+200B" in answer["error"]


#: "G" with 150 acute accents (NFC would fold one into "Ǵ": the marks are counted on the NFD).
PILED = "G" + "\u0301" * 150


def test_a_pile_of_combining_marks_is_refused_by_the_army_and_profile_readers_alike(
    tmp_path: Path,
) -> None:
    """The engine's one name check, read by the army file's reader and the profile file's: a
    letter under 150 accents (one accent on the roster PDF, a smear on the page) is refused by
    ``nq army``, ``nq points`` and the page's imports, naming the file and the field."""
    said = "150 combining marks on one character (U+0047) in a name, at most 4"
    assert refusal(army(PILED)) == f"army.toml, unit #1, field name: {said}"
    path = tmp_path / "piled.toml"
    path.write_text(
        f'name = "D"\npoints = 500\n[[unit]]\nname = "{PILED}"\nprofile = "orc-bruiser"\n'
        "models = 10\n",
        encoding="utf-8",
    )
    assert assert_refused(["army", str(path)], said) == (
        f"nq army: {path}, unit #1, field name: {said}\n"
    )
    assert import_army(path.read_bytes(), "en", "piled.toml")["error"].endswith(said)
    profile = tmp_path / "p.toml"
    profile.write_text(
        f'name = "{PILED}"\nac = 8\nra = 3\ncc = 6\nst = 5\nt = 5\nw = 2\nco = 7\n',
        encoding="utf-8",
    )
    assert assert_refused(["points", str(profile)], said) == (
        f"nq points: {profile}: name: {said}\n"
    )


@pytest.mark.parametrize(
    "name",
    [
        "Ti\u1ebfng Vi\u1ec7t",  # Vietnamese, composed
        "Tie\u0302\u0301ng Vie\u0323\u0302t",  # the same, decomposed: at most two marks
        "e\u0323\u0301 o\u0323\u0300",  # Yoruba
        "\u05e9\u05c1\u05bc\u05b8\u0591",  # Hebrew: shin, shin dot, dagesh, qamats, etnahta
        "\u0917\u094b\u092c\u0932\u093f\u0928",  # Devanagari (the page prints it)
        "A" + "\u0301" * 4,  # four marks on one letter, the most
    ],
)
def test_the_marks_of_the_worlds_orthographies_are_accepted(name: str) -> None:
    assert parse_army(army(name), "army.toml")[2]


def test_an_empty_name_is_refused_naming_its_field() -> None:
    """Printed on the roster, an empty name leaves "Unit leader:" with nothing after it."""
    assert refusal({**army("Orcs"), "name": ""}) == "army.toml, field name: an empty name"
    assert refusal(army("")) == "army.toml, unit #1, field name: an empty name"
    data = army("Orcs")
    data["unit"][0]["profile"] = {"name": "", "ac": 8, "ra": 3, "cc": 5, "st": 4, "t": 5}
    data["unit"][0]["profile"] |= {"w": 1, "co": 6}
    assert refusal(data).endswith("name: an empty name")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("\u0555rc Bruiser", "mixes the letters of two scripts (U+0555 and U+0072)"),
        ("Orc Bruiser\ua731", "a letter no name is written with (U+A731)"),
        ("Orc\u2800Bruiser", "an invisible character (U+2800)"),
    ],
)
def test_a_profile_name_is_checked_as_an_army_name(name: str, said: str) -> None:
    data = army("Orcs")
    data["unit"][0]["profile"] = {
        "name": name,
        **{"ac": 8, "ra": 3, "cc": 5, "st": 4, "t": 5, "w": 1, "co": 6},
    }
    assert said in refusal(data)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        (
            "\\u0555rc Bruisers",
            "le mot \u0555rc mêle les lettres de deux écritures (U+0555 et U+0072)",
        ),
        ("Orc Bruiser\\ua731", "une lettre qu’aucun nom n’emploie (U+A731) dans un nom"),
    ],
)
def test_refused_in_french_naming_the_file_and_the_field(
    tmp_path: Path, name: str, said: str
) -> None:
    path = tmp_path / "look.toml"
    path.write_text(
        f'name = "D"\npoints = 500\n[[unit]]\nname = "{name}"\nprofile = "orc-bruiser"\n'
        "models = 10\n",
        encoding="utf-8",
    )
    line = assert_refused(["--lang", "fr", "army", str(path)], "U+")
    assert f"{path}" in line and "unité nº 1, champ name\u00a0: " in line, line
    assert said.replace(" (", "\u00a0(") in line or said in line, line
