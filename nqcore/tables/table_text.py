"""A table cell as its reader reads it: translated, numbers and percentages in the language's
own form.  The rulebook (``nqsphinx``) and the print products (``nqprint``) both print cells so,
and the tests compare what they show with it."""

from __future__ import annotations

import re
from fractions import Fraction

from nqcore.i18n import Msg, format_number, format_percent, format_signed, translator
from nqcore.tables.registry import Chance, Detail, Phrase, Signed

#: What an empty cell shows.
EMPTY_CELL = "–"
#: The minus sign (U+2212), as wide as the plus sign and set at its height; the hyphen is short
#: and low.  FreeSerif and FreeSans, the type of the books and print products, have it.
MINUS = "\u2212"
#: Between the ends of a range of rolls or sizes ("1–2", "25–30 mm").
EN_DASH = "\u2013"
_RANGE = re.compile(r"(?<=\d)-(?=\d)")
_HYPHEN_MINUS = re.compile(r"(?<![\w.,])-(?=\d)")
#: A characteristic's abbreviation and its modifier (CC-1, RA-1, AD-1): a minus, not a hyphen;
#: the books' running text sets it the same (:mod:`nqsphinx.languages.typography`).
CHARACTERISTIC_MINUS = re.compile(r"\b(AC|Ac|AR|Ar|CC|CO|Co|RA|AD|ST|UC|CU|T|W|F|R|B)-(?=\d)")


def cell_text(cell: Detail, lang: str) -> str:
    """One cell (or a phrase under a table) as the reader of ``lang`` reads it.

    >>> cell_text(Signed(-2), "fr"), cell_text(Chance(7, 10), "en"), cell_text(None, "en")
    ('\u22122', '70%', '–')
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


def typeset(text: str) -> str:
    """Text as print sets it: a hyphen between two figures is a range's en dash ("1–2"), one
    before a figure and after no word or figure a minus sign ("−1", "30/−1"), and so is one
    after a characteristic ("RA−1"); a hyphen after another word ("re-roll") stays.

    >>> typeset("-1"), typeset("Modifier -2 (max -3)"), typeset("1-3"), typeset("30/-1")
    ('\u22121', 'Modifier \u22122 (max \u22123)', '1\u20133', '30/\u22121')
    >>> typeset("at RA-1 and CC-1, a re-roll")
    'at RA\u22121 and CC\u22121, a re-roll'
    """
    text = CHARACTERISTIC_MINUS.sub(r"\1" + MINUS, text)
    return _HYPHEN_MINUS.sub(MINUS, _RANGE.sub(EN_DASH, text))


def printed_text(cell: Detail, lang: str) -> str:
    """One cell (or a phrase under a table) as the rulebook and the print products set it, in
    both languages: :func:`cell_text` with true minus signs and en-dash ranges (:func:`typeset`).
    The one formatting of the engine's numbers for print; :func:`cell_text` is the plain form
    that data (errata, tests) spell.

    >>> printed_text(Signed(-2), "fr"), printed_text("8-10", "en")
    ('\u22122', '8\u201310')
    """
    if isinstance(cell, Phrase):
        return "".join(printed_text(part, lang) for part in cell)
    if isinstance(cell, Signed):
        return cell_text(cell, lang).replace("-", MINUS, 1)
    return typeset(cell_text(cell, lang))
