"""Where the sites keep the calculators' engine: the names that both the companion, which writes
the engine (:mod:`nqcompanion.engine.bundle`), and the site's steps after the build (the output
audit, the service worker, the root page) read.

**One engine for both languages**: on a plain web server the sites sit side by side in
``_build/html`` and share one engine, ``_build/html/_engine/`` (:data:`SHARED_DIR`); on Read the
Docs each language is its own project, and each site carries its own in ``_static/nq-engine/``.

The companion is a Sphinx extension that :mod:`nqsphinx` sets up by its name
(:data:`COMPANION`), never by importing it; the root page, written after the builds without
Sphinx, loads it by that name the same way to write the sites' one engine
(:func:`write_engine`). So the site knows the companion's engine by these names only, and the
companion builds on the site.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Protocol, cast

from nqsphinx.site.hosting import on_read_the_docs

#: The Sphinx extension of the At the table page and its engine.
COMPANION = "nqcompanion"
STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
#: What the worker loads of the npm package: the runtime, its standard library, its lock file.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, LOCK_FILE)
#: The folder of each site's own engine (Read the Docs), under its ``_static``.
ENGINE_DIR = "nq-engine"
#: The one engine of both sites, beside ``en/`` and ``fr/`` (plain hosting).
SHARED_DIR = "_engine"
ENGINE_ZIP = "nq-engine.zip"
#: The engine's catalogues, compiled, at the zip's root, beside its packages, where no file of the
#: repository can be (nqcore.catalogue_loading; the worker names it too).
COMPILED_CATALOGUES = "nq-catalogues.json"
WORKER = "nq-engine-worker.js"
#: The standard library's modules the engine's questions never load, fetched only by an import
#: that asks for one (nqcompanion.bridge.stdlib_rest); their names, at the engine zip's root.
STDLIB_REST = "python_stdlib_rest.zip"
STDLIB_REST_NAMES = "nq-stdlib-rest.json"
#: Every file of the engine's folder.
ENGINE_NAMES = (*PYODIDE_FILES, STDLIB_REST, ENGINE_ZIP, WORKER)
#: Those a page loads to start the engine: all but the rest of the standard library.
STARTING_NAMES = tuple(name for name in ENGINE_NAMES if name != STDLIB_REST)


def engine_url(to_root: str) -> str:
    """The engine's folder as a page ``to_root`` below its site's root sees it."""
    if on_read_the_docs():
        return f"{to_root}_static/{ENGINE_DIR}/"
    return f"{to_root}../{SHARED_DIR}/"


def engine_folder(outdir: Path) -> Path:
    """Where the build of the site in ``outdir`` writes the engine."""
    if on_read_the_docs():
        return outdir / "_static" / ENGINE_DIR
    return outdir.parent / SHARED_DIR


class _EngineWriter(Protocol):
    def write_engine(self, folder: Path) -> Path: ...


def write_engine(folder: Path) -> Path:
    """The engine's files in ``folder``, as the companion writes them."""
    bundle = importlib.import_module(f"{COMPANION}.engine.bundle")
    return cast(_EngineWriter, bundle).write_engine(folder)
