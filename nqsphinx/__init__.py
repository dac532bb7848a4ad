"""Sphinx extension of the No Quarter rulebook: engine tables, examples, diagrams, languages.

Kept apart from :mod:`nqcore` (the engine never imports Sphinx); this package reads the engine and
turns its data into document nodes in the reader's language.
"""

from __future__ import annotations

from importlib import metadata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: The shape of what the extension keeps in Sphinx's pickled environment (``env.nq_*``, the nq
#: domain's data, the classes of its nodes in the doctrees). Bump it whenever that shape changes:
#: a new or renamed attribute or domain field, or a node class that moved to another module.
#: Sphinx then reads every page again instead of unpickling what this code no longer reads.
#: 2: the nq domain's entities; 3: the extension's modules grouped into subpackages;
#: 4: doctests' comments kept as translatable nodes (nqsphinx.languages.code_prose); 5: what
#: each page's translation applied; 6: the fingerprint of the code and data behind the directives
#: (nqsphinx.code_inputs); 7: the calculators' node in nqcompanion.page.directive.
ENV_VERSION = 7

# The extension's modules are imported by setup(), not with the package: the site's post-build
# steps (python -m nqsphinx.site.root_page, nqsphinx.site.archive) need none of them, nor Sphinx
# (0.3 s of imports each).


def _configure_latex(app: Sphinx, config: Config) -> None:
    """The PDF's cover, contents, running headers, metadata and page layout; French
    hyphenation and typography from babel-french (:mod:`nqsphinx.books.latex`)."""
    from nqsphinx.books import latex
    from nqsphinx.messages import page_language

    lang = page_language(config.language)
    config.latex_elements = latex.latex_elements(dict(config.latex_elements), lang)


def _check_engine_data(app: Sphinx) -> None:
    """Every engine data file against its schema, before any page reads one: a bad record
    stops the build with one line naming the file, the record and the field."""
    from nqcore.army.features import CATEGORIES, features
    from nqcore.data import datafiles
    from nqcore.rules.spells import all_spells
    from nqsphinx.refusals import Refused

    try:
        for filename in datafiles.data_filenames():
            datafiles.load(filename)
        all_spells(), [features(category) for category in CATEGORIES]  # texts filled: TextError
    except datafiles.DataFileError as error:
        raise Refused(str(error)) from None


def _install_checks(app: Sphinx) -> None:
    """First: the upstream patches, then the checks of what a build reads and writes, before
    anything reads a page, a catalogue or the engine's data."""
    from nqsphinx import (
        builder,
        code_inputs,
        page_content,
        page_names,
        project_files,
        refusals,
        uncatalogued,
        untrusted,
    )
    from nqsphinx.languages import project_languages
    from nqsphinx.site import output_audit
    from nqsphinx.upstream import myst_cache, patches

    app.connect("builder-inited", builder.remember_builder, priority=0)  # before any reads it
    myst_cache.install()  # MyST parses each French message faster
    patches.install()  # Sphinx's i18n and toctrees faster (NQ_UPSTREAM_PATCHES=0: off)
    app.connect("builder-inited", patches.forget_toctrees)
    app.connect("env-updated", patches.forget_toctrees)
    app.connect("builder-inited", patches.template_cache)
    refusals.setup(app)  # a refused input is one line, not Sphinx's crash report
    untrusted.setup(app)  # first: catalogues are checked before anything reads them
    project_languages.setup(app)  # every language of the project has what its sites need
    page_content.setup(app)  # what a page's markup may publish: no code, head or script links
    page_names.setup(app)  # no page takes the name of a page or folder a builder writes
    project_files.setup(app)  # what pages and static paths bring in: files of the project
    uncatalogued.setup(app)  # no markup whose words no catalogue holds ({index}, {abbr})
    output_audit.setup(app)  # and what the output holds, after every build
    app.connect("config-inited", _configure_latex)
    code_inputs.setup(app)  # an edit of the engine's data or code re-reads every page
    app.connect("builder-inited", _check_engine_data)


def _install_books_and_pages(app: Sphinx) -> None:
    """The books' and the pages' parts: editions, directives, languages, typography."""
    from nqsphinx.books import editions, latex, site_pages
    from nqsphinx.directives import (
        cards,
        coverage,
        diagrams,
        edition_changes,
        entity_lists,
        errata,
        examples,
        glossary,
        rules_index,
        tables,
    )
    from nqsphinx.languages import (
        code_prose,
        langswitch,
        sorted_sections,
        theme_text,
        translation_notice,
        typography,
    )
    from nqsphinx.site import downloads, hosting

    latex.setup(app)
    editions.setup(app)  # site or print edition: what the other parts read
    site_pages.setup(app)
    examples.setup(app)
    code_prose.setup(app)  # the prose inside code in the page's language
    tables.setup(app)
    downloads.setup(app)
    diagrams.setup(app)
    langswitch.setup(app)
    typography.setup(app)
    sorted_sections.setup(app)  # abilities and traits in the page language's alphabetical order
    cards.setup(app)
    errata.setup(app)
    edition_changes.setup(app)
    entity_lists.setup(app)
    coverage.setup(app)
    glossary.setup(app)
    translation_notice.setup(app)
    hosting.setup(app)
    theme_text.setup(app)
    rules_index.setup(app)


def _install_site(app: Sphinx) -> None:
    """The e-book's and the site's parts: style, policies, calculators, search, offline."""
    from nqsphinx.books import epub
    from nqsphinx.site import (
        accessibility,
        bundles,
        csp,
        engine_files,
        keep_offline,
        offline,
        quick_search,
        search,
        style,
    )

    epub.setup(app)
    style.setup(app)
    csp.setup(app)
    app.setup_extension(engine_files.COMPANION)  # after csp: its pages' policy replaces the site's
    app.setup_extension("nqsphinx.directives.entities")  # also loaded by cards, tables and glossary
    search.setup(app)
    quick_search.setup(app)  # the header's search box and its index
    offline.setup(app)
    keep_offline.setup(app)  # the "Keep for offline" control of the home and calculators' pages
    accessibility.setup(app)
    bundles.setup(app)  # last: it gathers the stylesheets and scripts the others add


def setup(app: Sphinx) -> dict[str, Any]:
    """Every part of the extension, in the order their handlers must run."""
    _install_checks(app)
    _install_books_and_pages(app)
    _install_site(app)
    return {
        "version": metadata.version("noquarter"),  # pyproject.toml's, as installed
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
