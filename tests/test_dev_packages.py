"""``./dev`` installs what its target needs: the engine's targets neither TeX Live nor Chromium,
the books and the whole suite everything (``./dev --print-packages``, which installs nothing)."""

from __future__ import annotations

import subprocess

import pytest

from tests.building import ROOT

ENGINE = {"make", "gettext", "python3-venv", "git"}
BOOKS = {"texlive-xetex", "latexmk", "xindy", "chromium", "chromium-driver", "epubcheck", "npm"}


def packages(*args: str) -> set[str]:
    result = subprocess.run(
        [str(ROOT / "dev"), "--print-packages", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(result.stdout.split())


@pytest.mark.parametrize(
    "args",
    [
        ("test", "tests/engine"),
        ("test", "tests/engine/test_cli.py", "-k", "cast"),
        ("test", "-q", "tests/ext"),
        ("nq", "cast", "5", "--wizardry", "2"),
        ("lint",),
        ("update-po",),
    ],
)
def test_the_engines_targets_need_neither_tex_nor_chromium(args: tuple[str, ...]) -> None:
    assert packages(*args) == ENGINE


@pytest.mark.parametrize(
    "args",
    [
        (),  # ./dev alone is ./dev build
        ("build",),
        ("test",),
        ("test", "-k", "glossary"),
        ("test", "tests/engine", "tests/site/test_html.py"),
        ("test-fast",),
        ("pdf-fr",),
    ],
)
def test_the_books_and_the_whole_suite_need_everything(args: tuple[str, ...]) -> None:
    assert packages(*args) >= ENGINE | BOOKS
