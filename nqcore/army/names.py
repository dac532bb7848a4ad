"""The names of an army and of its profiles, as a reader reads them: one line, printed on the
terminal, the page and the roster PDF.

A name holds no line break (the roster prints it on one line), no invisible character
(Unicode category Cf: a zero-width space, a soft hyphen, a bidi control such as U+202E, which
the terminal escapes but the PDF obeys, reversing the name; a blank Hangul filler), no
character no reader can be shown (private use, unassigned: :mod:`nqcore.characters`), and no
character with more than :data:`MAX_MARKS` combining marks stacked on it
(:func:`stacked_marks`).  Two names a reader cannot tell apart are one name
(:func:`same_name`): the same after NFC (a decomposed "É") with their whitespace (a no-break
space, an em space) folded to one space and trimmed; two entries may not have names that
differ only in case or width (:func:`name_key`); a word of an army's name or of its entries'
may not mix Latin, Cyrillic and Greek letters ("Оrc" with a Cyrillic "О").
"""

from __future__ import annotations

import re
import unicodedata

from nqcore.i18n import N_, Refusal
from nqcore.terminal import FILLERS

#: The characters that break a line: the newline, the carriage return, the line and paragraph
#: separators (U+2028, U+2029), the next line (U+0085), the vertical tab and the form feed.
_BREAKS = frozenset("\n\r\u2028\u2029\x85\x0b\x0c")
#: Unassigned (noncharacters included), private use, surrogates (:mod:`nqcore.characters`).
_UNSHOWABLE = frozenset({"Cn", "Co", "Cs"})
_WHITESPACE = re.compile(r"\s+")
#: The most characters of a name: the army file's limit, for every name and text a profile
#: prints (a word of 15,000 letters overflows xelatex's line buffer, and no roster holds it).
MAX_NAME = 200
#: The most combining marks one character of a name may carry, counted after NFC (which folds
#: "e" + U+0301 into "é"): the most any orthography stacks is four (pointed Hebrew with a
#: cantillation mark: shin dot, dagesh, vowel point, accent; Vietnamese and Yoruba need two at
#: most), and a pile past that prints as a smear on the page, or as one accent in the roster PDF.
MAX_MARKS = 4


def code_point(char: str) -> str:
    """A character named by its code point: ``U+202E``, ``U+E0041`` (never a surrogate pair)."""
    return f"U+{ord(char):04X}"


def check_name(text: str) -> None:
    """Refuse a name with a line break, a control character or an invisible format character,
    or longer than :data:`MAX_NAME` characters."""
    if len(text) > MAX_NAME:
        raise Refusal(
            N_("a name of {count} characters, at most {limit}"), count=len(text), limit=MAX_NAME
        )
    for char in text:
        category = unicodedata.category(char)
        if char in _BREAKS:
            raise Refusal(N_("a line break ({code}) in a name"), code=code_point(char))
        if category == "Cc":
            raise Refusal(N_("a control character ({code}) in the text"), code=code_point(char))
        if category == "Cf" or char in FILLERS:
            raise Refusal(N_("an invisible character ({code}) in a name"), code=code_point(char))
        if category in _UNSHOWABLE:
            raise Refusal(
                N_("a character no reader can be shown ({code}) in a name"), code=code_point(char)
            )
    if text and not same_name(text):
        raise Refusal(N_("a name of spaces only"))
    stacked = stacked_marks(text)
    if stacked:
        raise Refusal(
            N_("{count} combining marks on one character ({code}) in a name, at most {limit}"),
            count=stacked[1],
            code=code_point(stacked[0]),
            limit=MAX_MARKS,
        )


def stacked_marks(text: str, limit: int = MAX_MARKS) -> tuple[str, int] | None:
    """The first character of ``text`` (after NFC) with more than ``limit`` combining marks
    (Unicode categories Mn, Mc, Me) after it, and their number; None for none.

    >>> stacked_marks("Tiếng Việt, ẹ́, Ω") is None
    True
    >>> stacked_marks("G" + "\u0301" * 150)
    ('Ǵ', 149)
    """
    base, count = "", 0
    for char in unicodedata.normalize("NFC", text) + " ":
        if unicodedata.category(char).startswith("M"):
            count += 1
            continue
        if count > limit:
            return base, count
        base, count = char, 0
    return None


def check_one_script(text: str) -> None:
    """Refuse a name of which a word mixes look-alike scripts: entries of one army are told
    apart by their names alone (a profile's texts, which nothing looks up, may mix them)."""
    for word in text.split():
        if len({_script(char) for char in word} - {""}) > 1:
            raise Refusal(
                N_("the word {word} mixes Latin, Cyrillic or Greek letters, which look alike"),
                word=word,
            )


#: The scripts whose letters a reader takes for one another ("О", Cyrillic, for "O", Latin).
_LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def _script(char: str) -> str:
    """Which of :data:`_LOOK_ALIKE_SCRIPTS` the letter ``char`` is of ('' for none)."""
    if not unicodedata.category(char).startswith("L"):
        return ""
    words = unicodedata.name(char, "").split()
    return next((word for word in words[:2] if word in _LOOK_ALIKE_SCRIPTS), "")


def name_key(text: str) -> str:
    """What two names a reader takes for one share: :func:`same_name`, then NFKC (a full-width
    "Ｏ" is an "O") and case folded ("orc bruisers" is "Orc Bruisers" on a roster)."""
    return unicodedata.normalize("NFKC", same_name(text)).casefold()


def same_name(text: str) -> str:
    """``text`` as the name it reads: NFC, each run of whitespace one space, trimmed."""
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
