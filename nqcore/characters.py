"""Characters no text of the book may hold: noncharacters, unassigned code points, private use
and surrogates; and the one definition of a text that shows nothing (:func:`shows_nothing`).

None of them is a letter a reader can be shown: the EPUB's XML is not well-formed with a U+FFFF
in it (epubcheck stops, naming no catalogue), the PDF drops them ("Missing character" in the log
only), a private-use character prints a font's own glyph or nothing.  So a catalogue's message
(:mod:`nqtranslate.guard`, and the engine's reader
:func:`nqcore.catalogue_loading.load_po`) and a data file's text
(:func:`nqcore.data.datafiles.check_text`) holding one is refused, naming where.

Unassigned is as Python's ``unicodedata`` knows Unicode: a letter of a newer Unicode waits for
the Python that knows it.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from functools import lru_cache

#: Unicode's categories of what is not a character to show, by what the refusal calls them.
_KINDS = {"Cn": "unassigned", "Co": "private-use", "Cs": "surrogate"}


def noncharacter(code: int) -> bool:
    """One of Unicode's 66 noncharacters: U+FDD0 to U+FDEF, and the last two of every plane."""
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def unshowable(text: str) -> str:
    """The first character of ``text`` that is no character to show, named ('' if none)."""
    if text.isascii():
        return ""
    for char in text:
        kind = _KINDS.get(unicodedata.category(char))
        if kind is not None:
            code = ord(char)
            return f"{'noncharacter' if noncharacter(code) else kind} U+{code:04X}"
    return ""


