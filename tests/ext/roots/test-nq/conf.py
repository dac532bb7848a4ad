"""A tiny rulebook for the extension's fast tests: a few pages, each using its directives."""

extensions = ["myst_parser", "sphinx.ext.doctest", "nqsphinx"]
myst_enable_extensions = ["colon_fence"]
project = "Tiny"
root_doc = "index"
exclude_patterns = ["_build", "_data", "locale"]
locale_dirs = ["locale/"]
gettext_compact = False
smartquotes = False
