"""A refusal quotes what a file wrote as TOML writes it: a key with a dot or a quote in quotes
(``"x.y"``, never ``x.y``, which reads as a dotted key), an invisible character by its code point
(``"x\\u200Dy"``), a text in TOML's double quotes (``"x"``, not Python's ``'x'``), a text holding
a backslash as the literal string the file wrote (``'fire\\u200b'``, never a doubled backslash);
and an army file's unknown key in our words, not msgspec's."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from nqcore.data import datafiles
from tests.engine.test_cli_untrusted import outcome

HEAD = 'name = "Orc Captain"\nac = 8\nra = 3\ncc = 6\nst = 5\nt = 5\nw = 2\nco = 7\n'
ARMY = 'name = "A"\npoints = 500\n'
UNIT = '[[unit]]\nname = "Orcs"\nprofile = "orc-bruiser"\nmodels = 10\n'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (HEAD + 'armour = { value = 1, "x.y" = 1 }\n', 'armour: unknown field(s) "x.y"'),
        (HEAD + '"a.b\\"c" = 1\n', 'unknown field(s) "a.b\\"c"'),
        (
            HEAD + 'abilities = [{ key = "extra-attack", "lev.el" = 1 }]\n',
            'abilities #1: unknown field(s) "lev.el"',
        ),
        (HEAD + '[[element]]\nname = "W"\n"x\\u200Dy" = 1\n', 'unknown field(s) "x\\u200Dy"'),
        (
            HEAD + 'weapons = [{ name = "Club", st_bonus = 1, uc = 4, "a b" = 1 }]\n',
            'weapons #1: unknown field(s) "a b"',
        ),
        (HEAD.replace("ra = 3", 'ra = "x"'), 'RA must be a whole number, not "x"'),
        (
            HEAD + 'size = "lar\\u202Ege"\n',
            'unknown size "lar\\u202Ege"; choose one of small, medium, large, very-large',
        ),
    ],
)
def test_a_profile_files_refusal_quotes_as_toml_writes(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = outcome("points", str(path))
    assert code == 2 and err.endswith(f": {said}\n"), err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (HEAD.replace("ra = 3", 'ra = "huit"'), "AD doit être un nombre entier, et non « huit »"),
        (HEAD.replace("ra = 3", "ra = 2.5"), "AD doit être un nombre entier, et non 2.5"),
        (
            HEAD + 'size = "lar\\u202Ege"\n',
            "taille : valeur inconnue « lar\\u202Ege » ; choisissez parmi small, medium, large, "
            "very-large",
        ),
        (HEAD + "size = 'fire\\u200b'\n", "taille : valeur inconnue 'fire\\u200b'"),
    ],
)
def test_a_french_refusal_quotes_a_text_of_the_file_in_guillemets(
    tmp_path: Path, text: str, said: str
) -> None:
    """French quotes « huit », not "huit" (player round eleven); other values as written."""
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = outcome("--lang", "fr", "points", str(path))
    assert code == 2 and said in err.replace("\xa0", " ").replace("\u202f", " "), err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (ARMY + '"a.b\\"c" = 1\n' + UNIT, 'a.toml, field "a.b\\"c": unknown field (misspelled?)'),
        (
            ARMY + UNIT + '"x\\u200Dy" = 2\n',
            'a.toml, unit #1 (Orcs), field "x\\u200Dy": unknown field (misspelled?)',
        ),
    ],
)
def test_an_army_files_unknown_key_is_said_in_our_words(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "a.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = outcome("army", str(path))
    assert code == 2 and err == f"nq army: {path.parent}/{said}\n", err


def test_a_data_files_refusal_doubles_no_backslash() -> None:
    text = resources.files("nqcore").joinpath("data", "spells.toml").read_text("utf-8")
    faulty = text.replace("aspect = 'fire'", "aspect = 'fire\\u200b'", 1)
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(faulty, "spells.toml", datafiles.schema_for("spells.toml"))
    said = str(caught.value)
    assert "\\\\" not in said, said
    assert said.endswith("field aspect: invalid enum value 'fire\\u200b'"), said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refusal_names_ten_unknown_fields_and_counts_the_rest(tmp_path: Path, lang: str) -> None:
    """100,000 unknown keys in a file of under 1 MiB made one line of 789 KB."""
    path = tmp_path / "p.toml"
    path.write_text("".join(f"k{i}=1\n" for i in range(100_000)), encoding="utf-8")
    code, out, err = outcome("--lang", lang, "points", str(path))
    unknown, missing = err.splitlines()  # and the fields it lacks, a line each
    assert code == 2 and out == "" and len(unknown) < 300, err
    more = "… and 99,990 others" if lang == "en" else "… et 99\u202f990 autres"
    assert unknown.endswith(
        f"k0, k1, k10, k100, k1000, k10000, k10001, k10002, k10003, k10004, {more}"
    ), err
    assert missing.endswith("name, ac, st, t, w, co, ra, cc"), err


def test_eleven_unknown_fields_are_named_all_but_one() -> None:
    from nqcore.army.toml_values import toml_keys
    from nqcore.i18n import Refusal

    said = Refusal("unknown field(s) {fields}", fields=toml_keys([f"k{i}" for i in range(11)]))
    assert str(said) == "unknown field(s) k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, … and 1 other"
    assert Refusal("x {fields}", fields=toml_keys(["a", "b.c"])).text("fr") == 'x a, "b.c"'
    assert said.text("fr").endswith("k9, … et 1 autre")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_key_of_900000_characters_is_named_by_its_start_and_length(
    lang: str, tmp_path: Path
) -> None:
    """Attacker round 20: one unknown key of 900,000 characters made a refusal of 900 KB."""
    profile = tmp_path / "long-key.toml"
    profile.write_text(f'"{"k" * 900_000}" = 1\n', encoding="utf-8")
    code, out, err = outcome("--lang", lang, "points", str(profile))
    length = "900,000 characters" if lang == "en" else "900\u202f000 caractères"
    unknown = err.splitlines()[0]  # then the fields it lacks
    assert code == 2 and out == "" and len(unknown) < 300, err[:300]
    assert unknown.endswith(f"… ({length})"), err[:300]


def test_a_placeholder_with_a_format_spec_is_refused_when_the_file_is_read() -> None:
    """Attacker round 20: ``{range_inches:>99999999}`` in a spell's text passed the data check
    and failed the build as eight tracebacks of worked examples."""
    text = resources.files("nqcore").joinpath("data", "spells.toml").read_text("utf-8")
    faulty = text.replace("{range_inches}", "{range_inches:>99999999}", 1)
    assert faulty != text
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(faulty, "spells.toml", datafiles.schema_for("spells.toml"))
    said = str(caught.value)
    assert "\n" not in said and "the placeholder {range_inches:>99999999} in " in said, said
    assert said.endswith("is not {name} or {name:word}"), said


def test_a_run_of_dots_in_a_data_text_is_refused_when_the_file_is_read() -> None:
    """Attacker round 22: 1,000 dots after Fog's effect crashed xelatex for the English book,
    naming no file."""
    text = resources.files("nqcore").joinpath("data", "spells.toml").read_text("utf-8")
    fog = "reduces movement by half."
    faulty = text.replace(fog, fog + " " + "." * 1000, 1)
    assert faulty != text
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(faulty, "spells.toml", datafiles.schema_for("spells.toml"))
    said = str(caught.value)
    assert "a run of 1,000 characters without a space (at most 80)" in said, said[:300]
    assert "\n" not in said and len(said) < 600, said[:300]
