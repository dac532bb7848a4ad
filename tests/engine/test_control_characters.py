"""Control characters from data: a data file holding one is refused in one line naming the file,
the record and the field (docs/_data's glossary and search words too); ``nq`` never writes one to
the terminal; the LaTeX escape drops them."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from nqcore.cli.commands import main, printable
from nqcore.data import datafiles
from nqprint.latex import latex_escape
from nqsphinx.site.search import SearchDataError, load_search_data

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "Fire\\rball\\u0000\\u001b"  # as TOML writes it: a CR, a NUL, an ESC
SHOWN = "'Fire\\rball\\x00\\x1b'"  # as the refusal quotes it
SPELLS = resources.files("nqcore").joinpath("data", "spells.toml").read_text("utf-8")
CONTROLS = [chr(c) for c in (*range(0, 9), *range(11, 32), *range(0x7F, 0xA0))]


def _spells(name: str) -> str:
    return SPELLS.replace("name = 'Fireball'", f'name = "{name}"', 1)


def test_a_spell_name_with_control_characters_is_refused_naming_file_record_and_field() -> None:
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(
            _spells(HOSTILE), "nqcore/data/spells.toml", datafiles.schema_for("spells.toml")
        )
    assert str(caught.value) == (
        "nqcore/data/spells.toml, spell #1 (fireball), field name: "
        f"control character U+000D in {SHOWN}"
    )


@pytest.mark.parametrize("char", [*CONTROLS, "\t"], ids=lambda c: f"U+{ord(c):04X}")
def test_every_control_character_but_the_newline_is_refused(char: str) -> None:
    escaped = f"\\u{ord(char):04x}"
    message = ""
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(
            _spells(f"Fire{escaped}ball"), "s.toml", datafiles.schema_for("spells.toml")
        )
    message = str(caught.value)
    assert f"control character U+{ord(char):04X}" in message
    assert message.isprintable()
    datafiles.parse(_spells("Fire\\nball"), "s.toml", datafiles.schema_for("spells.toml"))


def test_a_nested_text_and_a_field_name_are_named() -> None:
    data = tomllib.loads(SPELLS)
    fog = next(i for i, s in enumerate(data["spell"]) if s["key"] == "fog")
    data["spell"][fog]["text"].append("upkeep \x1b[2J")
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.check(data, "spells.toml", datafiles.schema_for("spells.toml"))
    assert str(caught.value).startswith(f"spells.toml, spell #{fog + 1} (fog), field text #")
    assert "control character U+001B in 'upkeep \\x1b[2J'" in str(caught.value)
    with pytest.raises(datafiles.DataFileError, match=r"field name 'x\\x1by'"):
        datafiles.parse('[stems]\n"x\\u001by" = 1\n', "search.toml", None)


def test_the_docs_data_files_are_checked(tmp_path: Path) -> None:
    glossary = (ROOT / "docs" / "_data" / "glossary.toml").read_text(encoding="utf-8")
    bad = tmp_path / "glossary.toml"
    bad.write_text(glossary.replace('en = "Actions"', 'en = "Act\\u009bions"', 1), "utf-8")
    from nqcore.data.dataschema import GlossaryFile

    with pytest.raises(
        datafiles.DataFileError, match=r"term #1 \(actions\), field en: control character U\+009B"
    ):
        datafiles.load_path(bad, GlossaryFile)
    search = tmp_path / "search.toml"
    search.write_text('[[synonym]]\ntarget = "magic"\nen = ["spel\\u0007"]\n', "utf-8")
    with pytest.raises(
        SearchDataError, match=r"synonym #1, field en #1: control character U\+0007"
    ):
        load_search_data(search)


def _nq(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.suppress(SystemExit),
    ):
        main(list(argv))
    return out.getvalue() + err.getvalue()


def test_a_profile_file_with_a_control_character_is_refused_naming_its_field(
    tmp_path: Path,
) -> None:
    profile = tmp_path / "orc.toml"
    profile.write_text(
        'name = "Orc\\u001b[2J\\r\\u009b\\u0007"\n'
        'ac = 7\nra = "-"\ncc = 5\nst = 5\nt = 5\nw = 1\nco = 5\n',
        encoding="utf-8",
    )
    said = f"nq points: {profile}: name: a control character (U+001B) in the text\n"
    assert _nq("points", str(profile)) == said
    french = (
        f"nq points\u00a0: {profile}\u00a0: name\u00a0: un caractère de contrôle (U+001B) dans "
    )
    french += "le texte\n"
    assert _nq("points", str(profile), "--lang", "fr") == french
    profile.write_text('"na\\u001bme" = "Orc"\n', encoding="utf-8")
    assert "na\\u001bme: a control character (U+001B)" in _nq("points", str(profile))


@pytest.mark.parametrize(
    "argv",
    [
        ["cast", "--spell", "Fire\x1bball"],
        ["cast", "--spell", "x\x9b2J", "--json"],
        ["cast", "\r9"],
    ],
)
def test_nq_never_writes_a_control_character_it_is_given(argv: list[str]) -> None:
    written = _nq(*argv)
    assert written.strip(), argv
    assert not any(char in written for char in [*CONTROLS, "\t"]), (argv, written)
    assert "\\x" in written or "\\u" in written or "\\r" in written, written  # shown, escaped


def test_printable_escapes_all_but_the_newline() -> None:
    assert printable("a\tb\x9bc\nd\x1b") == "a\\u0009b\\u009bc\nd\\u001b"


def test_a_data_file_with_a_control_character_stops_nq_in_one_line(tmp_path: Path) -> None:
    """A copy of the engine whose spells.toml holds the hostile name: ``nq cast --spell``
    refuses it in one line (a process of its own: the data are read once per process)."""
    copy = tmp_path / "nqcore"
    shutil.copytree(ROOT / "nqcore", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "data" / "spells.toml").write_text(_spells(HOSTILE), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "nqcore", "cast", "--spell", "fireball"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        timeout=120,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "nq cast: nqcore/data/spells.toml, spell #1 (fireball), field name: "
        f"control character U+000D in {SHOWN}\n"
    )


@pytest.mark.parametrize("char", CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_the_latex_escape_drops_control_characters(char: str) -> None:
    escaped = latex_escape(f"Fire{char}ball & co")
    assert escaped in (r"Fireball \& co", r"Fire ball \& co")
    assert latex_escape("Fire\tball\r") == "Fire ball "
    assert latex_escape("one\n\ntwo") == "one\n\ntwo"  # a paragraph break stays


def test_printable_escapes_bidi_overrides_and_marks() -> None:
    """A profile named "\u202eevil\u202c X" would show reversed in the reader's terminal."""
    name = "\u202eevil\u202c X\u2066\u2069\u200e\u200f\u202a"
    assert printable(name) == ("\\u202eevil\\u202c X\\u2066\\u2069\\u200e\\u200f\\u202a")


