"""The resident builder (``./dev live``) applies ``make html``'s rules on every rebuild: a page
that is a symbolic link is refused and nothing is built; a build with a problem writes nothing
into the published site; the worked examples run in the sandbox, not in its process; SIGTERM
ends its workers with it.  A tiny Sphinx project stands for the book (nqsphinx/site/live*.py)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from nqsphinx import sandbox
from nqsphinx.site import live, live_guard
from nqsphinx.site.live_examples import run_examples
from nqsphinx.site.live_sites import Site
from tools.scratch import ROOT

CONF = 'project = "t"\nexclude_patterns = ["conftest.py"]\n'


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose docs/ has one page, built by nobody yet; the current folder."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(CONF, encoding="utf-8")
    (docs / "index.rst").write_text("Title\n=====\n\nText.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _live(project: Path) -> live.Live:
    html, doctrees = project / "_build" / "html", project / "_build" / "doctrees"
    arguments = ["-W", "--keep-going", "-q", "-b", "html", "-c", "docs", "-d", str(doctrees / "en")]
    site = Site([*arguments, "docs", str(html / "en")])
    return live.Live(html, [site], project / "docs", [project / "docs"])


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_a_build_with_a_problem_writes_nothing_into_the_published_site(project: Path) -> None:
    builder = _live(project)
    (project / "docs" / "other.rst").write_text("Other\n=====\n\n:doc:`nowhere`\n")
    try:
        done = builder.rebuild([project / "docs" / "other.rst"])
    finally:
        for site in builder.sites:
            site.stop()
    assert done.problems and "nowhere" in " ".join(done.problems), done.problems
    published = project / "_build" / "html" / "en"
    assert not published.exists() or _files(published) == set()
    assert not live_guard.staged(published).exists()  # the next build starts from the published


def test_a_page_that_becomes_a_symbolic_link_is_refused_and_nothing_is_built(
    project: Path,
) -> None:
    builder = _live(project)
    (project / "docs" / "osr.rst").symlink_to("/etc/os-release")
    asked = []
    for site in builder.sites:
        site.ask = lambda: asked.append(True)  # type: ignore[method-assign]
    done = builder.rebuild([project / "docs" / "osr.rst"])
    assert done.problems == [
        "docs/osr.rst: symbolic link (to /etc/os-release) in the sources: refused"
    ]
    assert asked == [] and not (project / "_build").exists()


def test_the_makefiles_other_input_rules_hold_too(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a;b.md").write_text("x")
    (docs / "page.md").write_text("x")
    os.link(docs / "page.md", tmp_path / "elsewhere.md")
    problems = live_guard.refused_inputs([docs], tmp_path)
    assert problems[0] == "docs/a;b.md: a name with characters other than letters, digits, . _ - +"
    assert problems[1].startswith("docs/page.md ") and problems[1].endswith(": refused")


@pytest.fixture
def page_in_project() -> Iterator[Path]:
    """A page in a docs folder of the project's build folder, which the sandbox sees
    read-only."""
    folder = ROOT / "_build" / f"nq-live-plant-{uuid.uuid4().hex}"
    (folder / "docs").mkdir(parents=True)
    yield folder / "docs" / "page.md"
    shutil.rmtree(folder)


@pytest.mark.skipif(not sandbox.prefix(), reason="no working bwrap")
def test_the_examples_run_in_the_sandbox(page_in_project: Path, tmp_path: Path) -> None:
    """The plant writes a file outside the project, and another into it: neither appears (it
    is refused before it runs: an example imports the engine's names only; the sandbox that
    held it when it ran is tested on its own, tests/test_sandbox_reach.py)."""
    outside, inside = tmp_path / "live-pwn", page_in_project.with_name("pwn")
    text = "# Page\n\n```{doctest}\n>>> import contextlib, pathlib\n"
    for target in (outside, inside):
        text += ">>> with contextlib.suppress(OSError):\n"
        text += f'...     _ = pathlib.Path("{target}").write_text("pwned")\n'
    text += ">>> 1 + 1\n3\n```\n"
    page_in_project.write_text(text, encoding="utf-8")
    problems = run_examples(page_in_project.parent, [page_in_project])
    assert len(problems) == 1 and ":4: this example imports a module whole" in problems[0], problems
    assert not outside.exists() and not inside.exists()


def test_the_builder_loads_neither_the_examples_nor_their_conftest() -> None:
    source = Path(live.__file__).read_text(encoding="utf-8")
    assert "exec_module" not in source and ".evaluate()" not in source


#: The builder with workers that build again (as with Sphinx's ``second-build`` patch), so that
#: they wait for the next build once the first is made.
RESIDENT = (
    "import sys; from nqsphinx.site import live, live_sites; "
    "live_sites.reuses_application = lambda: True; raise SystemExit(live.main(sys.argv[1:]))"
)


def test_sigterm_ends_the_builder_and_its_workers(project: Path) -> None:
    """``kill PID`` of the builder while its workers wait for the next build."""
    html = project / "_build" / "html"
    sites = [
        f"--site=-q -b html -c docs -d _build/doctrees/{lang} {option} docs {html}/{lang}"
        for lang, option in (("en", ""), ("fr", "-D language=fr"))
    ]
    process = subprocess.Popen(
        [sys.executable, "-c", RESIDENT, str(html), *sites, "--manual"],
        cwd=project,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    workers = []
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # the first build; then it waits for a line
        assert first.startswith("built in"), first + process.stdout.read()
        workers = _children(process.pid, until=time.monotonic() + 60)
        assert len(workers) == 2, workers
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 128 + signal.SIGTERM
        time.sleep(1)
        assert [pid for pid in workers if not _ended(pid)] == []
    finally:
        for pid in [process.pid, *workers]:
            if not _ended(pid):
                os.kill(pid, signal.SIGKILL)


def _children(pid: int, until: float) -> list[int]:
    while time.monotonic() < until:
        found = Path(f"/proc/{pid}/task/{pid}/children")
        children = [int(c) for c in found.read_text().split()] if found.exists() else []
        if children:
            return children
        time.sleep(0.2)
    return []


def _ended(pid: int) -> bool:
    """No such process, or one that has ended (a zombie: its parent, ended, never waited)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except (OSError, IndexError):
        return True


