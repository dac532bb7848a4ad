"""``./dev`` installs what its target needs: the engine's targets neither TeX Live nor Chromium,
the books and the whole suite everything (``./dev --print-packages``, which installs nothing)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.building import ROOT

ENGINE = {"make", "gettext", "python3-venv", "git"}
BOOKS = {
    "texlive-xetex",
    "latexmk",
    "xindy",
    "chromium",
    "chromium-headless-shell",
    "epubcheck",
    "npm",
}


def dev_says(*args: str, env: dict[str, str] | None = None) -> set[str]:
    """The packages ``./dev`` prints for ``args`` (a dry run: it installs nothing)."""
    result = subprocess.run(
        [str(ROOT / "dev"), *args], cwd=ROOT, capture_output=True, text=True, check=True, env=env
    )
    return set(result.stdout.split())


def packages(*args: str) -> set[str]:
    return dev_says("--print-packages", *args)


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


def missing(path: str, *args: str) -> set[str]:
    """What ``./dev`` would install on a machine whose PATH is ``path``."""
    return dev_says("--print-missing", *args, env={"PATH": path, "HOME": "/nonexistent"})


def bare_path(tmp_path: Path, *tools: str) -> str:
    """A PATH holding only what ``./dev`` itself runs (bash, dirname) and stubs named ``tools``."""
    for name in ("bash", "dirname", "env"):
        found = shutil.which(name)
        assert found, name
        (tmp_path / name).symlink_to(found)
    for name in tools:
        stub = tmp_path / name
        stub.write_text("#!/bin/sh\nexit 0\n")
        stub.chmod(0o755)
    return str(tmp_path)


def test_node_from_elsewhere_asks_apt_for_neither_nodejs_nor_npm(tmp_path: Path) -> None:
    """NodeSource's nodejs brings its own npm, and apt refuses Debian's npm beside it."""
    wanted = missing(bare_path(tmp_path, "node", "npm"), "build")
    assert {"texlive-xetex", "chromium", "make"} <= wanted
    assert not wanted & {"nodejs", "npm"}


def test_a_machine_without_node_gets_both(tmp_path: Path) -> None:
    wanted = missing(bare_path(tmp_path), "build")
    assert {"nodejs", "npm"} <= wanted


def test_node_without_npm_gets_npm_only(tmp_path: Path) -> None:
    wanted = missing(bare_path(tmp_path, "node"), "build")
    assert "npm" in wanted
    assert "nodejs" not in wanted
