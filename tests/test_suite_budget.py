"""A run past its budget stops handing out test files and fails, naming those it left
(tests/sharing.py): CI's log then holds the summary instead of ending where CI killed it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.building import ROOT
from tests.sharing import BUDGET_MINUTES, BUDGET_VARIABLE, budget_seconds

FILES = [
    "tests/engine/test_turns.py",
    "tests/engine/test_upkeep.py",
    "tests/engine/test_templates.py",
    "tests/engine/test_typed_inches.py",
]


def test_a_run_past_its_budget_fails_naming_the_files_it_left() -> None:
    outer = ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_TESTRUNUID", "PYTEST_XDIST_WORKER_COUNT")
    env = {k: v for k, v in os.environ.items() if k not in outer} | {"NQ_SUITE_MINUTES": "1e-5"}
    command = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup"]
    command += ["--no-loadscope-reorder", "-p", "no:cacheprovider", *FILES]
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    left = [line.split()[0] for line in run.stdout.splitlines() if line.startswith("  tests/")]
    assert run.returncode == 1, run.stdout[-3000:]
    assert "files not run: the run went over its budget" in run.stdout
    assert left and set(left) < set(FILES), run.stdout[-3000:]


@pytest.mark.parametrize("given", ["ten", "-5", "inf", "nan"])
def test_a_budget_that_is_not_minutes_is_refused_by_name(
    given: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BUDGET_VARIABLE, given)
    with pytest.raises(pytest.UsageError, match=rf"^NQ_SUITE_MINUTES='{given}': minutes"):
        budget_seconds()


def test_zero_is_no_budget_and_nothing_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BUDGET_VARIABLE, "0")
    assert budget_seconds() == 0
    monkeypatch.delenv(BUDGET_VARIABLE)
    assert budget_seconds() == 60 * BUDGET_MINUTES
