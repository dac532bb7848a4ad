"""The extension's own words ("Example", captions of generated material), per language."""

from __future__ import annotations

from pathlib import Path

from nqcore.i18n import LANGUAGES, SOURCE_LANGUAGE, catalogue_messages, translator

LOCALE_DIR = Path(__file__).with_name("locale")


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
