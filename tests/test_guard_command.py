"""``python -m nqtranslate guard`` refuses what the build refuses: given files (a catalogue
outside the project too), it runs every check of the build's guard on them, the theme's rule on
the characters of HTML included, names every problem of a file it can, and refuses in one line
what is no catalogue (a folder, a device, a file of two bytes ``FF FE``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqtranslate.guard import main as guard

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def _po(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.po"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _said(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = guard(list(args))
    return code, capsys.readouterr().err.splitlines()


@pytest.mark.parametrize(
    ("msgstr", "added"),
    [('Chercher \\" autofocus onfocus=\\"alert(1)', "'\"'"), ("Chercher &amp; trouver", "'&'")],
)
def test_a_theme_word_breaking_out_of_an_attribute_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], msgstr: str, added: str
) -> None:
    """Attack fourteen: the build refused these at their lines, the guard passed them."""
    path = _po(tmp_path, "theme", f'msgid "Search"\nmsgstr "{msgstr}"\n')
    code, lines = _said(capsys, str(path))
    assert code == 1
    assert lines == [
        f"{path}:5: msgstr adds {added}, not in its msgid (a word of the site is text)"
    ], lines


@pytest.mark.parametrize("blank", ["\u2800", "\u3000", "\u1160"])
def test_a_file_outside_the_project_gets_every_content_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], blank: str
) -> None:
    path = _po(tmp_path, "credits", f'msgid "Cover art by the painter"\nmsgstr "{blank}"\n')
    code, lines = _said(capsys, str(path))
    assert code == 1 and lines and all(line.startswith(f"{path}:5: ") for line in lines), lines


def test_every_problem_of_a_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _po(
        tmp_path,
        "credits",
        'msgid "One"\nmsgstr "Un\u0085"\n\nmsgid "Two"\nmsgstr "De\u2028ux"\n\n'
        'msgid "Three"\nmsgstr "Trois\u0085"\n',
    )
    code, lines = _said(capsys, str(path))
    assert code == 1
    assert [line.split(": ", 1)[0] for line in lines] == [f"{path}:6", f"{path}:9", f"{path}:12"]


@pytest.mark.parametrize(
    "make",
    [
        lambda folder: folder,
        lambda folder: Path("/dev/null"),
        lambda folder: _po(folder, "plural", 'msgid "a"\nmsgstr[0] "b"\n'),
        lambda folder: _write(folder / "bom.po", b"\xff\xfe"),
        lambda folder: folder / "missing.po",
    ],
    ids=["folder", "dev-null", "plural-without-msgid_plural", "ff-fe", "missing"],
)
def test_what_is_no_catalogue_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object
) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    code, lines = _said(capsys, str(path))
    assert code == 1 and len(lines) == 1 and lines[0].startswith(f"{path}:"), lines


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_language_still_checks_the_projects_catalogues(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _said(capsys, "fr") == (0, [])
