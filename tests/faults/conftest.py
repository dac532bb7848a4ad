"""Runs every fault (and the baseline) once per session, in scratch copies, in parallel; the
terminal summary counts the faults injected and caught."""

from __future__ import annotations

import os
import re
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.faults.injections import BASELINE, FAULTS, Fault, one_line_error
from tests.faults.scratch import Run, copy_project, offline, run_offline


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
        return found + self.published()

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


SESSION = Session()


def _builds(fault: Fault) -> bool:
    return any("/site/" in part or part.startswith("html") for c in fault.checks for part in c)


def _run_all(base: Path, names: set[str], with_baseline: bool) -> Session:
    started = time.monotonic()
    jobs: list[tuple[Outcome, Future[Run]]] = []
    # Heavy checks first (those that build sites), so that the light ones fill the gaps.
    chosen = sorted((f for f in FAULTS if f.name in names), key=lambda f: not _builds(f))
    baseline = Outcome("baseline", [])
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        if with_baseline:
            copy = copy_project(base / "baseline")
            jobs += [(baseline, pool.submit(run_offline, c, copy)) for c in BASELINE]
        for fault in chosen:
            copy = copy_project(base / fault.name)
            outcome = Outcome(fault.name, fault.inject(copy), copy=copy, absent=fault.absent)
            SESSION.outcomes[fault.name] = outcome
            jobs += [(outcome, pool.submit(run_offline, c, copy)) for c in fault.checks]
        for outcome, job in jobs:
            outcome.runs.append(job.result())
    SESSION.baseline = baseline if with_baseline else None
    SESSION.seconds = time.monotonic() - started
    return SESSION


@pytest.fixture(scope="session")
def faults(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Session:
    """Runs the faults whose tests are selected (all, unless ``-k`` chose some)."""
    names, with_baseline = set(), False
    for item in request.session.items:
        params = getattr(item, "callspec", None)
        fault = params.params.get("fault") if params else None
        if isinstance(fault, Fault):
            names.add(fault.name)
        with_baseline |= item.name == "test_the_unchanged_copy_passes_every_check_offline"
    return _run_all(tmp_path_factory.mktemp("faults"), names, with_baseline)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "faults: fault injection in scratch copies (slow)")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not SESSION.outcomes:
        return
    caught = [o.name for o in SESSION.outcomes.values() if not o.problems()]
    missed = [o.name for o in SESSION.outcomes.values() if o.problems()]
    if SESSION.baseline is None:
        baseline = "not checked"
    else:
        baseline = "FAILS" if any(r.returncode for r in SESSION.baseline.runs) else "passes"
    terminalreporter.write_line(
        f"faults: {len(SESSION.outcomes)} injected, {len(caught)} caught"
        + (f" (missed: {', '.join(missed)})" if missed else "")
        + f"; unchanged copy {baseline}; {SESSION.seconds:.0f} s, offline by {offline().how}"
    )
    if terminalreporter.config.get_verbosity() > 0:
        shown = [SESSION.baseline] if SESSION.baseline else []
        for outcome in shown + list(SESSION.outcomes.values()):
            for run in outcome.runs:
                terminalreporter.write_line(
                    f"  {outcome.name}: {run.seconds:5.1f} s  {' '.join(run.command[-1:])}"
                )
