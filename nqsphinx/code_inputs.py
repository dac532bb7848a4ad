"""Every page read again when the code or data behind the directives changed.

Sphinx re-reads a page when its source, its catalogue or the configuration changed; it does not
know that a directive reads the engine's data (``nqcore/data``), its catalogues or the extension's
own code. After such an edit an incremental build kept the old tables, costs and words in every
page, unlike a build from clean. The fingerprint of those files is kept in the environment: when
it differs, every page is outdated, as a build from clean would read it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The packages whose files the directives read or run (the project's root is their parent).
PACKAGES = ("nqcore", "nqsphinx", "nqcompanion", "nqprint")
#: What is not an input: Python's caches and the catalogues compiled during a build.
SKIPPED_SUFFIXES = frozenset({".pyc", ".mo"})
#: Where the fingerprint is kept in the pickled environment.
ATTRIBUTE = "nq_code_inputs"


def _files(root: Path) -> Iterator[Path]:
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.is_file() and path.suffix not in SKIPPED_SUFFIXES:
                if "__pycache__" not in path.parts:
                    yield path


def fingerprint(root: Path) -> str:
    """The digest of the packages' files, by their path and contents (a checkout that only
    touches them is no change)."""
    digest = hashlib.sha256()
    for path in _files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _root() -> Path:
    return Path(__file__).resolve().parent.parent


def outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: every page, when the code or data changed since the last read."""
    now = fingerprint(_root())
    before = getattr(env, ATTRIBUTE, None)
    setattr(env, ATTRIBUTE, now)
    if before is None or before == now:
        return []  # a first build reads every page anyway
    return sorted(env.found_docs - removed)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("env-get-outdated", outdated)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
