"""What is made from a file, kept while the file's modification time and size stay the same.

The resident builder (:mod:`nqsphinx.site.live`) writes the sites again after each save, seconds
apart, so a file written again has a new modification time: what was made from its bytes (the
service worker's digest, the archive's copy of a page) is made again only for the files written.
A file rewritten with as many bytes within the clock's tick would keep its stamp: nothing else
writes the sites between two builds.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")


class Stamped(Generic[T]):
    """``make(path, bytes)`` of each file, made again when its stamp changed."""

    def __init__(self, make: Callable[[Path, bytes], T]) -> None:
        self.make = make
        self.known: dict[Path, tuple[int, int, T]] = {}

    def get(self, path: Path) -> T:
        stat = path.stat()
        known = self.known.get(path)
        if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
            return known[2]
        made = self.make(path, path.read_bytes())
        self.known[path] = (stat.st_mtime_ns, stat.st_size, made)
        return made
