"""tests/cpu_profile.py counts the CPU of what a test starts, and only where it was spent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import ROOT

BURN = "import time\nend = time.process_time() + {s}\nwhile time.process_time() < end: pass\n"
TESTS = f"""
import subprocess, sys

def test_burns_in_a_subprocess():
    subprocess.run([sys.executable, "-c", {BURN.format(s=1.5)!r}], check=True)

def test_idle():
    pass
"""


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("processes", [["-p", "no:xdist"], ["-n", "2"]], ids=["one", "xdist"])
def test_a_subprocess_cpu_goes_to_its_test(tmp_path: Path, processes: list[str]) -> None:
    """In one process, or in pytest-xdist's workers, each writing its own rows."""
    (tmp_path / "test_burn.py").write_text(TESTS, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "tests.cpu_profile",
            "-p",
            "no:cacheprovider",
            *processes,
            "test_burn.py",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "CPU of the whole run" in run.stdout
    reports = sorted((tmp_path / "_build" / "test-artifacts").glob("cpu*.tsv"))
    rows = "".join(report.read_text(encoding="utf-8") for report in reports)
    cpu = {line.split("\t")[2]: float(line.split("\t")[0]) for line in rows.splitlines()}
    assert "    2 tests  in all" in run.stdout, run.stdout
    # sampled four times a second: a process's last quarter of a second may be missed
    assert 1.2 <= cpu["test_burn.py::test_burns_in_a_subprocess"] < 2.5
    assert cpu["test_burn.py::test_idle"] < 0.3
