"""The project's Python is UTF-8 (nqtranslate/python_sources.py): a module in another encoding,
which Python would import, is refused at its file and line by every tool that reads our modules
as text, where each stopped on a traceback naming no file (attacker round 34)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcompanion.engine import bundle
from nqcore.data.datafiles import DataFileError
from nqsphinx.refusals import Refused
from nqtranslate import __main__ as translate_main
from nqtranslate.catalogue import extract
from nqtranslate.python_sources import SourceError, python_source

LATIN_1 = b'# -*- coding: latin-1 -*-\n"""A module."""\nNAME = "caf\xe9"\n'


def test_a_module_not_in_utf_8_is_refused_at_its_line(tmp_path: Path) -> None:
    module = tmp_path / "zz.py"
    module.write_bytes(b'"""A module."""\n\nNAME = "caf\xe9"\n')
    with pytest.raises(SourceError, match=r"^nqcore/zz\.py:3: not UTF-8 \(invalid"):
        python_source(module, "nqcore/zz.py")


def test_a_module_declaring_another_encoding_is_refused_even_in_ascii(tmp_path: Path) -> None:
    module = tmp_path / "zz.py"
    module.write_bytes(b"#!/usr/bin/env python\n# -*- coding: latin-1 -*-\nNAME = 1\n")
    with pytest.raises(SourceError, match=r"zz\.py:2: declares the encoding iso-8859-1"):
        python_source(module)
    module.write_bytes(b"# -*- coding: utf-8 -*-\nNAME = 'caf\xc3\xa9'\n")
    assert "café" in python_source(module)


def _package(tmp_path: Path) -> Path:
    package = tmp_path / "nqcore"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "zz_probe.py").write_bytes(LATIN_1)
    return package


def test_the_messages_extraction_and_the_engine_zip_refuse_it(tmp_path: Path) -> None:
    package = _package(tmp_path)
    with pytest.raises(SourceError, match=r"nqcore/zz_probe\.py:3: not UTF-8"):
        extract(package)
    with pytest.raises(Refused, match=r"^zz_probe\.py:3: not UTF-8"):
        bundle._modules(package, package.rglob("*.py"))


def test_the_translation_tools_say_it_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refused(_: list[str]) -> int:
        raise SourceError("nqcore/zz_probe.py:1: declares the encoding iso-8859-1: ...")

    monkeypatch.setattr(translate_main, "_main", lambda _: refused)
    assert translate_main.main(["status"]) == 2
    err = capsys.readouterr().err
    assert (
        err == "nqtranslate status: nqcore/zz_probe.py:1: declares the encoding iso-8859-1: ...\n"
    )


def _module(tmp_path: Path, data: bytes) -> Path:
    package = tmp_path / "nqcore"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "zz.py").write_bytes(data)
    return package


def test_a_byte_order_mark_is_read_past_as_python_does(tmp_path: Path) -> None:
    package = _module(tmp_path, b'\xef\xbb\xbfN_("A marked message")\n')
    assert "A marked message" in {message.id for message in extract(package)}


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"X = 1\ndef (:\n", r"zz\.py:2: invalid syntax"),
        (b"X = " + b" + ".join([b"1"] * 3000) + b"\n", r"zz\.py:1: nested too deeply"),
        (b'X = "a\x00b"\n', r"zz\.py:1: source code (string )?cannot contain null bytes"),
    ],
    ids=["syntax", "deep", "null"],
)
def test_a_module_the_extraction_cannot_read_is_named_at_its_line(
    tmp_path: Path, data: bytes, said: str
) -> None:
    with pytest.raises(SourceError, match=said):
        extract(_module(tmp_path, data))


def test_a_folder_named_like_a_module_is_no_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``nqcore/zz_dir.py/x.toml``: git keeps it; the extraction, the engine zip and the table
    registry (which imports every module it lists) pass it by."""
    import nqcore
    from nqcore.tables import registry

    package = _module(tmp_path, b'N_("Kept")\n')
    (package / "zz_dir.py").mkdir()
    (package / "zz_dir.py" / "x.toml").write_text("", encoding="utf-8")
    assert "Kept" in {message.id for message in extract(package)}
    assert "zz_dir" not in bundle._sources(package)
    listed = tmp_path / "listed"  # nqcore's folders, and one holding the folder alone
    (listed / "zz_dir.py").mkdir(parents=True)
    monkeypatch.setattr(nqcore, "__path__", [*nqcore.__path__, str(listed)])
    registry._load_all()


def test_a_module_linked_to_a_fifo_or_a_file_outside_is_never_read(tmp_path: Path) -> None:
    """A pull request can carry a link: ``nqcore/zz.py`` to a FIFO hung the translation tools
    (attacker round 35); to a file outside, it would be read. Neither is read now: a link to a
    file is refused at its name, one to a FIFO or a device is no module."""
    import os

    package = _module(tmp_path, b'N_("Kept")\n')
    os.mkfifo(tmp_path / "fifo")
    (package / "zz_fifo.py").symlink_to(tmp_path / "fifo")
    assert "Kept" in {message.id for message in extract(package)}  # returns: nothing waits
    (tmp_path / "outside.py").write_text('N_("Outside")\n', encoding="utf-8")
    (package / "zz_link.py").symlink_to(tmp_path / "outside.py")
    with pytest.raises(SourceError, match=r"zz_link\.py: a symbolic link, not a file: refused"):
        extract(package)


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("zz_latin.toml", b'name = "caf\xe9"\n', r"zz_latin\.toml:1: not UTF-8"),
        ("zz_broken.toml", b"name = \n", r"zz_broken\.toml.*line 1"),
    ],
    ids=["latin-1", "broken"],
)
def test_a_data_file_the_extraction_cannot_read_is_named(
    tmp_path: Path, name: str, data: bytes, said: str
) -> None:
    package = _module(tmp_path, b"X = 1\n")
    (package / "data").mkdir()
    (package / "data" / name).write_bytes(data)
    (package / "data" / "zz_folder.toml").mkdir()  # a folder named like a data file: passed by
    with pytest.raises((SourceError, DataFileError), match=said):
        extract(package)


def test_the_translation_tools_name_a_broken_data_file_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refused(_: list[str]) -> int:
        raise DataFileError("nqcore/data/zz.toml, line 1: expected a value")

    monkeypatch.setattr(translate_main, "_main", lambda _: refused)
    assert translate_main.main(["update"]) == 2
    assert capsys.readouterr().err == (
        "nqtranslate update: nqcore/data/zz.toml, line 1: expected a value\n"
    )


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b'[[term]]\nen = "caf\xe9"\n', r"zz\.toml:2: not UTF-8"),
        (b"x = " + b"[" * 3000 + b"]" * 3000 + b"\n", r"zz\.toml: nested deeper than"),
        (b'\xef\xbb\xbfx = "a"\n', r"zz\.toml.*line 1"),
    ],
    ids=["latin-1", "deep", "byte-order-mark"],
)
def test_the_site_s_data_files_are_read_as_the_engine_reads_its_own(
    tmp_path: Path, data: bytes, said: str
) -> None:
    """``nqtranslate status`` and ``glossary`` read docs/_data: a Latin-1 glossary, 3,000 nested
    arrays or a byte order mark stopped them on a traceback (attacker round 35)."""
    from nqtranslate.data_french import data_findings

    (tmp_path / "zz.toml").write_bytes(data)
    with pytest.raises((SourceError, DataFileError), match=said):
        data_findings("fr", tmp_path)
