"""Write a file so that a reader, or a run killed half-way, sees the old or the new content whole.

Catalogues are the translators' work: a half-written ``.po`` would lose it.  The new content goes
to a temporary file in the same folder (``.<name>.<random>.tmp``, which no ``*.po`` glob sees),
is flushed to disk, then takes the file's place with ``os.replace``, atomic on POSIX.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

#: A catalogue's temporary file; a run killed before ``os.replace`` leaves one behind.
TEMPORARY_GLOB = ".*.po.*.tmp"
#: Seconds to wait before each ``os.replace``: lets the tests kill a run in mid-write.
PAUSE_VARIABLE = "NQ_TEST_WRITE_PAUSE"


def write_atomically(path: Path, data: bytes) -> bool:
    """Replace ``path``'s content by ``data``; return whether it changed (same bytes: no write)."""
    try:
        if path.read_bytes() == data:
            return False
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        time.sleep(float(os.environ.get(PAUSE_VARIABLE) or 0))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a crash right after it keeps the new file)."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def remove_leftovers(folder: Path) -> list[Path]:
    """Delete the catalogues' temporary files that killed writers left in ``folder`` (and below).

    Call it only while no writer can be running, e.g. under the update's lock."""
    leftovers = sorted(folder.rglob(TEMPORARY_GLOB)) if folder.is_dir() else []
    for leftover in leftovers:
        leftover.unlink(missing_ok=True)
    return leftovers
