"""A bad engine data file or glossary record stops the build with Sphinx's one-line extension
error (no traceback), naming the file, the record and the field."""

from __future__ import annotations

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
