"""Sphinx's own words (``sphinx.po``) are plain text: Sphinx's writers put them unescaped into
HTML attributes (``title="Link to this heading"``) and into LaTeX (the long tables' "continues
on next page"), so no escaping of theirs stands between a translation and the reader.

A translation may hold the placeholders of its English message (``%(name)s``, ``%s``, ``{0}``)
and, beyond them, none of the characters that HTML or TeX read as markup, unless its English
has as many of them.
"""

from __future__ import annotations

import re
from collections import Counter

#: A ``%`` conversion (as :data:`nqtranslate.formats.PERCENT`, with ``%%``) or a brace field.
PLACEHOLDER = re.compile(
    r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]|\{[^{}]*\}"
)
#: What HTML (attributes, tags, entities) or TeX (commands, groups, ``^^5c``, math, comments,
#: parameters, ties) reads as markup.
MARKUP = frozenset("<>\"'&\\{}^%$#~")


def _split(text: str) -> tuple[Counter[str], Counter[str]]:
    """The placeholders of ``text``, and its markup characters outside them."""
    found = Counter(PLACEHOLDER.findall(text))
    rest = PLACEHOLDER.sub("", text)
    return found, Counter(c for c in rest if c in MARKUP)


def sphinx_word_problems(msgid: str, msgstr: str) -> list[str]:
    """Why ``msgstr``, a translation of Sphinx's ``msgid``, cannot be used (none: [])."""
    wanted, allowed = _split(msgid)
    found, markup = _split(msgstr)
    added = [f"msgstr adds the placeholder {name}, not in its msgid" for name in found - wanted]
    extra = "".join(sorted((markup - allowed).elements()))
    if extra:
        added.append(
            f"msgstr adds {extra!r}: Sphinx puts its own words unescaped into HTML and LaTeX, "
            "so they are plain text" + (_INSTEAD if "'" in extra else "")
        )
    return sorted(added)


#: What a language that writes with an apostrophe (Breton's c'h, French's l'aide) uses instead.
_INSTEAD = " (write an apostrophe as ’, U+2019)"
