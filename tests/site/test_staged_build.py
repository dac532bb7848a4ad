"""A site's build is made in a copy of the last good one and put in place only on success
(nqsphinx/site/staged_build.py); tests/test_makefile_inputs.py runs it through make."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nqsphinx.site import staged_build

#: Writes a page into its last argument and a doctree into the one before, then exits 0 or 1.
BUILD = (
    "import sys, pathlib; out, trees = map(pathlib.Path, sys.argv[-1:-3:-1]);"
    "(out / 'new.html').write_text('new'); (trees / 'env').write_text('new');"
    "sys.exit(int(sys.argv[1]))"
)


def _sites(tmp_path: Path) -> tuple[Path, Path]:
    out, trees = tmp_path / "html/en", tmp_path / "doctrees/en"
    for folder in (out, trees):
        folder.mkdir(parents=True)
        (folder / "old").write_text("good")
    return out, trees


@pytest.mark.parametrize("status", [0, 1])
def test_only_a_build_that_succeeds_is_put_in_place(tmp_path: Path, status: int) -> None:
    out, trees = _sites(tmp_path)
    (tmp_path / "html/.en.next").mkdir()  # left by a killed build: started afresh
    command = [sys.executable, "-c", BUILD, str(status), str(trees), str(out)]
    assert staged_build.build(out, trees, command) == status
    expected = ["new.html", "old"] if status == 0 else ["old"]
    assert sorted(p.name for p in out.iterdir()) == expected
    assert sorted(p.name for p in (tmp_path / "html").iterdir()) == ["en"]
    assert sorted(p.name for p in (tmp_path / "doctrees").iterdir()) == ["en"]
    assert (trees / "env").exists() == (status == 0)


def test_a_first_build_starts_from_empty_folders(tmp_path: Path) -> None:
    out, trees = tmp_path / "html/en", tmp_path / "doctrees/en"
    command = [sys.executable, "-c", BUILD, "0", str(trees), str(out)]
    assert staged_build.build(out, trees, command) == 0
    assert [p.name for p in out.iterdir()] == ["new.html"]


def test_a_command_that_cannot_run_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, trees = _sites(tmp_path)
    assert staged_build.build(out, trees, [str(tmp_path / "no-such-sphinx-build")]) == 127
    err = capsys.readouterr().err
    assert "cannot run" in err and "No such file or directory" in err
    assert [p.name for p in out.iterdir()] == ["old"]


def test_wrong_arguments_print_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert staged_build.main(["_build/html/en", "_build/doctrees/en", "sphinx-build"]) == 2
    assert capsys.readouterr().err.startswith("usage: python -m nqsphinx.site.staged_build")


def test_ctrl_c_stops_the_build_in_one_line(tmp_path: Path) -> None:
    """Ctrl+C printed a traceback (KeyboardInterrupt around subprocess.run): one line, exit 130,
    this build's unfinished copies removed, the last good site as it was."""
    out, trees = _sites(tmp_path)
    sleeper = (
        f"import time, pathlib; pathlib.Path({str(tmp_path / 'started')!r}).touch(); time.sleep(60)"
    )
    command = [sys.executable, "-m", "nqsphinx.site.staged_build", "--hold", str(out), str(trees)]
    command += ["--", sys.executable, "-c", sleeper, str(trees), str(out)]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))
    # Ctrl+C as a terminal sends it: a run started in the background of a script inherits
    # SIGINT ignored, and a Python that starts so never raises KeyboardInterrupt.
    running = subprocess.Popen(
        command,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120  # a loaded machine starts two Pythons slowly
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (tmp_path / "started").exists(), "the build's command never started"
    running.send_signal(signal.SIGINT)  # to the staged build, as make passes Ctrl+C on
    _, err = running.communicate(timeout=60)
    assert running.returncode == 130
    assert err.splitlines() == [
        f"interrupted: nothing placed ({out}: this build's unfinished copy removed, the builds"
        " already held stay held)"
    ]
    assert sorted(p.name for p in (tmp_path / "html").iterdir()) == ["en"]
    assert sorted(p.name for p in (tmp_path / "doctrees").iterdir()) == ["en"]
    assert [p.name for p in out.iterdir()] == ["old"]


def test_a_file_refused_in_the_staged_copy_goes_from_the_published_site_too(
    tmp_path: Path,
) -> None:
    """Attack round twenty-four: a file planted in the published site (by code run on the host)
    was refused in each staged build, the build failed and kept the last good site, which still
    held it; the audit deletes its twin there too."""
    from nqsphinx.site import output_audit

    for folder in ("en", ".en.next"):
        (tmp_path / folder / "_static").mkdir(parents=True)
        (tmp_path / folder / "_static" / "leak.txt").write_text("vm\n", encoding="utf-8")
    assert staged_build.published(tmp_path / ".en.next") == tmp_path / "en"
    assert staged_build.published(tmp_path / "en") is None
    said = output_audit._delete_published_twin(tmp_path / ".en.next", "_static/leak.txt")
    assert said == [
        f"{tmp_path / 'en/_static/leak.txt'}: the same file, in the published site: deleted"
    ]
    assert not (tmp_path / "en/_static/leak.txt").exists()
    assert output_audit._delete_published_twin(tmp_path / "en", "_static/x") == []
