"""A page named as a page or folder a builder writes is refused at its file (attack round
twenty-four, finding 1): ``search`` was overwritten by Sphinx's search page, ``404`` replaced the
site's, ``nav`` and ``epub-cover`` were lost in the e-book, ``_images/x`` stood among the images."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqsphinx.page_names import EPUB_FILES, OUTPUT_FOLDERS
from tests.ext.conftest import copy_root
from tests.ext.test_outbound import _started

LOST = "its text would be lost or replace it; rename it"


def _page(srcdir: Path, name: str) -> None:
    path = srcdir / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {name}\n\nWords here.\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("search", "a page named 'search', the name of a page Sphinx's HTML builder writes"),
        ("genindex", "a page named 'genindex', the name of a page Sphinx's HTML builder writes"),
        ("404", "a page named '404', the name of the site's 404 page (sphinx-notfound-page)"),
        ("nav", "a page named 'nav', the name of the e-book's nav.xhtml"),
        ("epub-cover", "a page named 'epub-cover', the name of the e-book's cover"),
        ("toc", "a page named 'toc', the name of the e-book's toc.ncx"),
        ("content", "a page named 'content', the name of the e-book's content.opf"),
        ("_images/x", "a page under _images/, a folder the builders write"),
        ("_downloads/x", "a page under _downloads/, a folder the builders write"),
    ],
)
def test_a_page_named_as_a_builders_page_is_refused(
    tmp_path: Path, make_app: Any, name: str, why: str
) -> None:
    srcdir = copy_root("nq", tmp_path)
    _page(srcdir, name)
    overrides: dict[str, Any] = {}
    if name == "404":  # the site's: sphinx-notfound-page, its page named by nqsphinx.site.hosting
        extensions = ["myst_parser", "sphinx.ext.doctest", "notfound.extension", "nqsphinx"]
        overrides = {"extensions": extensions, "notfound_pagename": "404"}
    stop, errors = _started(srcdir, make_app, **overrides)
    assert stop.code == 2
    assert errors == [f"{name}.md:1: ERROR: {why}: {LOST}"]


def test_the_lists_name_what_sphinx_writes() -> None:
    """The e-book's files and the HTML builder's folders, as Sphinx 9 writes them."""
    from sphinx.builders.html import StandaloneHTMLBuilder

    assert "META-INF" in OUTPUT_FOLDERS and "nav.xhtml" in EPUB_FILES
    assert "_images" in OUTPUT_FOLDERS and StandaloneHTMLBuilder.search  # the search page
