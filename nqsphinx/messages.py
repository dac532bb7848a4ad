"""The extension's own words ("Example", captions of generated material), per language."""

from __future__ import annotations

from pathlib import Path

from nqcore.i18n import load_po, translator

LOCALE_DIR = Path(__file__).with_name("locale")


def ui_text(text: str, lang: str) -> str:
    """Translate one of the extension's own strings (its catalogue is ``nqsphinx.po``)."""
    if lang == "en":
        return text
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "nqsphinx.po"
    return load_po(path).get(text, text) if path.exists() else text


def engine_text(text: str, lang: str) -> str:
    """Translate an engine msgid (table headings, rules data names) with the engine catalogue."""
    return translator(lang)(text)


def page_language(language: str | None) -> str:
    return "fr" if language == "fr" else "en"