def test_a_refused_name_s_escapes_are_shown_not_sent_to_the_terminal(tmp_path: Path) -> None:
    """A page named with a terminal's escapes (a window title, red, a forged line) was refused
    by its name printed raw (attack round twenty-two): live and make show them escaped."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "esc\x1b]0;PWN\x07\x1b[31mred\nbuilt in 1.00 s.md").write_text("x")
    [problem] = live_guard.refused_inputs([docs], tmp_path)
    assert problem.isprintable() and "\\u001b]0;PWN\\u0007" in problem, problem
    run = subprocess.run(
        ["make", "-n", "-C", str(ROOT), f"INPUT_DIRS={docs}", f"BUILD={tmp_path}/out", "html"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    said = next(line for line in run.stderr.splitlines() if "Refused input" in line)
    assert "\x1b" not in run.stderr and "\x07" not in run.stderr, run.stderr
    assert "esc?]0;PWN??[31mred" in said, said


def test_ctrl_c_does_not_wait_for_a_busy_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at the terminal: each worker is given a second, not a build's time (a reviewer
    saw the builder's group still running 6 s after it)."""
    from nqsphinx.site import live

    waits: list[float] = []

    class Worker:
        def __init__(self, *_: object) -> None:
            pass

        def start(self) -> None:
            pass

        def stop(self, wait: float = 10) -> None:
            waits.append(wait)

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(live, "Site", Worker)
    monkeypatch.setattr(live, "watch", interrupted)
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # the test's process keeps its own
    assert live.main(["_build/html", "--site=-b html docs x", "--site=-b html docs y"]) == 0
    assert waits[:2] == [live.CTRL_C_WAIT] * 2 and live.CTRL_C_WAIT <= 1


def test_the_live_server_answers_a_path_no_file_can_have(tmp_path: Path) -> None:
    """Attacker round 24, F5: ``/%00`` printed a traceback in the live terminal."""
    import socket
    import urllib.error
    import urllib.request

    (tmp_path / "index.html").write_text("<p>kept</p>", encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = live.serve(tmp_path, port)
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/%00", timeout=10)
        assert refused.value.code == 404
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=10) as page:
            assert page.read() == b"<p>kept</p>"  # still serving
    finally:
        server.shutdown()
        server.server_close()
