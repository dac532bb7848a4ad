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
import errno
import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class Busy(Exception):
    """The lock is not to be had, told in one line: another run holds it past the wait, or its
    path is no regular file (:func:`open_lock`)."""


def open_lock(path: Path) -> int:
    """``path`` opened to be locked: created if missing, never through a symbolic link (a
    dangling one would create its target, outside the checkout), never blocking (a FIFO waits
    for a reader before any wait applies), and only if it is a regular file (a directory, a
    FIFO, a device refused: :class:`Busy`)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    refused = f"{path}: not a regular file (a directory, a FIFO or a symbolic link?): refused;"
    refused += " remove it and run again"
    try:
        handle = os.open(path, flags, 0o644)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.ENOTDIR, errno.EMLINK):
            raise Busy(refused) from None
        raise Busy(f"{path}: {error.strerror}") from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise Busy(refused)
    return handle


def _try_lock(handle: int) -> bool:
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
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise Busy(f"{path.parent}: {error.strerror}") from None
    handle = open_lock(path)
    try:
        if not _try_lock(handle):
            if wait > 0:
                print(f"{who}: waiting for another {what} to finish ({path})", file=sys.stderr)
            deadline = time.monotonic() + wait
            while not _try_lock(handle):
                if time.monotonic() >= deadline:
                    raise Busy(f"{path}: another {what} holds it (waited {wait:g} s)")
                time.sleep(0.1)
        yield  # closing the file releases the lock, also when the run is killed
    finally:
        os.close(handle)


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
