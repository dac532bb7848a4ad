"""What is made from a file is kept while its stamp holds, and made again once it is written."""

from __future__ import annotations

import os
from pathlib import Path

from nqsphinx.site.stamped import Stamped


def test_a_file_is_read_again_only_when_written_again(tmp_path: Path) -> None:
    made: list[bytes] = []

    def upper(path: Path, data: bytes) -> bytes:
        made.append(data)
        return data.upper()

    stamped = Stamped(upper)
    page = tmp_path / "page.html"
    page.write_bytes(b"one")
    assert stamped.get(page) == b"ONE" and stamped.get(page) == b"ONE"
    assert made == [b"one"]
    page.write_bytes(b"two")
    stat = page.stat()
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # a later save
    assert stamped.get(page) == b"TWO" and made == [b"one", b"two"]
