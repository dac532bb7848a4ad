"""Where the site is served: any static web server (``_build/html``) or Read the Docs.

The two languages sit side by side, ``/en/`` and ``/fr/``, on a plain web server as on Read the
Docs (where French is its own project, a translation of the English one, at ``/fr/<version>/``).
This module sets what depends on that:

- the 404 page (sphinx-notfound-page): a web server shows it at any depth, so its links are
  absolute, under ``/<lang>/``, or ``<root><lang>/`` when ``_build/html`` is served under a
  sub-path (``NQ_SITE_ROOT=/rules/`` at build time, or ``-D nq_site_root=/rules/``), or the
  Read the Docs project's path; its words come from our catalogue;
- the link to the offline archive of the site: ``../noquarter-html.zip`` (both languages) beside
  the languages' folders (``make html``), or the project's HTML download on Read the Docs;
- the language: ``-D language=fr`` alone is enough (the ``fr`` tag of ``{only}`` blocks and the
  French search follow from it), so the Read the Docs build needs no other switch.
"""

from __future__ import annotations

import os
import posixpath
from html import escape
from typing import Any
from urllib.parse import urlparse

from sphinx.application import Sphinx
from sphinx.config import Config

from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language, ui_text

NOTFOUND_PAGE = "404"
#: The offline archive of both languages that ``make html`` writes beside ``en/`` and ``fr/``.
BILINGUAL_ARCHIVE = "noquarter-html.zip"
#: Where ``_build/html`` is served when no ``nq_site_root`` is given: the environment, else ``/``.
SITE_ROOT_VARIABLE = "NQ_SITE_ROOT"


def archive_name(lang: str) -> str:
    """One language's archive: Read the Docs' HTML download of a project (``--lang``)."""
    return f"noquarter-{lang}-html.zip"


def on_read_the_docs() -> bool:
    return os.environ.get("READTHEDOCS") == "True"


def site_root(value: str = "") -> str:
    """The absolute path at which ``_build/html`` is served, ``/`` or ``/rules/``: ``value``,
    else ``$NQ_SITE_ROOT``, else ``/``; always with a slash at each end."""
    path = value or os.environ.get(SITE_ROOT_VARIABLE, "")
    return "/" + "".join(f"{part}/" for part in path.split("/") if part)


def site_prefix(lang: str, root: str = "", of: str = "") -> str:
    """The absolute path of the language's site on the web server, ``/en/``, ``/rules/en/``
    (``root``, :func:`site_root`) or ``/fr/latest/``; with ``of``, the path of that other
    language's site, as the site of ``lang`` sees it."""
    of = of or lang
    canonical = os.environ.get("READTHEDOCS_CANONICAL_URL")
    if canonical:  # this project's path: /fr/latest/, and the English one /en/latest/
        return (urlparse(canonical).path or "/").replace(f"/{lang}/", f"/{of}/", 1)
    return f"{site_root(root)}{of}/"


def archive_url(lang: str) -> str:
    """Where readers download the site: beside the languages' folders (both languages), or Read
    the Docs' HTML zip of the project (an absolute path on the same site either way, once
    resolved)."""
    if on_read_the_docs():
        version = os.environ.get("READTHEDOCS_VERSION", "latest")
        return f"/_/downloads/{lang}/{version}/htmlzip/"
    return f"../{BILINGUAL_ARCHIVE}"


def notfound_body(lang: str, prefix: str) -> str:
    """The 404 page's text, with absolute links to the contents, the search and the index."""

    def text(words: str) -> str:
        return escape(french_html(words) if lang == "fr" else words, quote=False)

    links = [
        (f"{prefix}index.html", ui_text("Contents of the rules", lang)),
        (f"{prefix}search.html", ui_text("Search the rules", lang)),
        (f"{prefix}genindex.html", ui_text("Index of the rules", lang)),
    ]
    items = "".join(f'<li><a href="{href}">{text(label)}</a></li>' for href, label in links)
    explanation = ui_text("This page does not exist, or no longer exists at this address.", lang)
    return (
        f'<h1 id="page-not-found">{text(ui_text("Page not found", lang))}</h1>\n'
        f"<p>{text(explanation)}</p>\n"
        f'<ul class="nq-notfound-links">{items}</ul>\n'
    )


def _configure(app: Sphinx, config: Config) -> None:
    lang = page_language(config.language)
    app.tags.add(lang)
    if not config.html_search_language:
        config.html_search_language = lang
    if not config.nq_archive_url:
        config.nq_archive_url = archive_url(lang)
    config.nq_site_root = site_root(config.nq_site_root)
    if "notfound_urls_prefix" in config:
        prefix = site_prefix(lang, config.nq_site_root)
        config.notfound_urls_prefix = prefix
        config.notfound_pagename = NOTFOUND_PAGE
        config.notfound_context = {
            "title": ui_text("Page not found", lang),
            "body": notfound_body(lang, prefix),
        }


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    url: str = app.config.nq_archive_url
    if url.startswith("/"):
        href = url
    elif pagename == NOTFOUND_PAGE:  # shown at any depth: absolute
        prefix = site_prefix(page_language(app.config.language), app.config.nq_site_root)
        href = posixpath.normpath(prefix + url)
    else:
        href = "../" * pagename.count("/") + url
    context["nq_archive_href"] = href


def setup(app: Sphinx) -> None:
    app.add_config_value("nq_archive_url", "", "html", types=frozenset({str}))
    # The 404 page's absolute links: set from $NQ_SITE_ROOT when not given (a change rebuilds).
    app.add_config_value("nq_site_root", "", "html", types=frozenset({str}))
    # Before sphinx-notfound-page checks its settings (priority 500).
    app.connect("config-inited", _configure, priority=400)
    app.connect("html-page-context", _page_context)
