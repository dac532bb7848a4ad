"""The builds shared by pytest-xdist's workers (tests/sharing.py): each made once, by whichever
process asks first, the others reading its result; the tests of a file kept together."""

from __future__ import annotations

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
