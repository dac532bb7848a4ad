"""The run's summary of where its time went, by test file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import ROOT
from tests.file_times import FileClock, file_times


def test_a_files_phases_and_parameters_add_up() -> None:
    reports = [
        pytest.TestReport("a.py::t", ("a.py", 1, "t"), {}, "passed", None, "setup", duration=0.5),
        pytest.TestReport("a.py::t", ("a.py", 1, "t"), {}, "passed", None, "call", duration=1.0),
        pytest.TestReport("a.py::u[x]", ("a.py", 2, "u"), {}, "failed", None, "call", duration=2),
        pytest.TestReport("b/c.py::v", ("b/c.py", 1, "v"), {}, "passed", None, "call", duration=1),
    ]
    assert file_times(reports) == {"a.py": 3.5, "b/c.py": 1}


def test_the_summary_lists_the_slowest_file_first(tmp_path: Path) -> None:
    (tmp_path / "test_slow.py").write_text("import time\ndef test_a():\n    time.sleep(0.3)\n")
    (tmp_path / "test_quick.py").write_text("def test_b():\n    pass\n")
    (tmp_path / "conftest.py").write_text(
        "from tests.file_times import write_summary\n"
        "def pytest_terminal_summary(terminalreporter):\n"
        "    write_summary(terminalreporter)\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    listed = [line.split()[-1] for line in run.stdout.splitlines() if line.endswith(".py")]
    assert run.returncode == 0, run.stdout
    assert listed[:2] == ["test_slow.py", "test_quick.py"]


def _report(nodeid: str, when: str, seconds: float) -> pytest.TestReport:
    return pytest.TestReport(nodeid, (nodeid, 1, "t"), {}, "passed", None, when, duration=seconds)


def test_a_slow_file_is_named_when_its_last_test_ends() -> None:
    clock = FileClock()
    clock.expect(["a.py::t", "a.py::u", "b.py::v"])
    clock.expect(["a.py::t"])  # the second worker's collection changes nothing
    said = [
        clock.ended(_report("a.py::t", "call", 50.0)),
        clock.ended(_report("a.py::t", "teardown", 1.0)),
        clock.ended(_report("b.py::v", "call", 5.0)),
        clock.ended(_report("b.py::v", "teardown", 0.0)),
        clock.ended(_report("a.py::u", "call", 9.5)),
        clock.ended(_report("a.py::u", "teardown", 0.0)),
    ]
    assert said == [None, None, None, None, None, "    60.5 s  a.py (ended)"]
