"""The names of an army and of its profiles, as a reader reads them: one line, printed on the
terminal, the page and the roster PDF.

A name holds no line break (the roster prints it on one line), no invisible character
(:func:`nqcore.characters.invisible`: a zero-width space, a soft hyphen, a bidi control such as
U+202E, which the terminal escapes but the PDF obeys, reversing the name; a Hangul filler; a
braille blank, which reads as a space) and no character no reader can be shown (private use,
unassigned: :mod:`nqcore.characters`).  Nor does it hold a letter no orthography writes names
with (:func:`unwritten_letter`: a small capital "ꜱ" that passes for an "s", a modifier letter,
phonetic letters, mathematical and letterlike "𝐎" or "ℴ", braille), and none of its words mixes
the letters of two scripts (:func:`check_one_script`: "Օrc" with an Armenian "Օ").  Two names a
reader cannot tell apart are one name (:func:`same_name`): the same after NFC (a decomposed
"É") with their whitespace (a no-break space, an em space) folded to one space and trimmed; two
entries may not have names that differ only in case or width (:func:`name_key`), nor names a
reader takes for one another (:mod:`nqcore.army.lookalikes`: "HOPE" and a Cyrillic "НОРЕ").  No
letter carries more than :data:`MAX_MARKS` combining marks (:func:`stacked_marks`), and no mark
stands on nothing (:func:`bare_mark`: at the start of a name, after a space or punctuation).

Unicode's script property is not in Python's ``unicodedata``, and the engine runs in the browser
too (Pyodide), with no other package: a letter's script is the first word of its Unicode name
(:func:`letter_script`), which Unicode gives every letter of a script.
"""

from __future__ import annotations

import re
import unicodedata

from nqcore.characters import MAX_MARKS, invisible, stacked_marks
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


def code_point(char: str) -> str:
    """A character named by its code point: ``U+202E``, ``U+E0041`` (never a surrogate pair)."""
    return f"U+{ord(char):04X}"


def check_name(text: str) -> None:
    """Refuse a name with a line break, a control character, an invisible character or a
    letter no name is written with, a mark on no letter or a pile of them, a word mixing two
    scripts or reading as a Latin word in another's letters beside Latin words, or a name longer
    than :data:`MAX_NAME` characters."""
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
        if invisible(char) or char in FILLERS:
            raise Refusal(N_("an invisible character ({code}) in a name"), code=code_point(char))
        if category in _UNSHOWABLE:
            raise Refusal(
                N_("a character no reader can be shown ({code}) in a name"), code=code_point(char)
            )
        if unwritten_letter(char):
            raise Refusal(
                N_("a letter no name is written with ({code}) in a name"), code=code_point(char)
            )
    if text and not same_name(text):
        raise Refusal(N_("a name of spaces only"))
    check_marks(text)
    check_one_script(text)
    from nqcore.army.lookalikes import check_latin_lookalike

    check_latin_lookalike(text)


def check_marks(text: str) -> None:
    """Refuse a mark on no letter (:func:`bare_mark`) and a pile of them (:func:`stacked_marks`)."""
    bare = bare_mark(text)
    if bare:
        raise Refusal(N_("a combining mark ({code}) on no letter in a name"), code=code_point(bare))
    stacked = stacked_marks(text)
    if stacked:
        raise Refusal(
            N_("{count} combining marks on one character ({code}) in a name, at most {limit}"),
            count=stacked[1],
            code=code_point(stacked[0]),
            limit=MAX_MARKS,
        )


def bare_mark(text: str) -> str | None:
    """The first combining mark of ``text`` (after NFD) with no letter, digit or symbol to sit
    on: at its start, after a space or a punctuation mark (a reader sees it on the space, or on
    the word before it in the roster's "Unit · " line); None for none.

    >>> bare_mark("Tiếng Việt, Orc-1⃝") is None
    True
    >>> bare_mark("Orc \u0301Band")
    '\u0301'
    """
    base = ""
    for char in unicodedata.normalize("NFD", text):
        category = unicodedata.category(char)
        if not category.startswith("M"):
            base = char
        elif not base or unicodedata.category(base)[0] in "ZP":
            return char
    return None


#: The blocks of letters no orthography writes names with, first and last code point: IPA and
#: phonetic extensions (but the letters of orthographies among them: :func:`unwritten_letter`),
#: Latin Extended-C, -D, -E, -F and -G, letterlike symbols, braille, mathematical alphanumerics
#: (Latin and Arabic).
_UNWRITTEN_BLOCKS = (
    (0x0250, 0x02AF),
    (0x1D00, 0x1DBF),
    (0x2100, 0x214F),
    (0x2800, 0x28FF),
    (0x2C60, 0x2C7F),
    (0xA720, 0xA7FF),
    (0xAB30, 0xAB6F),
    (0x10780, 0x107BF),
    (0x1D400, 0x1D7FF),
    (0x1DF00, 0x1DFFF),
    (0x1EE00, 0x1EEFF),
)
#: Where the capitals of the orthographies' own letters of the IPA block are ("ə" of
#: Azerbaijani, "ɛ" and "ɔ" of Akan or Lingala): Latin Extended-B.
_ORTHOGRAPHY_CAPITALS = (0x0180, 0x024F)


