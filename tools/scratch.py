"""Scratch copies of the project, and commands run in them without network access.

Fault injection and benchmarks change or build a copy, never the working tree. The copy holds
the files git knows (tracked, and new files not ignored), as they are in the working tree now.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nqsphinx.project_files import git_files
from nqsphinx.site import vendored

ROOT = Path(__file__).resolve().parents[1]
#: Where proxies point when the network cannot be switched off: a port nothing listens on.
NOWHERE = "http://127.0.0.1:9"


def project_files(root: Path = ROOT) -> list[str]:
    """The project's files: tracked or new, not ignored, still present."""
    return [name for name in git_files(root) if (root / name).is_file()]


#: The npm packages that ``./dev`` installs before any build, which a build only reads (the
#: header search's MiniSearch, the At the table page's Pyodide): copied as installed, since no
#: build runs npm, with the record of the install (kept in the checkout's git folder, which the
#: copy lacks: in the copy's node_modules, where a build outside a checkout reads it).
VENDORED = ("tools/search/node_modules", "tools/engine/node_modules")


def copy_project(dest: Path, root: Path = ROOT) -> Path:
    """Copy the project into ``dest`` (created), with its vendored packages, and return it."""
    for name in project_files(root):
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    for folder in VENDORED:
        if (root / folder).is_dir():
            shutil.copytree(root / folder, dest / folder, symlinks=True, dirs_exist_ok=True)
            record = vendored.record_path((root / folder).parent)
            if record.is_file():
                shutil.copy2(record, dest / folder / vendored.RECORD)
    return dest


def init_git(copy: Path) -> None:
    """Make ``copy`` a git checkout of its own (the suite lists files with git), its vendored
    packages' records moved where a checkout keeps them (:func:`vendored.record_path`)."""
    subprocess.run(["git", "init", "-q"], cwd=copy, check=True)
    for folder in VENDORED:
        record = copy / folder / vendored.RECORD
        if record.is_file():
            kept = vendored.record_path((copy / folder).parent)
            kept.parent.mkdir(parents=True, exist_ok=True)
            record.replace(kept)


@dataclass(frozen=True)
class Offline:
    """How commands are kept off the network: a command prefix and/or environment."""

    prefix: tuple[str, ...]
    env: dict[str, str]
    how: str


@functools.cache
def offline() -> Offline:
    """A network namespace with no interface when we may make one (root, ``unshare -n``);
    otherwise proxies that point nowhere."""
    unshare = shutil.which("unshare")
    if unshare and os.geteuid() == 0:
        probe = subprocess.run([unshare, "-n", "true"], capture_output=True)
        if probe.returncode == 0:
            return Offline((unshare, "-n"), {}, "unshare -n (no network interface)")
    names = ("http_proxy", "https_proxy", "ftp_proxy", "all_proxy")
    env = {n: NOWHERE for n in names} | {n.upper(): NOWHERE for n in names}
    return Offline((), env | {"no_proxy": "", "NO_PROXY": ""}, f"proxies set to {NOWHERE}")


def scratch_env(copy: Path) -> dict[str, str]:
    """The environment of a command run in ``copy``: its own packages first (the virtual
    environment's editable install points at the working tree), the venv's tools on PATH."""
    env = dict(os.environ) | offline().env
    env["PYTHONPATH"] = str(copy)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["SOURCE_DATE_EPOCH"] = env.get("SOURCE_DATE_EPOCH", "1195603200")
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


@dataclass(frozen=True)
class Run:
    command: tuple[str, ...]
    returncode: int
    output: str
    seconds: float = 0.0


def run_offline(command: Sequence[str], copy: Path, timeout: float = 600) -> Run:
    """Run ``command`` in ``copy`` without network; stdout and stderr together."""
    full = (*offline().prefix, *command)
    started = time.monotonic()
    try:
        done = subprocess.run(
            full,
            cwd=copy,
            env=scratch_env(copy),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as expired:
        output = expired.output or ""
        text = output if isinstance(output, str) else output.decode(errors="replace")
        return Run(tuple(command), -1, text + f"\n(timed out after {timeout} s)", timeout)
    return Run(tuple(command), done.returncode, done.stdout, time.monotonic() - started)
