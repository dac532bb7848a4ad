"""The print builds made ahead, beside the tests that need no build.

Most tests run in one process on one core; the builds of the rulebooks (Sphinx, then xelatex
several times), their Letter editions, the e-books (and epubcheck on them), the print products,
the pseudo language and Sphinx's doctest builder keep both cores busy for minutes.  From the first
test after the :data:`QUIET` ones on, one thread makes these builds, one after another, at the
lowest priority (nice 19: the tests keep their core, the builds take the idle one); a test that
reads a build waits for it if it is not done.  The tests that read these builds run last
(:func:`builds_last`), so that the tests before them hide the builds' time.  Under pytest-xdist
(``./dev test``, tests/sharing.py) each worker has this thread, from its first test on, and each
build is made once, by the first process to want it.

A build no chosen test needs is not made; one asked for before the thread started is made at
once, in the asking thread.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

#: The tests that run first (alphabetical order) and want a quiet machine: the browser's
#: (Lighthouse's timings) and the engine's (Hypothesis's 200 ms deadline for each example, the
#: command line's answers within 1 s).  The builds start after them.
QUIET = ("tests/browser", "tests/engine")
#: The niceness of the builds made ahead (their processes inherit it from the thread).
NICENESS = 19


def _lower_priority() -> None:
    """Lower this thread's priority; on Linux each thread has its own, and the processes it
    starts inherit it.  Elsewhere the builds keep the normal priority."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)
    except (AttributeError, OSError):
        pass


class Background:
    """Named builds, each made once: ahead in the thread once :meth:`start` is called, or at
    once by the first :meth:`result` that asks for it before."""

    def __init__(self, wanted: Iterable[str]) -> None:
        self._wanted = set(wanted)
        self._jobs: dict[str, Callable[[], Any]] = {}
        self._futures: dict[str, Future[Any]] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(1, "builds-ahead", initializer=_lower_priority)

    def add(self, name: str, job: Callable[[], Any]) -> None:
        """A build, after those it reads (the thread makes them in this order)."""
        self._jobs[name] = job

    def start(self) -> None:
        """Make ahead the wanted builds that nobody has asked for yet."""
        with self._lock:
            for name, job in self._jobs.items():
                if name in self._wanted and name not in self._futures:
                    self._futures[name] = self._pool.submit(job)

    def result(self, name: str) -> Any:
        with self._lock:
            future = self._futures.get(name)
            made_here = future is None
            if future is None:
                future = self._futures[name] = Future()
        if made_here:
            try:
                future.set_result(self._jobs[name]())
            except BaseException as error:
                future.set_exception(error)
        return future.result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


#: The fixtures whose builds are made ahead, in the order the thread makes them.
AHEAD = (
    "latex_builds",
    "pdf_builds",
    "epub_builds",
    "epubcheck_runs",
    "letter_pdf_builds",
    "products",
    "pseudo_builds",
    "doctest_builds",
)


def needs_builds(item: pytest.Item) -> bool:
    return any(name in AHEAD for name in getattr(item, "fixturenames", ()))


def builds_last(items: list[pytest.Item]) -> None:
    """Move the test files that read a build made ahead to the end, in their order."""
    files = {item.path for item in items if needs_builds(item)}
    items.sort(key=lambda item: item.path in files)  # stable: the order is otherwise kept
