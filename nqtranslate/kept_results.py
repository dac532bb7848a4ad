"""Warnings of pure checks kept for the life of the process, under the bytes of every file they
read: a process that builds many books (the extension's tests build the tiny rulebook tens of
times) checks the same package catalogues against the same engine once, not at each build
(10 s of a 14 s tiny build).  A file changed, added or removed is another key: the check runs
again."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path

_KEPT: dict[tuple[str, ...], tuple[str, ...]] = {}


def files_digest(paths: Iterable[Path]) -> str:
    """One digest of the paths and their bytes (a missing file is one too)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0")
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            digest.update(b"missing")
    return digest.hexdigest()


def kept_lines(
    key: tuple[str, ...], read: Iterable[Path], make: Callable[[], list[str]]
) -> list[str]:
    """``make()``, or what it gave for ``key`` when ``read`` held the same bytes; a new list each
    time (the callers add to it)."""
    full = (*key, files_digest(read))
    if full not in _KEPT:
        _KEPT[full] = tuple(make())
    return list(_KEPT[full])
