"""The benchmark's baseline: the same sources built by plain Sphinx (MyST, doctest, furo), none of
the project's extensions (no nqsphinx, no sphinx_design, no templates or static files); our
directives are stubbed to render nothing, so the ratio measures what the project adds."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

project = "No Quarter Fantasy Wargames"
author = "Chris Gilders"
copyright = "2002-2007, Chris Gilders"  # noqa: A001 - the name Sphinx reads
release = version = "2007"

extensions = ["myst_parser", "sphinx.ext.doctest", "nq_stub"]
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
root_doc = "index"
exclude_patterns = ["_data", "conftest.py", "_templates", "_static", "_build"]
smartquotes = False
language = "en"
html_theme = "furo"
html_title = project
html_show_sourcelink = False
html_copy_source = False
