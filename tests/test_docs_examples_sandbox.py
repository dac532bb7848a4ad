"""The pages' worked examples are the pages' code: the suite (which collects ``docs/*.md``) and
``make doctest`` run them in the examples' sandbox (:mod:`nqsphinx.sandbox`), a page's examples
as one test, never in the test process. A planted doctest writing into the project and outside
it writes nothing; a failing example is reported as pytest reports it: page, line, want and got."""

from __future__ import annotations

import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tools.scratch import ROOT, project_files, scratch_env

#: The code a page's examples import, and the configuration that collects them.
NEEDED = ("nqcore/", "nqsphinx/", "nqtranslate/", "nqprint/", "nqcompanion/", "pyproject.toml")


def _bwrap_works() -> bool:
    from nqsphinx import sandbox

    return bool(sandbox.prefix())


def _copy(dest: Path) -> Path:
    for name in project_files():
        if name.startswith(NEEDED):
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    (dest / "docs").mkdir(exist_ok=True)
    return dest


def _pytest(copy: Path, page: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", page, "-q", "-p", "no:cacheprovider"]
    return subprocess.run(
        [*command, "-o", "addopts=", "-p", "no:randomly", "-p", "nqsphinx.page_examples"],
        cwd=copy,
        env=scratch_env(copy),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.skipif(not _bwrap_works(), reason="needs a working bwrap (bubblewrap)")
def test_a_page_doctest_writes_nothing_in_the_project_or_outside(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "copy")
    outside = tmp_path / f"outside-{uuid.uuid4().hex}"
    inside = copy / "nqcore" / "planted.json"
    (copy / "docs" / "plant.md").write_text(
        "# Plant\n\n```{doctest}\n"
        ">>> import contextlib, pathlib\n"
        f">>> for name in ({str(outside)!r}, {str(inside)!r}):\n"
        "...     with contextlib.suppress(OSError):\n"
        "...         _ = pathlib.Path(name).write_text('planted')\n"
        ">>> 1 + 1\n2\n```\n",
        encoding="utf-8",
    )
    ran = _pytest(copy, "docs/plant.md")
    # refused before it runs: an example imports the engine's names only (nqsphinx/example_code);
    # the sandbox, which held it when it ran, is tested on its own (tests/test_sandbox_reach.py)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert "docs/plant.md:4: this example imports a module whole" in ran.stdout + ran.stderr
    assert not outside.exists() and not inside.exists()


@pytest.mark.skipif(not _bwrap_works(), reason="needs a working bwrap (bubblewrap)")
def test_a_failing_example_is_reported_as_pytest_reports_it(tmp_path: Path) -> None:
    copy = _copy(tmp_path / "copy")
    (copy / "docs" / "plant.md").write_text(
        "# Plant\n\nSome prose.\n\n```{doctest}\n>>> 1 + 1\n3\n```\n", encoding="utf-8"
    )
    ran = _pytest(copy, "docs/plant.md")
    report = ran.stdout + ran.stderr
    assert ran.returncode == 1, report
    assert "plant.md, line 6" in report and "Expected:\n    3\nGot:\n    2" in report, report
    assert "Traceback" not in report, report
