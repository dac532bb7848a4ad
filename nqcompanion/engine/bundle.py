"""The calculators' engine as files: Pyodide's runtime, the part of Python's standard library
that nqcore imports, and ``nq-engine.zip`` (nqcore and the part of Babel it imports, with the
locale data of English and French only, and nqcore's catalogues compiled).

**One engine for both languages**: on a plain web server the sites sit side by side in
``_build/html`` and share one engine, ``_build/html/_engine/``, written by the first site build
to need it and by the root page (:mod:`nqsphinx.site.root_page`), so that a bilingual reader
downloads it, and keeps it offline, once.  On Read the Docs each language is its own project,
served apart: there each site carries its own copy in ``_static/nq-engine/``.  Where, and under
which names: :mod:`nqsphinx.site.engine_files`, which the site's steps after the build read too.

**Only what the engine imports**: Pyodide's standard library is trimmed to what nqcore and
Pyodide's start-up import (:mod:`nqcompanion.engine.imports`), and its list of installable
packages (``pyodide-lock.json``, 357 packages the engine never loads) to none.  Of that library,
a first visit downloads only what the page's questions load (0.55 MB of 1.05 compressed); the rest
waits in ``python_stdlib_rest.zip`` for an import that asks for it (:func:`stdlib_split`).
"""

from __future__ import annotations

import functools
import hashlib
import io
import itertools
import json
import os
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

import nqcompanion
import nqcore
from nqcompanion.engine import imports, kept_steps, slim
from nqcompanion.engine.pyodide_patch import restore_grows_memory
from nqcore.i18n import LANGUAGES, NUMBER_LOCALES, ROOT
from nqsphinx.refusals import Refused
from nqsphinx.site import vendored
from nqsphinx.site.engine_files import (
    COMPILED_CATALOGUES,
    ENGINE_ZIP,
    LOCK_FILE,
    PYODIDE_FILES,
    STDLIB,
    STDLIB_REST,
    STDLIB_REST_NAMES,
    WORKER,
)
from nqtranslate.python_sources import SourceError, python_source

ENGINE_TOOLS = ROOT / "tools" / "engine"
PYODIDE = ENGINE_TOOLS / "node_modules" / "pyodide"
#: The companion's package: the worker imports its engine bridge (``nqcompanion.bridge``) with
#: nqcore; none of its page's code, which needs Sphinx.
COMPANION = Path(nqcompanion.__file__).parent
#: 1980-01-01, the earliest date a zip file holds: the same sources make the same zip.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def babel_locales() -> tuple[str, ...]:
    """Babel's locales that the engine's languages read (en_GB, fr_FR, ... and their parents)."""
    from babel.core import get_global

    parents = get_global("parent_exceptions")
    found = ["root"]
    for lang in LANGUAGES:
        name = NUMBER_LOCALES.get(lang, lang)
        while name not in found:
            found.append(name)
            name = parents.get(name) or (name.rpartition("_")[0] or "root")
    return tuple(found)


#: Babel's locales the calculators' engine holds: ("root", "en_GB", "en_001", "en", "fr_FR", "fr").
BABEL_LOCALES = babel_locales()


# --- the zips ----------------------------------------------------------------------------------


def _zip_entries(archive: zipfile.ZipFile, base: Path, files: Iterator[Path]) -> None:
    for path in sorted(files):
        name = path.relative_to(base).as_posix()
        info = zipfile.ZipInfo(name, FIXED_DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, _shipped(name, path.read_bytes()), compresslevel=9)


def _shipped(name: str, data: bytes) -> bytes:
    """A file of the engine zip as it is shipped (:mod:`nqcompanion.engine.slim`): a module
    without docstrings and comments, Babel's data without what the engine never formats, a
    catalogue empty (its compiled messages stand for it: the file only says the language is
    there, as ``nqcore.language_codes`` finds languages)."""
    module = imports.module_name(name)
    if module is not None:
        return slim.slim_module(module, data)
    if name.endswith(".po"):
        return b""
    if name == "babel/global.dat":
        return slim.trimmed_global(data)
    if name.startswith("babel/locale-data/") and name.endswith(".dat"):
        return slim.trimmed_locale(data)
    return data


def _sources(folder: Path) -> dict[str, tuple[str, bool]]:
    return _modules(
        folder.parent,
        (p for p in folder.rglob("*.py") if p.is_file() and "__pycache__" not in p.parts),
    )


