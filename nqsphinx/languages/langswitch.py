"""Every page links to the same page, and the reader's place in it, in the other language.

The two sites are built side by side (``html/en/`` and ``html/fr/``), so the other language's page
is at ``../<lang>/<pagename>.html`` from the site root.  The link sits in the page's header: the
sticky header of a phone, the icons above the article on a desktop (``docs/_templates/page.html``).
Section labels and the order of the paragraphs are the same in both languages, so ``nq.js``
rewrites the link when it is followed: ``#label`` of the section heading nearest above the top of
the window, and ``?p=N``, the paragraph of that section the reader was at, which the other page
scrolls to.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from nqsphinx.messages import page_language, ui_text
from nqsphinx.site.hosting import NOTFOUND_PAGE, site_prefix

LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


def other_language(lang: str) -> str:
    return "fr" if lang == "en" else "en"


def other_language_url(pagename: str, lang: str) -> str:
    """Relative URL of ``pagename`` in the other language's site."""
    depth = pagename.count("/")
    return "../" * (depth + 1) + f"{other_language(lang)}/{pagename}.html"


def switch_label(lang: str) -> str:
    """The switch's name, in the page's language ``lang``; it holds the code the link shows."""
    if other_language(lang) == "fr":
        return ui_text("Read this page in French (FR)", lang)
    return ui_text("Read this page in English (EN)", lang)


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(app.config.language)
    other = other_language(lang)
    context["nq_lang"] = lang
    context["nq_other_lang"] = other
    context["nq_other_lang_name"] = LANGUAGE_NAMES[other]
    context["nq_switch_label"] = switch_label(lang)
    if pagename == NOTFOUND_PAGE:
        # Shown at any depth: an absolute link, to the other language's contents.
        prefix = site_prefix(lang, app.config.nq_site_root, of=other)
        context["nq_other_lang_url"] = f"{prefix}index.html"
    else:
        context["nq_other_lang_url"] = other_language_url(pagename, lang)


def setup(app: Sphinx) -> None:
    app.connect("html-page-context", _page_context)
