"""A file named like a catalogue that is no catalogue file (a folder ``x.po``, a symbolic link,
a device) is named in one line by every tool that looks for catalogues, never read: a link
could show a file from outside the project, a folder or ``/dev/zero`` crash or hang a reader."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore import catalogue_loading, i18n
from nqcore.catalogue_check import file_problem
from nqsphinx import untrusted
from nqtranslate import status, tidy
from nqtranslate.catalogue import CatalogueError
from nqtranslate.guard import check_catalogue

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    found = tmp_path / "locale" / "zz" / "LC_MESSAGES"
    (found / "t3-dir.po").mkdir(parents=True)
    (found / "t3-dir.po" / "keep").touch()
    os.symlink("/dev/zero", found / "zero.po")
    os.symlink("/etc/passwd", found / "passwd.po")
    return found


def test_only_regular_files_are_catalogues(folder: Path) -> None:
    assert file_problem(folder / "t3-dir.po") == "a folder or a device, not a catalogue file"
    assert file_problem(folder / "zero.po").startswith("a symbolic link (to /dev/zero)")
    assert file_problem(Path("locale/fr/LC_MESSAGES/credits.po")) == ""


def test_the_build_names_them_before_reading_anything(folder: Path) -> None:
    found = untrusted._verify("zz", folder.parents[2] / "checked.json", folder.parents[1])
    assert sorted((f.path.name, f.line) for f in found) == [
        ("passwd.po", 1),
        ("t3-dir.po", 1),
        ("zero.po", 1),
    ]
    assert check_catalogue(folder / "t3-dir.po")[0].what.startswith("a folder or a device")


def test_translation_status_and_tidy_name_them(folder: Path) -> None:
    assert [line.split(":")[0] for line in status.not_catalogues(folder.parents[1])] == [
        str(folder / name) for name in ("passwd.po", "t3-dir.po", "zero.po")
    ]
    with pytest.raises(CatalogueError, match=r"t3-dir\.po:1: a folder or a device"):
        tidy.tidy(folder / "t3-dir.po")
    assert tidy.main([str(folder / "passwd.po")]) == 1


def test_tidy_names_a_catalogue_that_is_not_utf8_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "t1-badutf8.po"
    path.write_bytes(HEADER.encode() + b'msgid "Hello"\nmsgstr "Bon\xff\xfejour"\n')
    with pytest.raises(CatalogueError, match=rf"^{path}:6: not valid UTF-8"):
        tidy.tidy(path)


def test_the_engine_shows_english_and_names_a_linked_catalogue(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert i18n.find_catalogue(folder.parents[1], "zz", "passwd") is None
    assert i18n.find_catalogue(folder.parents[1], "zz", "passwd") is None
    error = capsys.readouterr().err
    assert error == (
        f"{folder / 'passwd.po'}:1: warning: a symbolic link (to /etc/passwd), not a catalogue: "
        "the English is shown\n"
    )
    assert "root:" not in error


PLURAL = '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n'
BODY = 'msgid "Hello"\nmsgstr "Bonjour"\n'


@pytest.mark.parametrize(
    ("plural", "line", "said"),
    [
        ('"Plural-Forms: nplurals=2; plural=__import__("os").system("id");\\n"\n', 4, "not a"),
        ('"Plural-Forms: nplurals=999999999; plural=(n > 1);\\n"\n', 4, "nplurals=999999999"),
        ('"Plural-Forms: nplurals=2; plural=(n > x);\\n"\n', 4, "Python's gettext"),
        ('"Plural-Forms: nplurals=0; plural=0;\\n"\n', 4, "nplurals=0"),
    ],
)
def test_an_absurd_plural_forms_is_refused_at_its_line_by_every_reader(
    tmp_path: Path, plural: str, line: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """tidy-po, update-po's reader, translation-status (the guard's reading) and the engine."""
    from nqtranslate.catalogue import read_catalogue

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "credits.po"
    path.write_text(HEADER.replace("\n\n", "\n" + plural + "\n") + BODY, encoding="utf-8")
    with pytest.raises(CatalogueError, match=rf"^{path}:{line}: .*{said}"):
        tidy.tidy(path)
    if said != "not a":  # Babel reads the header's quotes as it likes: msgfmt refuses them
        with pytest.raises(CatalogueError, match=rf"^{path}:{line}: .*{said}"):
            read_catalogue(path)
    assert catalogue_loading.load_po(path) == {}
    assert capsys.readouterr().err.startswith(f"{path}:{line}: warning: ")
    why = status.page_status(path, folder).why
    assert why and why[0].startswith(f"{path}:{line}: "), why


def test_translation_status_says_why_a_catalogue_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "credits.po"
    plural = PLURAL.replace("2", "x")
    path.write_text(HEADER.replace("\n\n", "\n" + plural + "\n") + BODY, encoding="utf-8")
    monkeypatch.setattr(status, "CATALOGUES", folder)
    monkeypatch.setattr(status, "all_status", lambda: [status.page_status(path, folder)])
    assert status.main([]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"translation-status: {path}:4: "), error


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('msgctxt "a"\nmsgctxt "b"\nmsgid "Hello"\nmsgstr "Bonjour"\n', 6),
        ('msgid "Hello"\nmsgstr "Bon"jour"\n', 6),
    ],
)
def test_tidy_names_the_file_and_line_of_a_syntax_error(
    tmp_path: Path, body: str, line: int
) -> None:
    path = tmp_path / "credits.po"
    path.write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(CatalogueError, match=rf"^{path}:{line}: "):
        tidy.tidy(path)
    assert tidy.main([str(path)]) == 1


@pytest.mark.parametrize(
    ("body", "line", "said"),
    [
        ('msgid "Zq"\nmsgstr ""\n' + '"a"\n' * 200_000, 6, "continued over more than 1,000 lines"),
        ('#~ msgid "Zq"\n#~ msgstr ""\n' + '#~ "a"\n' * 1_200, 6, "more than 1,000 lines"),
        ('msgid "Zq"\nmsgstr "' + "a" * 2_000_001 + '"\n', 1, "a catalogue holds at most"),
    ],
)
def test_a_catalogue_too_large_to_read_in_time_is_refused_before_any_reader(
    tmp_path: Path, body: str, line: int, said: str
) -> None:
    """The readers join a continued string in a time that grows with the square of its lines: a
    million lines held tidy-po and the French build for minutes. Refused at once, at its line."""
    path = tmp_path / "credits.po"
    path.write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(CatalogueError, match=rf"^{path}:{line}: .*{said}"):
        tidy.tidy(path)
    found = check_catalogue(path)
    assert found and found[0].line == line and said in found[0].what


@pytest.mark.parametrize("command", ["tidy", "lint"])
def test_help_shows_the_usage(command: str) -> None:
    """``--help`` was read as a catalogue's name: ``[Errno 2] No such file or directory``."""
    for asked in ("--help", "-h"):
        done = subprocess.run(
            [sys.executable, "-m", "nqtranslate", command, asked],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert done.stdout.startswith(f"usage: python -m nqtranslate {command} "), done.stdout
