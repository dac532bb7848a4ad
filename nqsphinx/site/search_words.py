"""How each language reads a player's question: the ``[language.<code>]`` tables of
``docs/_data/search.toml``, checked against a msgspec schema as the engine's data files are
(:func:`nqcore.data.datafiles.check`: a mistake is one line naming the file and the field).

- ``stopwords``: words of a question that name nothing (« combien », "how", "does"), besides
  Sphinx's stop words of the language;
- ``keep``: Sphinx's stop words that do name something in this book ("up" in "stand up"...);
- ``elisions``: the elided words that stick to the next one (« l' », « d' »: « l'armure » is
  « armure »);
- ``participles``: the endings of a past participle, each read as the shortest (« terrifiée »,
  « terrifiés » are « terrifié »): the stemmer reads words with their accents folded, and cuts
  « terrifiee » and « terrifie » apart.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

import msgspec
from sphinx.application import Sphinx

from nqcore.data import datafiles
from nqsphinx.site.search import SEARCH_FILE, SearchDataError

#: A word: letters, maybe joined by a hyphen or an apostrophe (« est-ce »).  The header search
#: builds a regular expression of the elisions: anything else would be read as a pattern (one of
#: nested repeats hung a reader's browser).
Word = Annotated[str, msgspec.Meta(pattern=r"^[^\W\d_]+(?:[-'’][^\W\d_]+)*$", max_length=40)]


class LanguageWords(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The question words of one language."""

    stopwords: tuple[Word, ...] = ()
    keep: tuple[Word, ...] = ()
    elisions: tuple[Word, ...] = ()
    participles: tuple[Word, ...] = ()


@cache
def load_language_words(path: Path) -> dict[str, LanguageWords]:
    """The ``[language.*]`` tables of ``path`` (none if the project has no file)."""
    if not path.exists():
        return {}
    try:
        data = datafiles.parse(path.read_text(encoding="utf-8"), str(path), None)
        tables = data.get("language", {})
        if not isinstance(tables, dict):
            raise datafiles.DataFileError(f"{path}: [language] holds one table per language")
        for lang, table in tables.items():
            datafiles.check(table, f"{path}: [language.{lang}]", LanguageWords)
    except datafiles.DataFileError as error:
        raise SearchDataError(str(error)) from None
    return {lang: msgspec.convert(table, LanguageWords) for lang, table in tables.items()}


def language_words(app: Sphinx, lang: str) -> LanguageWords:
    words = load_language_words(Path(app.srcdir) / SEARCH_FILE)
    return words.get(lang, LanguageWords())
