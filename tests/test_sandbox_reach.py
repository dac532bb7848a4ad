"""What a page's code reaches from the sandbox (nqsphinx/sandbox.py, the Makefile's SANDBOX_ARGS):
no terminal to push keystrokes into, none of the build machine's files but the system's
libraries, the interpreter and the project, and no time without end.  Each plant is the page
code of an attack: run by ``make verify-examples`` in a scratch project (its Makefile, a page,
Sybil), and by :func:`nqsphinx.sandbox.run`, which the French run and ``./dev live`` use."""

from __future__ import annotations

import os
import shlex
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
from nqsphinx.site import live_examples
from tools.scratch import ROOT

pytestmark = pytest.mark.skipif(
    not sandbox.prefix() or shutil.which("make") is None, reason="no working bwrap, or no make"
)

#: Page code that pushes a character into the terminal: through /dev/tty, and through each of
#: its standard streams (a terminal under make).  It prints each way's outcome.
PUSH = """\
import fcntl, os, termios
def push(fd):
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b" ")
    except OSError:
        return "refused"
    return "pushed"
def through_tty():
    try:
        fd = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        return "refused"
    return push(fd)
print(sorted({through_tty(), push(0), push(1), push(2)}))
"""

#: What the sandbox shows beside the checkout: the checkout, and the interpreter's folders there.
BESIDE = {ROOT.name} | {
    Path(folder).resolve().relative_to(ROOT.parent).parts[0]
    for folder in (sys.prefix, sys.base_prefix)
    if Path(folder).resolve().is_relative_to(ROOT.parent)
}
#: Page code that looks for the build machine's files: the system's, the home folder's, the
#: neighbours of this checkout (other worktrees), and the first process's command.
LOOK = f"""\
import os
print(os.path.exists("/etc/os-release"), os.path.exists("/etc/passwd"),
      any(os.path.exists({str(Path.home())!r} + name) for name in ("/.bashrc", "/.profile")),
      sorted(set(os.listdir({str(ROOT.parent)!r})) - {BESIDE!r}),
      open("/proc/1/cmdline", "rb").read().split(b"\\0")[0].endswith(b"bwrap"))
"""
#: What LOOK prints in the sandbox: nothing found, and the sandbox's own first process.
UNSEEN = "False False False [] True\n"

PLUGIN = """\
from pathlib import Path
from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser
DOCS = str(Path(__file__).resolve().parents[1] / "docs")
PARSERS = [DocTestDirectiveParser()]
pytest_collect_file = Sybil(parsers=PARSERS, patterns=["*.md"], path=DOCS).pytest()
"""
INPUT_DIRS = ("docs", "locale", "nqsphinx", "nqcompanion", "nqtranslate", "nqcore", "nqprint")
#: An example that never ends, and one that first silences the examples' alarm.
ENDLESS = "while True: pass"
SILENCED = "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True: pass"


def _page(*examples: tuple[str, str]) -> str:
    """A page whose doctest runs each code (line 4 on), expecting what it prints."""
    lines = "".join(f">>> exec({code!r})\n{printed}" for code, printed in examples)
    return f"# A page\n\n```{{doctest}}\n{lines}```\n"


def _project(tmp_path: Path, page: str) -> Path:
    """A scratch project: the Makefile, one page, a plugin collecting it with Sybil, the
    examples' time limit."""
    project = tmp_path / "project"
    for folder in INPUT_DIRS:
        (project / folder).mkdir(parents=True)
    shutil.copy(ROOT / "Makefile", project / "Makefile")
    for name in ("nqsphinx/__init__.py", "nqsphinx/example_limit.py"):
        shutil.copy(ROOT / name, project / name)
    for name in ("conf.py", "pyproject.toml", "constraints.txt"):
        (project / name).write_text("# empty\n", encoding="utf-8")
    (project / "nqcore/locale/fr/LC_MESSAGES").mkdir(parents=True)
    (project / "nqcore/locale/fr/LC_MESSAGES/nqcore.po").write_text("\n", encoding="utf-8")
    (project / "nqsphinx/page_examples.py").write_text(PLUGIN, encoding="utf-8")
    (project / "docs/index.md").write_text(page, encoding="utf-8")
    return project


def _make(
    project: Path, *args: str, env: dict[str, str] | None = None, terminal: bool = False
) -> subprocess.CompletedProcess[str]:
    """``make verify-examples`` in ``project``; in a terminal (``script``'s) if ``terminal``."""
    command = ["make", "-C", str(project), "--no-print-directory", "verify-examples"]
    command += [f"PYTHON={sys.executable}", *args]
    if terminal:  # make's output is a terminal, the controlling one of its session
        command = ["script", "-qec", shlex.join(command), "/dev/null"]
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=os.environ | (env or {}),
        start_new_session=True,  # a make that hangs is ended with all it started
    ) as running:
        try:
            out, err = running.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(running.pid, signal.SIGKILL)
            raise
    return subprocess.CompletedProcess(command, running.returncode, out, err)


