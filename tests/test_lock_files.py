"""A lock file that is not one (:mod:`nqcore.locks`, as ``./dev`` runs it on
``_build/.build.lock`` and ``./dev update-po`` on ``locale/.update-po.lock``): a directory gave
``IsADirectoryError``'s traceback; a FIFO blocked the open before any wait applied; a symbolic
link was followed, a dangling one creating a file outside the checkout. Each is refused in one
line naming the lock, at once, and nothing is created or opened through a link."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore.locks import Busy, exclusive_lock

ROOT = Path(__file__).resolve().parents[1]


def _run(lock: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    marker = tmp_path / "ran"
    command = [sys.executable, "-m", "nqcore.locks", "--wait", "1", str(lock), "--"]
    command += [sys.executable, "-c", f"open({str(marker)!r}, 'w')"]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=20)


def _plants(tmp_path: Path) -> dict[str, Path]:
    build = tmp_path / "_build"
    build.mkdir()
    (build / "dir.lock").mkdir()
    os.mkfifo(build / "fifo.lock")
    (tmp_path / "victim").write_text("kept\n", encoding="utf-8")
    (build / "link.lock").symlink_to(tmp_path / "victim")
    (build / "dangling.lock").symlink_to(tmp_path / "created-outside")
    return {name: build / f"{name}.lock" for name in ("dir", "fifo", "link", "dangling")}


@pytest.mark.parametrize("plant", ["dir", "fifo", "link", "dangling"])
def test_a_lock_that_is_no_regular_file_is_refused_in_one_line(tmp_path: Path, plant: str) -> None:
    lock = _plants(tmp_path)[plant]
    done = _run(lock, tmp_path)
    assert done.returncode == 1 and done.stdout == "", done
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"build: {lock}: "), done.stderr
    assert "not a regular file" in done.stderr and "refused" in done.stderr, done.stderr
    assert not (tmp_path / "ran").exists()  # the command did not run
    assert not (tmp_path / "created-outside").exists()
    assert (tmp_path / "victim").read_text(encoding="utf-8") == "kept\n"


def test_update_po_refuses_the_same_way(tmp_path: Path) -> None:
    for lock in _plants(tmp_path).values():
        with (
            pytest.raises(Busy, match=rf"^{lock}: .*not a regular file"),
            exclusive_lock(lock, 1, "update-po"),
        ):
            pass


def test_a_regular_lock_file_is_taken(tmp_path: Path) -> None:
    lock = tmp_path / "_build" / ".build.lock"
    done = _run(lock, tmp_path)
    assert done.returncode == 0 and (tmp_path / "ran").exists() and lock.is_file(), done
