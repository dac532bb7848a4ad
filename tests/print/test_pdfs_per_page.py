"""A page read once while its file stays as it is (tests/print/pdfs.py, ``per_page``)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.print.pdfs import per_page


def test_a_page_is_read_once_and_again_when_its_file_changes(tmp_path: Path) -> None:
    calls: list[tuple[Path, int]] = []

    @per_page
    def words(pdf: Path, page: int) -> list[str]:
        calls.append((pdf, page))
        return pdf.read_text().split()[page - 1 : page]

    pdf = tmp_path / "book.pdf"
    pdf.write_text("one two")
    first = words(pdf, 2)
    first.append("added by a caller")
    assert words(pdf, 2) == ["two"]  # each call gets its own list
    assert len(calls) == 1
    pdf.write_text("one deux trois")
    os.utime(pdf, ns=(1, 1))  # a change within the clock's tick is seen by its size and time
    assert words(pdf, 2) == ["deux"]
    assert len(calls) == 2
