"""Every page links to the same page, and the same section, in the other language.

The two sites are built side by side (``html/en/`` and ``html/fr/``), so the other language's page
is at ``../<lang>/<pagename>.html`` from the site root.  Section anchors are the explicit labels,
which are the same in both languages; a small script carries the current anchor across.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from nqsphinx.hosting import NOTFOUND_PAGE, site_prefix
from nqsphinx.messages import page_language

LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


def other_language(lang: str) -> str:
    return "fr" if lang == "en" else "en"


def other_language_url(pagename: str, lang: str) -> str:
    """Relative URL of ``pagename`` in the other language's site."""
    depth = pagename.count("/")
    return "../" * (depth + 1) + f"{other_language(lang)}/{pagename}.html"


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(app.config.language)
    other = other_language(lang)
    context["nq_lang"] = lang
    context["nq_other_lang"] = other
    context["nq_other_lang_name"] = LANGUAGE_NAMES[other]
    if pagename == NOTFOUND_PAGE:
        # Shown at any depth: an absolute link, to the other language's contents.
        prefix = site_prefix(lang).replace(f"/{lang}/", f"/{other}/", 1)
        context["nq_other_lang_url"] = f"{prefix}index.html"
    else:
        context["nq_other_lang_url"] = other_language_url(pagename, lang)


def setup(app: Sphinx) -> None:
    app.connect("html-page-context", _page_context)
