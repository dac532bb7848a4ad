"""The index as a reader looks things up (docs/_data/rules_index.toml): the terms of the game
that no heading starts with ("Overkill", "Retreat", "Natural 10") are headwords, each place a
sub-entry whose page holds the term; a heading that starts with a verb or an article is filed
under its term ("Prone, being knocked"), not under its first word. Read from the printed index
and the printed pages of both A4 rulebooks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.directives.index_data import IndexFile, Lookup, Place, load_index_data, words
from nqsphinx.directives.rules_index import index_text
from tests.building import ROOT
from tests.print import layout

DOCS = ROOT / "docs"
DATA = load_index_data(DOCS / "_data" / "rules_index.toml")


def _flat(text: str) -> str:
    """Text as a reader matches it: one space between words, no line-end hyphen, any case."""
    text = layout.squeeze(text).replace("’", "'")
    return re.sub(r"(\w)- (\w)", r"\1\2", text).casefold()


def _words_of(line: str) -> str:
    return _flat(re.split(r",\s*(?:\d|see\b|voir\b)", line)[0])


def _pages(line: str) -> list[str]:
    return re.findall(r"(?<=, )\d+", line)


def _head(entry: Lookup, lang: str) -> str:
    return index_text(words(str(DOCS), entry, lang), lang)


def _what_the_page_shows(place: Place, head: str, lang: str) -> str:
    """The words a place's page must hold: its words to find, else the head's first word."""
    return place.find(lang) or head.split()[0]


def lookups_not_found(pdf: Path, lang: str, data: IndexFile = DATA) -> list[str]:
    """Each looked-up term and sub-entry missing from the index, or whose page does not hold
    the term, as a line saying which."""
    tree = {_words_of(entry): (entry, subs) for entry, subs in layout.index_tree(pdf)}
    text = {page.label: _flat(" ".join(page.lines)) for page in layout.read_pages(pdf)}
    wrong = []
    for lookup in data.lookup:
        head = _head(lookup, lang)
        if _flat(head) not in tree:
            wrong.append(f"{head}: no entry")
            continue
        line, subs = tree[_flat(head)]
        for place in lookup.places:
            sub = place.sub(lang)
            found = next((s for s in subs if _words_of(s) == _flat(sub)), "") if sub else line
            shown = _flat(_what_the_page_shows(place, head, lang))
            if not _pages(found):
                wrong.append(f"{head}; {sub}: no page ({line!r}, {subs})")
            elif not any(shown in text.get(page, "") for page in _pages(found)):
                wrong.append(f"{head}; {sub}: {shown!r} on none of pp. {_pages(found)}")
    return wrong


def inverted_headings_not_found(pdf: Path, lang: str, data: IndexFile = DATA) -> list[str]:
    """The headings filed under their term ("Prone; being knocked"): each a sub-entry of its
    term with a page, and no entry left under the heading's first word."""
    tree = {_words_of(entry): subs for entry, subs in layout.index_tree(pdf)}
    wrong = []
    for merge in data.merge:
        inverted = index_text(words(str(DOCS), merge, lang), lang)
        if ";" not in inverted:
            continue
        head, sub = (part.strip() for part in inverted.split(";", 1))
        subs = tree.get(_flat(head), [])
        if not any(_words_of(s) == _flat(sub) and _pages(s) for s in subs):
            wrong.append(f"{inverted}: not under {head!r} ({subs})")
    return wrong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_terms_players_look_up_are_headwords_on_their_page(
    pdfs: dict[str, Path], lang: str
) -> None:
    """Overkill, Musician, General, Retreat, Chariot, Cavalry, Large Target, Natural 1 and
    Natural 10 are entries, each sub-entry on a page that holds the term."""
    assert lookups_not_found(pdfs[lang], lang) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_headings_that_start_with_a_verb_are_filed_under_their_term(
    pdfs: dict[str, Path], lang: str
) -> None:
    """ "Prone, being knocked", "Panicked, attacking a panicked unit", "Retreat, voluntary"."""
    assert inverted_headings_not_found(pdfs[lang], lang) == []
    entries = {_words_of(line) for line in layout.index_lines(pdfs[lang])}
    first_words = {"en": "being knocked prone", "fr": "mettre à terre"}[lang]
    assert first_words not in entries


#: The heading of the Magic chapter's rule and of the Odds chapter's chances, alike; the name
#: of the chances' sub-entry (the Odds chapter's table: "Chance to cast").
CASTING = {"en": ("Casting A Spell", "chance to cast"), "fr": ("Lancer un sort", "probabilité")}


def casting_entries(pdf: Path, lang: str) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The pages of the headword "Casting A Spell", and its sub-entries with their pages."""
    heading, chances = CASTING[lang]
    tree = [
        (line, subs) for line, subs in layout.index_tree(pdf) if _words_of(line) == _flat(heading)
    ]
    assert len(tree) == 1, f"{heading!r}: {len(tree)} headwords"
    line, subs = tree[0]
    return _pages(line), [(_words_of(s), _pages(s)) for s in subs if _flat(chances) in _flat(s)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_casting_a_spell_sends_to_the_rule_and_names_the_chances_apart(
    pdfs: dict[str, Path], lang: str
) -> None:
    """The Magic chapter's "Casting A Spell" and the Odds chapter's read alike in the index: the
    headword sends to the rule, the Odds chapter's chances are a sub-entry that says so."""
    pages = layout.read_pages(pdfs[lang])
    heading = CASTING[lang][0]
    rule, odds = [pages[n - 1].label for n, t in layout.outline(pdfs[lang]) if t == heading][:2]
    own, chances = casting_entries(pdfs[lang], lang)
    assert own == [rule]
    assert [found for _, found in chances] == [[odds]]
