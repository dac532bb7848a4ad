"""Warnings of pure checks kept under the bytes of every file they read: for the life of the
process (the extension's tests build the tiny rulebook tens of times: the same package
catalogues against the same engine once, not at each build; 10 s of a 14 s tiny build), and,
within :func:`kept_in`, in a file beside a build's doctrees, for the next build of that folder
(a French build after one catalogue changed: 20 s of CPU, 10 of them the unchanged catalogues'
warnings).  A file changed, added or removed is another key: the check runs again.  On disk the
key also holds what judges the files: the checker's code (every module of ``nqtranslate`` and
``nqcore``), the word list, hunspell with its library and dictionaries, Python and the versions
of the packages the checks read with, any of which a later build may find changed."""

from __future__ import annotations

import glob
import hashlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from nqcore.i18n import ROOT
from nqtranslate.hunspell import hunspell_path

#: Beside the doctrees: the warnings kept by the last build, by key.
KEPT_FILE = "nq-kept-warnings.json"
#: Where hunspell looks for its dictionaries (with those of ``DICPATH``), and its library.
HUNSPELL_FOLDERS = ("/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts")
HUNSPELL_LIBRARIES = (
    "/usr/lib/*/libhunspell*",
    "/usr/lib/libhunspell*",
    "/usr/local/lib/libhunspell*",
)
#: The packages the checks read a catalogue with (the words a reader sees are MyST's; the stop
#: words of each language Sphinx's search), by the name they are imported as: the version of the
#: module imported, never a ``*.dist-info`` found first on the path (the project's root is).
PACKAGES = ("babel", "docutils", "markdown_it", "mdit_py_plugins", "myst_parser", "polib", "sphinx")

#: In the process: the lines by key, the files' digest and, within :func:`kept_in`, the tools'.
_KEPT: dict[tuple[str, ...], tuple[str, ...]] = {}


@dataclass
class _Store:
    """The warnings a folder kept (``found``), and those this build used, written back."""

    path: Path
    tools: str
    found: dict[str, list[str]]
    used: dict[str, list[str]] = field(default_factory=dict)


_STORE: list[_Store] = []
#: How many times a check said its result is not to be kept (:func:`unsure`).
_UNSURE = [0]
#: The tools' digest of the last :func:`kept_in` of the process (a resident builder's: hunspell
#: installed since, what it judged is judged again).
_LAST_TOOLS: list[str] = []


def _named(path: Path) -> str:
    """``path`` as a key names it: from the project's root when inside it (a copy of the
    project, the fault injection's, finds what the original kept)."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop of symbolic links
        return str(path)


def files_digest(paths: Iterable[Path]) -> str:
    """One digest of the paths and their bytes (a missing file is one too)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(_named(path).encode("utf-8", "surrogateescape") + b"\0")
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            digest.update(b"missing")
    return digest.hexdigest()


def _stat_line(path: Path) -> str:
    try:
        found = path.stat()
    except OSError:
        return f"{path} missing"
    return f"{path} {found.st_size} {found.st_mtime_ns}"


def _code() -> list[Path]:
    """The checker's modules: regular files only (a link may loop, or be a device)."""
    found = [p for package in ("nqtranslate", "nqcore") for p in (ROOT / package).rglob("*.py")]
    return sorted(p for p in found if p.is_file() and not p.is_symlink())


def _code_digest() -> str:
    return files_digest([*_code(), ROOT / "locale" / "fr" / "wordlist.txt"])


#: The checker's code as this process imported it: a module saved since (during a build, or
#: under a resident builder) would have the old code's lines kept under the new code's key.
_CODE_AT_START = _code_digest()


def unsure() -> None:
    """Say that the result being made is not to be kept: a tool it asked failed (hunspell
    killed, out of memory); the next build asks again."""
    _UNSURE[0] += 1


