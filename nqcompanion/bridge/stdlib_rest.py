"""The part of Python's standard library the engine's questions never load, fetched only if an
import asks for it.

The worker's ``python_stdlib.zip`` holds the modules that the page's questions load (listed in
``nqcompanion/engine/stdlib_first.txt``, from a trace: :mod:`nqcompanion.engine.trace`); the
other modules that the engine's code could import (:mod:`nqcompanion.engine.imports`, a list
that errs on the side of too much) wait in ``python_stdlib_rest.zip``, 0.8 MB that a first
visit no longer downloads.  An import that the trace missed still works: :class:`RestOfStdlib`,
last on ``sys.meta_path``, fetches that zip once (a synchronous request: the worker has nothing
else to do until the import is answered) and imports from it.  Only the names the zip holds
trigger it: ``try: import optional_module`` elsewhere costs nothing.  Pyodide then refuses to
make the engine's memory (the request leaves a JavaScript object behind): that visit keeps none
(nq-engine-worker.js goes on without it), a later one does.

Pyodide runs this in the worker; it imports nothing the first zip lacks."""

from __future__ import annotations

import json
import os
import sys
import zipimport
from collections.abc import Callable, Iterable
from importlib.machinery import ModuleSpec

#: Where the fetched zip is written in Pyodide's file system.
REST_PATH = "/lib/python_stdlib_rest.zip"


class RestOfStdlib:
    """A finder for the modules of ``names``, from the zip at ``path``, which ``fetch`` gives the
    first time one of them is imported."""

    def __init__(self, names: Iterable[str], path: str, fetch: Callable[[], bytes]) -> None:
        self.names = frozenset(names)
        self.path = path
        self.fetch = fetch
        #: The modules imported from here, in order: the trace reads them.
        self.served: list[str] = []

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        self.ensure()
        self.served.append(fullname)
        return zipimport.zipimporter(self.path).find_spec(fullname)

    def ensure(self) -> None:
        """The zip in place, fetched if it is not (written whole: an import that fails midway
        leaves no half file for the next)."""
        if os.path.exists(self.path):
            return
        part = f"{self.path}.part"
        with open(part, "wb") as file:
            file.write(self.fetch())
        os.replace(part, self.path)


def fetch_synchronously(url: str) -> Callable[[], bytes]:
    """A fetch of ``url`` that returns its bytes at once: a worker may make synchronous
    requests, and an import cannot wait for a promise."""

    def fetch() -> bytes:
        from js import XMLHttpRequest  # type: ignore[import-not-found]  # Pyodide's, in the worker

        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.responseType = "arraybuffer"
        request.send(None)
        if request.status != 200:
            raise ImportError(f"{url}: {request.status}")
        data: bytes = request.response.to_py().tobytes()
        return data

    return fetch


def installed() -> RestOfStdlib | None:
    """The finder :func:`install` put on ``sys.meta_path``, if any."""
    return next((f for f in sys.meta_path if isinstance(f, RestOfStdlib)), None)


def install(url: str, names_file: str) -> RestOfStdlib:
    """The finder of the zip at ``url`` (its module names in the JSON list ``names_file``),
    last on ``sys.meta_path``, once."""
    if (finder := installed()) is not None:
        return finder
    with open(names_file, encoding="utf-8") as file:
        names = json.load(file)
    finder = RestOfStdlib(names, REST_PATH, fetch_synchronously(url))
    sys.meta_path.append(finder)
    return finder
