"""Every page links to the same page, and the reader's place in it, in each other language.

The sites are built side by side, one folder per language (``html/en/``, ``html/fr/``; every
language of :data:`nqcore.i18n.LANGUAGES`), so another language's page is at
``../<lang>/<pagename>.html`` from the site root.  The link sits in the page's header: the
sticky header of a phone, the icons above the article on a desktop
(``nqsphinx/site/templates/page.html``).
Section labels and the order of the paragraphs are the same in both languages, so ``nq.js``
rewrites the link when it is followed: ``#label`` of the section heading nearest above the top of
the window, and ``?p=N``, the paragraph of that section the reader was at, which the other page
scrolls to.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from nqcore.i18n import LANGUAGES, SOURCE_LANGUAGE
from nqsphinx.messages import page_language, ui_text
from nqsphinx.site.hosting import NOTFOUND_PAGE, site_prefix


def language_name(lang: str) -> str:
    """A language's name in itself (« Français »), as babel knows it; else its code."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(lang).get_language_name(lang)
    except (ValueError, UnknownLocaleError):
        name = None
    return name[:1].upper() + name[1:] if name else lang.upper()


#: Every language of the editions (nqcore.i18n.LANGUAGES), by its own name.
LANGUAGE_NAMES = {lang: language_name(lang) for lang in LANGUAGES}


def other_languages(lang: str) -> list[str]:
    """The languages a page of ``lang`` links to: every other one, English first."""
    return [other for other in LANGUAGES if other != lang]


def other_language(lang: str) -> str:
    """The first of them: the source for a translation, the first translation for English."""
    return other_languages(lang)[0]


def other_language_url(pagename: str, lang: str, other: str | None = None) -> str:
    """Relative URL of ``pagename`` in the site of ``other`` (default: :func:`other_language`)."""
    depth = pagename.count("/")
    return "../" * (depth + 1) + f"{other or other_language(lang)}/{pagename}.html"


def switch_label(lang: str, other: str | None = None) -> str:
    """A switch's name, in the page's language ``lang``; it holds the code the link shows."""
    other = other or other_language(lang)
    if other == SOURCE_LANGUAGE:
        return ui_text("EN: read this page in English", lang)
    if other == "fr":
        return ui_text("FR: read this page in French", lang)
    return ui_text("{code}: read this page in {language}", lang).format(
        language=LANGUAGE_NAMES[other], code=other.upper()
    )


def _switch(app: Sphinx, pagename: str, lang: str, other: str) -> dict[str, str]:
    if pagename == NOTFOUND_PAGE:
        # Shown at any depth: an absolute link, to the other language's contents.
        url = f"{site_prefix(lang, app.config.nq_site_root, of=other)}index.html"
    else:
        url = other_language_url(pagename, lang, other)
    return {
        "code": other,
        "name": LANGUAGE_NAMES[other],
        "url": url,
        "label": switch_label(lang, other),
    }


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(app.config.language)
    context["nq_lang"] = lang
    context["nq_switches"] = [_switch(app, pagename, lang, o) for o in other_languages(lang)]


def setup(app: Sphinx) -> None:
    app.connect("html-page-context", _page_context)
