"""Which modules of Python's standard library the engine loads: the list that decides what a
first visit downloads (``stdlib_first.txt``, read by :mod:`nqcompanion.engine.imports`).

Pyodide, in Node, starts from a built engine folder as the page's worker does, answers every
question of ``trace_questions.json`` (each calculator, the builders, imports good and bad, in
both languages), makes its memory and restores it (``tools/engine/trace.mjs``).  A module
loaded that the list lacks came from ``python_stdlib_rest.zip``: it works, but costs a second
download (:mod:`nqcompanion.bridge.stdlib_rest`).  The suite fails then
(tests/site/test_engine_rest.py); the list is written again with::

    python -m nqcompanion.engine.trace _build/html/_engine --write

and the engine built again (``make html``)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from nqcompanion.engine.imports import FIRST_FILE, first_modules
from nqcore.i18n import ROOT

TRACE_SCRIPT = ROOT / "tools" / "engine" / "trace.mjs"
QUESTIONS = Path(__file__).with_name("trace_questions.json")
#: What the list's file says above its names.
HEADER = (
    "# The standard library's modules the engine loads (python -m nqcompanion.engine.trace):\n"
    "# in python_stdlib.zip; the rest of what it may import is in python_stdlib_rest.zip.\n"
)


@dataclass(frozen=True)
class Trace:
    #: The standard library's modules in memory once every question was answered.
    loaded: tuple[str, ...]
    #: Those of them that came from the rest's zip.
    served: tuple[str, ...]


def trace(folder: Path, questions: Path = QUESTIONS, then: str = "") -> Trace:
    """The trace of the engine built in ``folder`` (Node runs it: about 10 s); ``then``, Python
    code, runs after the questions."""
    run = subprocess.run(
        ["node", str(TRACE_SCRIPT), str(folder.resolve()), str(questions), then],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if run.returncode != 0:
        raise RuntimeError(f"{TRACE_SCRIPT.name} failed: {run.stderr.strip()[-2000:]}")
    found = json.loads(run.stdout.strip().splitlines()[-1])
    return Trace(tuple(found["loaded"]), tuple(found["served"]))


def write_list(names: tuple[str, ...]) -> None:
    FIRST_FILE.write_text(HEADER + "".join(f"{name}\n" for name in sorted(names)), "utf-8")


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-") or argv[1:] not in ([], ["--write"]):
        print("usage: python -m nqcompanion.engine.trace ENGINE_FOLDER [--write]", file=sys.stderr)
        return 2
    found = trace(Path(argv[0]))
    missing = sorted(set(found.loaded) - first_modules())
    print(f"{len(found.loaded)} modules loaded; {len(missing)} not listed: {' '.join(missing)}")
    if argv[1:] == ["--write"]:
        write_list(found.loaded)
        print(f"written: {FIRST_FILE.relative_to(ROOT)}")
    return 1 if missing and argv[1:] != ["--write"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
