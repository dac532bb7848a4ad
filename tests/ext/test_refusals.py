"""A mistake in a page or a French catalogue of the tiny rulebook: one line naming the file and
the line, and in French nothing is built from a refused catalogue."""

from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.util.console import strip_escape_sequences
from sphinx.util.docutils import docutils_namespace

from tests.ext.conftest import build, copy_root

MAGIC_PO = Path("locale") / "fr" / "LC_MESSAGES" / "magic.po"


def line_of(path: Path, text: str) -> int:
    """The 1-based line of ``path`` that holds ``text``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def refused(srcdir: Path, make_app: Any) -> tuple[SystemExit, list[str]]:
    """The French build of ``srcdir`` stopped before reading anything, and its errors.

    The app never finished starting, so it cannot clean up what it registered in docutils:
    ``docutils_namespace`` does, for the builds of the next tests."""
    warning = StringIO()
    with docutils_namespace(), pytest.raises(SystemExit) as stop:
        make_app("html", srcdir=srcdir, confoverrides={"language": "fr"}, warning=warning)
    lines = strip_escape_sequences(warning.getvalue()).splitlines()
    return stop.value, [line for line in lines if "ERROR" in line]


def test_an_unknown_table_is_named_at_its_line(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    page = srcdir / "magic.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\n```{nq-table} wound-tabel\n```\n", encoding="utf-8"
    )
    line = line_of(page, "wound-tabel")
    built = build(srcdir, "en", make_app)
    [error] = [w for w in built.unexpected_warnings() if "wound-tabel" in w]
    assert error.startswith(f"{page}:{line}: ERROR: unknown table 'wound-tabel'; did you mean ")
    assert "wound-table" in error


def test_a_french_message_adding_markup_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    po = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(po.replace('msgstr "Blessures"', 'msgstr "<script>Blessures</script>"'))
    line = line_of(catalogue, 'msgid "Wounds"')
    stop, errors = refused(srcdir, make_app)
    assert stop.code == 2
    added = "'HTML <script>Blessures</script>'"
    assert errors == [f"{catalogue}:{line}: ERROR: msgstr adds {added}, not in its msgid"]
    assert not (srcdir / "_build" / "html" / "magic.html").exists()


def test_a_catalogue_that_does_not_parse_is_named_at_its_line(
    tmp_path: Path, make_app: Any
) -> None:
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    po = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(po.replace('msgstr "Magie"', 'msgstr "Magie'), encoding="utf-8")
    line = line_of(catalogue, 'msgstr "Magie')  # the line itself, as every reader's check says
    _, errors = refused(srcdir, make_app)
    assert errors == [
        f"{catalogue}:{line}: ERROR: not a keyword and one quoted string: 'msgstr \"Magie'"
    ]


def test_a_fuzzy_french_page_says_it_is_not_fully_translated(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    po = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(po.replace('msgid "Wounds"', '#, fuzzy\nmsgid "Wounds"'), encoding="utf-8")
    built = build(srcdir, "fr", make_app)
    html = built.html("magic")
    assert "Cette page n’est pas encore entièrement traduite" in html
    assert "nq-translation-notice" not in built.html("cards")


def test_a_refused_data_file_is_one_line_from_sphinx_build(tmp_path: Path) -> None:
    """A glossary record with an unknown field, through ``sphinx-build`` as ``make`` runs it:
    one line naming the file, the record and the field, exit status 2, not Sphinx's crash
    report (versions, extensions, a traceback, "please open an issue")."""
    srcdir = copy_root("nq", tmp_path)
    glossary = srcdir / "_data" / "glossary.toml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace("def_en", "def_eng", 1), encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", srcdir, tmp_path / "out"],
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    said = "\n".join(errors[-12:])  # a crash report's last lines: its exception (seen once, loaded)
    assert len(errors) == 1 and errors[0].startswith(f"ERROR: {glossary}, term #1 ("), said
    assert errors[0].endswith("field def_eng: unknown field (misspelled?)"), errors
