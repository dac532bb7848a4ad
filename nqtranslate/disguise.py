"""English passed off as a translation: a ``msgstr`` that is its English message with invisible
or look-alike characters.

Every check of a catalogue compares the translation with its English as strings: one no-break
space, one zero-width space or one Cyrillic ``а`` in place of the Latin ``a`` makes "Victory
Conditions" a string of its own, counted as translated, and the French page ships the English
with no warning.  So each translation is compared with its English by their *skeletons*
(Unicode's confusable detection, UTS #39, for the letters a reader cannot tell apart): NFKC
(a no-break space is a space, a full-width letter its letter), without the characters nobody
sees (format characters and the other default-ignorable code points), and each letter of another
script mapped to the Latin letter it looks like (the Unicode confusables table, from the
``confusable-homoglyphs`` package).  Two different strings with one skeleton are the English in
disguise.  A French accent is a letter of its own (``Élite`` is not ``Elite``).

Nor do the differences a reader does not notice hide a copy: the comparison ignores case
(casefold), runs of white space (one space), the kind of quotation mark (curly quotes, ``″``,
gershayim... read as ASCII ``'`` and ``"``), a final full stop, the combining marks the
translation adds over its English that French does not write (``i`` with U+0307 DOT ABOVE, a
U+0331 MACRON BELOW; French's acute, grave, circumflex, diaeresis and cedilla stay letters of
their own), and ``rn`` read as ``m``.  "Turn sequence" for "Turn Sequence", or a paragraph with
its spaces doubled, is the English.  One case difference is a translation: an abbreviation of
the English (a word of two to four capitals) written otherwise in French, as the real catalogues
write the characteristics ("AC" is « Ac », "Max AR" « Max Ar »).

And an invisible character the English does not have is refused anywhere in a translation: it
hides text from a check, splits a word for the search, or reorders what a reader sees (bidi):
:func:`nqcore.characters.added_hidden_problem`, the rule the engine's reader shares.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from nqcore.characters import invisible


@cache
def _look_alike(char: str) -> str:
    """The ASCII text ``char`` looks like in Unicode's confusables table (``char`` itself when
    it has none, or is ASCII)."""
    if char.isascii():
        return char
    from confusable_homoglyphs import confusables

    for glyph in confusables.confusables_data.get(char, ()):
        if glyph["c"].isascii():
            return str(glyph["c"])
    return char


#: Quotation marks a reader takes for the ASCII ones (checked before the confusables table,
#: which reads a curly double quote as two apostrophes).
_QUOTES = str.maketrans(
    dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u3003\u05f4\u02dd\uff02\u02ba\u301d\u301e", '"')
    | dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u02bc\u02b9\u05f3\uff07", "'")
)
#: The combining marks French writes (acute, grave, circumflex, diaeresis, cedilla): a letter
#: with one is a letter of its own.
FRENCH_MARKS = frozenset("\u0301\u0300\u0302\u0308\u0327")
#: A word of the English that is an abbreviation: French may write its case otherwise.
_ABBREVIATION = re.compile(r"[A-Z]{2,4}")


def _without_added_marks(text: str, english: str) -> str:
    """``text`` without the combining marks that French does not write and ``english`` has not."""
    kept = FRENCH_MARKS | {c for c in unicodedata.normalize("NFD", english) if _combining(c)}
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not _combining(c) or c in kept)
    )


def _combining(char: str) -> bool:
    return unicodedata.combining(char) != 0 or unicodedata.category(char) in ("Mn", "Me")


def skeleton(text: str) -> str:
    """What a reader sees of ``text``: NFKC, without invisible characters, each letter that has
    an ASCII look-alike replaced by it, quotation marks read as ASCII, white space as one space,
    without a final full stop."""
    normal = unicodedata.normalize("NFKC", text.translate(_QUOTES)).translate(_QUOTES)
    seen = "".join(_look_alike(char) for char in normal if not invisible(char))
    return " ".join(seen.split()).rstrip(" .")


def _words(text: str, english: str) -> list[str]:
    return skeleton(_without_added_marks(text, english)).split(" ")


def _same_word(word: str, english: str) -> bool:
    """Whether a reader reads ``word`` as the English ``english`` (an abbreviation's case is
    the translator's to choose)."""
    if word == english:
        return True
    read = word.casefold().replace("rn", "m") == english.casefold().replace("rn", "m")
    return read and not _ABBREVIATION.fullmatch("".join(c for c in english if c.isalpha()))


@lru_cache(maxsize=1 << 16)  # every message of every catalogue, again at each build of a run
def disguise_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` is the English ``msgid`` in disguise ('' when it is not)."""
    if msgstr == msgid:
        return ""
    words, english = _words(msgstr, msgid), _words(msgid, msgid)
    if len(words) != len(english) or not all(map(_same_word, words, english)):
        return ""
    return (
        "the translation is the English with invisible or look-alike characters, or another "
        f"case, spacing, quotes or final full stop ({_difference(msgid, msgstr)}): the page "
        "would ship in English"
    )


def _difference(msgid: str, msgstr: str) -> str:
    """The first character of ``msgstr`` that differs from its English, named."""
    for index, char in enumerate(msgstr):
        if index >= len(msgid) or msgid[index] != char:
            return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')} at column {index + 1}"
    return "characters removed"
