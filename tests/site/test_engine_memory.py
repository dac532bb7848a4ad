"""The engine's memory, which a browser makes once and restores on later visits
(nq-engine-worker.js): the worker names the engine's version, the pinned runtime restores a
memory larger than its first one, and the site ships none."""

from __future__ import annotations

import re

import pytest

from nqcompanion.engine import bundle, pyodide_patch
from nqsphinx.refusals import Refused
from nqsphinx.site import engine_files


def test_the_worker_names_the_version_of_the_engine_it_keeps_the_memory_of() -> None:
    files = bundle.engine_files()
    text = files[engine_files.WORKER].decode("utf-8")
    assert bundle.VERSION.decode() not in text
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text)
    assert version is not None, "no version in the worker"
    changed = dict(files)
    changed[engine_files.ENGINE_ZIP] = files[engine_files.ENGINE_ZIP] + b"\0"
    assert bundle.worker(changed) != files[engine_files.WORKER]
    assert bundle.worker(dict(files)) == files[engine_files.WORKER]  # the same files, the same


def test_the_site_ships_no_memory() -> None:
    """8.6 MB that a first visit downloaded: the browser makes its own."""
    assert set(bundle.engine_files()) == set(engine_files.ENGINE_NAMES)
    assert not [name for name in engine_files.ENGINE_NAMES if "snapshot" in name]


def test_another_pyodide_runtime_stops_the_build() -> None:
    changed = pyodide_patch.restore_grows_memory(b"a;" + pyodide_patch.RESTORE + b"b")
    assert changed == b"a;" + pyodide_patch.GROWN + b"b"
    with pytest.raises(Refused, match=r"^pyodide\.asm\.mjs: .* found 0 times, not once"):
        pyodide_patch.restore_grows_memory(b"return HEAP8.set(t)")
