"""Sphinx extension of the No Quarter rulebook: engine tables, examples, diagrams, languages.

Kept apart from :mod:`nqcore` (the engine never imports Sphinx); this package reads the engine and
turns its data into document nodes in the reader's language.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from nqsphinx import (
    cards,
    diagrams,
    errata,
    examples,
    glossary,
    langswitch,
    tables,
    translation_status,
    typography,
)


def _configure_latex(app: Sphinx, config: Config) -> None:
    """French hyphenation and typography in the PDF come from babel-french."""
    elements = dict(config.latex_elements)
    if config.language == "fr":
        elements.setdefault("babel", r"\usepackage[french]{babel}")
        elements.setdefault("polyglossia", "")
    config.latex_elements = elements


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _configure_latex)
    examples.setup(app)
    tables.setup(app)
    diagrams.setup(app)
    langswitch.setup(app)
    typography.setup(app)
    cards.setup(app)
    errata.setup(app)
    glossary.setup(app)
    translation_status.setup(app)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
