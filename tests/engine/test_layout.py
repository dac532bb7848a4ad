"""The code's layout stays readable: a module over 500 lines says why."""

from __future__ import annotations

import ast
from pathlib import Path

import nqcore
import nqprint
import nqsphinx
import nqtranslate

ENGINE = Path(nqcore.__file__).parent
PACKAGES = [Path(package.__file__).parent for package in (nqcore, nqsphinx, nqprint, nqtranslate)]
LONGEST = 500


def test_a_module_over_500_lines_says_why() -> None:
    silent = []
    for path in sorted(p for package in PACKAGES for p in package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONGEST:
            docstring = ast.get_docstring(ast.parse(text)) or ""
            if f"Over {LONGEST} lines because" not in docstring:
                silent.append(f"{path.relative_to(ENGINE.parent)}: {text.count(chr(10))} lines")
    assert not silent, "split these modules or say why in their docstring:\n" + "\n".join(silent)


def test_the_engine_modules_live_in_subpackages() -> None:
    """Only the package's own files and what every part shares stay at the top."""
    shared = {
        "__init__.py",
        "__main__.py",
        "atomic.py",
        "colour.py",
        "i18n.py",
        "places.py",  # where a refusal is, in the reader's language: every reader of files
        "catalogue_check.py",
        "characters.py",  # the characters any text read may hold: data, catalogues, files
        "terminal.py",  # what reaches the terminal: nq's answers and the catalogues' warnings
    }
    top = {p.name for p in ENGINE.glob("*.py")} - {"i18n_catalogue.py"}  # moves to nqtranslate/
    assert top <= shared, sorted(top - shared)
