"""The npm packages the sites publish (MiniSearch, Pyodide), read only as npm installed them.

``./dev`` installs each package with ``npm ci`` from its folder's lock file (``tools/search``,
``tools/engine``; npm checks each tarball against the lock's ``integrity``) and then records the
lock's and every installed file's SHA-256 (``tools/record-vendored``).  The record is kept in the
checkout's git folder (``nq-vendored/tools/search.sha256``), which neither npm nor a checkout
writes: a pull request can carry files under ``node_modules`` (and a record that matches them),
never that record.  Outside a checkout (a scratch copy of the project, which no pull request
reaches) it is ``node_modules/.nq-installed.sha256``.  A vendored file is published only when:

- git tracks no file under a ``node_modules`` folder: a pull request can add one there despite
  ``.gitignore`` (``git add -f``), and a checkout of its branch replaces the installed copy;
- the lock file is the one recorded at install time;
- the file's bytes are the recorded ones.

Anything else refuses the build, naming the file and what to do.
"""

from __future__ import annotations

import functools
import hashlib
import subprocess
from pathlib import Path

from nqsphinx.refusals import Refused

#: Where the install's record is outside a checkout, in each ``node_modules`` folder.
RECORD = ".nq-installed.sha256"
#: Where it is in a checkout, under the git folder: ``nq-vendored/<folder>.sha256``.
RECORDS = "nq-vendored"
LOCK = "package-lock.json"
#: Git's pathspec of every file under a ``node_modules`` folder, anywhere in the checkout.
UNDER_NODE_MODULES = ":(top,glob)**/node_modules/**"


def read(path: Path) -> bytes:
    """The bytes of ``path`` (a file under ``<tools>/node_modules``), as npm installed them."""
    tools = _tools_folder(path)
    tracked = tracked_under_node_modules(tools)
    if tracked:
        raise Refused(
            "Refused input: git tracks file(s) under node_modules, which only npm installs "
            f"from the lock file: {', '.join(tracked[:5])}"
            + (f" and {len(tracked) - 5} more" if len(tracked) > 5 else "")
        )
    shown = _shown(path, tools)
    reinstall = f"(rm -rf {_shown(tools, tools)}/node_modules, then ./dev installs it again)"
    recorded = _record(tools)
    if recorded is None:
        raise Refused(f"{shown}: no record of what npm installed {reinstall}")
    if recorded.get(LOCK) != _digest((tools / LOCK).read_bytes()):
        raise Refused(f"{shown}: {LOCK} changed since npm installed the package {reinstall}")
    data = path.read_bytes()
    if recorded.get(path.relative_to(tools).as_posix()) != _digest(data):
        raise Refused(f"{shown}: not the file npm installed from {LOCK} {reinstall}")
    return data


def _tools_folder(path: Path) -> Path:
    """The folder of the lock file, above the file's ``node_modules``."""
    for parent in path.parents:
        if parent.name == "node_modules":
            return parent.parent
    raise ValueError(f"{path}: not under a node_modules folder")


def _shown(path: Path, tools: Path) -> str:
    """``path`` as from the checkout's root (``tools/search/...``), else as given."""
    top = _checkout(tools)
    if top is not None and path.is_relative_to(top):
        return path.relative_to(top).as_posix()
    return str(path)


def _checkout(folder: Path) -> Path | None:
    top = _git(folder, "rev-parse", "--show-toplevel")
    return Path(top) if top is not None else None


def tracked_under_node_modules(folder: Path) -> list[str]:
    """The files git tracks under any ``node_modules`` of the checkout of ``folder`` (none if
    it is no checkout: a wheel has no vendored packages)."""
    if _checkout(folder) is None:
        return []
    done = subprocess.run(
        ["git", "ls-files", "-z", "--full-name", "--", UNDER_NODE_MODULES],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise Refused(f"git ls-files failed in {folder}: {done.stderr.strip()}")
    return sorted(name for name in done.stdout.split("\0") if name)


@functools.cache
def _record_of(path: Path, stamp: tuple[int, int]) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        digest, _, name = line.partition("  ")
        if name and not line.startswith("\\"):  # sha256sum escapes odd names: never ours
            found[name] = digest
    return found


def record_path(tools: Path) -> Path:
    """Where ``tools/record-vendored`` keeps the record of ``tools``' install."""
    git_dir = _git(tools, "rev-parse", "--absolute-git-dir")
    if git_dir is None:
        return tools / "node_modules" / RECORD
    prefix = _git(tools, "rev-parse", "--show-prefix") or ""
    return Path(git_dir) / RECORDS / f"{prefix.rstrip('/')}.sha256"


def _git(folder: Path, *args: str) -> str | None:
    done = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 else None


def _record(tools: Path) -> dict[str, str] | None:
    path = record_path(tools)
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return _record_of(path, (stat.st_mtime_ns, stat.st_size))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
