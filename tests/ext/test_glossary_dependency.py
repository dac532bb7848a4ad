"""Every page of the book depends on the glossary's files in every builder: the printed index
takes entries from its terms (attack round twenty: a term changed back stayed in the PDF's
index, its pages not read again by the LaTeX build)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.util.docutils import docutils_namespace

from tests.ext.conftest import copy_root


@pytest.mark.parametrize("builder", ["latex", "html"])
def test_each_page_is_read_again_when_the_glossary_changes(
    tmp_path: Path, make_app: Any, builder: str
) -> None:
    srcdir = copy_root("nq", tmp_path)
    glossary = (srcdir / "_data" / "glossary.toml").resolve()
    with docutils_namespace():
        tags = ["print"] if builder == "latex" else []  # as `make pdf` builds
        app = make_app(
            builder,
            srcdir=srcdir,
            confoverrides={"nq_site_url": "https://example.org/"},
            status=StringIO(),
            warning=StringIO(),
            tags=tags,
        )
        app.build()
        pages = [name for name in app.env.found_docs if not name.startswith("_")]
        depends = {name: {Path(p).resolve() for p in app.env.dependencies[name]} for name in pages}
        app.cleanup()
    assert pages and all(glossary in found for found in depends.values()), depends