#: The default-ignorable code points that are not format characters (Unicode's
#: DerivedCoreProperties: the Hangul fillers, variation selectors, the Mongolian and musical
#: invisibles, the tags' plane).
IGNORABLE_RANGES = (
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
#: Characters that are neither but whose glyph is empty (fonts draw nothing): braille's blank
#: pattern and the musical null notehead, each a symbol to Unicode, a blank to the reader; the
#: Khitan small script filler, a mark that only pads a cluster.
BLANK_GLYPHS = frozenset("\u2800\U0001d159\U00016fe4")


@lru_cache(maxsize=8192)  # asked of every character of every catalogue at every build
def invisible(char: str) -> bool:
    """A character that shows nothing and is no space: a format character (category Cf:
    zero-width space and joiners, soft hyphen, bidi marks and controls, byte order mark, tags),
    another default-ignorable one (:data:`IGNORABLE_RANGES`: a Hangul filler, a variation
    selector) or a blank glyph (:data:`BLANK_GLYPHS`)."""
    if char.isascii():  # no ASCII character is a format character, ignorable or blank
        return False
    code = ord(char)
    if unicodedata.category(char) == "Cf" or char in BLANK_GLYPHS:
        return True
    return any(low <= code <= high for low, high in IGNORABLE_RANGES)


def shows_nothing(text: str) -> bool:
    """``text`` shows a reader nothing: each of its characters is white space (of any kind: a
    no-break, em or ideographic space), invisible (:func:`invisible`) or a combining mark,
    which has no letter here to sit on.  The empty text shows nothing too."""
    return all(
        char.isspace() or invisible(char) or unicodedata.category(char).startswith("M")
        for char in text
    )


#: The most combining marks one character of a text may carry, counted on its NFD (which splits
#: "ệ" into "e" and two marks, so that a precomposed letter hides none): the most any
#: orthography stacks is four (pointed Hebrew with a cantillation mark: shin dot, dagesh, vowel
#: point, accent; Vietnamese and Yoruba need two at most), and a pile past that prints as a
#: smear on the page, or as one accent in the roster PDF.
MAX_MARKS = 4


def stacked_marks(text: str, limit: int = MAX_MARKS) -> tuple[str, int] | None:
    """The first character of ``text`` (after NFD) with more than ``limit`` combining marks
    (Unicode categories Mn, Mc, Me) after it, and their number; None for none.

    >>> stacked_marks("Tiếng Việt, ẹ́, Ω") is None
    True
    >>> stacked_marks("G" + "\u0301" * 150)
    ('G', 150)
    >>> stacked_marks("B\u1ec7\u0301\u0302\u0303\u0304nd")
    ('e', 6)
    """
    base, count = "", 0
    for char in unicodedata.normalize("NFD", text) + " ":
        if unicodedata.category(char).startswith("M"):
            count += 1
            continue
        if count > limit:
            return base, count
        base, count = char, 0
    return None


def hidden_problem(text: str) -> str | None:
    """What in ``text`` a reader cannot see as written, in English words: an invisible
    character (:func:`invisible`: a zero-width space, a soft hyphen) or a pile of combining
    marks past :data:`MAX_MARKS` (it rises over the lines above); None for neither.

    >>> hidden_problem("River\u200bwalk")
    'invisible character U+200B'
    >>> hidden_problem("Histo" + "\u0301" * 60 + "rique")
    '60 combining marks on one character (U+006F), at most 4'
    >>> hidden_problem("Éléments, Tiếng Việt") is None
    True
    """
    hidden = next((char for char in text if invisible(char)), None)
    if hidden is not None:
        return f"invisible character U+{ord(hidden):04X}"
    return marks_problem(text)


#: Characters none of which is invisible, nor a combining mark, and whose NFD carries two marks
#: at most (Latin-1 and the Latin letters to U+02FF but the soft hyphen, the general
#: punctuation and French's spaces, arrows and mathematical operators): a text of them only
#: hides nothing (``tests/engine/test_catalogue_characters.py`` checks each of them).
_PLAIN = re.compile("[\n\x20-\x7e\xa0-\xac\xae-\u02ff\u2010-\u2027\u202f-\u205f\u2190-\u22ff]*")


def added_hidden_problem(text: str, english: str) -> str | None:
    """What a translation ``text`` hides that its ``english`` does not: a pile of combining
    marks past :data:`MAX_MARKS` (where the English has none), or an invisible character
    (:func:`invisible`) the English lacks, named by its code point; None for neither.

    The one rule of every reader of a catalogue: the build's guard
    (:func:`nqtranslate.guard.text_findings`) refuses the catalogue at the message's line, the
    engine's reader (:func:`nqcore.catalogue_loading.load_po`: ``nq``, the examples, the
    companion's bridge) shows that message's English with a warning at its line.

    >>> added_hidden_problem("Fum\ufe0fée", "Smoke")
    'invisible character U+FE0F VARIATION SELECTOR-16 its English does not have'
    >>> added_hidden_problem("Fume" + "\u0301" * 60, "Smoke")
    '60 combining marks on one character (U+0065), at most 4'
    >>> added_hidden_problem("mot\u00adclé", "key\u00adword") is None
    True
    >>> added_hidden_problem("niveau\\t5", "level 5")
    'control character U+0009 its English does not have'
    """
    if _PLAIN.fullmatch(text):  # most messages: one pass of C (the engine reads 1,800 each run)
        return None
    if (piled := marks_problem(text)) and not marks_problem(english):  # rises over the lines
        return piled
    for char in text:
        if char in english:
            continue
        if invisible(char):
            name = unicodedata.name(char, "unnamed")
            return f"invisible character U+{ord(char):04X} {name} its English does not have"
        if char != "\n" and unicodedata.category(char) == "Cc":  # a tab: "\u0009" in a terminal
            return f"control character U+{ord(char):04X} its English does not have"
    return None


def marks_problem(text: str) -> str | None:
    """A pile of combining marks past :data:`MAX_MARKS` in ``text``, in English words."""
    stacked = stacked_marks(text)
    if stacked is None:
        return None
    code = f"U+{ord(stacked[0]):04X}" if stacked[0] else "the start of the text"
    return f"{stacked[1]} combining marks on one character ({code}), at most {MAX_MARKS}"


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def escaped_hidden(text: str) -> str:
    """``text`` as a refusal quotes it: each invisible character (:func:`invisible`) as its code
    point, and each run of more than :data:`MAX_MARKS` combining marks as its marks and their
    numbers (``\\u0301×60``), never the raw pile that rises over the lines above (attack round
    twenty-four, minor observation 4).

    >>> escaped_hidden("Fume" + "\u0301" * 60 + "\u2800")
    'Fume\\\\u0301×60\\\\u2800'
    >>> escaped_hidden("Tiếng Việt, ẹ́")
    'Tiếng Việt, ẹ́'
    """
    shown: list[str] = []
    marks: list[str] = []
    for char in text + " ":
        if unicodedata.category(char).startswith("M"):
            marks.append(char)
            continue
        if len(marks) > MAX_MARKS:
            shown += (f"{_escape(m)}×{len(list(g))}" for m, g in itertools.groupby(marks))
        else:
            shown += marks
        marks.clear()
        shown.append(_escape(char) if invisible(char) else char)
    return "".join(shown)[:-1]
