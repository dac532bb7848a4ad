"""A data file's bytes, read only where it is a file of the project: a regular file, not a
symbolic link, within its folder, of a bounded size. A contributor's change can carry a link:
``errata/zz.toml`` linked to ``/dev/zero`` made ``nq errata`` hang, linked to
``/etc/os-release`` read it (attacker round 31)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Not through a final link, where the system can say so (Pyodide's file system may not).
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: The largest data file read: confusables.toml, the largest, holds 120 kB.
MAX_DATA_BYTES = 4 * 1024 * 1024


def file_bytes(path: Path, where: str, inside: Path | None = None) -> bytes:
    """The bytes of a data file: a regular file, not a symbolic link, and within ``inside`` if
    given, at most :data:`MAX_DATA_BYTES`; else :class:`DataFileError` naming ``where``."""
    from nqcore.data.datafiles import DataFileError

    if path.is_symlink():
        raise DataFileError(f"{where}: a symbolic link, not a file: refused")
    if inside is not None and not path.resolve().is_relative_to(inside.resolve()):
        raise DataFileError(f"{where}: a link out of {inside.name}/: refused")
    try:
        fd = os.open(path, os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise DataFileError(f"{where}: a symbolic link, not a file: refused") from None
        raise DataFileError(f"{where}: cannot read the file ({error.strerror})") from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise DataFileError(f"{where}: not a regular file: refused")
        data = file.read(MAX_DATA_BYTES + 1)
    if len(data) > MAX_DATA_BYTES:
        raise DataFileError(f"{where}: larger than {MAX_DATA_BYTES // 2**20} MiB: refused")
    return data
