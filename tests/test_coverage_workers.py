"""The suite's coverage leaves the tests it does not measure untraced, under pytest-xdist too:
pytest-cov 7.1 starts a second, unsaved measurement in each worker, which each ``no_cover`` pause
of the worker's own resumed (tests/conftest.py, ``_one_tracer_in_a_worker``)."""

from __future__ import annotations

import subprocess
import sys

from tests.building import ROOT


def test_a_no_cover_test_in_a_worker_runs_untraced() -> None:
    run = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2"),
            *("--cov=nqcore", "--cov-report=", "-o", "python_files=probe_*.py"),
            "tests/probe_tracing.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "4 passed" in run.stdout, run.stdout[-2000:]
