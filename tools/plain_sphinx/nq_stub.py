"""No-op stand-ins for the directives the project's extensions register (read from their sources,
so a new directive is stubbed without editing this file): each accepts any argument, option and
content and renders nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[2]
REGISTERED = re.compile(r"add_directive\(\s*[\"']([\w-]+)[\"']")


class _AnyOption(dict[str, Any]):
    """An option spec that accepts every option name."""

    def __missing__(self, key: str) -> Any:
        return directives.unchanged


class NoOp(Directive):  # type: ignore[misc]
    optional_arguments = 100
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOption(class_=directives.unchanged)

    def run(self) -> list[nodes.Node]:
        return []


def project_directives() -> list[str]:
    names: set[str] = set()
    for source in sorted((ROOT / "nqsphinx").glob("*.py")):
        names.update(REGISTERED.findall(source.read_text(encoding="utf-8")))
    return sorted(names)


def setup(app: Sphinx) -> dict[str, Any]:
    for name in project_directives():
        app.add_directive(name, NoOp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
