"""French typography of the engine's words: the spaces French sets before ``: ; ! ?`` and
``%``, and the minus sign of a negative number, as the book's site and print products set them
(nqsphinx.languages.typography); read by :mod:`nqcore.i18n` for every translation it loads.
Apart from it so that nqcore.i18n stays one module of the size the house asks."""

from __future__ import annotations

import re

#: The no-break space, and the narrow one that every product sets before ``%`` ("70 %"), as
#: French typography sets it before ``; ! ?`` (nqsphinx.languages.typography).
NBSP, NNBSP = "\u00a0", "\u202f"
#: The minus sign of a negative number or modifier, as the book prints it (not the hyphen).
MINUS = "\u2212"

#: A percentage in a French translation typed as English types it, or with a plain or a full
#: no-break space: French sets a narrow no-break space before the sign (« 25 % »), as
#: :func:`format_percent` does and the site's typography does for the book.
_PERCENT = re.compile(r"(?<=\d)[ \u00a0]?%")
#: ``; ! ?`` after a word, with or without a space typed (a narrow no-break space before them),
#: and ``:`` after a typed space (a no-break space): the site's French typography
#: (nqsphinx.languages.typography.french_html), so that no line of an answer starts with them.
_HIGH = re.compile(r"(?<=\S)[ \t\u00a0\u202f]*([;!?])(?=\s|$|[)»\]])")
_COLON = re.compile(r"(?<=\S)[ \t\u00a0\u202f]+(:)(?=\s|$)")


def french_spacing(text: str) -> str:
    """A French translation spaced as French sets it: a narrow no-break space before ``%``
    (``25%`` → ``25\u202f%``) and ``; ! ?``, a no-break space before ``:``, where translators
    type a plain space (or none); a line of ``nq`` or of the page never starts with them.

    >>> french_spacing("Couverture légère (dissimulée à 25%)")
    'Couverture légère (dissimulée à 25\u202f%)'
    >>> french_spacing("Chance : {chance} ; relancez !")
    'Chance\xa0: {chance}\u202f; relancez\u202f!'
    """
    text = _HIGH.sub(NNBSP + r"\1", _PERCENT.sub(NNBSP + "%", text))
    return _COLON.sub(NBSP + r"\1", text)


def colon(lang: str) -> str:
    """The colon between a label and its value, as ``lang`` sets it: French puts a no-break
    space before it (a line never starts with the colon), English none.

    >>> colon("fr"), colon("en")
    ('\xa0: ', ': ')
    """
    return NBSP + ": " if lang == "fr" else ": "


def read_whole(text: str, lang: str) -> int | None:
    """A whole number as a player of ``lang`` types it: digits, grouped by thousands with the
    language's group sign (babel's: ``1,500`` in English, ``1 500`` with a narrow or a full
    no-break space in French) or with a space, which any reader takes for grouping; ``None``
    for anything else (``1,500`` in French reads one and a half, ``1,50,0`` no number).

    >>> read_whole("1,500", "en"), read_whole("1\u202f500", "fr"), read_whole("1,500", "fr")
    (1500, 1500, None)
    """
    from babel.numbers import get_group_symbol

    from nqcore.i18n import _babel_locale

    signs = {get_group_symbol(_babel_locale(lang)), " ", NBSP, NNBSP}
    text = text.strip()
    for sign in signs:
        if re.fullmatch(rf"[0-9]{{1,3}}(?:{re.escape(sign)}[0-9]{{3}})+", text):
            return int(text.replace(sign, ""))
    return int(text) if re.fullmatch(r"[+]?[0-9]{1,9}", text) else None


#: Every sign some language groups thousands with: what a number grouped another language's way
#: means (:func:`grouped_anyhow`).
GROUP_SIGNS = (",", ".", "'", "\u2019", " ", NBSP, NNBSP)


def grouped_anyhow(text: str) -> int | None:
    """The whole number ``text`` means if it is grouped by thousands with any one language's sign
    ("1.000" in Belgian French, "2'500" in Swiss), else ``None``: what a refusal of it suggests.

    >>> grouped_anyhow("1.000"), grouped_anyhow("2'500"), grouped_anyhow("12.5")
    (1000, 2500, None)
    """
    text = text.strip()
    for sign in GROUP_SIGNS:
        if re.fullmatch(rf"[0-9]{{1,3}}(?:{re.escape(sign)}[0-9]{{3}})+", text):
            return int(text.replace(sign, ""))
    return None


def grouped_unambiguous(text: str, lang: str) -> int | None:
    """What :func:`grouped_anyhow` reads, unless the sign it grouped with is ``lang``'s decimal
    sign: « 1,500 » is one and a half to a French reader, "1.000" one to an English one, so
    neither is told which whole number it "means" (player round thirteen: « 1,5 » was told
    1 500).

    >>> grouped_unambiguous("1.000", "fr"), grouped_unambiguous("1,500", "fr")
    (1000, None)
    >>> grouped_unambiguous("1.000", "en"), grouped_unambiguous("2'500", "en")
    (None, 2500)
    """
    from babel.numbers import get_decimal_symbol

    from nqcore.i18n import _babel_locale

    if get_decimal_symbol(_babel_locale(lang)) in text:
        return None
    return grouped_anyhow(text)