def unwritten_letter(char: str) -> bool:
    """A letter (or braille) no orthography writes names with: a small capital ("ꜱ" passes for
    an "s"), a modifier letter, a phonetic letter, a mathematical or letterlike one ("𝐎",
    "ℴ"), Latin Extended-C to -G, braille.  A small letter of the IPA block whose capital is
    in Latin Extended-B is an orthography's ("ə", "ɛ", "ɔ"): kept."""
    code, name = ord(char), unicodedata.name(char, "")
    if "SMALL CAPITAL" in name or "MODIFIER LETTER" in name:
        return True
    if not any(low <= code <= high for low, high in _UNWRITTEN_BLOCKS):
        return False
    if unicodedata.category(char) == "So" and not 0x2800 <= code <= 0x28FF:
        return False  # a symbol ("℃", "№", "™"), not a letter
    capital = char.upper()
    low, high = _ORTHOGRAPHY_CAPITALS
    return not (0x0250 <= code <= 0x02AF and len(capital) == 1 and low <= ord(capital) <= high)


def check_one_script(text: str) -> None:
    """Refuse a name of which a word mixes the letters of two scripts ("Оrc" with a Cyrillic
    "О", "Օrc" with an Armenian "Օ"): a reader takes one for the other, and entries are told
    apart by their names alone.  Japanese mixes its kana and Han, Korean Hangul and Han, each
    with Latin (Unicode's "highly restrictive" profile, UTS #39)."""
    for word in text.split():
        letters = {char: script_of(char) for char in word if script_of(char)}
        scripts = set(letters.values())
        if len(scripts) > 1 and not any(scripts <= mix for mix in _MIXES):
            first = next(iter(letters))
            second = next(char for char, script in letters.items() if script != letters[first])
            raise Refusal(
                N_("the word {word} mixes the letters of two scripts ({first} and {second})"),
                word=word,
                first=code_point(first),
                second=code_point(second),
            )


#: The scripts one word may mix (UTS #39's "highly restrictive" profile).
_MIXES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
#: Names' first words that are not a script of their own, by the script they are of.
_SCRIPT_OF = {
    "CJK": "HAN",
    "IDEOGRAPHIC": "HAN",
    "KATAKANA-HIRAGANA": "KATAKANA",
}
#: Names' first words of the letters of another width, whose script is their NFKC's.
_WIDTHS = frozenset({"FULLWIDTH", "HALFWIDTH"})
#: First words of scripts whose names take two words ("OLD ITALIC", "TAI THAM").
_TWO_WORDS = frozenset(
    "OLD NEW TAI LINEAR MEETEI SORA SYLOTI PAU WARANG MASARAM GUNJALA HANIFI NYIAKENG "
    "ZANABAZAR CAUCASIAN PSALTER INSCRIPTIONAL IMPERIAL MENDE PAHAWH KHITAN CYPRO".split()
)


def letter_script(char: str) -> str:
    """The script of the letter ``char``, from its Unicode name (a full-width "Ｏ" is its NFKC's,
    Latin): the name's first word ("LATIN", "ARMENIAN", "CJK" for Han), or its first two
    for scripts named so ("OLD ITALIC"); '' for what is no letter (a digit, a mark)."""
    if not unicodedata.category(char).startswith("L"):
        return ""
    words = unicodedata.name(char, "").split() or [""]
    if words[0] in _WIDTHS:
        words = unicodedata.name(unicodedata.normalize("NFKC", char)[0], "").split() or [""]
    first = words[0]
    if first in _TWO_WORDS:
        return " ".join(words[:2])
    return _SCRIPT_OF.get(first, first)


#: First words of combining marks that belong to no script of letters (inherited marks).
_NO_SCRIPT_MARKS = frozenset({"COMBINING", "VEDIC", "MUSICAL", "VARIATION"})


def script_of(char: str) -> str:
    """The script of a letter (:func:`letter_script`) or of a combining mark named for one (a
    Kannada nukta, U+0CBC, on a Latin letter is a second script); '' for what is neither."""
    if not unicodedata.category(char).startswith("M"):
        return letter_script(char)
    words = unicodedata.name(char, "").split() or ["COMBINING"]
    if words[0] in _NO_SCRIPT_MARKS or "COMBINING" in words[1:2]:
        return ""
    return " ".join(words[:2]) if words[0] in _TWO_WORDS else _SCRIPT_OF.get(words[0], words[0])


def name_key(text: str) -> str:
    """What two names a reader takes for one share: :func:`same_name`, then NFKC (a full-width
    "Ｏ" is an "O") and case folded ("orc bruisers" is "Orc Bruisers" on a roster)."""
    return unicodedata.normalize("NFKC", same_name(text)).casefold()


def same_name(text: str) -> str:
    """``text`` as the name it reads: NFC, each run of whitespace one space, trimmed."""
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
