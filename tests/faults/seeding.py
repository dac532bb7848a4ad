"""Fault copies that start from the unchanged copy's build, where that is safe.

A clean site build reads every page (4-6 s of CPU per language). A fault changes one page or one
catalogue; when Sphinx and make notice that change by themselves, the copy can start from the
baseline's ``_build`` and rebuild only what the fault touched, and the fault is caught by the
same check, with the same message. Where they would not notice it (Python code, engine data read
by directives), the copy keeps a clean build: reusing the build there would hide the fault.
"""

from __future__ import annotations

import os
import pickle
import shutil
from collections.abc import Callable, Iterable
from copy import copy as shallow_copy
from pathlib import Path, PurePath
from typing import Any, cast

from docutils import nodes

#: What the build left in the baseline copy that a seeded copy starts from, beside the build of
#: each language (doctrees with Sphinx's pickled environment, site, make's stamps): the
#: catalogues Sphinx compiled next to their sources (without them, each copy compiles them anew,
#: and every French page, which depends on its compiled catalogue, is read again).
COMPILED = "*.mo"


def seed_safe(changed: Iterable[str]) -> tuple[bool, str]:
    """Whether a copy whose ``changed`` files (relative paths) differ from the baseline may start
    from the baseline's build, and why.

    Safe only when every change is one Sphinx and make both see: an English page (its mtime,
    against the time Sphinx read it) or a page catalogue under ``locale/`` (Sphinx compiles it
    again when newer than its ``.mo``, on which each of its pages depends). Anything else may be
    read by code without Sphinx knowing: Python modules (the extension's version does not change
    with its code), engine data and catalogues (read by directives; no page depends on them in
    Sphinx's environment), configuration.
    """
    changed = sorted(changed)
    if not changed:
        return False, "nothing changed"
    for name in changed:
        path = Path(name)
        if path.parts[0] == "docs" and len(path.parts) == 2 and path.suffix == ".md":
            continue
        if path.parts[0] == "locale" and path.suffix == ".po":
            continue
        return False, f"{name}: not a page or a page catalogue; Sphinx may not see the change"
    return True, "pages or page catalogues only: Sphinx re-reads the pages they belong to"


def snapshot(copy: Path, names: Iterable[str]) -> dict[str, bytes]:
    """The contents of the project files of ``copy``, to tell what a fault changed."""
    return {name: (copy / name).read_bytes() for name in names if (copy / name).is_file()}


def changed_files(copy: Path, before: dict[str, bytes]) -> list[str]:
    """The files of ``before`` whose contents differ now (or that are gone)."""
    return sorted(
        name
        for name, data in before.items()
        if not (copy / name).is_file() or (copy / name).read_bytes() != data
    )


def seed(baseline: Path, copy: Path, languages: Iterable[str]) -> None:
    """Give ``copy`` the build of ``baseline`` (same project files, built) in ``languages``:
    site, doctrees and stamps, compiled catalogues, with their times; Sphinx's environments
    moved to ``copy``'s paths. (Only the languages the copy builds: half the copying.)"""
    build = Path("_build")
    names = [build / ".stamps" / "examples"]
    for lang in languages:
        names += [
            build / "html" / lang,
            build / "doctrees" / lang,
            build / ".stamps" / f"html-{lang}",
        ]
    for name in names:
        if (baseline / name).is_dir():
            shutil.copytree(baseline / name, copy / name, symlinks=True)
        else:
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(baseline / name, copy / name)
    for mo in baseline.glob(f"locale/**/{COMPILED}"):
        shutil.copy2(mo, copy / mo.relative_to(baseline))
    for pickled in (copy / build / "doctrees").glob("*/environment.pickle"):
        relocate(pickled, baseline, copy)


def relocate(pickled: Path, old: Path, new: Path) -> None:
    """Point a pickled Sphinx environment at ``new`` instead of ``old``: Sphinx refuses an
    environment whose source directory moved, and reads every page again when a configuration
    value (``locale_dirs`` holds absolute paths) or a dependency's path differs."""
    stat = pickled.stat()
    with pickled.open("rb") as file:
        env = pickle.load(file)
    move = _mover(str(old), str(new))
    for name, value in list(vars(env).items()):
        if name != "config":
            setattr(env, name, move(value))
    env.project.srcdir = move(env.project.srcdir)
    for name in list(env.config._options):
        if name in env.config:
            value = env.config[name]
            if move(value) != value:
                env.config[name] = move(value)
    data = pickle.dumps(env, pickle.HIGHEST_PROTOCOL)
    # A path pickles whole or part by part (Python 3.11): neither may be left.
    component = b"\x8c" + bytes([len(old.name.encode())]) + old.name.encode()
    if str(old).encode() in data or component in data:
        raise RuntimeError(f"{pickled}: still names {old} after relocation")
    pickled.write_bytes(data)
    os.utime(pickled, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def _mover(old: str, new: str) -> Callable[[Any], Any]:
    """Rewrites the paths under ``old`` in a value made of strings, paths and containers."""

    def under(text: str) -> bool:
        return text == old or text.startswith(old + os.sep)

    def move(value: Any) -> Any:
        if isinstance(value, str):
            return new + value[len(old) :] if under(value) else value
        if isinstance(value, PurePath):
            return type(value)(move(str(value))) if under(str(value)) else value
        if isinstance(value, nodes.Node):  # the places of the tables of contents' nodes
            for node in value.findall():
                node.source = move(node.source)
                if isinstance(node, nodes.Element) and "source" in node:
                    node["source"] = move(node["source"])
            return value
        if isinstance(value, dict):
            moved = shallow_copy(value)
            moved.clear()
            moved.update((move(k), move(v)) for k, v in value.items())
            return moved
        if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
            return cast(Any, value)._make(move(v) for v in value)
        if isinstance(value, (list, tuple, set, frozenset)):
            return type(value)(move(v) for v in value)
        return value

    return move


def newer_than_build(copy: Path, changed: Iterable[str]) -> None:
    """Make the fault's files newer than anything of the seeded build (make's stamps, the
    times Sphinx read its pages), should a coarse clock have given them the same time."""
    newest = max(p.stat().st_mtime_ns for p in (copy / "_build").rglob("*") if p.is_file())
    for name in changed:
        path = copy / name
        if path.exists() and path.stat().st_mtime_ns <= newest:
            later = newest + 10_000_000
            os.utime(path, ns=(later, later))
