"""A data file is read only as a regular file of its folder (:mod:`nqcore.data.file_bytes`):
attacker round 31 linked ``nqcore/data/errata/zz.toml`` to ``/dev/zero`` (``nq errata`` hung,
6 GB in 8 s) and to ``/etc/os-release`` (read and quoted by line)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore.data.datafiles import DataFileError
from nqcore.data.file_bytes import MAX_DATA_BYTES, file_bytes

ROOT = Path(__file__).resolve().parents[2]


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_bytes(b"x = 1\n")
    assert file_bytes(tmp_path / "a.toml", "a.toml", inside=tmp_path) == b"x = 1\n"


@pytest.mark.parametrize("target", ["/dev/zero", "/etc/os-release", "b.toml"])
def test_a_link_is_refused_wherever_it_points(tmp_path: Path, target: str) -> None:
    (tmp_path / "b.toml").write_bytes(b"x = 1\n")
    (tmp_path / "a.toml").symlink_to(target)
    with pytest.raises(DataFileError, match="a.toml: a symbolic link, not a file: refused"):
        file_bytes(tmp_path / "a.toml", "a.toml", inside=tmp_path)


def test_a_file_in_a_linked_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.toml").write_bytes(b"x = 1\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / "errata").symlink_to(outside)
    with pytest.raises(DataFileError, match="a link out of data/"):
        file_bytes(data / "errata" / "a.toml", "errata/a.toml", inside=data)


def test_a_fifo_and_a_large_file_are_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.toml")
    with pytest.raises(DataFileError, match="not a regular file"):
        file_bytes(tmp_path / "fifo.toml", "fifo.toml", inside=tmp_path)
    with (tmp_path / "big.toml").open("wb") as big:
        big.truncate(MAX_DATA_BYTES + 1)  # sparse: nothing written
    with pytest.raises(DataFileError, match="larger than 4 MiB"):
        file_bytes(tmp_path / "big.toml", "big.toml", inside=tmp_path)


def test_nq_errata_refuses_a_linked_data_file_in_one_line(tmp_path: Path) -> None:
    """In a copy of the engine, never the checkout's own folder: the suite's other processes
    read it."""
    shutil.copytree(
        ROOT / "nqcore", tmp_path / "nqcore", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / "nqcore" / "data" / "errata" / "zz.toml").symlink_to("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-m", "nqcore", "errata"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "errata/zz.toml: a symbolic link, not a file: refused" in done.stderr
    assert "Traceback" not in done.stderr