def _modules(base: Path, files: Iterable[Path]) -> dict[str, tuple[str, bool]]:
    found = {}
    for path in files:
        shown = path.relative_to(base).as_posix()
        try:
            text = python_source(path, shown)
        except SourceError as error:  # a module of ours, or of the Babel installed
            raise Refused(str(error)) from None
        found[imports.module_name(shown) or ""] = (text, path.name == "__init__.py")
    return found


def companion_files() -> list[Path]:
    """The companion's modules the engine zip holds: the bridge and its package's ``__init__``."""
    modules = sorted(p for p in (COMPANION / "bridge").glob("*.py") if p.is_file())
    files = [COMPANION / "__init__.py", *modules]
    return [_project_file(path, COMPANION, ROOT) for path in files]


#: What the engine zip takes of nqcore: its modules, data files and catalogues.
NQCORE_SUFFIXES = (".py", ".toml", ".po", ".json")


def package_files(package: Path, root: Path) -> list[Path]:
    """The files of ``package`` the engine zip ships (:data:`NQCORE_SUFFIXES`), each a file of
    the project (:func:`_project_file`)."""
    found = (
        path
        for path in package.rglob("*")
        if (path.is_file() or path.is_symlink())
        and "__pycache__" not in path.parts
        and path.suffix in NQCORE_SUFFIXES
    )
    files = [_project_file(path, package, root) for path in sorted(found)]
    _within_budget(files, package, root)
    return files


#: The most the files of a package the engine ships may come to, together (nqcore's: 1.5 MB in
#: 2026-12, its catalogue included): a contributor's files, one large or many small, would
#: otherwise grow what every reader downloads without bound (ten files of 4 MB: 30 MB).
MAX_PACKAGE_BYTES = 4 * 2**20


def _within_budget(files: list[Path], package: Path, root: Path) -> None:
    sizes = sorted(((path.stat().st_size, path) for path in files), reverse=True)
    total = sum(size for size, _ in sizes)
    if total > MAX_PACKAGE_BYTES:
        named = [(path.relative_to(root).as_posix(), size / 2**20) for size, path in sizes[:3]]
        largest = ", ".join(f"{name} ({mib:.1f} MiB)" for name, mib in named)
        raise Refused(
            f"the engine's files of {package.name}/ come to {total / 2**20:.1f} MiB, more than the "
            f"{MAX_PACKAGE_BYTES // 2**20} MiB every reader may be made to download (the largest: "
            f"{largest}): refused"
        )


def _project_file(path: Path, package: Path, root: Path) -> Path:
    """``path``, or the build stops naming it: a contributor's symbolic link (``nqcore/x.json``
    to ``/etc/passwd``), hard link or file unknown to git would publish a file of the build
    machine in the engine every reader downloads, as a page's download would
    (:func:`nqsphinx.project_files.file_problem`)."""
    from nqsphinx.project_files import file_problem

    if problem := file_problem(path, package, root, "the engine's file"):
        raise Refused(f"{problem}: refused (the engine zip ships the files of {package.name}/)")
    return path


@functools.cache
def imported() -> frozenset[str]:
    """Every module the engine may import: nqcore's, Babel's and the standard library's."""
    import babel

    engine = {
        **_sources(Path(nqcore.__file__).parent),
        **_modules(COMPANION.parent, companion_files()),
    }
    sources = {
        **imports.zip_sources((ensure_pyodide() / STDLIB).read_bytes()),
        **_sources(Path(babel.__file__).parent),
        **engine,
    }
    return frozenset(kept_steps.closure(sources, imports.stdlib_roots(sources, engine)))


@functools.cache
def stdlib_split() -> tuple[frozenset[str], frozenset[str]]:
    """The standard library's modules of the first zip (the trace's, :data:`imports.FIRST_FILE`)
    and of the rest's (the others that the engine may import)."""
    names = imports.zip_sources((ensure_pyodide() / STDLIB).read_bytes())
    first, rest = imports.split(names, imported(), imports.first_modules())
    return frozenset(first), frozenset(rest)


