"""Keys of more parts than any file needs, found before tomllib reads the file.

tomllib takes time quadratic in the parts of one dotted key or table header: a 400 KB file
holding ``a.a.a…`` of 200,000 parts keeps it busy for about 25 minutes, before the nesting it
makes could be refused.  A key of more parts than :data:`MOST_PARTS` nests deeper than every
reader refuses anyway, so it is refused at once, at its line and column.
"""

from __future__ import annotations

import re

#: The most parts a dotted key may have: its tables nest as deep as the readers allow.
MOST_PARTS = 32

#: The text of a TOML file as runs of key parts: strings and comments (whose dots are text),
#: what ends a run of key parts (``=``, ``,``, brackets, braces, a new line), dots, the rest.
#: Possessive and atomic, so that an unterminated string cannot make the scan backtrack.
_TOKENS = re.compile(
    r"""
      (?>\"\"\"(?:\\.|[^\\"]|"(?!""))*+(?:\"\"\"|\Z))  # multi-line basic string
    | (?>'''(?:[^']|'(?!''))*+(?:'''|\Z))              # multi-line literal string
    | (?>"(?:\\.|[^"\\\n])*+"?)                        # basic string
    | (?>'[^'\n]*+'?)                                   # literal string
    | \#[^\n]*+                                         # comment
    | (?P<end>[=,\[\]{}\n])
    | (?P<dot>\.)
    | [^"'\#=,\[\]{}\n.]++
    """,
    re.VERBOSE | re.DOTALL,
)


def long_key_at(text: str, most: int = MOST_PARTS) -> int | None:
    """Where the first key of the TOML ``text`` of more than ``most`` parts starts to join
    them (its first dot); None if there is none.  A float has one dot, a date and time one:
    only a key joins more than two parts with dots."""
    dots, start = 0, 0
    for token in _TOKENS.finditer(text):
        if token["end"] is not None:
            dots = 0
        elif token["dot"] is not None:
            start = token.start() if dots == 0 else start
            dots += 1
            if dots >= most:
                return start
    return None
