"""The session's builds made once for all of pytest-xdist's workers.

``./dev test`` runs the suite in two processes (pytest-xdist's workers, ``-n``), and each worker is
a pytest session of its own: the session fixtures of tests/conftest.py (the sites, the rulebooks,
the e-books, the print products, ...) would each be built once per worker.  Each of them goes
through :meth:`Shared.once` instead: the first process to want a build takes its lock file in the
folder the workers share (beside their own temporary folders), makes it there and stores the
result (the pickled ``Build`` objects, with their paths) beside the lock; another worker that wants
it waits for the lock and reads the result.  A build that raised raises the same in every worker.

Sphinx compiles the pages' catalogues (``locale/fr/LC_MESSAGES/*.mo``, in the checkout) at the
start of a build that finds them older than their ``.po``: two builds started at once in two
workers, in a fresh clone, would write the same files while the other reads them.
:func:`compile_page_catalogues` compiles them first, once, as Sphinx does.

The tests of a file go to one worker, in their order (:func:`file_groups`): a module-scoped
fixture is made once, and the tests that batch every selected case of their function in the
first case that runs (the axe matrix of tests/browser/test_accessibility.py, whose offline pages
reuse the served pages' results; the faults of tests/faults/test_faults.py; Lighthouse's audits)
run their batch once.  The folders of :data:`WHOLE_FOLDERS` go whole to one worker.  The files
are handed out in the suite's order (``--no-loadscope-reorder``): the axe matrix, the largest,
first; the files that read the print builds last (tests/background.py).  pytest-xdist 3.8's own
``xdist_group`` marks do nothing under pytest 9.2 (the group it appends to the test's id is
lost: pytest-xdist issue 1386), so the groups are the scheduler's, from the test's file.

Without xdist (``-p no:xdist``, ``-n 0``) the folder is the session's own and the lock is never
waited for: the builds are made as before.  The locks are ``flock`` locks on files opened for each
call, so that they also keep apart two threads of one process (tests/background.py's and a test's),
and the system drops them with a process that dies.
"""

from __future__ import annotations

import fcntl
import os
import pickle
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from nqcore.i18n import LANGUAGES, SOURCE_LANGUAGE
from tests.building import ROOT
from tests.file_times import file_of

#: Set by pytest-xdist in each worker: gw0, gw1, ...
WORKER = "PYTEST_XDIST_WORKER"


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder all processes of this run see: under xdist, the parent of the workers' own
    temporary folders (``pytest-N/popen-gw0``, ...); without, the session's."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get(WORKER) else base) / "shared"
    folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) until the block ends."""
    with path.open("a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


class Shared:
    """Named builds, each made once in ``folder`` by whichever process asks first."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def once(self, name: str, make: Callable[[Path], Any]) -> Any:
        """``make(folder)``'s result, made here if no process has made it yet, else read."""
        result = self.folder / f"{name}.pickle"
        with locked(self.folder / f"{name}.lock"):
            if result.exists():
                made, value = pickle.loads(result.read_bytes())
                if not made:
                    raise value
                return value
            out = self.folder / name
            out.mkdir()
            try:
                value = make(out)
            except Exception as error:
                _store(result, (False, error))  # the other workers raise it too
                raise
            _store(result, (True, value))
            return value


def _store(path: Path, outcome: tuple[bool, Any]) -> None:
    """Write the outcome whole (a file renamed into place), an unpicklable error as its text."""
    try:
        data = pickle.dumps(outcome)
    except Exception:
        data = pickle.dumps((False, RuntimeError(repr(outcome[1]))))
    partial = path.with_suffix(".partial")
    partial.write_bytes(data)
    partial.replace(path)


def compile_page_catalogues(_: Path) -> None:
    """What a Sphinx build of the book does first: each page catalogue of each translation
    compiled (the same ``.mo`` bytes, by Sphinx's own code) if it is older than its ``.po``."""
    from sphinx.util.i18n import CatalogRepository

    for lang in LANGUAGES:
        if lang != SOURCE_LANGUAGE:
            for catalog in CatalogRepository(ROOT / "docs", ["../locale/"], lang, "utf-8").catalogs:
                if catalog.is_outdated():
                    catalog.write_mo(lang)


