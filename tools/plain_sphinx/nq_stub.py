"""No-op stand-ins for the directives the project's extensions register and the sources use (read
from nqsphinx's and nqcompanion's sources and from docs/, so a new directive is stubbed without
editing this file): each accepts any argument, option and content and renders nothing. A directive
plain Sphinx has (``toctree``, which nqsphinx overrides) keeps Sphinx's own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.application import Sphinx
from sphinx.util.docutils import is_directive_registered

ROOT = Path(__file__).resolve().parents[2]
REGISTERED = re.compile(r"add_directive\(\s*[\"']([\w-]+)[\"']")
#: A directive a page uses: ```{name} or :::{name} (sphinx-design's grids, for instance).
USED = re.compile(r"^\s*(?:`{3,}|:{3,})\{([\w-]+)\}", re.M)


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
    sources = [*(ROOT / "nqsphinx").rglob("*.py"), *(ROOT / "nqcompanion").rglob("*.py")]
    for source in sorted(sources):
        names.update(REGISTERED.findall(source.read_text(encoding="utf-8")))
    for page in sorted((ROOT / "docs").glob("*.md")):
        names.update(USED.findall(page.read_text(encoding="utf-8")))
    return sorted(names)


def setup(app: Sphinx) -> dict[str, Any]:
    for name in project_directives():
        if not is_directive_registered(name):
            app.add_directive(name, NoOp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
