"""The theme's own words (search, next, previous, "Back to top"...) in the page's language.

Templates print words through gettext (``_()`` and ``{% trans %}``).  Sphinx's French catalogue
translates the basic theme's words but few of Furo's, and Furo writes some labels without gettext
at all; ``docs/_templates`` overrides those templates so that every word goes through ``_()``.
Our catalogue ``nqsphinx/locale/fr/LC_MESSAGES/theme.po`` holds the words Sphinx's catalogue
lacks; the HTML builders read it first and fall back to Sphinx's.

``python -m nqsphinx.languages.theme_catalogue update`` keeps that catalogue in step with the
templates.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

import sphinx
from sphinx.application import Sphinx

from nqcore.i18n import find_catalogue, load_po
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import LOCALE_DIR, page_language
from nqtranslate.catalogue import catalogue_file

SPHINX_LOCALES = Path(sphinx.__file__).parent / "locale"
THEME_DOMAIN = "theme"
#: Furo's accessible name of a folding entry of the navigation tree, written in Python.
NAVIGATION_TOGGLE = "Toggle navigation of %(title)s"


def catalogue_path(lang: str) -> Path:
    """Where ``lang``'s theme catalogue is (``update`` writes it there if there is none yet)."""
    locale = LOCALE_DIR
    found = find_catalogue(locale, lang, THEME_DOMAIN)
    return found or catalogue_file(locale, lang, THEME_DOMAIN)


def sphinx_translations(lang: str) -> gettext.NullTranslations:
    """Sphinx's own catalogue of the theme words for ``lang``."""
    return gettext.translation("sphinx", SPHINX_LOCALES, languages=[lang], fallback=True)


class ThemeTranslations(gettext.NullTranslations):
    """Our theme catalogue first, then Sphinx's (the fallback)."""

    def __init__(self, messages: dict[str, str]) -> None:
        super().__init__()
        self._messages = messages

    def gettext(self, message: str) -> str:
        if message in self._messages:
            return self._messages[message]
        return super().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if n == 1 and msgid1 in self._messages:
            return self._messages[msgid1]
        return super().ngettext(msgid1, msgid2, n)


@cache
def _our_words(lang: str) -> dict[str, str]:
    """Our words for ``lang``, with French typography applied as on the pages."""
    path = catalogue_path(lang)
    messages = load_po(path) if path.exists() else {}
    if lang == "fr":
        messages = {msgid: french_html(text) for msgid, text in messages.items()}
    return messages


def theme_translations(lang: str, fallback: gettext.NullTranslations) -> ThemeTranslations:
    """Our words for ``lang``, then ``fallback``'s."""
    translations = ThemeTranslations(_our_words(lang))
    translations.add_fallback(fallback)
    return translations


def _install(app: Sphinx) -> None:
    """Give the HTML templates our catalogue in front of Sphinx's."""
    lang = page_language(app.config.language)
    templates = getattr(app.builder, "templates", None)
    if lang == "en" or app.builder.format != "html" or templates is None:
        return
    environment = getattr(templates, "environment", None)
    if environment is not None:
        environment.install_gettext_translations(theme_translations(lang, app.translator))


def translate(app: Sphinx, text: str) -> str:
    """One theme word in the build's language (for Python code that writes page chrome)."""
    lang = page_language(app.config.language)
    if lang == "en":
        return text
    return theme_translations(lang, app.translator).gettext(text)


def _navigation_labels(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Furo names the folding entries of its navigation tree in English, in Python."""
    tree = context.get("furo_navigation_tree")
    if not tree or page_language(app.config.language) == "en":
        return
    prefix = NAVIGATION_TOGGLE.split("%")[0]
    translated = translate(app, NAVIGATION_TOGGLE).split("%")[0]
    context["furo_navigation_tree"] = tree.replace(
        f'aria-label="{prefix}', f'aria-label="{translated}'
    )


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _install)
    # After Furo's own handler (priority 500), which builds the navigation tree.
    app.connect("html-page-context", _navigation_labels, priority=600)