#: Minutes after which no further test file is started (``NQ_SUITE_MINUTES``; 0: no limit): a
#: run that would outlast its CI's 90 minutes stops handing out files, lets those running end
#: and fails naming the files it left, with the usual summary and file times, instead of being
#: killed with none.  75: CI spends about 1.5 min before pytest starts, and the files still to
#: hand out by then are the last ones, which wait for the print builds: on a loaded CI machine a
#: file ran 10 min past the budget (the pseudo language's rulebook, 594 s), and CI stopped the run
#: at 90 min before its summary.
BUDGET_VARIABLE = "NQ_SUITE_MINUTES"
BUDGET_MINUTES = 75.0
#: The files left unrun when the run went over its budget (filled in the controlling process).
LEFT_OVER: dict[str, int] = {}


def budget_seconds() -> float:
    """The run's budget, from the environment or :data:`BUDGET_MINUTES`; 0 for none."""
    given = os.environ.get(BUDGET_VARIABLE) or str(BUDGET_MINUTES)
    try:
        minutes = float(given)
    except ValueError:
        minutes = -1.0
    if not 0 <= minutes < float("inf"):
        raise pytest.UsageError(f"{BUDGET_VARIABLE}={given!r}: minutes, a number (0: no limit)")
    return 60 * minutes


#: Folders handed out whole: their tests share session fixtures of their own (the tiny book that
#: tests/ext/conftest.py builds in each language).
WHOLE_FOLDERS = ("tests/ext/",)


def group_of(nodeid: str) -> str:
    """The worker group of a test: its file, or its folder among :data:`WHOLE_FOLDERS`."""
    path = file_of(nodeid)
    return next((folder for folder in WHOLE_FOLDERS if path.startswith(folder)), path)


def file_groups(config: pytest.Config, log: Any) -> Any:
    """For ``--dist loadgroup``: pytest-xdist's scheduler, each test in its :func:`group_of`
    unless an ``xdist_group`` mark names one (once pytest-xdist passes it on again)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class FileGroups(LoadGroupScheduling):  # type: ignore[misc]
        started = time.monotonic()
        budget = budget_seconds()

        def _split_scope(self, nodeid: str) -> str:
            group: str = super()._split_scope(nodeid)
            return group_of(nodeid) if group == nodeid else group

        def remove_node(self, node: Any) -> str | None:
            """A crashed worker's files go back in the queue, but only those it had not
            finished: a finished one came back as empty work that no worker ever reports done,
            and the run hung at its end (pytest-xdist issues 1323, 1378)."""
            work = self.assigned_work[node]
            self.assigned_work[node] = {
                scope: unit for scope, unit in work.items() if not all(unit.values())
            }
            crashed: str | None = super().remove_node(node)
            return crashed

        def _reschedule(self, node: Any) -> None:
            """A worker runs a test once it holds the next one (or the word that there is
            none): a worker left one test waits for ever (pytest-xdist issue 1327).  So it is
            given work until it holds two tests, or told the queue is empty.  A worker started
            in place of a crashed one gets work once its collection is in; past the run's
            budget the queue is emptied (:data:`LEFT_OVER`)."""
            if node not in self.registered_collections:
                return
            if self.budget and self.workqueue and time.monotonic() - self.started > self.budget:
                LEFT_OVER.update({scope: len(unit) for scope, unit in self.workqueue.items()})
                self.workqueue.clear()
            super()._reschedule(node)
            while (
                not node.shutting_down
                and self.workqueue
                and self._pending_of(self.assigned_work[node]) < 2
            ):
                self._assign_work_unit(node)
            if not node.shutting_down and not self.workqueue:
                node.shutdown()

    return FileGroups(config, log)
