"""The code stays clean: ruff and mypy --strict pass on the engine, the extension and the tests."""

from __future__ import annotations

import subprocess
import sys

from tests.building import ROOT


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "nqcore", "nqsphinx", "nqprint", "tests",
         "examples", "conf.py"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
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
