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

And an invisible character the English does not have is refused anywhere in a translation: it
hides text from a check, splits a word for the search, or reorders what a reader sees (bidi).
"""

from __future__ import annotations

import unicodedata
from functools import cache

#: The default-ignorable code points that are not format characters (Unicode's
#: DerivedCoreProperties: fillers, variation selectors, the Mongolian and musical invisibles).
_IGNORABLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def invisible(char: str) -> bool:
    """A character that shows nothing: a format character (zero-width space and joiners, soft
    hyphen, bidi marks and controls, byte order mark, tags) or another default-ignorable one."""
    code = ord(char)
    if unicodedata.category(char) == "Cf":
        return True
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


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


def skeleton(text: str) -> str:
    """What a reader sees of ``text``: NFKC, without invisible characters, each letter that has
    an ASCII look-alike replaced by it."""
    normal = unicodedata.normalize("NFKC", text)
    return "".join(_look_alike(char) for char in normal if not invisible(char))


def disguise_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` is the English ``msgid`` in disguise ('' when it is not)."""
    if msgstr == msgid or skeleton(msgstr) != skeleton(msgid):
        return ""
    return (
        "the translation is the English with invisible or look-alike characters "
        f"({_difference(msgid, msgstr)}): the page would ship in English"
    )


def _difference(msgid: str, msgstr: str) -> str:
    """The first character of ``msgstr`` that differs from its English, named."""
    for index, char in enumerate(msgstr):
        if index >= len(msgid) or msgid[index] != char:
            return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')} at column {index + 1}"
    return "characters removed"


def invisible_problem(text: str, english: str) -> str:
    """The first invisible character of ``text`` that ``english`` does not have ('' if none)."""
    for char in text:
        if invisible(char) and char not in english:
            name = unicodedata.name(char, "unnamed")
            return f"invisible character U+{ord(char):04X} {name} its English does not have"
    return ""
