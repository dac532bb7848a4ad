"""The test files that took longest, summed over their tests' setup, call and teardown: printed at
the end of every run, so that a CI log says where the suite's time goes.
Wall time, not CPU (``tests/cpu_profile.py`` counts CPU, in one process): under pytest-xdist a
file's tests all run in one worker, so its sum is the time that worker spent on it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import pytest

#: How many files the summary lists.
SHOWN = 20
#: A file that took this long (seconds, all its phases) is named as it ends: a run stopped
#: before its summary still says where its time went.
SLOW_FILE = 60.0


def file_of(nodeid: str) -> str:
    """The test file of a test's id (``tests/a.py::test_b[x]``: ``tests/a.py``)."""
    return nodeid.split("::", 1)[0]


def file_times(reports: Iterable[pytest.TestReport]) -> dict[str, float]:
    """Seconds per test file, from the reports of every phase."""
    times: dict[str, float] = defaultdict(float)
    for report in reports:
        times[file_of(report.nodeid)] += report.duration
    return dict(times)


def write_summary(terminalreporter: pytest.TerminalReporter) -> None:
    reports = [
        report
        for kind in ("passed", "failed", "skipped", "error", "xfailed", "xpassed")
        for report in terminalreporter.stats.get(kind, [])
        if isinstance(report, pytest.TestReport)
    ]
    times = file_times(reports)
    if len(times) < 2:
        return
    terminalreporter.section(f"the {SHOWN} slowest test files (wall time, all phases)")
    for name, seconds in sorted(times.items(), key=lambda item: -item[1])[:SHOWN]:
        terminalreporter.write_line(f"{seconds:8.1f} s  {name}")
    terminalreporter.write_line(f"{sum(times.values()):8.1f} s  in all {len(times)} files")


class FileClock:
    """Each test file's time, added up as its reports come (in the controlling process under
    pytest-xdist): :meth:`ended` gives the line to print once a slow file's last test is done."""

    def __init__(self) -> None:
        self.left: dict[str, int] = defaultdict(int)
        self.seconds: dict[str, float] = defaultdict(float)

    def expect(self, nodeids: Iterable[str]) -> None:
        """The run's tests, once (a second worker's identical collection is ignored)."""
        if not self.left:
            for nodeid in nodeids:
                self.left[file_of(nodeid)] += 1

    def ended(self, report: pytest.TestReport) -> str | None:
        name = file_of(report.nodeid)
        self.seconds[name] += report.duration
        if report.when != "teardown" or name not in self.left:
            return None
        self.left[name] -= 1
        seconds = self.seconds[name]
        if self.left[name] or seconds < SLOW_FILE:
            return None
        return f"{seconds:8.1f} s  {name} (ended)"
