"""The code stays clean: ruff passes on the engine, the extension, the tests and tools/, mypy
--strict on the packages, and ruff format has laid out the extension, print, the translation
tooling and tools/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.building import ROOT


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "nqcore",
            "nqsphinx",
            "nqcompanion",
            "nqprint",
            "nqtranslate",
            "tests",
            "examples",
            "conf.py",
            "tools",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_laid_out_by_ruff_format() -> None:
    """The folders of the Makefile's FORMATTED (``./dev lint`` checks the same)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    folders = next(line for line in makefile.splitlines() if line.startswith("FORMATTED :="))
    command = [sys.executable, "-m", "ruff", "format", "--check", *folders.split()[2:]]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_engine_never_imports_sphinx() -> None:
    code = (
        "import sys, nqcore.cli.export; nqcore.cli.export.export(); print('sphinx' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


def test_browser_tests_wait_through_the_debugging_protocol() -> None:
    """Playwright's ``wait_for_function`` polls with ``eval``, which the pages' policy refuses
    whenever the first look finds the expression false: a race that CI lost (stop 39).  The
    browser tests wait with ``tests.browser.conftest.wait_until`` instead."""
    racing = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".wait_for_" + "function(" in line  # split, or this line would find itself
    ]
    assert racing == []


def test_the_import_contracts_are_kept() -> None:
    """The layers of pyproject.toml's ``[tool.importlinter]``: the engine imports none of the
    packages built on it, and no package imports one of a layer above its own."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_engine_says_a_refused_field_without_the_companion() -> None:
    """``nq army`` says msgspec's complaint in French with the engine's own words: the companion
    (the At the table page's bridge) is not imported."""
    code = (
        "import sys\n"
        "from nqcore.army.force import ArmyError\n"
        "error = ArmyError('x', where='army.toml')\n"
        "error.entry, error.field, error.problem = ('unit', 0), 'models', 'Expected `int` >= 1'\n"
        "print(error.text('fr'))\n"
        "print(sorted(m for m in sys.modules if m.startswith('nqcompanion')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    said, companion = result.stdout.strip().splitlines()
    assert said.startswith("army.toml, unité nº 1, champ models"), result.stdout + result.stderr
    assert companion == "[]"