def tools_digest() -> str:
    """What a kept warning on disk also depends on: the checker's code, the word list, hunspell,
    its library and every dictionary where it looks (their sizes and times: they are the
    system's), Python and the packages the checks read with."""
    hunspell = hunspell_path()
    folders = [*os.environ.get("DICPATH", "").split(os.pathsep), *HUNSPELL_FOLDERS]
    system = [p for folder in folders if os.path.isabs(folder) for p in _listed(Path(folder))]
    system += sorted(Path(p) for pattern in HUNSPELL_LIBRARIES for p in glob.glob(pattern))
    lines = [str(hunspell), *(_stat_line(p) for p in system)]
    lines += [_stat_line(Path(hunspell))] if hunspell else []
    lines += [sys.version, *(f"{name}=={_version(name)}" for name in PACKAGES)]
    digest = hashlib.sha256("\n".join(lines).encode("utf-8", "surrogateescape")).hexdigest()
    return _code_digest() + digest


def _listed(folder: Path) -> list[Path]:
    """A folder's files in order, in the order hunspell looks in folders (the first ``fr_FR``
    found is the one it reads); none when it cannot be read, as hunspell finds none there."""
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def _version(name: str) -> str:
    try:
        return str(getattr(importlib.import_module(name), "__version__", "unknown"))
    except ImportError:
        return "not installed"


def _read_store(path: Path) -> dict[str, list[str]]:
    """What ``path`` kept; nothing when it is no such file (garbled, too deep, not a dict)."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return found if isinstance(found, dict) else {}


@contextmanager
def kept_in(folder: Path) -> Iterator[None]:
    """Within: :func:`kept_lines` also finds what the last build kept in ``folder`` (a build's
    doctrees), and keeps there what this one used."""
    tools = tools_digest()
    if not tools.startswith(_CODE_AT_START):  # the code changed since it was imported
        yield
        return
    store = _Store(folder / KEPT_FILE, tools, _read_store(folder / KEPT_FILE))
    if _LAST_TOOLS and _LAST_TOOLS[-1] != store.tools:
        _forget()
    _LAST_TOOLS[:] = [store.tools]
    _STORE.append(store)
    try:
        yield
    finally:
        _STORE.remove(store)
        _write_store(store)


def _forget() -> None:
    """Other tools: nothing judged by the old ones is kept (hunspell's answers neither)."""
    from nqtranslate import english_words

    _KEPT.clear()
    english_words.forget()


def _write_store(store: _Store) -> None:
    """The warnings this build used, for the next; a folder that takes no file keeps none."""
    temporary = store.path.with_name(f".{store.path.name}.{os.getpid()}")
    try:
        store.path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(store.used, indent=0, sort_keys=True), encoding="utf-8")
        temporary.replace(store.path)
    except OSError:
        temporary.unlink(missing_ok=True)


def _disk_key(full: tuple[str, ...]) -> str:
    return hashlib.sha256("\0".join(full).encode("utf-8", "surrogateescape")).hexdigest()


def _from_disk(full: tuple[str, ...], make: Callable[[], list[str]]) -> tuple[str, ...]:
    if not _STORE:
        return tuple(make())
    store = _STORE[-1]
    key = _disk_key(full)
    kept = store.found.get(key)
    valid = isinstance(kept, list) and all(isinstance(line, str) for line in kept)
    lines = tuple(kept) if valid and kept is not None else tuple(make())
    store.used[key] = list(lines)
    return lines


def kept_lines(
    key: tuple[str, ...], read: Iterable[Path], make: Callable[[], list[str]]
) -> list[str]:
    """``make()``, or what it gave for ``key`` when ``read`` held the same bytes (and, within
    :func:`kept_in`, the same tools); a new list each time (the callers add to it)."""
    full = (*key, files_digest(read), _STORE[-1].tools if _STORE else "")
    if full not in _KEPT:
        failures = _UNSURE[0]
        lines = _from_disk(full, make)
        if _UNSURE[0] != failures:  # made while a tool failed: neither kept nor on disk
            if _STORE:
                _STORE[-1].used.pop(_disk_key(full), None)
            return list(lines)
        _KEPT[full] = lines
    elif _STORE:
        _from_disk(full, lambda: list(_KEPT[full]))  # kept on disk for the next build too
    return list(_KEPT[full])
