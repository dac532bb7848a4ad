"""The builds made ahead (tests/background.py): each once, in its thread at the lowest priority,
only if wanted, and the tests that read them moved last."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.background import NICENESS, Background, builds_last
from tests.building import ROOT


def _niceness() -> int:
    return int(subprocess.run(["nice"], capture_output=True, text=True, check=True).stdout)


def test_a_wanted_build_is_made_once_ahead_at_the_lowest_priority() -> None:
    made: list[tuple[str, str]] = []
    ahead = Background({"book", "sheet"})
    ahead.add("book", lambda: made.append(("book", threading.current_thread().name)) or _niceness())
    ahead.add("sheet", lambda: made.append(("sheet", "")) or ahead.result("book") + 1)
    ahead.add("unwanted", lambda: made.append(("unwanted", "")))
    ahead.start()
    ahead.start()  # started twice: still made once
    try:
        assert ahead.result("sheet") == ahead.result("book") + 1
        assert ahead.result("book") == min(os.nice(0) + NICENESS, 19)  # its command inherited it
    finally:
        ahead.close()
    assert [name for name, _ in made] == ["book", "sheet"]  # in order, "unwanted" never made
    assert made[0][1].startswith("builds-ahead")


def test_a_build_asked_for_before_the_start_is_made_by_the_asker() -> None:
    ahead = Background({"book"})
    ahead.add("book", lambda: (threading.current_thread().name, _niceness()))
    try:
        assert ahead.result("book") == (threading.current_thread().name, os.nice(0))
        ahead.start()  # not made again
        assert ahead.result("book") == (threading.current_thread().name, os.nice(0))
    finally:
        ahead.close()


def test_a_failed_build_fails_each_test_that_reads_it() -> None:
    ahead = Background({"book"})
    ahead.add("book", lambda: 1 / 0)
    ahead.start()
    try:
        for _ in range(2):
            with pytest.raises(ZeroDivisionError):
                ahead.result("book")
    finally:
        ahead.close()


def test_the_files_that_read_builds_move_last_in_their_order() -> None:
    def item(path: str, *fixtures: str) -> SimpleNamespace:
        return SimpleNamespace(path=Path(path), fixturenames=list(fixtures), name=path)

    items = [
        item("a.py", "html_sites"),
        item("b.py", "tmp_path"),
        item("b.py", "pdfs", "pdf_builds"),
        item("c.py", "products"),
        item("d.py"),
    ]
    builds_last(items)  # type: ignore[arg-type]
    assert [i.path.name for i in items] == ["a.py", "d.py", "b.py", "b.py", "c.py"]


def test_a_build_still_running_ends_with_the_test_process() -> None:
    """A test stopped by its timeout while it waited for a build: the build (and make's
    latexmk and xelatex, a group of their own) ends when the test process does."""
    script = (
        "import subprocess, sys\n"
        "from tests import building\n"
        "building._started(subprocess.Popen(['sleep', '41.5'], text=True))\n"
        "building._started(subprocess.Popen(['sh', '-c', 'sleep 42.5 & sleep 43.5'],"
        " text=True, start_new_session=True))\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT, timeout=60)
    left = subprocess.run(["pgrep", "-f", "sleep 4[123].5"], capture_output=True, text=True)
    assert left.stdout == "", left.stdout


def test_a_build_made_ahead_never_sees_a_test_s_own_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Letter book made ahead while a test set SOURCE_DATE_EPOCH for itself was dated 2007."""
    from tests.building import build_environment

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1195603200")
    monkeypatch.setenv("NQ_PLANTED_BY_A_TEST", "1")
    env = build_environment()
    assert "NQ_PLANTED_BY_A_TEST" not in env and env.get("SOURCE_DATE_EPOCH") != "1195603200"
