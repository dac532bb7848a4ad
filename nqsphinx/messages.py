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
