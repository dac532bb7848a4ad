"""The signs a typewriter could not type, set as the book sets them: curly quotes for English,
minus signs for modifiers, en dashes in ranges, ½ and …; plain text in, plain text out, read by
the site's typography (:mod:`nqsphinx.languages.typography`) and the print products
(:mod:`nqprint.texts`, :mod:`nqprint.imprint`)."""

from __future__ import annotations

import re

from nqcore.tables.table_text import CHARACTERISTIC_MINUS

#: A quote that opens: after nothing, a space, an opening bracket or a dash.
_OPENS_AFTER = frozenset(" \t\n\u00a0([{\u2014\u2013/")


def english_quotes(text: str, before: str = " ") -> str:
    r"""Curly quotes for English: ``"Overkill"`` → ``“Overkill”``, ``model's`` → ``model’s``;
    ``before`` is the character that precedes ``text`` (the end of the text before it).
    A mark after a figure is an inch or a foot mark and stays straight, unless it closes a
    quote opened just before the figure (a spell level "1").

    >>> english_quotes("the 'overkill' of a model's \"charge\" within 12\" or 2½'")
    'the ‘overkill’ of a model’s “charge” within 12" or 2½\''
    >>> english_quotes('from "1" to "8", within 12"')
    'from “1” to “8”, within 12"'

    The rolled distance of projectile travel, ``(Dn")``, is inches too, never a closing quote:

    >>> english_quotes('projectile travel (Dn"), a "charge"')
    'projectile travel (Dn"), a “charge”'
    """
    out: list[str] = []
    for char in text:
        if char == '"' and before.isnumeric() and _QUOTED_FIGURE.search("".join(out)):
            char = "\u201d"
        elif char == '"' and _ROLLED_INCHES.search(before + "".join(out)):
            pass  # Dn": the inches of a roll
        elif char in "\"'" and not before.isnumeric():
            opening = before in _OPENS_AFTER
            if char == '"':
                char = "\u201c" if opening else "\u201d"
            else:
                char = "\u2018" if opening else "\u2019"
        out.append(char)
        before = char
    return "".join(out)


#: A die's roll in inches with its n unknown: (Dn"), the inch mark of projectile travel.
_ROLLED_INCHES = re.compile(r"\bDn$")
#: An opening quote followed by a figure alone: its straight mark closes the quote.
_QUOTED_FIGURE = re.compile(r"\u201c[\d½]+$")


#: A hyphen that opens a number after a space, a bracket, a slash or a quote: a modifier
#: (``-1``, ``30/-1``, ``(-2)``), never a range (``1-2``) or a hyphenated word (``re-roll``).
_MODIFIER_HYPHEN = re.compile(r"(?<=[\s(\[/“‘\"'])-(?=\d)")
MINUS = "\u2212"


def minus_signs(text: str, before: str = " ") -> str:
    """The hyphen of a modifier as a minus sign; ``before`` is the character before ``text``.
    The other hyphens a typist used for a sign or a dash follow (:func:`dashes`).

    >>> minus_signs("a bow 30/-1, from -2 to -1 (-3), a re-roll, RA-1, rolls 1-2")
    'a bow 30/−1, from −2 to −1 (−3), a re-roll, RA−1, rolls 1–2'
    """
    fixed = _MODIFIER_HYPHEN.sub(MINUS, before + text)
    return dashes(fixed[len(before) :], before)


EN_DASH = "\u2013"
#: A subtraction typed with spaced hyphens (10 - 4 + 3), or a difference in brackets followed
#: by its result ((7-1) 6): minus signs.
_SPACED_MINUS = re.compile(r"(?<=\d) - (?=\d)")
_DIFFERENCE = re.compile(r"\((\d+)-(\d+)\)(?= \d)")
#: A penalty named by a letter (at -X): a minus sign.
_LETTER_MINUS = re.compile(r"(?<=[\s(])-(?=[XN]\b)")
#: A range of figures (1-4, 2002-2007, (8-9)), but not a date, a reference or a word with figures
#: (2026-11-29, 2D10-1, v1-2a): an en dash.
_RANGE = re.compile(r"(?<![\w/.:\-\u2212\u2013])(\d+)-(\d+)(?![\w/.\-])")
#: A spaced hyphen between words (TTS - Small, force - portée): an en dash.
_SPACED_DASH = re.compile(r"(?<=[\w\"”’»)]) - (?=[\w\"“«(])")
#: Half an inch typed as 1/2 after a figure (4 1/2"): the book's ½.
_HALF = re.compile(r"(?<=\d) 1/2(?=[\"″\s,.;)]|$)")
_ELLIPSIS = re.compile(r"(?<!\.)\.\.\.(?!\.)")
#: The spaces of a sum between figures (ST4 + 1 = 5, 10 − 4): no-break, so that no line ends
#: inside one (proof round fifteen: "ST4 +" at a line's end, "1 = 5" on the next).
_SUM_SPACE = re.compile(r"(?<=[\d)½]) ([+=\u2212×]) (?=[\d(\u2212])")
#: The space before a level in brackets (Save (x2), Extra Attack (x3)): no-break.
_LEVEL_SPACE = re.compile(r"(?<=\w) (?=\([x×]\d\))")
NO_BREAK_SPACE = "\u00a0"


def dashes(text: str, before: str = " ") -> str:
    """The signs a typewriter could not type: minus signs after a characteristic, in sums and
    before a letter's penalty; en dashes in ranges and between spaced words; ½ and ….
    A sum's spaces and the space before a level in brackets are no-break spaces.
    ``before`` is the character before ``text`` (a range or a sum split by a link).

    >>> dashes("CC-1 and AD-1, at -X, (7-1) 6 or under, 10 - 4 + 3 = 9").replace("\u00a0", "~")
    'CC−1 and AD−1, at −X, (7−1) 6 or under, 10~−~4~+~3~=~9'
    >>> dashes("ST4 + 1 = 5 raises it, Save (x2), Burst Fire (x2), (x3)").replace("\u00a0", "~")
    'ST4~+~1~=~5 raises it, Save~(x2), Burst Fire~(x2), (x3)'
    >>> dashes("© 2002-2007, 1-4 / 5-8 archers, result (8-9), TTS - Small, force - portée")
    '© 2002–2007, 1–4 / 5–8 archers, result (8–9), TTS – Small, force – portée'
    >>> dashes('a leap of 4 1/2" ... a re-roll, 2D10-1, 2026-11-29, T-shirt, the over-run')
    'a leap of 4½" … a re-roll, 2D10-1, 2026-11-29, T-shirt, the over-run'
    """
    fixed = CHARACTERISTIC_MINUS.sub(r"\1" + MINUS, before + text)
    fixed = _SPACED_MINUS.sub(" " + MINUS + " ", fixed)
    fixed = _DIFFERENCE.sub(r"(\1" + MINUS + r"\2)", fixed)
    fixed = _LETTER_MINUS.sub(MINUS, fixed)
    fixed = _RANGE.sub(r"\1" + EN_DASH + r"\2", fixed)
    fixed = _SPACED_DASH.sub(" " + EN_DASH + " ", fixed)
    fixed = _HALF.sub("½", fixed)
    fixed = _SUM_SPACE.sub(NO_BREAK_SPACE + r"\1" + NO_BREAK_SPACE, fixed)
    fixed = _LEVEL_SPACE.sub(NO_BREAK_SPACE, fixed)
    return _ELLIPSIS.sub("…", fixed)[len(before) :]
