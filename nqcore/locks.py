"""One run at a time in a checkout: an exclusive lock on a file (``flock``), held for the whole
run and released when its process ends, killed too.  ``./dev update-po`` holds
``locale/.update-po.lock`` (:mod:`nqtranslate.update`); a build of the sites or the books holds
``_build/.build.lock`` (``./dev``): two builds in one checkout share ``_build``, its staged
sites and doctrees, and one would read what the other is writing.

``python3 -m nqcore.locks [--wait SECONDS] [--name NAME] LOCK -- COMMAND...`` runs ``COMMAND``
holding ``LOCK``; a second run waits for the first, up to ``SECONDS``, then refuses in one line.
The standard library only: ``./dev`` runs it before anything else.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


class Busy(Exception):
    """Another run holds the lock, past the wait; told in one line."""


def _try_lock(handle: IO[str]) -> bool:
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def exclusive_lock(path: Path, wait: float, who: str, what: str = "run") -> Iterator[None]:
    """Hold ``path``'s lock; wait up to ``wait`` seconds for another ``what`` to release it,
    saying so once as ``who``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        if not _try_lock(handle):
            if wait > 0:
                print(f"{who}: waiting for another {what} to finish ({path})", file=sys.stderr)
            deadline = time.monotonic() + wait
            while not _try_lock(handle):
                if time.monotonic() >= deadline:
                    raise Busy(f"{path}: another {what} holds it (waited {wait:g} s)")
                time.sleep(0.1)
        yield  # closing the file releases the lock, also when the run is killed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m nqcore.locks", description="Run a command holding a lock file."
    )
    parser.add_argument("--wait", type=float, default=3600, help="seconds (default 3600)")
    parser.add_argument("--name", default="build", help="who waits, in its messages")
    parser.add_argument("lock", type=Path)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run")
    what = "build of this checkout"
    try:
        with exclusive_lock(args.lock, args.wait, args.name, what):
            return subprocess.run(command, check=False).returncode
    except Busy as busy:
        print(f"{args.name}: {busy}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
