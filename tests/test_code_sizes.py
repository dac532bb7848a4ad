"""The code stays readable in small pieces, without exceptions: in the five packages every
function is at most 60 lines, every module at most 500 lines, and no function takes more than 8
keyword-only parameters (more are grouped in a frozen dataclass, whose fields say what they mean).

Lines are counted as Python's parser sees them: a function from its ``def`` (decorators left out)
to its last line, a module from its first line to its last."""

from __future__ import annotations

import ast
from pathlib import Path

import nqcompanion
import nqcore
import nqprint
import nqsphinx
import nqtranslate

PACKAGES = [
    Path(package.__file__).parent
    for package in (nqcore, nqsphinx, nqcompanion, nqprint, nqtranslate)
]
ROOT = PACKAGES[0].parent
LONGEST_FUNCTION = 60
LONGEST_MODULE = 500
MOST_KEYWORDS = 8

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in package.rglob("*.py"))


def _functions(tree: ast.Module) -> list[tuple[str, Function]]:
    """Every function and method, named with the classes and functions that hold it."""
    found: list[tuple[str, Function]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((prefix + child.name, child))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def oversized(path: Path) -> list[str]:
    """What in one file breaks the rule, one line each: file, function, size."""
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found = []
    lines = len(text.splitlines())
    if lines > LONGEST_MODULE:
        found.append(f"{where}: module of {lines} lines (at most {LONGEST_MODULE})")
    for name, function in _functions(ast.parse(text)):
        size = (function.end_lineno or function.lineno) - function.lineno + 1
        if size > LONGEST_FUNCTION:
            found.append(f"{where}: {name}() is {size} lines (at most {LONGEST_FUNCTION})")
        keywords = len(function.args.kwonlyargs)
        if keywords > MOST_KEYWORDS:
            found.append(
                f"{where}: {name}() takes {keywords} keyword-only parameters (at most "
                f"{MOST_KEYWORDS}: group them in a frozen dataclass)"
            )
    return found


def test_no_function_module_or_parameter_list_is_too_long() -> None:
    found = [problem for path in _modules() for problem in oversized(path)]
    assert not found, "split these:\n" + "\n".join(found)


def test_the_check_sees_each_kind_of_excess(tmp_path: Path) -> None:
    """A long function, a long module and too many keywords are each named, with their size."""
    body = "".join(f"    x{n} = {n}\n" for n in range(LONGEST_FUNCTION))
    keywords = ", ".join(f"k{n}: int = 0" for n in range(MOST_KEYWORDS + 1))
    source = (
        f"class Holder:\n  def long(self) -> None:\n{body}\n"
        f"def many(*, {keywords}) -> None:\n    pass\n" + "\n" * LONGEST_MODULE
    )
    path = tmp_path / "big.py"
    path.write_text(source, encoding="utf-8")
    found = oversized(path)
    assert len(found) == 3, found
    assert f"module of {len(source.splitlines())} lines" in found[0]
    assert f"Holder.long() is {LONGEST_FUNCTION + 1} lines" in found[1]
    assert f"many() takes {MOST_KEYWORDS + 1} keyword-only parameters" in found[2]


def test_a_function_of_exactly_the_limits_passes(tmp_path: Path) -> None:
    body = "".join(f"    x{n} = {n}\n" for n in range(LONGEST_FUNCTION - 1))
    keywords = ", ".join(f"k{n}: int = 0" for n in range(MOST_KEYWORDS))
    path = tmp_path / "fits.py"
    path.write_text(f"def fits(*, {keywords}) -> None:\n{body}", encoding="utf-8")
    assert oversized(path) == []
