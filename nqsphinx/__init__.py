"""Sphinx extension of the No Quarter rulebook: engine tables, examples, diagrams, languages.

Kept apart from :mod:`nqcore` (the engine never imports Sphinx); this package reads the engine and
turns its data into document nodes in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

# The extension's modules are imported by setup(), not with the package: the site's post-build
# steps (python -m nqsphinx.site_root, nqsphinx.site_archive) need none of them, nor Sphinx
# (0.3 s of imports each).


def _configure_latex(app: Sphinx, config: Config) -> None:
    """The PDF's cover, contents, running headers, metadata and page layout; French
    hyphenation and typography from babel-french (:mod:`nqsphinx.latex`)."""
    from nqsphinx import latex
    from nqsphinx.messages import page_language

    lang = page_language(config.language)
    config.latex_elements = latex.latex_elements(dict(config.latex_elements), lang)


def _check_engine_data(app: Sphinx) -> None:
    """Every engine data file against its schema, before any page reads one: a bad record
    stops the build with one line naming the file, the record and the field."""
    from sphinx.errors import ExtensionError

    from nqcore import datafiles

    try:
        for filename in datafiles.data_filenames():
            datafiles.load(filename)
    except datafiles.DataFileError as error:
        raise ExtensionError(str(error)) from None


def setup(app: Sphinx) -> dict[str, Any]:
    from nqsphinx import (
        accessibility,
        at_table,
        bundles,
        cards,
        code_prose,
        coverage,
        csp,
        diagrams,
        downloads,
        edition_changes,
        editions,
        epub,
        errata,
        examples,
        glossary,
        hosting,
        langswitch,
        latex,
        myst_cache,
        offline,
        rules_index,
        search,
        site_style,
        tables,
        theme_text,
        translation_status,
        typography,
        untrusted,
        upstream_patches,
    )

    myst_cache.install()  # MyST parses each French message faster
    upstream_patches.install()  # Sphinx's i18n and toctrees faster (NQ_UPSTREAM_PATCHES=0: off)
    app.connect("builder-inited", upstream_patches.forget_toctrees)
    app.connect("env-updated", upstream_patches.forget_toctrees)
    app.connect("builder-inited", upstream_patches.template_cache)
    untrusted.setup(app)  # first: catalogues are checked before anything reads them
    app.connect("config-inited", _configure_latex)
    app.connect("builder-inited", _check_engine_data)
    latex.setup(app)
    editions.setup(app)  # site or print edition: what the other parts read
    examples.setup(app)
    code_prose.setup(app)  # the prose inside code in the page's language
    tables.setup(app)
    downloads.setup(app)
    diagrams.setup(app)
    langswitch.setup(app)
    typography.setup(app)
    cards.setup(app)
    errata.setup(app)
    edition_changes.setup(app)
    coverage.setup(app)
    glossary.setup(app)
    translation_status.setup(app)
    hosting.setup(app)
    theme_text.setup(app)
    rules_index.setup(app)
    epub.setup(app)
    site_style.setup(app)
    csp.setup(app)
    at_table.setup(app)  # after csp: its pages' policy replaces the site's
    app.setup_extension("nqsphinx.entities")  # also loaded by cards, tables and glossary
    search.setup(app)
    offline.setup(app)
    accessibility.setup(app)
    bundles.setup(app)  # last: it gathers the stylesheets and scripts the others add
    return {
        "version": "0.1",
        "env_version": 3,  # 2: the nq domain's entities; 3: doctests' comments
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
