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


def file_times(reports: Iterable[pytest.TestReport]) -> dict[str, float]:
    """Seconds per test file, from the reports of every phase."""
    times: dict[str, float] = defaultdict(float)
    for report in reports:
        times[report.nodeid.split("::", 1)[0]] += report.duration
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
