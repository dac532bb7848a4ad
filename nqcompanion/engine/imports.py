"""What the calculators' engine imports, to ship no more of Python than that.

Pyodide's ``python_stdlib.zip`` holds the whole standard library (2.5 MB compressed): asyncio,
email, xml, unittest, the debugger... and nqcore reads none of them.  Starting from every module
of nqcore and from Pyodide's own start-up modules, :func:`closure` follows each ``import`` written
in a module's source (at any depth, in functions too: an import a function makes later is kept)
and :func:`trimmed` keeps only those modules of a zip.  A regular expression reads the imports,
not Python's parser: the stdlib is Python 3.14 source and the build runs another Python.
Anything written as an import is kept, so the list errs on the side of too much, never too little,
except for modules imported by name at run time (``importlib.import_module``): the engine's own
(``nqcore``) are all roots, and the codecs are listed in :data:`ALWAYS`.
"""

from __future__ import annotations

import ast
import io
import re
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from nqcompanion.engine import slim

#: Modules Pyodide and CPython import on start-up or by name (codecs by their encoding's name).
ALWAYS = (
    "site",
    "sitecustomize",
    "os",
    "io",
    "abc",
    "codecs",
    "stat",
    "posixpath",
    "genericpath",
    "_collections_abc",
    "_sitebuiltins",
    "sysconfig",
    "_sysconfigdata__emscripten_wasm32-emscripten",
    "importlib",
    "importlib.util",
    "importlib.machinery",
    "importlib.metadata",
    "zipimport",
    "functools",
    "traceback",
    "linecache",
    "warnings",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.cp437",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "_pyodide",
    "pyodide",
)
#: Packages kept whole: Pyodide's bridge to JavaScript, called by its runtime.
WHOLE = ("_pyodide", "pyodide")
#: The modules the engine's questions load, from a trace (:mod:`nqcompanion.engine.trace`): a
#: first visit downloads these; the rest of what :func:`closure` keeps waits in a second zip,
#: fetched only by an import that asks for it (:mod:`nqcompanion.bridge.stdlib_rest`).
FIRST_FILE = Path(__file__).with_name("stdlib_first.txt")

_NAME = r"[\w.]+(?:[ \t]+as[ \t]+\w+)?"
_IMPORT = re.compile(rf"^[ \t]*import[ \t]+({_NAME}(?:[ \t]*,[ \t]*{_NAME})*)", re.M)
_FROM = re.compile(
    r"^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+"
    r"(?:\(([^)]*)\)|([\w*, \t]+(?:\\\n[\w*, \t]+)*))",
    re.M,
)


def module_name(path: str) -> str | None:
    """``a/b/__init__.py`` is ``a.b``, ``a/b.py`` is ``a.b``; other files are no module."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(name: str, importer: str, is_package: bool) -> str:
    dots = len(name) - len(name.lstrip("."))
    if not dots:
        return name
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (dots - 1)]
    rest = name[dots:]
    return ".".join([*base, rest] if rest else base)


def imports(source: str, importer: str, is_package: bool) -> set[str]:
    """Every module name ``source`` imports (``from a import b``: ``a`` and ``a.b``): read by
    ``ast`` wherever the build's Python parses the module (an import after ``;`` or ``if x:``,
    a line starting with a form feed, a module of old Mac line ends: the expressions below miss
    them); by those expressions in a module of a newer syntax (Pyodide's standard library)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _imports_written(source, importer, is_package)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _absolute("." * node.level + (node.module or ""), importer, is_package)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names if alias.name != "*"}
    return found


def _imports_written(source: str, importer: str, is_package: bool) -> set[str]:
    """:func:`imports` by regular expressions, line by line."""
    found: set[str] = set()
    for match in _IMPORT.finditer(source):
        for part in match.group(1).split(","):
            found.add(part.split()[0])
    for match in _FROM.finditer(source):
        base = _absolute(match.group(1), importer, is_package)
        found.add(base)
        for name in re.split(r"[\s,\\]+", match.group(2) or match.group(3)):
            if name and name != "as" and name.isidentifier():
                found.add(f"{base}.{name}")
    return found


def closure(sources: Mapping[str, tuple[str, bool]], roots: Iterable[str]) -> set[str]:
    """The modules of ``sources`` (name: source, is a package) that ``roots`` import, at any
    depth, with their parent packages."""
    kept: set[str] = set()
    todo = [name for name in roots if name in sources]
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        kept.add(name)
        parent = name.rpartition(".")[0]
        if parent in sources:
            todo.append(parent)
        source, is_package = sources[name]
        todo += [found for found in imports(source, name, is_package) if found in sources]
    return kept


def first_modules() -> frozenset[str]:
    """The names of :data:`FIRST_FILE`, one a line (``#`` starts a comment line)."""
    lines = FIRST_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def split(
    names: Iterable[str], kept: Iterable[str], first: Iterable[str]
) -> tuple[set[str], set[str]]:
    """The modules of ``names`` (a zip's) in the first zip (``first``, with their parent
    packages) and in the rest (the others of ``kept``)."""
    names = set(names)
    ahead = set()
    for name in first:
        parts = name.split(".")
        ahead |= {".".join(parts[:n]) for n in range(1, len(parts) + 1)} & names
    return ahead, (set(kept) & names) - ahead


def zip_sources(data: bytes) -> dict[str, tuple[str, bool]]:
    """The modules of a zip: name: (source, is a package)."""
    found = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for entry in archive.namelist():
            name = module_name(entry)
            if name is not None:
                source = archive.read(entry).decode("utf-8", errors="replace")
                found[name] = (source, entry.endswith("/__init__.py"))
    return found


def _kept_entry(entry: str, kept: set[str]) -> bool:
    name = module_name(entry)
    if name is not None:
        return name in kept
    folder = entry.rstrip("/").replace("/", ".") if entry.endswith("/") else None
    if folder is not None:
        return folder in kept or folder == "site-packages"
    package = entry.rpartition("/")[0].replace("/", ".")
    return not package or package in kept  # a package's data, or a file at the top


def trimmed(data: bytes, kept: set[str]) -> bytes:
    """The zip ``data`` holding only the modules of ``kept`` (and its other files), each module
    without its docstrings and comments (:func:`slim.slim_module`)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as archive:
        for info in source.infolist():
            if _kept_entry(info.filename, kept):
                info.compress_type = zipfile.ZIP_DEFLATED
                name = module_name(info.filename)
                entry = source.read(info)
                entry = slim.slim_module(name, entry) if name is not None else entry
                archive.writestr(info, entry, compresslevel=9)
    return out.getvalue()


def stdlib_roots(stdlib: Mapping[str, tuple[str, bool]], engine: Iterable[str]) -> list[str]:
    """Where :func:`closure` starts: the engine's modules, start-up's, Pyodide's packages."""
    whole = [name for name in stdlib if name.split(".")[0] in WHOLE]
    return [*engine, *ALWAYS, *whole]