def engine_zip() -> bytes:
    """nqcore, the companion's bridge and the Babel they import, as one zip, the same bytes for
    the same sources."""
    import babel

    engine = Path(nqcore.__file__).parent
    babel_dir = Path(babel.__file__).parent
    data = babel_dir / "locale-data"
    kept = imported()

    def babel_file(path: Path) -> bool:
        if path.suffix == ".py":
            return imports.module_name(path.relative_to(babel_dir.parent).as_posix()) in kept
        return path.name == "global.dat" or (path.parent == data and path.stem in BABEL_LOCALES)

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        nqcore_files = package_files(engine, ROOT)
        _zip_entries(archive, engine.parent, itertools.chain(nqcore_files, companion_files()))
        _zip_compiled_catalogues(archive, sorted(engine.glob("locale/*/LC_MESSAGES/*.po")))
        info = zipfile.ZipInfo(STDLIB_REST_NAMES, FIXED_DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, json.dumps(sorted(stdlib_split()[1])), compresslevel=9)
        files = (p for p in babel_dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        _zip_entries(archive, babel_dir.parent, (p for p in files if babel_file(p)))
    return buffer.getvalue()


def _zip_compiled_catalogues(archive: zipfile.ZipFile, catalogues: list[Path]) -> None:
    """The catalogues read and checked here, once, not in each reader's browser."""
    from nqcore.catalogue_loading import compiled_catalogues

    info = zipfile.ZipInfo(COMPILED_CATALOGUES, FIXED_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, compiled_catalogues(catalogues), compresslevel=9)


def lock_file(data: bytes) -> bytes:
    """Pyodide's lock file without its packages: the engine installs none."""
    lock = json.loads(data)
    lock["packages"] = {}
    return json.dumps(lock, sort_keys=True).encode("utf-8")


# --- Pyodide's npm package ---------------------------------------------------------------------


def _installed_as_locked() -> bool:
    try:
        lock = json.loads((ENGINE_TOOLS / "package-lock.json").read_text(encoding="utf-8"))
        installed = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    locked = lock.get("packages", {}).get("node_modules/pyodide", {}).get("version")
    return bool(locked) and installed.get("version") == locked


def _ready() -> bool:
    return all((PYODIDE / n).is_file() for n in PYODIDE_FILES) and _installed_as_locked()


def ensure_pyodide() -> Path:
    """Pyodide's npm package, as ``./dev`` installs it from its lock file before any build
    (``npm ci`` in ``tools/engine``): the build only reads it, and never runs npm."""
    if not _ready():
        raise Refused(
            "tools/engine: Pyodide is not installed as package-lock.json pins it "
            "(./dev installs it: cd tools/engine && npm ci)"
        )
    return PYODIDE


#: Pyodide's runtime, changed to restore a memory snapshot larger than its first memory.
RUNTIME = "pyodide.asm.mjs"


@functools.cache  # the resident builder (nqsphinx.site.live) restarts when the engine changes
def engine_files() -> dict[str, bytes]:
    """Every file of the engine's folder, by name."""
    source = ensure_pyodide()
    files = {name: vendored.read(source / name) for name in PYODIDE_FILES}  # as npm ci put them
    files[RUNTIME] = restore_grows_memory(files[RUNTIME])
    first, rest = stdlib_split()
    files[STDLIB_REST] = kept_steps.trimmed(files[STDLIB], set(rest))
    files[STDLIB] = kept_steps.trimmed(files[STDLIB], set(first))
    files[LOCK_FILE] = lock_file(files[LOCK_FILE])
    files[ENGINE_ZIP] = engine_zip()
    files[WORKER] = worker(files)
    return files


#: Where the worker's text names the engine's version: the key of the memory it keeps.
VERSION = b"__ENGINE_VERSION__"


def worker(files: dict[str, bytes]) -> bytes:
    """The page's worker, naming the version of the engine's other files: the memory a
    browser made of one engine is never restored into another (nq-engine-worker.js)."""
    digest = hashlib.sha256()
    for name in sorted(set(files) - {WORKER}):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    text = (COMPANION / "static" / WORKER).read_bytes()
    if text.count(VERSION) != 1:
        raise Refused(f"{WORKER}: {VERSION.decode()} must be written once")
    return text.replace(VERSION, digest.hexdigest()[:16].encode())


#: The engine's files this process wrote or found in place: their modification time and size.
#: The resident builder builds again in one process; unchanged, they are not read again.
_in_place: dict[Path, tuple[int, int] | None] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return stat.st_mtime_ns, stat.st_size


def write_engine(folder: Path) -> Path:
    """The engine's files in ``folder``, each written only when it differs, and whole: the two
    sites build at once, and both may write the shared folder (a file is replaced, never seen
    half written)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in engine_files().items():
        path = folder / name
        known = _in_place.get(path)
        if known is not None and known == _stamp(path):  # this process wrote or found it
            continue
        if not path.is_file() or path.read_bytes() != data:
            part = path.with_name(f".{name}.{os.getpid()}.part")
            part.write_bytes(data)
            part.replace(path)
        _in_place[path] = _stamp(path)
    return folder
