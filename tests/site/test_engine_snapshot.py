"""The engine's memory snapshot (nqcompanion/engine/snapshot.py): the same files make the same
bytes, nothing of the build machine is in them, Node reads nothing outside the engine's files,
and each set of files is made once."""

from __future__ import annotations

import getpass
import gzip
import os
import socket
from pathlib import Path

import pytest

from nqcompanion.bridge import warm
from nqcompanion.engine import bundle, pyodide_patch, snapshot
from nqsphinx.refusals import Refused
from nqsphinx.site import engine_files
from tests.building import ROOT


def test_the_same_files_make_the_same_snapshot_and_no_path_of_the_machine() -> None:
    files = bundle.engine_files()
    first, second = snapshot._made(files), snapshot._made(files)  # two folders, two names
    assert first == second
    assert files[engine_files.SNAPSHOT] == first
    memory = gzip.decompress(first)
    assert len(memory) > 16_000_000  # Python's memory, with nqcore imported
    assert b"nqcompanion.bridge.web" in memory
    machine = {
        str(ROOT),
        str(Path.home()),
        os.environ.get("PATH", "").split(":")[0],
        "nq-snapshot-",  # the maker's folder
        "snapshot.mjs",
        "node_modules",
    }
    machine |= {name for name in (getpass.getuser(), socket.gethostname()) if len(name) > 4}
    runtime = files["pyodide.asm.wasm"]  # Pyodide's own build paths (/root/repo/cpython/...)
    for text in sorted(machine):
        assert text.encode() not in memory or text.encode() in runtime, text


def test_node_reads_nothing_outside_the_engine_files(tmp_path: Path) -> None:
    """The maker runs the engine's Python, which can run JavaScript: Node may read its folder
    and no other file."""
    if snapshot.node_major(snapshot._node()) < 20:
        pytest.skip("Node.js before 20 has no permission model")
    (tmp_path / "inside.txt").write_text("in", encoding="utf-8")
    script = b"""
import { readFileSync } from "node:fs";
console.log(readFileSync(`${process.env.NQ_ENGINE_DIR}/inside.txt`, "utf8"));
readFileSync("%s", "utf8");
""" % str(ROOT / "README.md").encode()
    done = snapshot.run_in_node(script, tmp_path)
    assert done.stdout.decode().strip() == "in"
    assert done.returncode != 0
    assert b"ERR_ACCESS_DENIED" in done.stderr


def test_a_snapshot_is_made_once_for_the_same_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = bundle.engine_files()
    monkeypatch.setattr(snapshot, "CACHE", tmp_path)
    made: list[int] = []
    real = snapshot._made

    def counted(given: dict[str, bytes]) -> bytes:
        made.append(1)
        return real(given)

    monkeypatch.setattr(snapshot, "_made", counted)
    assert snapshot.snapshot(files) == snapshot.snapshot(files) == files[engine_files.SNAPSHOT]
    assert len(made) == 1
    assert [p.suffix for p in tmp_path.iterdir()] == [".gz"]


def test_without_node_the_build_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    with pytest.raises(Refused, match=r"^Node\.js not found: .*\(\./dev installs it\)"):
        snapshot.run_in_node(b"", Path("."))


def test_a_maker_that_fails_is_said_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.mjs"
    broken.write_text('throw new Error("no memory here");\n', encoding="utf-8")
    monkeypatch.setattr(snapshot, "MAKER", broken)
    with pytest.raises(Refused, match="the engine's snapshot could not be made: .*no memory here"):
        snapshot._made(bundle.engine_files())


def test_a_changed_maker_makes_a_new_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache's key holds the maker's text, not only the engine's files."""
    files = bundle.engine_files()
    key = snapshot._digest(files)
    changed = tmp_path / "snapshot.mjs"
    changed.write_bytes(snapshot.MAKER.read_bytes() + b"// changed\n")
    monkeypatch.setattr(snapshot, "MAKER", changed)
    assert snapshot._digest(files) != key


#: Restores the engine's snapshot in Node as the worker does, then says what the memory holds.
RESTORE = b"""
import { constants, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
process.binding = (name) => ({ fs: constants });  // as the maker does (snapshot.mjs)
const folder = process.env.NQ_ENGINE_DIR;
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const memory = new Uint8Array(gunzipSync(readFileSync(`${folder}/nq-engine.snapshot`)));
const pyodide = await loadPyodide({ indexURL: `${folder}/`, packages: [], _loadSnapshot: memory });
console.log(memory.length);
console.log(pyodide.runPython(
  "import sys; sorted(m for m in sys.modules if m.startswith('nqcompanion.bridge'))"
).toJs().join(" "));
"""


def test_the_snapshot_restores_with_the_first_answers_loaded(tmp_path: Path) -> None:
    """Larger than Pyodide's first memory, the snapshot restores (the runtime grows the memory:
    nqcompanion/engine/pyodide_patch.py), and what the first questions load is already there."""
    files = bundle.engine_files()
    for name in engine_files.ENGINE_NAMES:
        (tmp_path / name).write_bytes(files[name])
    done = snapshot.run_in_node(RESTORE, tmp_path)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    size, modules = done.stdout.decode().splitlines()[-2:]
    assert int(size) > 30 * 2**20  # the WebAssembly module's first memory: 30 MiB
    assert "nqcompanion.bridge.web_army" in modules.split()  # imported by a first army question


def test_another_pyodide_runtime_stops_the_build() -> None:
    changed = pyodide_patch.restore_grows_memory(b"a;" + pyodide_patch.RESTORE + b"b")
    assert changed == b"a;" + pyodide_patch.GROWN + b"b"
    with pytest.raises(Refused, match=r"^pyodide\.asm\.mjs: .* found 0 times, not once"):
        pyodide_patch.restore_grows_memory(b"return HEAP8.set(t)")


def test_the_first_questions_loaded_into_the_snapshot_are_answered() -> None:
    answers = warm.warm_up()
    assert len(answers) == 2 * len(warm.QUESTIONS)
    assert not [answer for answer in answers if "error" in answer]
