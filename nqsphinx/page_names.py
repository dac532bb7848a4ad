"""A page may not take the name of a page or folder a builder writes itself (attack round
twenty-four, finding 1).

``docs/search.md`` was built, listed in the toctree, the sidebar and the offline worker's list,
and then overwritten by Sphinx's own search page: its text was on no page of the site.
``docs/404.md`` did the opposite, replacing the site's 404 page (sphinx-notfound-page skips its
own when a page has its name), which the hosting serves for every missing address.  In the
e-book, ``docs/nav.md`` and ``docs/epub-cover.md`` were lost under the contents page and the
cover.  A page under ``docs/_images/`` was published beside the copied images.  No warning named
any of them.  So, when any builder starts (before a page is read), a page whose name is one of
:func:`generated_pages`, or which lies under one of :data:`OUTPUT_FOLDERS`, stops the build with
one line naming its file: ``docs/search.md:1: ERROR: …``.

The names form one list, refused by every builder: the HTML site, the e-book and the PDF are made
from the same pages, so a page the e-book would lose is refused in ``./dev html`` too, where a
contributor first builds it.  The list is derived from the builders wherever they say it (a new
Sphinx or extension that adds a page is followed without an edit here):

- Sphinx's own pages: the labels its standard domain gives them (``genindex``, ``search``,
  ``py-modindex``), each domain's indices, ``html_additional_pages``, the OpenSearch file;
- the extensions' pages (``html-collect-pages``): sphinx-notfound-page's ``notfound_pagename``
  (``404``); the extension's own listener (:func:`nqsphinx.site.quick_search.write_files`)
  writes static files and adds no page;
- the e-book's files: the cover (``epub-cover``, the EPUB builder's ``coverpage_name``) and
  the files it writes beside the pages, :data:`EPUB_FILES` (named there only inside a method,
  so listed here).

The folders are the HTML builder's, named only on a builder's instance (so listed here):
:data:`OUTPUT_FOLDERS`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path, PurePosixPath

from sphinx.application import Sphinx
from sphinx.builders.epub3 import Epub3Builder
from sphinx.domains.std import StandardDomain
from sphinx.project import EXCLUDE_PATHS
from sphinx.util import logging
from sphinx.util.matching import get_matching_files

logger = logging.getLogger(__name__)

#: What Sphinx's EPUB builder writes beside the pages (``_epub_base.build_content``'s own
#: files: the navigation document, the NCX contents, the package file, the mimetype).
EPUB_FILES = ("nav.xhtml", "toc.ncx", "content.opf", "mimetype")
#: The folders the builders write into the output (Sphinx's HTML builder: ``imagedir``,
#: ``_static_dir``, ``_sources_dir``, ``_downloads_dir``; viewcode's ``_modules``; the EPUB's
#: ``META-INF``): a page there would stand among copied files.
OUTPUT_FOLDERS = ("_images", "_static", "_sources", "_downloads", "_modules", "META-INF")


def generated_pages(app: Sphinx) -> dict[str, str]:
    """The names of the pages the builders write themselves, each with what writes it."""
    names: dict[str, str] = {}
    for docname, *_ in StandardDomain.initial_data["labels"].values():
        names[str(docname)] = "a page Sphinx's HTML builder writes"
    for domain in app.env.domains.sorted():
        for index in domain.indices:
            names[f"{domain.name}-{index.name}"] = "an index page Sphinx writes"
    for name in getattr(app.config, "html_additional_pages", {}) or {}:
        names[name] = "a page of html_additional_pages"
    names["opensearch"] = "the OpenSearch file Sphinx's HTML builder writes"
    if notfound := getattr(app.config, "notfound_pagename", ""):
        names[notfound] = "the site's 404 page (sphinx-notfound-page)"
    names[PurePosixPath(Epub3Builder.coverpage_name).stem] = "the e-book's cover"
    for file in EPUB_FILES:
        names.setdefault(PurePosixPath(file).stem, f"the e-book's {file}")
    return names


def name_problems(app: Sphinx) -> list[tuple[str, str]]:
    """Each page of the sources named as a page the builders write, or under a folder they
    write: its file and line (``docs/search.md:1``), and why."""
    srcdir = Path(app.srcdir)
    root = Path(app.confdir).absolute()
    reserved = generated_pages(app)
    excluded = [*app.config.exclude_patterns, *EXCLUDE_PATHS]
    problems = []
    for filename in sorted(get_matching_files(srcdir, app.config.include_patterns, excluded)):
        docname = app.project.path2doc(filename)
        if not docname:
            continue
        shown = os.path.relpath(srcdir / filename, root)
        folder = docname.split("/")[0] if "/" in docname else ""
        if docname in reserved:
            why = f"a page named {docname!r}, the name of {reserved[docname]}"
        elif folder in OUTPUT_FOLDERS:
            why = f"a page under {folder}/, a folder the builders write"
        else:
            continue
        problems.append((f"{shown}:1", f"{why}: its text would be lost or replace it; rename it"))
    return problems


def check_page_names(app: Sphinx) -> None:
    """Stop before any page is read if one takes a name the builders write."""
    problems = name_problems(app)
    for location, why in problems:
        logger.error(why, location=location)
    if problems:
        count = len(problems)
        said = f"Refused input: {count} page name(s) that a builder writes; nothing built."
        print(said, file=sys.stderr)
        raise SystemExit(2)


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", check_page_names, priority=110)  # after the files
