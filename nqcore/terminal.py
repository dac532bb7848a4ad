"""What the engine writes to a terminal: every character of a reader's text shown, none obeyed.

A name in an army file, a catalogue's translation or a data file's text reaches the reader's
terminal.  A control character (an escape, a carriage return) would rewrite it; a bidi mark or
override (U+061C, U+200E, U+202E, U+2066...) reorder what it shows; a line or paragraph
separator, a zero-width or other format character, a private-use or unassigned code point, a
blank Hangul filler (U+115F, U+1160, U+3164, U+FFA0, printable for Python yet showing nothing)
hide or fake text.  So each character that :meth:`str.isprintable` rejects, and those fillers,
is written as its escape (``\\u061c``), except the newline and the spaces French output uses
(U+00A0, U+202F).  One function, :func:`printable`, for every string the engine prints.
"""

from __future__ import annotations

#: The characters kept that :meth:`str.isprintable` rejects: the newline and French's spaces.
KEPT = frozenset("\n\u00a0\u202f")
#: Printable for Python, blank for the reader: the Hangul fillers.
FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
_PROBE = str.maketrans(dict.fromkeys(KEPT, " "))


def printable(text: str, *, json: bool = False) -> str:
    """``text`` with each character a terminal should not be sent as its escape ``\\u001b``
    (``\\U000e0041`` above U+FFFF: one code point, as Python writes it): shown, never obeyed.
    In ``json`` text (``nq --json``), where ``json.dumps`` leaves DEL and C1, a character above
    U+FFFF is its pair of surrogate escapes, the one escape JSON has for it."""
    if text.translate(_PROBE).isprintable() and not FILLERS.intersection(text):
        return text  # the common case, in one pass of C
    return "".join(_escaped(char, json) for char in text)


def _escaped(char: str, json: bool) -> str:
    if char in KEPT or (char.isprintable() and char not in FILLERS):
        return char
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    if not json:
        return f"\\U{code:08x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
