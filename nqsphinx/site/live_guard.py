"""What the resident builder (``./dev live``) checks before each build, and where it builds.

``make html`` checks its inputs once, when make reads the Makefile, and builds each site into a
copy of its last good build, put in place only on success (:mod:`nqsphinx.site.staged_build`).
The resident builder reads whatever appears while it runs (a ``git checkout`` of a branch, a
save), so it applies the same rules before every build:

- **the Makefile's input rules**, over the inputs it follows: no symbolic link (it may point
  anywhere on the machine: ``docs/osr.md -> /etc/os-release``), no hard link, no file name with
  other characters than letters, digits and ``. _ - +``; a refused input is named and nothing is
  built;
- **a staged build**: each site's application builds into a folder of its own under
  ``<build>/.live/`` (its doctrees too), and the built files are copied into the published site
  only when every site built without a problem; after a problem, that site's staged folders are
  dropped and its next build starts again from the published site, as ``make html``'s does.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

from nqcore.terminal import printable
from nqsphinx.project_files import hard_link

#: A name the Makefile's recipes may give to the shell (its UNSAFE_NAMES).
SAFE_NAME = re.compile(r"[A-Za-z0-9._+-]+")
#: What the builder's snapshot of the inputs leaves out (nqsphinx.site.live.snapshot).
SKIPPED = ("_build", "__pycache__")


def _walk(path: Path) -> Iterator[Path]:
    """``path`` and everything below it, links not followed."""
    yield path
    if path.is_symlink() or not path.is_dir():
        return
    for folder, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d not in SKIPPED]
        for name in (*dirs, *files):
            yield Path(folder, name)


def shown_name(name: str) -> str:
    """A file's name as a refusal prints it: its escapes and line breaks shown, never obeyed
    (a name set the window's title, or forged a "built in" line: attack round twenty-two)."""
    return printable(name).translate({10: "\\n", 13: "\\r", 9: "\\t"})


def refused_inputs(inputs: Sequence[Path], root: Path) -> list[str]:
    """The inputs ``make html`` refuses, one line each, named from ``root``."""
    problems = []
    for path in (found for given in inputs for found in _walk(given)):
        shown = shown_name(os.path.relpath(path, root))
        if path.is_symlink():
            target = shown_name(os.readlink(path))
            problems.append(f"{shown}: symbolic link (to {target}) in the sources: refused")
        elif not SAFE_NAME.fullmatch(path.name):
            problems.append(f"{shown}: a name with characters other than letters, digits, . _ - +")
        elif path.is_file() and (other := hard_link(path)):
            problems.append(f"{shown} {other}: refused")
    return problems


# --- the staged builds ----------------------------------------------------------------------------


def staged(folder: Path) -> Path:
    """Where ``folder`` (``_build/html/en``, ``_build/doctrees/en``) is built: ``_build/.live/
    html/en``; the shared engine lands beside it, in ``_build/.live/html/_engine``."""
    return folder.parent.parent / ".live" / folder.parent.name / folder.name


def stage(folder: Path) -> Path:
    """The staged copy of ``folder``, made from it (times kept: the build stays incremental)
    unless it is there already."""
    copy = staged(folder)
    if not copy.exists():
        copy.parent.mkdir(parents=True, exist_ok=True)
        if folder.is_dir():
            shutil.copytree(folder, copy, symlinks=True)
        else:
            copy.mkdir()
    return copy


def drop(folder: Path) -> None:
    """Forget the staged copy of ``folder`` (its build had a problem)."""
    shutil.rmtree(staged(folder), ignore_errors=True)


def publish(folder: Path) -> None:
    """``folder`` made what its staged copy is: files added or changed are copied (each whole,
    through a temporary name), files the copy lacks are removed."""
    copy = staged(folder)
    if not copy.is_dir():
        return
    wanted = {p.relative_to(copy) for p in copy.rglob("*") if p.is_file() or p.is_symlink()}
    for name in sorted(wanted):
        source, target = copy / name, folder / name
        if _same(source, target):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(f".{target.name}.{os.getpid()}.part")
        shutil.copy2(source, part, follow_symlinks=False)
        part.replace(target)
    if folder.is_dir():
        for path in sorted(folder.rglob("*"), reverse=True):
            if path.relative_to(folder) in wanted:
                continue
            if path.is_dir() and not path.is_symlink():
                if not any(path.iterdir()):
                    path.rmdir()
            else:
                path.unlink()


def _same(source: Path, target: Path) -> bool:
    if target.is_symlink() or not target.is_file():
        return False
    one, other = source.stat(), target.stat()
    return (one.st_size, one.st_mtime_ns) == (other.st_size, other.st_mtime_ns)
