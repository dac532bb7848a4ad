"""Names a reader takes for one another though their letters differ: "HOPE" and a Cyrillic
"НОРЕ", "ABBA" and a Greek "ΑΒΒΑ", "Bind" and "Bınd" with a dotless i.

Their confusable skeleton (UTS #39, Unicode Security Mechanisms) is the same: each character of
the decomposed name read as the one a reader takes it for, from Unicode's look-alike table
(``nqcore/data/confusables.toml``, written by ``tools/confusables.py`` from Unicode's
``confusables.txt``; a data file, so the engine needs no package in the browser either).  Two
entries of an army whose names share a skeleton are one name (:func:`look_key`, beside
:func:`nqcore.army.names.name_key`).

A word of another script whose every letter reads as a Latin one ("НОРЕ" in Cyrillic) is
refused beside Latin words (:func:`check_latin_lookalike`): the names of this game's armies are
written in French and English, and a reader of "НОРЕ Squad" reads "HOPE Squad".  A name written
wholly in another script is accepted ("НОРЕ" alone, a Greek "ΑΒΒΑ Λεγεών"): it is its own
reader's, and its skeleton still makes it the twin of a Latin "HOPE" in the same army.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from nqcore.army.names import code_point, letter_script, name_key, same_name
from nqcore.data.datafiles import load
from nqcore.i18n import N_, Msg, Refusal

LATIN = "LATIN"
#: A combining dot above on an i or a j (soft-dotted letters).
_DOT_ON_DOT = re.compile("(?<=[ij])\u0307")
#: An entry named as one before it, or as one a reader takes it for.
TWICE = N_("a second entry named {name}")
LOOKS_ALIKE = N_("a second entry named {name}, which reads as {first} ({code} passes for {looks})")


@cache
def _table() -> dict[str, str]:
    """Each character a name may hold read as the one a reader takes it for."""
    looks = load("confusables.toml")["look"]
    return {char: look["reads"] for look in looks for char in look["chars"]}


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: its NFD, each character read through the look-alike
    table, then NFD again, a dot above on an i or a j dropped (most fonts draw it on the
    letter's own dot: "Fi\u0307end" reads "Fiend").

    >>> skeleton("\\u041d\\u041e\\u0420\\u0415") == skeleton("HOPE")
    True
    """
    table = _table()
    read = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return _DOT_ON_DOT.sub("", unicodedata.normalize("NFD", read))


def look_key(text: str) -> str:
    """What two names a reader takes for one share though their letters differ: the skeleton
    of the name as it reads (:func:`nqcore.army.names.same_name`), case folded after (a logical
    or, U+2228, reads as a "v", so "\u2228ale" as "Vale"; names that differ by case alone are
    one already)."""
    return skeleton(same_name(text)).casefold()


def passing_for(name: str, first: str) -> tuple[str, str]:
    """The first character of ``name`` that ``first`` does not hold and that the look-alike
    table reads as another, and what it passes for: what tells two names of one skeleton apart
    (("U+041D", "H") for a Cyrillic "НОРЕ" beside "HOPE")."""
    table = _table()
    held = set(unicodedata.normalize("NFD", same_name(first)))
    for char in unicodedata.normalize("NFD", same_name(name)):
        if char not in held and char in table:
            return code_point(char), table[char]
    char = next((c for c in name if c not in held), name[:1])
    return code_point(char), char


def second_name(
    name: str, names: set[str], looks: dict[str, str]
) -> tuple[Msg, dict[str, Any]] | None:
    """Why an entry named ``name`` is a second one, after the entries whose
    :func:`nqcore.army.names.name_key` are ``names`` and whose names are ``looks`` by their
    :func:`look_key`: its refusal and the refusal's values; None, and its name recorded, for a
    name of its own."""
    if name_key(name) in names:
        return TWICE, {"name": name}
    first = looks.get(look_key(name))
    if first is not None:
        code, passes = passing_for(name, first)
        return LOOKS_ALIKE, {"name": name, "first": first, "code": code, "looks": passes}
    names.add(name_key(name))
    looks[look_key(name)] = name
    return None


def _scripts(word: str) -> set[str]:
    return {script for script in map(letter_script, word) if script}


def check_latin_lookalike(text: str) -> None:
    """Refuse a word of one script other than Latin whose skeleton is all Latin letters, in a
    name with a word written in Latin ("НОРЕ Squad")."""
    words = text.split()
    if not any(_scripts(word) == {LATIN} for word in words):
        return
    for word in words:
        scripts = _scripts(word)
        if scripts and LATIN not in scripts and _scripts(skeleton(word)) == {LATIN}:
            foreign = next(char for char in word if letter_script(char))
            raise Refusal(
                N_(
                    "the word {word} reads as a Latin word, in the letters of another script "
                    "({code}), beside Latin words"
                ),
                word=word,
                code=code_point(foreign),
            )
