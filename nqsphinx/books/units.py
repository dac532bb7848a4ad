"""A figure and its metric unit held together in the books by a narrow no-break space (U+202F):
the text typed "25mm" and "40mm" where the cover printed "25–30 mm", and a word space let a
line end between a figure and its unit.  A diagram's key and its number, "(arrows 2)", are
held together by a no-break space (a line ended at "(arrows", the next began "2)"), and so are a
count and the game's unit ("3 actions", "36 points", « 20 pouces »).

Applied as the books are typeset (the LaTeX and EPUB builders, both languages), to the text
of the pages and to the cover's line: neither the site nor the catalogues, whose messages are
the sources' as typed (``./dev update-po`` changes nothing), nor the print products' bars and
page descriptions, which set their own figures.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.languages.typography import SKIP, ancestors

#: The narrow no-break space, set in LaTeX as babel-french's thin space
#: (``nqprint.latex.NARROW_NO_BREAK_SPACE``) and in the e-book as itself.
NNBSP = "\u202f"
#: A figure, then a metric unit against it or a space away ("25mm", "25 mm", "30\u00a0cm").
_UNIT = re.compile(r"(?<=\d)[ \t\u00a0\u202f]?(?=(?:mm|cm)\b)")
#: A word and a number alone in parentheses: a diagram's key, "(arrow 1)", « (flèches 2) ».
_KEY = re.compile(r"(?<=\()(\w+) (?=\d+\))")
#: The game's units after a figure, held to it by a no-break space: a line ended at "costs 3",
#: the next began "actions (AC)"; « dans ce cas 20 » then « pouces ».
_COUNTED = re.compile(r"(?<=\d) (?=(?:actions?|points?|inch(?:es)?|pouces?|models?|figurines?)\b)")


def unit_spaces(text: str) -> str:
    """``text`` with a narrow no-break space between each figure and its unit.

    >>> unit_spaces("25mm - 30mm miniatures, 40 mm bases, a 5 cm bar, 3 mmm, 2 mice")
    '25\\u202fmm - 30\\u202fmm miniatures, 40\\u202fmm bases, a 5\\u202fcm bar, 3 mmm, 2 mice'
    """
    return _UNIT.sub(NNBSP, text)


def book_spaces(text: str) -> str:
    """``text`` with its units' narrow no-break spaces, and no-break spaces in its keys and
    between a count and the game's unit.

    >>> book_spaces("(arrows 2) (see p. 4) (2 arrows)")
    '(arrows\\xa02) (see p. 4) (2 arrows)'
    >>> book_spaces("costs 3 actions (AC), 36 points, 20 pouces, 1 action, 3 actionsX")
    'costs 3\\xa0actions (AC), 36\\xa0points, 20\\xa0pouces, 1\\xa0action, 3 actionsX'
    """
    return _COUNTED.sub("\u00a0", _KEY.sub("\\1\u00a0", unit_spaces(text)))


class UnitSpaces(SphinxPostTransform):
    """:func:`book_spaces` on every text of a book's page but code, literals and raw output."""

    default_priority = 801  # after the languages' typography, which leaves these spaces
    builders = ("latex", "epub")

    def run(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            if any(isinstance(parent, SKIP) for parent in ancestors(text)):
                continue
            fixed = book_spaces(str(text))
            if fixed != str(text) and text.parent is not None:
                text.parent.replace(text, nodes.Text(fixed))


def setup(app: Sphinx) -> None:
    app.add_post_transform(UnitSpaces)
