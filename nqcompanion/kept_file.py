"""A file a build makes once and later builds read: the answer tables, the engine's slow steps."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path


def kept_file(path: Path, make: Callable[[], bytes]) -> bytes:
    """``path``'s bytes, made by ``make()`` if it is missing.  Two builds that want it at once
    make it once: the second waits for the first's lock, then reads its file, which is written
    whole (never seen half written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with (path.parent / f".{path.name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if path.is_file():
            return path.read_bytes()
        data = make()
        part = path.with_name(f".{path.name}.{os.getpid()}.part")
        part.write_bytes(data)
        part.replace(path)
        return data
