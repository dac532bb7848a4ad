"""The theme's own words (search, next, previous, "Back to top"...) in the page's language.

Templates print words through gettext (``_()`` and ``{% trans %}``).  Sphinx's French catalogue
translates the basic theme's words but few of Furo's, and Furo writes some labels without gettext
at all; ``nqsphinx/site/templates`` overrides those templates so that every word goes through
``_()``.
Our catalogue ``nqsphinx/locale/fr/LC_MESSAGES/theme.po`` holds the words Sphinx's catalogue
lacks; the HTML builders read it first and fall back to Sphinx's.

``python -m nqsphinx.languages.theme_catalogue update`` keeps that catalogue in step with the
templates.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from typing import Any

from markupsafe import Markup, escape
from sphinx.application import Sphinx
from sphinx.util import logging

from nqcore import po
from nqcore.catalogue_loading import load_po
from nqcore.i18n import find_catalogue
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import LOCALE_DIR, page_language
from nqtranslate.html_words import HTML_DOMAINS, html_character_problem
from nqtranslate.theme_words import NAVIGATION_TOGGLE as NAVIGATION_TOGGLE
from nqtranslate.theme_words import THEME_DOMAIN as THEME_DOMAIN
from nqtranslate.theme_words import catalogue_path as catalogue_path
from nqtranslate.theme_words import sphinx_translations as sphinx_translations

logger = logging.getLogger(__name__)
#: A tag or character reference of a message: kept in its translation only if its msgid has it.
_MARKUP = re.compile(r"<[^<>]*>|&#?\w+;")


def escaped_translation(msgid: str, msgstr: str) -> Markup:
    """``msgstr`` as HTML for a template, safe in text and in a quoted attribute alike: every
    character escaped (``"``, ``'``, ``<``, ``>``, ``&``) but the tags and character references
    its English ``msgid`` has itself (Sphinx's "<a href=...>Copyright</a>").  A translation is
    untrusted: one that closes an attribute or opens an element shows as text."""
    allowed = set(_MARKUP.findall(msgid))
    parts, last = [], 0
    for match in _MARKUP.finditer(msgstr):
        parts.append(escape(msgstr[last : match.start()]))
        kept = match.group() in allowed
        parts.append(Markup(match.group()) if kept else escape(match.group()))
        last = match.end()
    parts.append(escape(msgstr[last:]))
    return Markup("").join(parts)


class ThemeTranslations(gettext.NullTranslations):
    """Our theme catalogue first, then Sphinx's (the fallback): plain text for Python code."""

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


class TemplateTranslations(gettext.NullTranslations):
    """The words the templates print, escaped (:func:`escaped_translation`): a translation is
    text wherever it lands, in an element or in an attribute, whatever it holds."""

    def __init__(self, words: gettext.NullTranslations) -> None:
        super().__init__()
        self._words = words

    def gettext(self, message: str) -> str:
        return escaped_translation(message, self._words.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        msgid = msgid1 if n == 1 else msgid2
        return escaped_translation(msgid, self._words.ngettext(msgid1, msgid2, n))


def theme_translations(lang: str, fallback: gettext.NullTranslations) -> ThemeTranslations:
    """Our words for ``lang``, then ``fallback``'s."""
    translations = ThemeTranslations(_our_words(lang))
    translations.add_fallback(fallback)
    return translations


def _check_words(app: Sphinx, lang: str) -> None:
    """An error at the file and line of each theme or extension message that adds one of
    :data:`nqtranslate.html_words.HTML_CHARACTERS`: the build fails (its pages show the words
    escaped, as text)."""
    for domain in HTML_DOMAINS:
        path = find_catalogue(LOCALE_DIR, lang, domain)
        if path is None:
            continue
        try:
            catalogue = po.read(path.read_bytes(), where=str(path))
        except po.CatalogueSyntaxError as error:
            logger.error(error.why, location=f"{path}:{error.number}")
            continue
        for message in catalogue:  # live messages only
            what = html_character_problem(str(message.id), po.forms(message)[0])
            if what and message.id and isinstance(message.id, str):
                logger.error(what, location=f"{path}:{message.lineno}")


def _install(app: Sphinx) -> None:
    """Give the HTML templates our catalogue in front of Sphinx's, escaped (English too: its
    words come from Sphinx's catalogues, which a project's ``locale/`` may extend)."""
    lang = page_language(app.config.language)
    templates = getattr(app.builder, "templates", None)
    if app.builder.format != "html" or templates is None:
        return
    environment = getattr(templates, "environment", None)
    if environment is None:
        return
    if lang != "en":
        _check_words(app, lang)
    words = app.translator if lang == "en" else theme_translations(lang, app.translator)
    environment.install_gettext_translations(TemplateTranslations(words))


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
    translated = escape(translate(app, NAVIGATION_TOGGLE).split("%")[0])
    context["furo_navigation_tree"] = tree.replace(
        f'aria-label="{prefix}', f'aria-label="{translated}'
    )


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _install)
    # After Furo's own handler (priority 500), which builds the navigation tree.
    app.connect("html-page-context", _navigation_labels, priority=600)