def _in_terminal(code: str) -> str:
    """What ``code`` prints, run by sandbox.run in a process whose terminal is a pty."""
    runner = (
        "import sys\nfrom nqsphinx import sandbox\n"
        f"print(sandbox.run([sys.executable, '-c', {code!r}], timeout=60).stdout)"
    )
    command = shlex.join([sys.executable, "-c", runner])
    done = subprocess.run(
        ["script", "-qec", command, "/dev/null"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
    )
    return done.stdout


@pytest.mark.skipif(shutil.which("script") is None, reason="no script (util-linux)")
def test_page_code_pushes_no_keystroke_into_the_terminal(tmp_path: Path) -> None:
    """Attack eleven's first finding: ``ioctl(TIOCSTI)`` on /dev/tty or a standard stream
    typed a command into the maintainer's shell, which ran it after the build, unsandboxed."""
    assert "['refused']" in _in_terminal(PUSH)
    done = _make(_project(tmp_path, _page((PUSH, "['refused']\n"))), terminal=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_page_code_sees_only_the_system_the_interpreter_and_the_project(tmp_path: Path) -> None:
    """Attack eleven's fifth finding: the page's code listed /root and /work, read /etc and
    /proc/1/cmdline (the whole file system was bound read-only)."""
    assert sandbox.run([sys.executable, "-c", LOOK], timeout=60).stdout == UNSEEN
    done = _make(_project(tmp_path, _page((LOOK, UNSEEN))))
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_endless_example_stops_make_in_seconds_naming_its_page(tmp_path: Path) -> None:
    """Attack eleven's sixth finding: ``while True: pass`` hung ``make verify-examples``."""
    started = time.monotonic()
    done = _make(_project(tmp_path, _page((ENDLESS, ""))), env={"NQ_EXAMPLE_SECONDS": "2"})
    assert done.returncode != 0
    assert time.monotonic() - started < 60
    said = "docs/index.md:4: error: the example still ran after 2 s, stopped (does it end?)"
    assert said in done.stderr.splitlines(), done.stderr


def test_an_example_that_silences_the_alarm_is_stopped_by_the_run_s_limit(tmp_path: Path) -> None:
    started = time.monotonic()
    done = _make(_project(tmp_path, _page((SILENCED, ""))), "SANDBOX_SECONDS=3")
    assert done.returncode != 0
    assert time.monotonic() - started < 60
    said = "error: the worked examples of docs still ran after 3 s, stopped (does the code of a "
    assert said + "page end?)" in done.stderr.splitlines(), done.stderr


#: Page code that takes 3 GB of memory (attacker round 27: 4 GB went unchecked).
GREEDY = "len(b'a' * (3 * 10**9))"


def test_an_example_that_takes_the_machine_s_memory_fails_at_its_line(tmp_path: Path) -> None:
    done = _make(_project(tmp_path, _page((GREEDY, ""))))
    assert done.returncode != 0
    assert "MemoryError" in done.stdout + done.stderr
    ran = sandbox.run([sys.executable, "-c", GREEDY], timeout=60)
    assert ran.returncode != 0 and "MemoryError" in ran.stderr


@pytest.fixture
def live_docs() -> Iterator[Path]:
    """A docs folder inside the project (which the sandbox shows)."""
    docs = ROOT / "_build" / f"nq-live-{uuid.uuid4().hex}"
    docs.mkdir(parents=True)
    yield docs
    shutil.rmtree(docs)


def test_the_live_builder_s_endless_example_is_stopped_naming_its_page(
    live_docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQ_EXAMPLE_SECONDS", "2")
    monkeypatch.setattr(live_examples, "TIMEOUT", 40)
    page = live_docs / "index.md"
    page.write_text(_page((ENDLESS, "")), encoding="utf-8")
    where = f"{page.relative_to(ROOT)}:4"
    said = f"{where}: error: the example still ran after 2 s, stopped (does it end?)"
    assert live_examples.run_examples(live_docs, [page]) == [
        f"the examples stopped (exit 1): {said}"
    ]


#: Page code that looks for a variable of the build's environment (a CI job's token).
TOKEN = "import os\nprint(os.environ.get('SOME_CI_TOKEN'), os.environ.get('HOME'))"


def test_page_code_sees_none_of_the_environment_but_what_the_examples_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOME_CI_TOKEN", "planted-secret")
    assert sandbox.run([sys.executable, "-c", TOKEN], timeout=60).stdout == "None /tmp\n"
    done = _make(_project(tmp_path, _page((TOKEN, "None /tmp\n"))))
    assert done.returncode == 0, done.stdout + done.stderr
