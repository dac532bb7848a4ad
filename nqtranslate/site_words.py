"""The site extension's own words ("Example", captions of generated material), per language,
from its catalogue (``nqsphinx/locale/<lang>/LC_MESSAGES/nqsphinx.po``): read by the extension
(:mod:`nqsphinx.messages`) and by the print products that print the same words (the books'
tagline and keywords, :mod:`nqprint.credits`), without Sphinx."""

from __future__ import annotations

from nqcore.i18n import LANGUAGES, ROOT, SOURCE_LANGUAGE, catalogue_messages, translator

LOCALE_DIR = ROOT / "nqsphinx" / "locale"


def ui_text(text: str, lang: str) -> str:
    """Translate one of the extension's own strings (its catalogue is ``nqsphinx.po``)."""
    return catalogue_messages(LOCALE_DIR, lang, "nqsphinx").get(text, text)


def engine_text(text: str, lang: str) -> str:
    """Translate an engine msgid (table headings, rules data names) with the engine catalogue."""
    return translator(lang)(text)


def page_language(language: str | None) -> str:
    """The build's language if the project has it (:data:`nqcore.i18n.LANGUAGES`), else English."""
    return language if language in LANGUAGES else SOURCE_LANGUAGE


def keywords(lang: str) -> list[str]:
    """What a library or a shop files the books under, in ``lang``: the PDFs' Keywords and the
    e-books' ``dc:subject`` (:func:`nqprint.credits.keywords`)."""
    words = ui_text("fantasy wargame, miniatures wargame, tabletop game, game rules, D10", lang)
    return [word.strip() for word in words.split(",")]
