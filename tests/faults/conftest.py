"""Runs every fault (and the baseline) once per session, in scratch copies, in parallel; the
terminal summary counts the faults injected and caught."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.faults import seeding
from tests.faults.injections import (
    BASELINE,
    BUILD_EN,
    BUILD_FR,
    FAULTS,
    PDF_FR,
    TOUCHED,
    Command,
    Fault,
    one_line_error,
)
from tools.scratch import Run, copy_project, offline, project_files, run_offline


def _says(output: str, text: str) -> bool:
    if text.startswith("re:"):
        return re.search(text[3:], output) is not None
    return text in output


@dataclass
class Outcome:
    """What the checks said about one copy (a fault's, or the unchanged baseline)."""

    name: str
    expected: list[str]
    runs: list[Run] = field(default_factory=list)
    copy: Path | None = None
    absent: tuple[str, ...] = ()
    #: Files (of the copy, or absolute) the checks must leave where they are: nothing is lost.
    kept: tuple[str, ...] = ()

    def problems(self) -> list[str]:
        """Why the fault is not caught (empty: caught)."""
        found = []
        for run in self.runs:
            command = " ".join(run.command[-2:])
            if run.returncode == 0:
                found.append(f"{command}: passed")
            found += [
                f"{command}: does not say {text!r}"
                for text in self.expected
                if not _says(run.output, text)
            ]
            if one_line_error(run.command):
                lines = run.output.strip().splitlines()
                if len(lines) != 1 or "Traceback" in run.output:
                    found.append(f"{command}: not a one-line error: {run.output[-500:]!r}")
        return found + self.published() + self.lost()

    def lost(self) -> list[str]:
        """The files that should still be there after the checks and are not."""
        if self.copy is None:
            return []
        return [f"{name}: lost" for name in self.kept if not os.path.lexists(self.copy / name)]

    def published(self) -> list[str]:
        """The texts that reached the built output although the fault should have stopped them."""
        if self.copy is None or not self.absent:
            return []
        found = []
        for path in sorted((self.copy / "_build").rglob("*")):
            if path.is_file() and path.suffix not in (".log", ".pickle", ".doctree"):
                data = path.read_bytes()
                found += [
                    f"{path.relative_to(self.copy)}: holds {text!r}"
                    for text in self.absent
                    if text.encode() in data
                ]
        return found

    def report(self) -> str:
        return "\n\n".join(
            f"$ {' '.join(r.command)}  (exit {r.returncode})\n{r.output[-4000:]}" for r in self.runs
        )


@dataclass
class Session:
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    baseline: Outcome | None = None
    seconds: float = 0.0
    #: The baseline's copy seeded from its build, its page and catalogue saved again unchanged.
    touched: Outcome | None = None
    #: The faults whose copy started from the baseline's build, and why that is safe.
    seeded: dict[str, str] = field(default_factory=dict)


SESSION = Session()


def _builds(checks: Iterable[Command]) -> bool:
    """Whether the checks build (a site, or the French PDF: its examples and catalogues)."""
    return any(c in (BUILD_EN, BUILD_FR, PDF_FR) for c in checks)


def _languages(checks: Iterable[Command]) -> list[str]:
    return [lang for lang, build in (("en", BUILD_EN), ("fr", BUILD_FR)) if build in checks]


@dataclass
class Copy:
    """A fault's copy, injected; seeded from the baseline's build when that is safe."""

    fault: Fault
    path: Path
    outcome: Outcome
    changed: list[str]
    seeded: bool
    why: str


def _prepare(base: Path, fault: Fault, files: list[str]) -> Copy:
    path = copy_project(base / fault.name)
    before = seeding.snapshot(path, files)
    outcome = Outcome(
        fault.name, fault.inject(path), copy=path, absent=fault.absent, kept=fault.kept
    )
    changed = seeding.changed_files(path, before)
    safe, why = seeding.seed_safe(changed)
    if not _builds(fault.checks):
        safe, why = False, "no build among its checks"
    return Copy(fault, path, outcome, changed, safe, why)


def _run_copy(copy: Copy, built: list[Future[Run]], seed_from: Path) -> list[Run]:
    """The fault's checks, one after the other; a copy that builds a site first waits for the
    baseline's builds, to take, when safe, the build itself."""
    if _builds(copy.fault.checks):
        for job in built:
            job.result()
        if copy.seeded and all(job.result().returncode == 0 for job in built):
            seeding.seed(seed_from, copy.path, _languages(copy.fault.checks))
            seeding.newer_than_build(copy.path, copy.changed)
    return [run_offline(c, copy.path) for c in copy.fault.checks]


def _rebuild_touched(path: Path, built: list[Future[Run]], seed_from: Path) -> list[Run]:
    """Both sites in a copy seeded from the baseline whose page and catalogue were saved again
    unchanged: the proof that a seeded copy builds what a clean one does."""
    for job in built:
        job.result()
    seeding.seed(seed_from, path, ("en", "fr"))
    seeding.newer_than_build(path, TOUCHED)
    return [run_offline(c, path) for c in (BUILD_EN, BUILD_FR)]


def _run_all(base: Path, names: set[str], with_baseline: bool) -> Session:
    started = time.monotonic()
    files = project_files()
    chosen = [_prepare(base, f, files) for f in FAULTS if f.name in names]
    SESSION.outcomes = {c.fault.name: c.outcome for c in chosen}
    SESSION.seeded = {c.fault.name: c.why for c in chosen if c.seeded}
    seed_from = copy_project(base / "baseline")
    baseline = Outcome("baseline", [], copy=seed_from)
    touched = Outcome("seeded-baseline", [], copy=base / "seeded-baseline")
    # The baseline's builds first: the copies that build a site wait for them.
    checks: tuple[Command, ...] = BASELINE if with_baseline else ()
    if not with_baseline and any(_builds(c.fault.checks) for c in chosen):
        checks = (BUILD_EN, BUILD_FR)
    # The copies that wait for nothing first, then those built clean, then the seeded ones.
    chosen.sort(key=lambda c: (_builds(c.fault.checks), c.seeded))
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        first = sorted(checks, key=lambda c: not _builds([c]))
        jobs = {c: pool.submit(run_offline, c, seed_from) for c in first}
        built = [jobs[c] for c in (BUILD_EN, BUILD_FR) if c in jobs]
        runs = {c.fault.name: pool.submit(_run_copy, c, built, seed_from) for c in chosen}
        if with_baseline:
            again = copy_project(base / "seeded-baseline")
            rebuilt = pool.submit(_rebuild_touched, again, built, seed_from)
            baseline.runs = [jobs[c].result() for c in checks]
            touched.runs = rebuilt.result()
        for copy in chosen:
            copy.outcome.runs = runs[copy.fault.name].result()
    SESSION.baseline = baseline if with_baseline else None
    SESSION.touched = touched if with_baseline else None
    SESSION.seconds = time.monotonic() - started
    return SESSION


#: The tests that read the baseline's outcome (its copy is built only for them, or for seeding).
BASELINE_TESTS_NAMES = (
    "test_the_unchanged_copy_passes_every_check_offline",
    "test_a_copy_seeded_from_the_baseline_rebuilds_the_same_sites",
)


@pytest.fixture(scope="session")
def faults(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Session:
    """Runs the faults whose tests are selected (all, unless ``-k`` chose some)."""
    names, with_baseline = set(), False
    for item in request.session.items:
        params = getattr(item, "callspec", None)
        fault = params.params.get("fault") if params else None
        if isinstance(fault, Fault):
            names.add(fault.name)
        with_baseline |= item.name in BASELINE_TESTS_NAMES
    return _run_all(tmp_path_factory.mktemp("faults"), names, with_baseline)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "faults: fault injection in scratch copies (slow)")


def summary(verbose: bool) -> list[str]:
    """The report's lines: the faults injected and caught; with ``-v``, each check's time."""
    if not SESSION.outcomes:
        return []
    caught = [o.name for o in SESSION.outcomes.values() if not o.problems()]
    missed = [o.name for o in SESSION.outcomes.values() if o.problems()]
    if SESSION.baseline is None:
        baseline = "not checked"
    else:
        baseline = "FAILS" if any(r.returncode for r in SESSION.baseline.runs) else "passes"
    lines = [
        f"faults: {len(SESSION.outcomes)} injected, {len(caught)} caught"
        + (f" (missed: {', '.join(missed)})" if missed else "")
        + f"; unchanged copy {baseline}; {len(SESSION.seeded)} from its build"
        + f"; {SESSION.seconds:.0f} s, offline by {offline().how}"
    ]
    if verbose:
        shown = [o for o in (SESSION.baseline, SESSION.touched) if o is not None]
        for outcome in shown + list(SESSION.outcomes.values()):
            for run in outcome.runs:
                lines.append(
                    f"  {outcome.name}: {run.seconds:5.1f} s  {' '.join(run.command[-1:])}"
                )
    return lines


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker, the report goes to the main process (tests/conftest.py)."""
    relayed = getattr(session.config, "workeroutput", None)
    if relayed is not None:
        relayed["summary"] = summary(session.config.get_verbosity() > 0)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for line in summary(terminalreporter.config.get_verbosity() > 0):
        terminalreporter.write_line(line)
