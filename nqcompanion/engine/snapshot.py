"""The engine's memory once Python has started, imported nqcore and answered a question of each
kind the page first asks (:mod:`nqcompanion.bridge.warm`): restored by the page's worker
(``nq-engine-worker.js``), it skips Python's start, most of the wait for a first answer (on this
project's 2-core machine, the engine ready in 0.4 s instead of about 5 s: ``./dev bench``), and
what the first questions load (under load, the page's every first answer in 1.7 s after the
engine's start instead of 11 s).  36 MiB of memory: Pyodide's runtime is changed to restore more
than its first 30 MiB (:mod:`nqcompanion.engine.pyodide_patch`).

Made by running the engine's own files (Pyodide's runtime, the trimmed standard library,
``nq-engine.zip``) in Node.js with :data:`MAKER`, through Pyodide's memory snapshots
(``loadPyodide({_makeSnapshot})``, the interface Cloudflare's Python Workers start from; Pyodide
marks it internal, so the pinned version is the one tested).  The same files make the same
bytes (the maker fixes the clocks and random numbers Python reads while it starts); Node 20 and
later may read the engine's folder and nothing else (``--permission``), and no file name or path
of the build machine is in the memory (:mod:`tests.site.test_engine_snapshot`).
Gzip-compressed, with no date: 36 MiB of memory, about 8 MB to download.

Each different set of files is made once and kept in :data:`CACHE` (the sites, the root page and
the tests' builds each ask for it).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from nqcore.i18n import ROOT
from nqsphinx.refusals import Refused
from nqsphinx.site.engine_files import ENGINE_ZIP, PYODIDE_FILES

MAKER = Path(__file__).with_name("snapshot.mjs")
#: Snapshots already made, by a digest of what made them.
CACHE = ROOT / "_build" / "engine-snapshots"
#: Seconds Node may take (about 5 s here).
TIMEOUT = 300


def _digest(files: Mapping[str, bytes]) -> str:
    digest = hashlib.sha256(MAKER.read_bytes())
    for name in (*PYODIDE_FILES, ENGINE_ZIP):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return digest.hexdigest()


def _node() -> str:
    found = shutil.which("node")
    if found is None:
        raise Refused(
            "Node.js not found: the engine's snapshot is made with it (./dev installs it)"
        )
    return found


def node_major(node: str) -> int:
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    return int(version.stdout.strip().lstrip("v").split(".")[0] or 0)


def _permission(folder: Path, major: int) -> list[str]:
    """Node's permission model, experimental under its first name before Node 23; Node 18
    (Debian 12's) has none, and runs the maker as the build runs nqcore, unconfined."""
    if major < 20:
        return []
    name = "--permission" if major >= 23 else "--experimental-permission"
    return [name, f"--allow-fs-read={folder}/*", f"--allow-fs-write={folder}/*"]


def run_in_node(script: bytes, folder: Path) -> subprocess.CompletedProcess[bytes]:
    """Run a module script, read from standard input (it has no file name), in Node.js allowed
    to read and write ``folder`` and no other file."""
    node = _node()
    command = [node, *_permission(folder, node_major(node)), "--input-type=module"]
    env = {"NQ_ENGINE_DIR": str(folder), "PATH": os.environ.get("PATH", "")}
    return subprocess.run(
        command,
        input=script,
        env=env,
        cwd=folder,
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )


def _said(stderr: bytes) -> str:
    """The error Node printed (for a Python error, its traceback's last line), not its stack."""
    lines = stderr.decode("utf-8", "replace").splitlines()
    errors = [line.strip() for line in lines if re.match(r"\w*(?:Error|Exception)\b.*:", line)]
    return errors[-1] if errors else " / ".join(lines[-3:])


def _made(files: Mapping[str, bytes]) -> bytes:
    with tempfile.TemporaryDirectory(prefix="nq-snapshot-") as name:
        folder = Path(name)
        for file in (*PYODIDE_FILES, ENGINE_ZIP):
            (folder / file).write_bytes(files[file])
        done = run_in_node(MAKER.read_bytes(), folder)
        made = folder / "snapshot.bin"
        if done.returncode != 0 or not made.is_file():
            raise Refused(f"the engine's snapshot could not be made: {_said(done.stderr)}")
        return gzip.compress(made.read_bytes(), compresslevel=9, mtime=0)


def snapshot(files: Mapping[str, bytes]) -> bytes:
    """The engine's memory snapshot for these engine files, gzip-compressed."""
    kept = CACHE / f"{_digest(files)}.gz"
    if kept.is_file():
        return kept.read_bytes()
    data = _made(files)
    CACHE.mkdir(parents=True, exist_ok=True)
    part = kept.with_name(f".{kept.name}.{os.getpid()}.part")
    part.write_bytes(data)
    part.replace(kept)
    return data
