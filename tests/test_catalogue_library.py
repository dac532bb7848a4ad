"""One library reads and writes the project's catalogues, behind one module (:mod:`nqcore.po`):
no other module of the project, its tests included, imports Babel's catalogue reader or writer
(``babel.messages``), or another library of catalogues (polib), so no check can read a catalogue
otherwise than the build reads it (``tests/test_catalogue_differential.py`` compares that
reading with GNU's). One test reads hostile catalogues with polib as well, to show what a reader
that guesses the charset misses (:data:`SECOND_READERS`)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.building import ROOT

PACKAGES = ("nqcore", "nqsphinx", "nqcompanion", "nqtranslate", "nqprint", "tools", "tests")
#: The test that feeds hostile catalogues to readers that are none of the pipeline's too.
SECOND_READERS = {ROOT / "tests" / "test_catalogue_readers.py": {"polib"}}
THE_MODULE = ROOT / "nqcore" / "po.py"
#: Modules that read or write ``.po`` files; ``babel.messages`` is Babel's reader, writer and
#: extractors (Jinja's extractor, ``jinja2.ext.babel_extract``, reads templates, not catalogues).
CATALOGUE_LIBRARIES = ("polib", "babel.messages", "translate.storage", "pofile")


def _modules() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "node_modules" not in path.parts and path != THE_MODULE
    )


def _library(name: str) -> bool:
    return any(name == lib or name.startswith(lib + ".") for lib in CATALOGUE_LIBRARIES)


def imported_libraries(tree: ast.AST) -> list[tuple[int, str]]:
    """Each import of a catalogue library in ``tree``, with its line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if _library(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            found += [(node.lineno, name) for name in names if _library(name)]
    return found


def test_no_module_but_nqcore_po_imports_a_catalogue_library() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: imports {name} (read and write through nqcore.po)"
        for path in _modules()
        for line, name in imported_libraries(ast.parse(path.read_text(encoding="utf-8")))
        if name not in SECOND_READERS.get(path, set())
    ]
    assert found == []


def test_the_check_sees_each_way_of_importing_one() -> None:
    code = (
        "import polib\nfrom babel.messages.pofile import read_po\nfrom babel import messages\n"
        "import babel.messages.mofile as mo\nfrom babel.numbers import format_decimal\n"
    )
    assert imported_libraries(ast.parse(code)) == [
        (1, "polib"),
        (2, "babel.messages.pofile.read_po"),
        (3, "babel.messages"),
        (4, "babel.messages.mofile"),
    ]