#: What the attacker's army names held that reached the terminal raw: a bidi mark, the line and
#: paragraph separators, a byte order mark, a soft hyphen, a Mongolian vowel separator, a Hangul
#: filler, a tag, an interlinear annotation, a private-use character.
INVISIBLE = "\u061c\u2028\u2029\ufeff\u00ad\u180e\u115f\u1160\u3164\uffa0\U000e0001\ufff9\ue000"


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_printable_escapes_what_python_would_not_print_and_the_fillers(char: str) -> None:
    escaped = printable(f"a{char}b")
    assert char not in escaped and escaped.startswith(("a\\u", "a\\U")) and escaped.endswith("b")


def test_printable_keeps_french_spaces_letters_and_signs() -> None:
    kept = "Boule de feu\u00a0: 12\u202f% — « é » ½ ✓ 🎲\n"
    assert printable(kept) == kept
    assert printable("\U000e0041") == "\\U000e0041"  # one code point, not a surrogate pair
    assert printable("\U000e0041", json=True) == "\\udb40\\udc41"  # JSON's escape for it


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_nq_army_refuses_invisible_characters_in_names(tmp_path: Path, char: str) -> None:
    """A name is printed on the roster PDF, which obeys or drops what the terminal escapes."""
    army = tmp_path / "u.toml"
    army.write_text(
        f'name = "a\\U{ord(char):08x}b"\npoints = 2000\n[[unit]]\nname = "B"\n'
        'profile = "orc-bruiser"\nmodels = 16\nformation = "ranked"\n',
        encoding="utf-8",
    )
    written = _nq("army", str(army))
    assert written.startswith(f"nq army: {army}, field name: "), written
    assert f"U+{ord(char):04X}" in written and len(written.splitlines()) == 1, written
    assert char not in written, written


def test_a_quoted_value_is_clipped_to_its_start_and_length(tmp_path: Path) -> None:
    """A name of a million characters is refused by its length, quoting none of it; an unknown
    key of 300 characters: the refusal quotes 80 of them and says how many (nq, and the page's
    import, in its language)."""
    from nqcompanion.bridge.web_army import import_army

    army = tmp_path / "l.toml"
    army.write_text('name = "' + "W" * 1_000_000 + '"\npoints = 2000\n', encoding="utf-8")
    written = _nq("army", str(army))
    assert len(written) < 300, len(written)
    assert written.rstrip().endswith("name: a name of 1,000,000 characters, at most 200"), written
    keys = ('name = "x"\npoints = 2000\n' + "Z" * 300 + " = 1\n").encode()
    error = import_army(keys, "fr")["error"]
    assert error.endswith("Z" * 80 + "… (300 caractères) (faute de frappe\u202f?)"), error


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("River\\u200bwalk", "invisible character U+200B in 'River\\u200bwalk'"),
        ("Smo\\u00adke", "invisible character U+00AD in 'Smo\\xadke'"),
        ("Smo" + "\\u0301" * 60 + "ke", "60 combining marks on one character (U+006F), at most 4"),
    ],
)
def test_a_name_a_reader_cannot_see_as_written_is_refused(name: str, said: str) -> None:
    """A zero-width space published "River​walk" and lost its French name; sixty accents rose
    over the lines above (attack round 23): refused as the army files' names are."""
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(
            _spells(name), "nqcore/data/spells.toml", datafiles.schema_for("spells.toml")
        )
    message = str(caught.value)
    assert message.startswith("nqcore/data/spells.toml, spell #1 (fireball), field name: ")
    assert said in message, message
    datafiles.parse(_spells("Tiếng Việt"), "s.toml", datafiles.schema_for("spells.toml"))
