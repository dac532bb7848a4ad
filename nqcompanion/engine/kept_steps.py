"""The engine bundle's two slow steps kept on disk between builds: which modules the engine
imports (every module's source read by ``ast``) and the standard library's zips trimmed to
them (every module parsed and written again without docstrings).  Together 6.5 of the 8.7 s each
site build spent on the engine, in every build of ``make html``, of the resident builder and
of the test suite's copies of the project.

Both are functions of their inputs alone: a result is kept under the digest of those inputs,
of the code that computes it (this package's :mod:`imports` and :mod:`slim`) and of the
Python that parses them; other inputs make another entry, never a stale answer.  The checks
of the files the engine ships (:mod:`nqcompanion.engine.bundle`) run in every build, kept or
not.  ``NQ_ENGINE_CACHE`` names another folder (the test suite's copies share the checkout's).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from nqcompanion.engine import imports, slim
from nqcompanion.kept_file import kept_file
from nqcore.i18n import ROOT

CACHE = ROOT / "_build" / "nq-engine-steps"
CACHE_VARIABLE = "NQ_ENGINE_CACHE"


def cache_folder() -> Path:
    """:data:`CACHE`, or the folder ``NQ_ENGINE_CACHE`` names."""
    return Path(os.environ.get(CACHE_VARIABLE) or CACHE)


def _digest(kind: str, parts: Iterable[bytes]) -> str:
    digest = hashlib.sha256(f"{kind}\0{sys.version}\0".encode())
    for module in (imports, slim):  # the code that computes it
        digest.update(Path(module.__file__ or "").read_bytes())
    for part in parts:
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()[:24]


def _kept(kind: str, parts: Iterable[bytes], make: Callable[[], bytes]) -> bytes:
    """``make()``, or what it made before for the same inputs."""
    return kept_file(cache_folder() / f"{kind}-{_digest(kind, parts)}", make)


def closure(sources: Mapping[str, tuple[str, bool]], roots: list[str]) -> set[str]:
    """:func:`imports.closure`, kept."""

    def parts() -> Iterable[bytes]:
        yield "\0".join(roots).encode()
        for name in sorted(sources):
            source, is_package = sources[name]
            yield f"{name}\0{is_package}\0{source}".encode("utf-8", "surrogatepass")

    def make() -> bytes:
        return json.dumps(sorted(imports.closure(sources, roots))).encode()

    return set(json.loads(_kept("closure", parts(), make)))


def trimmed(data: bytes, kept: set[str]) -> bytes:
    """:func:`imports.trimmed`, kept."""
    names = "\0".join(sorted(kept)).encode()
    return _kept("trimmed", (data, names), lambda: imports.trimmed(data, kept))
