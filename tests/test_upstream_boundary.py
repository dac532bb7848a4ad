"""Sphinx, MyST, docutils and Furo through their public interfaces: outside
``nqsphinx/upstream/`` no module imports a private module or name of theirs, or reads a private
attribute (``app._status``) that is not the project's own; the private names that
``nqsphinx/upstream/`` uses exist in the installed, pinned versions."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.building import ROOT

PACKAGES = ("nqcore", "nqsphinx", "nqcompanion", "nqtranslate", "nqprint")
UPSTREAM = ROOT / "nqsphinx" / "upstream"
FRAMEWORKS = {"sphinx", "myst_parser", "markdown_it", "docutils", "furo", "sphinx_design"}
#: Private attributes of other libraries read on purpose, each with its reason.
ALLOWED = {
    "_catalog": "gettext.GNUTranslations (the standard library) has no public reading of the "
    "messages of a compiled catalogue, which the translation notice counts",
    "_didModify": "zipfile.ZipFile (the standard library) writes its directory on close only if "
    "modified; the offline archive writes members' compressed bytes itself (an unchanged member "
    "is not compressed again) and says so",
    "_exit": "os._exit (the standard library's, documented) ends a process at once, running no "
    "clean-up: the examples' time limit (nqsphinx/example_limit.py) ends page code so, which "
    "that code cannot catch",
}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _modules() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if not path.is_relative_to(UPSTREAM)
    )


def _own_names(trees: list[ast.Module]) -> set[str]:
    """Every name the project defines: functions, classes, assigned names, attributes of its
    own objects, parameters."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name | ast.arg):
                names.add(node.id if isinstance(node, ast.Name) else node.arg)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}:
                    names.add(node.attr)  # not app._warncount = 0: that one is Sphinx's
    return names


def _foreign(node: ast.AST, own: set[str]) -> str | None:
    if isinstance(node, ast.ImportFrom) and node.module:
        parts = node.module.split(".")
        names = [alias.name for alias in node.names]
        if parts[0] in FRAMEWORKS and any(map(_private, parts + names)):
            return f"from {node.module} import {', '.join(names)}"
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] in FRAMEWORKS and any(map(_private, parts)):
                return f"import {alias.name}"
    if isinstance(node, ast.Attribute) and _private(node.attr):
        owner = node.value
        mine = isinstance(owner, ast.Name) and owner.id in {"self", "cls"}
        if not mine and node.attr not in own and node.attr not in ALLOWED:
            return f"{ast.unparse(node)}"
    return None


def test_no_module_outside_upstream_touches_a_private_name_of_a_framework() -> None:
    modules = _modules()
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in modules]
    own = _own_names(trees)
    found = [
        f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}: {what}"
        for path, tree in zip(modules, trees, strict=True)
        for node in ast.walk(tree)
        if (what := _foreign(node, own)) is not None
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_private_imports_and_attributes() -> None:
    own = {"_mine"}
    caught = [
        "from sphinx.builders.html._assets import _JavaScript",
        "from sphinx.cmd import build as b; b._parse_arguments(1)",
        "import sphinx._cli.util",
        "app._warncount = 0",
        "from docutils.nodes import _private",
    ]
    for source in caught:
        nodes = list(ast.walk(ast.parse(source)))
        assert any(_foreign(node, own) for node in nodes), source
    kept = ["self._x", "thing._mine", "from sphinx.application import Sphinx", "x.__dict__"]
    for source in kept:
        assert not any(_foreign(node, own) for node in ast.walk(ast.parse(source))), source


def test_the_private_names_upstream_uses_are_in_the_pinned_sphinx() -> None:
    from sphinx.cmd import build

    from nqsphinx.upstream import application

    for name in ("_parse_arguments", "_parse_confdir", "_parse_confoverrides"):
        assert callable(getattr(build, name)), name
    assert callable(build._parse_doctreedir)
    assert application.GUARD.split(".")[0] == __import__("sphinx").__version__.split(".")[0]
