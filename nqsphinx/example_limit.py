"""A time limit on each worked example, in the sandbox's process: an example still running after
:data:`SECONDS` (``while True: pass``) ends the process that runs it, with one line naming its
page and line, so the build stops instead of hanging.

``make verify-examples`` loads it into pytest (``-p nqsphinx.example_limit``); the resident
builder's child runs each example under :func:`limit` (:mod:`nqsphinx.site.live_examples`).
Code that silences the alarm is still ended by the limit on the whole sandboxed run (the
Makefile's ``timeout``, :func:`nqsphinx.sandbox.run`'s).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

#: Seconds one example may run (the book's 238 examples take under two seconds in all); the
#: environment's NQ_EXAMPLE_SECONDS, which a page cannot set, may say fewer (the tests' plants).
SECONDS = float(os.environ.get("NQ_EXAMPLE_SECONDS", "20"))
#: The exit status of a process ended by the limit.
EXIT = 1


def message(where: str, seconds: float = SECONDS) -> str:
    return f"{where}: error: the example still ran after {seconds:g} s, stopped (does it end?)"


def start(
    where: str, seconds: float | None = None, release: Callable[[], object] = lambda: None
) -> None:
    """From now on, after ``seconds``: write :func:`message` on the error output (after
    ``release``, which gives it back: pytest's capture) and end the process at once (no
    traceback, no clean-up the page's code could hold)."""
    seconds = SECONDS if seconds is None else seconds

    def stop(_signum: int, _frame: FrameType | None) -> None:
        with contextlib.suppress(Exception):
            release()
        os.write(2, f"\n{message(where, seconds)}\n".encode())  # after the progress dots
        os._exit(EXIT)

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def stop() -> None:
    """No limit any more."""
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)


@contextlib.contextmanager
def limit(where: str, seconds: float | None = None) -> Iterator[None]:
    """The block run under :func:`start`'s limit."""
    start(where, seconds, release=lambda: None)
    try:
        yield
    finally:
        stop()


def where(item: Any) -> str:
    """``docs/page.md:LINE``: a pytest item's page, from the folder pytest runs in, and line."""
    example = getattr(item, "example", None)
    line = example.line if example is not None else (item.location[1] or 0) + 1
    with contextlib.suppress(ValueError):
        return f"{Path(item.path).resolve().relative_to(Path.cwd().resolve())}:{line}"
    return f"{item.path}:{line}"


# pytest's hooks (the plugin's): plain functions, so that the package does not import pytest.
def pytest_runtest_setup(item: Any) -> None:
    capture = item.config.pluginmanager.getplugin("capturemanager")
    start(where(item), release=capture.suspend_global_capture if capture else (lambda: None))


def pytest_runtest_teardown(item: Any) -> None:  # noqa: ARG001 - pytest names it
    stop()
