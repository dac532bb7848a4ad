"""What the rules index makes of the headings, beyond one entry each: the reviewed list in
``docs/_data/rules_index.toml`` (a proof-reader's decisions are data, not code).

- ``[[merge]]``: a heading indexed under another entry's words, so that near-duplicates are one
  entry ("Armour Saves" under the glossary's "Armour Save"; "Units" under "Unit"): under a
  glossary term (``term``, its words in each language) or under the words given for a language
  (``en``, ``fr``; a language without words keeps the heading's own).  A merge that makes the
  heading a sub-entry ("Casting A Spell; chance to cast") may give its headword the page of
  another section (``head_page``), in the printed index only: the site's lists that section
  under its own entries, and the headword's link would list it twice.
- ``[[topic]]``: a big topic whose sections are sub-entries under one head ("Morale" → command
  test modifiers, panic table, rallying...): the head is a term's words or the words given, and
  gets the page of ``section`` if given; ``also`` names other entries ("see also").
- ``[[see]]``: a word players look for that the book does not use, sent to the book's
  (``Wizard``, see ``Magic User``): its words per language, and the term or words it sends to.
- ``[[lookup]]``: a term of the game a player looks up that no heading starts with ("Overkill",
  "Retreat", "Natural 10"): its head (a term's words or the words given) at each of its
  ``places``, a section and, where the term is in the section's text rather than its heading, the
  words to find there in each language (the entry goes on the page of those words); a place with
  words of its own is a sub-entry ("Retreat; voluntary").
- ``[[qualify]]``: a spell, weapon or card whose name is also a rule's word, indexed with a word
  that says which it is (``Panic`` → ``Panic (spell)``): its name and its entry per language.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec
from msgspec import Struct

from nqcore.data.datafiles import DataFileError, parse, read_utf8

#: The list, under the documentation's source directory.
INDEX_FILE = Path("_data") / "rules_index.toml"


class Words(Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """Words of an entry: a glossary term's, or given per language."""

    term: str = ""
    en: str = ""
    fr: str = ""


class Merge(Words, frozen=True, kw_only=True):
    """A heading (``section``) filed under other words; ``head_page``: the section whose page
    the headword of words "Head; sub" gets in the printed index."""

    section: str
    head_page: str = ""


class Topic(Words, frozen=True, kw_only=True):
    sections: list[str]
    section: str = ""
    also: list[Words] = []


class Place(Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """One place of a looked-up term: its section, its sub-entry's words (none: the head's own
    page), and the words of the paragraph or table row that holds the term (none: the heading)."""

    section: str
    en: str = ""
    fr: str = ""
    find_en: str = ""
    find_fr: str = ""

    def sub(self, lang: str) -> str:
        return str(getattr(self, lang, "") or "")

    def find(self, lang: str) -> str:
        return str(getattr(self, f"find_{lang}", "") or "")


class Lookup(Words, frozen=True, kw_only=True):
    places: list[Place]


class See(Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    en: str
    fr: str
    target: Words


class Qualify(Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    en: str
    fr: str
    en_entry: str
    fr_entry: str


class IndexFile(Struct, forbid_unknown_fields=True, kw_only=True):
    merge: list[Merge] = []
    topic: list[Topic] = []
    see: list[See] = []
    lookup: list[Lookup] = []
    qualify: list[Qualify] = []


def qualified(data: IndexFile, lang: str) -> dict[str, str]:
    """The entries of the names that ``[[qualify]]`` lists, by name, in ``lang``."""
    return {getattr(q, lang): getattr(q, f"{lang}_entry") for q in data.qualify if hasattr(q, lang)}


def load_index_data(path: Path) -> IndexFile:
    """The index's list, checked: a field unknown or missing, or a term that the glossary
    lacks, is a :class:`DataFileError` of one line naming the file and the record."""
    data = msgspec.convert(parse(read_utf8(path), str(path), IndexFile), IndexFile)
    from nqsphinx.directives.glossary import terms_for  # which imports the index

    keys = {term.key for term in terms_for(str(path.parent.parent))}
    records: list[tuple[str, Words]] = [("merge", m) for m in data.merge]
    records += [("topic", t) for t in data.topic]
    records += [("topic.also", w) for t in data.topic for w in t.also]
    records += [("see", s.target) for s in data.see]
    records += [("lookup", w) for w in data.lookup]
    for kind, words in records:
        if words.term and words.term not in keys:
            raise DataFileError(f"{path}, {kind}: no glossary term {words.term!r}")
        if not (words.term or words.en):
            raise DataFileError(f"{path}, {kind}: neither term nor en words")
    return data


@cache
def index_data(srcdir: str) -> IndexFile:
    """The list of the book being built (none for a project without one)."""
    path = Path(srcdir) / INDEX_FILE
    return load_index_data(path) if path.is_file() else IndexFile()


def words(srcdir: str, entry: Words, lang: str) -> str:
    """The words of ``entry`` in ``lang`` ("" when a language has none of its own)."""
    from nqsphinx.directives.glossary import terms_for

    if entry.term:
        term = next(t for t in terms_for(srcdir) if t.key == entry.term)
        return term.label(lang)
    return str(getattr(entry, lang, "") or "")
