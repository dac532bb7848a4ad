"""CPU time per test, browsers and subprocesses included: ``./dev test -n 0 -p tests.cpu_profile``.

pytest's ``--durations`` gives wall time, which on a shared machine measures the load as much as
the test; and ``time`` on the suite misses Chromium's renderers, which its zygote re-parents to
init, so that their time never reaches our rusage (the axe matrix: 88 s by rusage, 536 s here).
This plugin samples /proc four times a second, and around each test: every process below pytest
and every process of their sessions (Chromium's renderers keep the browser's), by its own CPU
time.  The builds made ahead by tests/background.py run at nice 19 and are counted apart (in a
run at nice 19 itself, nothing is).  At the end it prints the test files by CPU and writes each
test's figures to ``_build/test-artifacts/cpu.tsv``.  What a process spends after the last
sample before it ends is missed (at most a quarter of a second; a parent's reaped time is not
read, to count nothing twice).  Under pytest-xdist (``./dev test -p tests.cpu_profile``) each
worker samples its own family (its browser is a session of its own: nothing is counted twice) and
writes its tests' rows to ``cpu-<worker>.tsv`` beside ``cpu.tsv``; the main process prints the
files by CPU from all of them.  Linux only: it reads /proc.
"""

from __future__ import annotations

import os
import threading
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
#: tests/background.py's NICENESS: the builds made ahead.
AHEAD_NICENESS = 19
#: A run started at nice 19 itself (a shared machine) has its tests at the builds' niceness:
#: then nothing is told apart as made ahead (it read every test at 0.0 s, all "ahead").
OWN_NICENESS = os.nice(0) if hasattr(os, "nice") else 0
INTERVAL = 0.25
REPORT = Path("_build") / "test-artifacts" / "cpu.tsv"


@dataclass(frozen=True)
class Process:
    parent: int
    session: int
    started: int  # clock ticks after boot: with the pid, a process's identity
    cpu: float  # its own user + system seconds
    ahead: bool


def _stat(pid: str) -> Process | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return None
    # after the name: state ppid pgrp session ... utime(11) stime(12) ... nice(16) ... start(19)
    return Process(
        parent=int(fields[1]),
        session=int(fields[3]),
        started=int(fields[19]),
        cpu=(int(fields[11]) + int(fields[12])) / TICK,
        ahead=OWN_NICENESS < int(fields[16]) >= AHEAD_NICENESS,
    )


def _family(table: dict[int, Process], me: int) -> Iterator[int]:
    """This process, its descendants, and the other members of their sessions."""
    children: dict[int, list[int]] = defaultdict(list)
    for pid, process in table.items():
        children[process.parent].append(pid)
    tree, stack = set(), [me]
    while stack:
        pid = stack.pop()
        tree.add(pid)
        stack.extend(children[pid])
    sessions = {table[p].session for p in tree if p in table} - {table[me].session}
    yield from tree | {p for p, process in table.items() if process.session in sessions}


class Sampler:
    """The highest CPU time seen of each process of the family, in a thread."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, int], Process] = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        threading.Thread(target=self._loop, name="cpu-profile", daemon=True).start()

    def _loop(self) -> None:
        while not self.stop.wait(INTERVAL):
            self.sample()

    def sample(self) -> tuple[float, float]:
        """CPU seconds so far: (the tests', the builds ahead's)."""
        table = {
            int(e.name): p
            for e in os.scandir("/proc")
            if e.name.isdigit() and (p := _stat(e.name)) is not None
        }
        with self.lock:
            for pid in _family(table, os.getpid()):
                if pid in table:
                    self.seen[(pid, table[pid].started)] = table[pid]
            ahead = sum(p.cpu for p in self.seen.values() if p.ahead)
            return sum(p.cpu for p in self.seen.values()) - ahead, ahead


class CpuProfile:
    def __init__(self) -> None:
        self.sampler = Sampler()
        self.start = self.sampler.sample()
        self.per_test: dict[str, tuple[float, float]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        before = self.sampler.sample()
        yield
        after = self.sampler.sample()
        self.per_test[item.nodeid] = (after[0] - before[0], after[1] - before[1])

    def write_rows(self, report: Path) -> None:
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(
            "".join(f"{t:.3f}\t{a:.3f}\t{n}\n" for n, (t, a) in self.per_test.items()),
            encoding="utf-8",
        )

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        end = self.sampler.sample()
        self.sampler.stop.set()
        self.write_rows(REPORT)
        write = terminalreporter.write_line
        write(
            f"CPU of the whole run: tests {end[0] - self.start[0]:.1f} s, "
            f"builds made ahead {end[1] - self.start[1]:.1f} s"
        )
        for line in by_file(_rows(REPORT.parent)):
            write(line)


class WorkerProfile(CpuProfile):
    """A pytest-xdist worker's: its tests' rows, in a file of its own, as its session ends."""

    def __init__(self, worker: str) -> None:
        super().__init__()
        self.report = REPORT.with_name(f"cpu-{worker}.tsv")

    def pytest_sessionfinish(self) -> None:
        self.sampler.stop.set()
        self.write_rows(self.report)


def _rows(folder: Path) -> dict[str, tuple[float, float]]:
    """Every test's (CPU, CPU of the builds ahead) in ``cpu.tsv`` and the workers' files."""
    rows: dict[str, tuple[float, float]] = {}
    for report in sorted(folder.glob("cpu*.tsv")):
        for line in report.read_text(encoding="utf-8").splitlines():
            tests, ahead, nodeid = line.split("\t", 2)
            rows[nodeid] = (float(tests), float(ahead))
    return rows


def by_file(rows: dict[str, tuple[float, float]]) -> list[str]:
    """The report's lines: the test files by CPU, the total last."""
    files: dict[str, tuple[float, float, int]] = defaultdict(lambda: (0.0, 0.0, 0))
    for nodeid, (tests, ahead) in rows.items():
        name = nodeid.split("::")[0]
        total = files[name]
        files[name] = (total[0] + tests, total[1] + ahead, total[2] + 1)
    lines = [
        f"{tests:8.1f} s {ahead:8.1f} s ahead {count:5d} tests  {name}"
        for name, (tests, ahead, count) in sorted(files.items(), key=lambda r: -sum(r[1][:2]))
    ]
    tests = sum(t for t, _ in rows.values())
    ahead = sum(a for _, a in rows.values())
    return [*lines, f"{tests:8.1f} s {ahead:8.1f} s ahead {len(rows):5d} tests  in all"]


def pytest_configure(config: pytest.Config) -> None:
    if not Path("/proc/self/stat").is_file():
        return
    worker = getattr(config, "workerinput", None)
    if worker is None:
        for old in REPORT.parent.glob("cpu-*.tsv"):
            old.unlink()
        config.pluginmanager.register(CpuProfile(), "cpu-profile")
    else:
        config.pluginmanager.register(WorkerProfile(worker["workerid"]), "cpu-profile")
