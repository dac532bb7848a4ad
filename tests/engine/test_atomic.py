"""Catalogues are replaced whole: the old content or the new, never a mix, never a stray file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nqcore.atomic import TEMPORARY_GLOB, remove_leftovers, write_atomically


def test_a_write_replaces_the_file_and_keeps_its_mode(tmp_path: Path) -> None:
    po_path = tmp_path / "magic.po"
    po_path.write_bytes(b"old")
    po_path.chmod(0o640)
    assert write_atomically(po_path, b"new") is True
    assert po_path.read_bytes() == b"new"
    assert po_path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["magic.po"]


def test_the_same_bytes_are_not_written_again(tmp_path: Path) -> None:
    po_path = tmp_path / "magic.po"
    assert write_atomically(po_path, b"text") is True  # a new file, folder made if need be
    before = po_path.stat().st_ino
    assert write_atomically(po_path, b"text") is False
    assert po_path.stat().st_ino == before


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    po_path = tmp_path / "magic.po"
    po_path.write_bytes(b"old")

    def refuse(source: object, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(po_path, b"new")
    assert po_path.read_bytes() == b"old"
    assert list(tmp_path.glob(TEMPORARY_GLOB)) == []


def test_leftovers_of_a_killed_run_are_found_and_removed(tmp_path: Path) -> None:
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "magic.po").write_bytes(b"kept")
    (folder / ".magic.po.0123abcd.tmp").write_bytes(b"half")
    assert [p.name for p in remove_leftovers(tmp_path)] == [".magic.po.0123abcd.tmp"]
    assert [p.name for p in folder.iterdir()] == ["magic.po"]
