"""The builds shared by pytest-xdist's workers (tests/sharing.py): each made once, by whichever
process asks first, the others reading its result; the tests of a file kept together."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import ROOT
from tests.sharing import Shared, group_of

#: A worker asking for the build "book" when told to (a line on its input): it notes that it made
#: it, slowly, and prints the result.
ASK = """
import sys, time
from pathlib import Path
from tests.sharing import Shared

print("ready", flush=True)
sys.stdin.readline()

def make(out: Path) -> str:
    with (out.parent / "made").open("a") as made:
        made.write(sys.argv[2] + "\\n")
    time.sleep(0.5)  # the other process asks meanwhile
    return "built by " + sys.argv[2]

print(Shared(Path(sys.argv[1])).once("book", make))
"""


def test_two_processes_asking_at_once_get_one_build(tmp_path: Path) -> None:
    asking = [
        subprocess.Popen(
            [sys.executable, "-c", ASK, str(tmp_path), name],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name in ("gw0", "gw1")
    ]
    for process in asking:  # both started (their imports are slow) ...
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    for process in asking:  # ... they ask at once
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    answers = {process.communicate()[0].strip() for process in asking}
    made = (tmp_path / "made").read_text().split()
    assert len(made) == 1, made
    assert answers == {f"built by {made[0]}"}
    assert (tmp_path / "book").is_dir()  # the folder it was made in


def test_a_failed_build_fails_again_without_being_made_again(tmp_path: Path) -> None:
    made: list[Path] = []

    def make(out: Path) -> None:
        made.append(out)
        raise ValueError("no TeX")

    for shared in (Shared(tmp_path), Shared(tmp_path)):  # the second as another worker
        with pytest.raises(ValueError, match="no TeX"):
            shared.once("pdf", make)
    assert made == [tmp_path / "pdf"]


def test_a_file_goes_whole_to_one_worker_and_the_extension_s_folder_too() -> None:
    assert group_of("tests/browser/test_accessibility.py::test_every_page_passes_axe[x]") == (
        "tests/browser/test_accessibility.py"
    )
    assert group_of("docs/magic.md::line:12,column:1") == "docs/magic.md"
    assert group_of("tests/ext/test_refusals.py::test_a") == group_of(
        "tests/ext/test_directives.py::test_b[en]"
    )


#: A project whose second file's first test takes its worker down once (a browser aborting the
#: process, as CI met), with the suite's scheduler; the test after it, and the other file, pass.
CRASHING = {
    "conftest.py": """
from tests.sharing import file_groups

def pytest_xdist_make_scheduler(config, log):
    return file_groups(config, log)
""",
    "test_a.py": "def test_one():\n    pass\n\ndef test_two():\n    pass\n",
    "test_b.py": """
import os
import time
from pathlib import Path

def test_crashes_once():
    mark = Path(__file__).with_name("crashed")
    if not mark.exists():
        mark.touch()
        time.sleep(0.5)  # the sends to it done: a send mid-exit failed ("cannot send")
        os._exit(1)

def test_after():
    pass
""",
    "test_c.py": "def test_alone():\n    pass\n",
}


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_worker_that_crashes_is_replaced_and_the_run_ends(tmp_path: Path, workers: str) -> None:
    """pytest-xdist 3.8 put a crashed worker's finished files back in the queue as empty work and
    gave a replacement a file of one test, which it never ran for want of a next: the run hung at
    its end, every worker idle (pytest-xdist issues 1323, 1327, 1378; CI met it twice)."""
    for name, text in CRASHING.items():
        (tmp_path / name).write_text(text)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", workers, "--dist", "loadgroup",
         "--no-loadscope-reorder", "-p", "no:cacheprovider", "-q", str(tmp_path)],
        cwd=tmp_path, env={**_own_run(), "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip
    assert "1 failed, 5 passed" in run.stdout, run.stdout + run.stderr


def _own_run() -> dict[str, str]:
    """The environment without this run's own pytest settings (its options, its junit file, its
    worker's name, its coverage), which the run inside would take up."""
    ours = ("PYTEST_", "COV_CORE_", "COVERAGE_")
    return {name: value for name, value in os.environ.items() if not name.startswith(ours)}
