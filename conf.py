"""Sphinx configuration shared by both languages; the French build adds ``-D language=fr``."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from nqcore import i18n  # noqa: E402 - found through the path above

project = "No Quarter Fantasy Wargames"
author = "Chris Gilders"
copyright = "2002–2007, Chris Gilders"  # noqa: A001 - the name Sphinx reads
release = version = "2007"
# The edition's date, never the build's: with the clock's date, the LaTeX sources (and so the PDFs)
# of one commit changed at midnight.
today = release

extensions = [
    "myst_parser",
    "sphinx_design",
    "sphinx.ext.doctest",
    "notfound.extension",  # the 404 page; nqsphinx.site.hosting sets its links and words
    "nqsphinx",
    "sphinxcontrib.rsvgconverter",  # the SVG diagrams become PDF for LaTeX (Debian librsvg2-bin)
]
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
root_doc = "index"
exclude_patterns = [
    "_data",
    "conftest.py",
    "_templates",
    "_static",
    "_build",
    "Thumbs.db",
    ".DS_Store",
]
# The print editions (-t print: PDF, EPUB) also leave out the editors' pages:
# nqsphinx/books/editions.py.
# The site's code (page templates, scripts, stylesheets) is the extension's, reviewed as code;
# docs/ is content, and the build refuses code there (nqsphinx/project_files.py).
templates_path = ["nqsphinx/site/templates"]
nitpicky = True
smartquotes = False  # the book writes inches as 12"; curly quotes would turn them into ”

# Languages: English is the source; French comes from one gettext catalogue per page. Other
# folders laid out like the repository may add languages (NQ_LOCALE_PATH, nqcore/i18n.py).
language = "en"
# Absolute: Sphinx looks for a language's translations.js in each folder as given, from the
# working directory (a relative "../locale/" was a folder beside the checkout: attack round 23).
locale_dirs = [str(folder) for folder in i18n.locale_dirs(ROOT / "locale")]
gettext_compact = False
gettext_uuid = False
gettext_location = False  # no churn of location lines when a paragraph moves
gettext_auto_build = True
gettext_additional_targets: list[str] = []

# The site's address: the print editions and products print it where they send readers to a page
# of the site ({lang}: each language is its own Read the Docs project; nqprint/site_address.py).
nq_site_url = "https://noquarter.readthedocs.io/{lang}/latest/"

# Pages of named entries set in the alphabetical order of each translation's own names (the
# English keeps the book's order; nqsphinx/languages/sorted_sections.py).
nq_sorted_pages = ("abilities", "traits", "equipment")

# Doctests: every worked example imports what it uses; nothing is shared between pages.
doctest_test_doctest_blocks = ""

# HTML: readable on a phone, dark mode, no request leaves the site.
html_theme = "furo"
html_title = project
# The content's images and icons, then the site's scripts and styles (the same _static/ online).
html_static_path = ["docs/_static", "nqsphinx/site/static"]
html_css_files = ["nq-content.css", "nq.css", "nq-keyboard.css"]
html_js_files = ["nq.js", "nq-keyboard.js"]
html_permalinks_icon = '<span aria-hidden="true">#</span>'  # named by its title
html_show_sourcelink = False
html_copy_source = False
# The favicon, and apple-touch-icon.png (nqsphinx/site/templates/page.html): images, content.
html_favicon = "docs/_static/favicon.svg"

# PDF: xelatex for Unicode; babel-french is switched on for the French build by nqsphinx.
latex_engine = "xelatex"
latex_use_xindy = True  # index sorted by the language: « Élan » among the E (Debian's xindy)
latex_show_pagerefs = True  # every cross-reference gives its page: "(p. 12)"
latex_documents = [("index", "noquarter.tex", project, author, "manual")]
latex_elements = {
    "papersize": "a4paper",
    "pointsize": "11pt",  # across 120 mm: nqsphinx/books/measure.py
    # Diagrams keep the book's captions ("Figure 1. ..."), unnumbered as on the site.
    "extrapackages": r"\usepackage{tikz}"
    r"\usepackage{caption}\captionsetup[figure]{labelformat=empty}",
    "figure_align": "H",  # a diagram stays where the text says "the above example"
    "printindex": r"\footnotesize\raggedright\printindex",
}
latex_show_urls = "no"

# EPUB: the same book for e-readers (`make epub`); nqsphinx.books.epub sets its metadata in the
# build's language, draws its cover and writes the accessibility metadata, from the book's
# templates (nqsphinx/site/templates/epub) and stylesheet (nqsphinx/site/static/epub).
epub_basename = "noquarter"
epub_cover = ("_static/nq-cover.png", "nq-epub-cover.html")  # drawn at build time
epub_css_files = ["nq-content.css", "epub/nq-epub.css"]
epub_show_urls = "no"
epub_use_index = True  # the rules index: every section and glossary term
epub_tocdepth = 2
epub_exclude_files = [  # the diagrams' sources, copied with the static files: pages use _images/
    f"_static/diagrams/{svg.name}" for svg in (ROOT / "docs" / "_static" / "diagrams").glob("*.svg")
]
nq_epub_accessibility = {
    "accessMode": ["textual", "visual"],
    "accessModeSufficient": ["textual", "textual,visual"],
    "accessibilityFeature": [
        "structuralNavigation",
        "tableOfContents",
        "index",
        "alternativeText",
        "readingOrder",
        "displayTransformability",
    ],
    "accessibilityHazard": ["none"],
}
