"""A bad engine data file or glossary record stops the build with Sphinx's one-line extension
error (no traceback), naming the file, the record and the field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from sphinx.errors import ExtensionError

import nqsphinx
from nqcore.data import datafiles
from nqsphinx.directives import glossary


def test_a_bad_data_file_is_an_extension_error(monkeypatch: pytest.MonkeyPatch) -> None:
    nqsphinx._check_engine_data(None)  # type: ignore[arg-type]  # the shipped files pass
    text = (Path(datafiles.__file__).parent / "spells.toml").read_text("utf-8")
    typo = text.replace("upkeep = ", "upkep = ", 1)
    schema = datafiles.schema_for("spells.toml")

    def load(filename: str) -> dict[str, Any]:
        return datafiles.parse(typo, "nqcore/data/spells.toml", schema)

    monkeypatch.setattr(datafiles, "load", load)
    with pytest.raises(ExtensionError) as caught:
        nqsphinx._check_engine_data(None)  # type: ignore[arg-type]
    assert caught.value.message.startswith("nqcore/data/spells.toml, spell #")
    assert caught.value.message.endswith(", field upkep: unknown field (misspelled?)")


def test_a_bad_glossary_record_is_an_extension_error(tmp_path: Path) -> None:
    (tmp_path / "_data").mkdir()
    (tmp_path / "_data" / "glossary.toml").write_text(
        '[[term]]\nkey = "ac"\nen = "AC"\nfr = "CA"\ndef_en = "x"\ndef_fr = "x"\nsection = "s"\n'
        'abbr_eng = "AC"\n',
        encoding="utf-8",
    )
    with pytest.raises(ExtensionError) as caught:
        glossary.terms_for(tmp_path)
    assert caught.value.message == (
        f"{tmp_path}/_data/glossary.toml, term #1 (ac), field abbr_eng: unknown field (misspelled?)"
    )


#: Integers TOML does not allow, in a spell's level and in a profile's: each replaces the first.
HUGE = [
    ("9" * 5000, "not valid TOML: an integer of more than 4300 digits"),
    ("1" + "_0" * 4400, "not valid TOML: an integer of more than 4300 digits"),
    (str(2**63), "field level: an integer beyond TOML's 64-bit range"),
    ("-9_223_372_036_854_775_809", "field level: an integer beyond TOML's 64-bit range"),
    ("0x1_0000_0000_0000_0000", "field level: an integer beyond TOML's 64-bit range"),
]


@pytest.mark.parametrize(("number", "said"), HUGE, ids=[n[:20] for n, _ in HUGE])
@pytest.mark.parametrize("name", ["spells.toml", "sample_profiles.toml", "hand_weapons.toml"])
def test_an_integer_toml_does_not_allow_is_named_at_its_line_and_column(
    name: str, number: str, said: str
) -> None:
    """As a player's own file is refused (nqcore.cli.files.read_toml): the data loader named
    the file alone, its line and column unknown, or the field without its line."""
    text = (Path(datafiles.__file__).parent / name).read_text("utf-8")
    field = "level = 3" if name == "spells.toml" else "uc = 3" if "hand" in name else "ac = 8"
    offset = text.index(f"\n{field}\n") + 1
    line = text.count("\n", 0, offset) + 1
    faulty = (
        text[:offset] + field.replace(field.split(" = ")[1], number) + text[offset + len(field) :]
    )
    said = said.replace("level", field.split(" = ")[0])
    for schema in (datafiles.schema_for(name), None):  # checked, and in the browser
        with pytest.raises(datafiles.DataFileError) as caught:
            datafiles.parse(faulty, f"nqcore/data/{name}", schema)
        message = str(caught.value)
        assert message.startswith(f"nqcore/data/{name}, line {line}"), message
        assert said in message and "(column " in message and len(message) < 300, message


@pytest.mark.parametrize(
    ("name", "old", "new", "said"),
    [
        ("spells.toml", "name = 'Fireball'", 'name = "Fire\\u202eball"', "bidi control U+202E"),
        ("spells.toml", "name = 'Fireball'", 'name = "\\u2066Fireball"', "bidi control U+2066"),
        ("characteristic_costs.toml", "values = [6,", "values = [inf,", "not a finite number"),
        ("characteristic_costs.toml", "values = [6,", "values = [nan,", "not a finite number"),
    ],
)
def test_a_bidi_control_or_a_number_json_cannot_carry_is_refused(
    name: str, old: str, new: str, said: str
) -> None:
    """A spell's name that shows reversed on the pages; an ``inf`` that ``nq export`` would
    write as ``Infinity``, which no JSON reader takes (the schema's float cells took it)."""
    text = (Path(datafiles.__file__).parent / name).read_text("utf-8")
    assert old in text
    for schema in (datafiles.schema_for(name), None):
        with pytest.raises(
            datafiles.DataFileError, match=rf"^nqcore/data/{name}, \w+ #1 .*{re.escape(said)}"
        ):
            datafiles.parse(text.replace(old, new, 1), f"nqcore/data/{name}", schema)


def test_a_byte_that_is_not_utf8_is_named_at_its_line(tmp_path: Path) -> None:
    """Attack round twenty-one: a Latin-1 ``é`` in a data file, the search words, the index's
    list or the word list stopped the build, ``nq`` and the translation tools with a traceback
    or "utf-8" alone."""
    from nqcore.data.datafiles import DataFileError, read_utf8

    path = tmp_path / "search.toml"
    path.write_bytes(b"# words\n[weights]\nnq = 0.3  # caf\xe9\n")
    with pytest.raises(DataFileError) as refused:
        read_utf8(path)
    assert str(refused.value) == (
        f"{path}, line 3: a byte that is not UTF-8 (0xE9): the file must be UTF-8"
    )
