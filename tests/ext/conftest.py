"""A tiny rulebook (``roots/test-nq``) built in process with ``sphinx.testing``, once per
language: the extension's directives and transforms tested in seconds, through Sphinx only
(``extensions = ["myst_parser", "nqsphinx"]``, directive names, the doctrees and the HTML)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from docutils import nodes
from sphinx.testing.util import SphinxTestApp
from sphinx.util.console import strip_escape_sequences

ROOTS = Path(__file__).parent / "roots"
LANGUAGES = ("en", "fr")
#: The errata and edition-changes pages link every section of the whole book, which the tiny
#: rulebook lacks: those warnings are expected there, and only there.
WHOLE_BOOK_LINKS = ("errata.md", "changes.md")


@dataclass(frozen=True)
class Built:
    app: SphinxTestApp
    warnings: str

    def html(self, page: str) -> str:
        return (Path(self.app.outdir) / f"{page}.html").read_text(encoding="utf-8")

    def doctree(self, page: str) -> nodes.document:
        return self.app.env.get_and_resolve_doctree(page, self.app.builder, tags=self.app.tags)

    def unexpected_warnings(self) -> list[str]:
        return [
            line
            for line in self.warnings.splitlines()
            if line.strip()
            and not ("undefined label" in line and line.split(":")[0].endswith(WHOLE_BOOK_LINKS))
        ]


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """Where ``sphinx.testing`` finds the test roots (``@pytest.mark.sphinx(testroot="nq")``)."""
    return ROOTS


def copy_root(name: str, into: Path) -> Path:
    """A scratch copy of a root: Sphinx compiles the catalogues beside their ``.po`` files."""
    srcdir = into / name
    shutil.copytree(ROOTS / f"test-{name}", srcdir)
    return srcdir


def build(srcdir: Path, lang: str, make: Callable[..., Any] = SphinxTestApp) -> Built:
    warning = StringIO()
    app = make(
        "html", srcdir=srcdir, confoverrides={"language": lang}, status=StringIO(), warning=warning
    )
    try:
        app.build()
    finally:
        app.cleanup()  # the nodes and directives it registered: the next app registers them again
    return Built(app, strip_escape_sequences(warning.getvalue()))


@pytest.fixture(scope="session")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """The tiny rulebook in English and in French, each built once per test run."""
    return {lang: build(copy_root("nq", tmp_path_factory.mktemp(lang)), lang) for lang in LANGUAGES}


@pytest.fixture(scope="session")
def engine_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every datum the engine publishes (``nq export``): what the pages must show."""
    out = tmp_path_factory.mktemp("export") / "rules.json"
    subprocess.run([sys.executable, "-m", "nqcore", "export", "--output", str(out)], check=True)
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data
