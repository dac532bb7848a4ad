"""Two builds in one checkout (``./dev html-fr`` twice at once) never interleave: each holds
``_build/.build.lock`` for its whole run, as ``./dev update-po`` holds its own
(:mod:`nqcore.locks`); the second waits, or refuses in one line once its wait is over.

Run on a scratch copy of ``./dev`` whose ``make`` only notes when it starts and ends."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from tests.test_npm_locks import _copy, _fake_tools


def _project(tmp_path: Path) -> tuple[Path, dict[str, str], Path]:
    project = _copy(tmp_path)
    env = _fake_tools(project)
    log = project / "make.log"
    make = project / "fake-bin" / "make"
    make.write_text(
        f'#!/bin/sh\necho "start $*" >> {log}\nsleep 3\necho "end $*" >> {log}\n', encoding="utf-8"
    )
    missing = subprocess.run(
        [project / "dev", "--print-missing", "html-fr"], capture_output=True, text=True, env=env
    )
    if missing.returncode != 0 or missing.stdout.strip():
        pytest.skip(f"./dev would install Debian packages here: {missing.stdout.strip()}")
    return project, env, log


def _started(log: Path) -> None:
    deadline = time.monotonic() + 60
    while not (log.exists() and "start" in log.read_text(encoding="utf-8")):
        assert time.monotonic() < deadline, "the first build never started"
        time.sleep(0.1)


def test_a_second_build_waits_for_the_first(tmp_path: Path) -> None:
    project, env, log = _project(tmp_path)
    first = subprocess.Popen([project / "dev", "html-fr"], env=env, stderr=subprocess.PIPE)
    _started(log)
    second = subprocess.run(
        [project / "dev", "html-fr"], env=env, capture_output=True, text=True, timeout=120
    )
    assert first.wait(timeout=60) == 0 and second.returncode == 0, second.stderr
    assert log.read_text(encoding="utf-8").split() == ["start", "html-fr", "end", "html-fr"] * 2
    assert "waiting for another build of this checkout to finish" in second.stderr


def test_a_second_build_that_may_not_wait_refuses_in_one_line(tmp_path: Path) -> None:
    project, env, log = _project(tmp_path)
    first = subprocess.Popen([project / "dev", "html-fr"], env=env, stderr=subprocess.PIPE)
    _started(log)
    second = subprocess.run(
        [project / "dev", "html-fr"],
        env=env | {"NQ_BUILD_WAIT": "0"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert first.wait(timeout=60) == 0
    assert second.returncode == 1
    assert second.stderr.splitlines()[-1] == (
        "build: _build/.build.lock: another build of this checkout holds it (waited 0 s)"
    ), second.stderr
    assert log.read_text(encoding="utf-8").split() == ["start", "html-fr", "end", "html-fr"]
