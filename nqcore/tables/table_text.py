"""A table cell as its reader reads it: translated, numbers and percentages in the language's
own form.  The rulebook (``nqsphinx``) and the print products (``nqprint``) both print cells so,
and the tests compare what they show with it."""

from __future__ import annotations

from fractions import Fraction

from nqcore.i18n import Msg, format_number, format_percent, format_signed, translator
from nqcore.tables.registry import Chance, Detail, Phrase, Signed

#: What an empty cell shows.
EMPTY_CELL = "–"


def cell_text(cell: Detail, lang: str) -> str:
    """One cell (or a phrase under a table) as the reader of ``lang`` reads it.

    >>> cell_text(Signed(-2), "fr"), cell_text(Chance(7, 10), "en"), cell_text(None, "en")
    ('-2', '70%', '–')
    """
    if isinstance(cell, Phrase):
        return "".join(cell_text(part, lang) for part in cell)
    if cell is None:
        return EMPTY_CELL
    if isinstance(cell, Msg):
        return translator(lang)(cell)
    if isinstance(cell, str):
        return cell
    if isinstance(cell, bool):
        raise TypeError("table cells hold no booleans")
    if isinstance(cell, Signed):
        return format_signed(int(cell), lang)
    if isinstance(cell, Chance):
        return format_percent(Fraction(cell), lang)
    return format_number(cell, lang)
