"""A name a player types for a thing of the book (a spell, a weapon, a sample profile): its key, or
its name in any language the engine speaks, as the answers print it (« Boule de feu » for the
fireball: ``nq --lang fr cast`` printed the name it then refused; player round thirty), whatever
its letter case, accents and apostrophes (a terminal types "Epee" as well as « Épée »).

A key comes first, whatever the language (the page sends keys, and ``nq``'s help gives them): the
French spear is « Lance », and "lance" stays the lance's key (« Lance de cavalerie »). One name may
be two things in two languages: the reader's language is asked first, then English, then any
other."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar

from nqcore.i18n import LANGUAGES, SOURCE_LANGUAGE, translator

Thing = TypeVar("Thing")

#: Apostrophes a keyboard or the book may type for one another.
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'", "\u2018": "'"})


@lru_cache(maxsize=8192)  # the same names compared again at every question
def folded(text: str) -> str:
    """``text`` as names are compared: without accents, case folded, its spaces single."""
    plain = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    letters = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(letters.casefold().split())


def find(
    typed: str, things: Iterable[tuple[str, tuple[str, ...], Thing]], lang: str | None = None
) -> Thing | None:
    """The thing ``typed`` names among ``things`` (each its key, its names as engine msgids, and
    itself): by its key, else by a name in ``lang``, in English, then in any language.

    >>> find("boule de FEU", [("fireball", ("Fireball",), 1)])
    1
    >>> find("Arc", [("bow", ("Bow",), "bow")], "fr")
    'bow'
    """
    listed = list(things)
    wanted = folded(typed)
    for key, _names, thing in listed:
        if wanted == folded(key):
            return thing
    order = dict.fromkeys([lang or SOURCE_LANGUAGE, SOURCE_LANGUAGE, *LANGUAGES])
    for code in order:
        said = translator(code)
        for _key, names, thing in listed:
            if any(wanted == folded(said(name)) for name in names):
                return thing
    return None
