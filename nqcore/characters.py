"""Characters no text of the book may hold: noncharacters, unassigned code points, private use
and surrogates.

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

import unicodedata

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
