"""Words of the print products, and engine cells, in the reader's language."""

from __future__ import annotations

from pathlib import Path

from nqcore.i18n import catalogue_messages, check_language, translator
from nqcore.tables.registry import Detail
from nqcore.tables.table_text import printed_text
from nqprint.typeset_signs import english_quotes, minus_signs

LOCALE_DIR = Path(__file__).with_name("locale")


def print_text(text: str, lang: str) -> str:
    """One of the products' own strings (``N_`` in :mod:`nqprint`, catalogue ``nqprint.po``),
    set as the books set their words (:func:`printed_words`)."""
    message = catalogue_messages(LOCALE_DIR, check_language(lang), "nqprint").get(text, text)
    return printed_words(message, lang)


def printed_words(text: str, lang: str) -> str:
    """Words as the rulebook sets them, so that a product reads like its book: curly quotes
    in English (the rulebook's, not the rulebook's), minus signs and en dashes.

    >>> printed_words("the caster's unit, RA-1, 1-4 archers", "en")
    'the caster’s unit, RA−1, 1–4 archers'
    """
    return minus_signs(english_quotes(text) if lang == "en" else text)


def engine_text(text: str, lang: str) -> str:
    """An engine msgid (table titles, columns, names of rules data) in ``lang``."""
    return translator(lang)(text)


def cell_text(cell: Detail, lang: str) -> str:
    """A table cell as the rulebook prints it (numbers, signs and percentages per language,
    true minus signs, en-dash ranges)."""
    return printed_text(cell, lang)
