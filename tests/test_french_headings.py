"""French headings are in sentence case: a capital on the first word and on proper nouns only
(« Ce dont vous avez besoin pour jouer », not « Ce Dont Vous Avez Besoin pour Jouer »).

The headings are read from the sources, without a build: the sections, toctree captions and
rubrics of ``docs/*.md`` in their page catalogue, and what the engine prints as a heading in
``nqcore.po``: its tables' titles and column headers, the names of the things the pages give a
section, a card or a table (abilities, traits, equipment, spells, mutations, weapons, profiles)
and the errata's titles; and the glossary's French terms, the headwords of its page and entries
of the index beside the headings of the same name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from nqcore import po
from nqcore.book.errata import all_errata
from nqcore.data.datafiles import load
from nqcore.i18n import ContextMsg
from nqcore.tables.registry import get_table, table_keys
from tests.building import ROOT

DOCS = ROOT / "docs"
PAGES = ROOT / "locale" / "fr" / "LC_MESSAGES"
ENGINE = ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"
GLOSSARY = DOCS / "_data" / "glossary.toml"

#: Words a French heading capitalises after its first word (reviewed; why, for each group).
PROPER_NOUNS = frozenset(
    {
        # places and a god of the game's world
        "Genayria", "Ryft", "Thor", "Chaos", "Elderith",
        # a creature's name (« Seigneur Wight »); the peoples are common nouns in French, in
        # lower case after the first word (« Cogneur orque »: tests/test_french_capitals.py)
        "Wight",
        # the game's name
        "No", "Quarter", "Fantasy", "Wargames",
        # abbreviations in mixed case (docs/_data/glossary.toml, abbr_fr): « Co », contrôle;
        # « Ac », actions; « Ar », armure
        "Co", "Ac", "Ar",
        # an ability named inside a heading (« la capacité Infaillible »: lower case would read
        # as the adjective)
        "Infaillible",
    }
)  # fmt: skip
#: Whole headings kept as they are (reviewed), and why.
KEPT_HEADINGS = {
    "Les Portes de Ryft": "a story's title: the noun after its opening article keeps a capital",
    "L’Ennemi inattendu": "a story's title: the noun after its opening article keeps a capital",
    "Les marqueurs Fuite et Terrifiée": "the names printed on the two counters",
    "Sort Bouclier : ce qu’il augmente": "the spell's name (« Bouclier ») after its kind",
    "Grand chef avec la Bannière d’armée : une relance ou deux": (
        "the equipment's name, as the rules and the answers at the table write it"
    ),
}
#: The engine's data whose records' names are headings (a section, a card or a table's title).
NAMED_DATA = (
    "abilities.toml", "traits.toml", "equipment.toml", "spells.toml", "mutations.toml",
    "hand_weapons.toml", "ranged_weapons.toml", "support_weapons.toml",
    "sample_profiles.toml", "example_profiles.toml",
)  # fmt: skip

HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$")
CAPTION = re.compile(r"^:caption:\s*(.+?)\s*$")
RUBRIC = re.compile(r"^[`:]{3,}\{rubric\}\s*(.+?)\s*$")
TERM = re.compile(r'^fr = "(.+)"$')
FENCE = re.compile(r"^(`{3,})")
#: A word's parts: elision (« d’Armure ») and hyphens (« Mort-Vivant ») split it.
PARTS = re.compile(r"[’'\-]")
#: An abbreviation with digits (AR1, D10, v2.4b) or a die of n faces (Dn).
DICE = re.compile(r".*\d.*|Dn")
EDGES = '()[]«»,;:.!?"“”/'


def capitalised_words(heading: str) -> list[str]:
    """The words of ``heading`` after its first that take a capital they should not: not a
    proper noun, an abbreviation (PV, AR1, D10, Dn) or the first word of a new sentence."""
    if heading in KEPT_HEADINGS:
        return []
    found = []
    words = heading.split()
    for index, word in enumerate(words):
        new_sentence = index == 0 or words[index - 1].endswith((".", "!", "?"))
        for number, part in enumerate(PARTS.split(word.strip(EDGES))):
            part = part.strip(EDGES)
            if (new_sentence and number == 0) or not part[:1].isupper():
                continue
            if part in PROPER_NOUNS or part.isupper() or DICE.fullmatch(part):
                continue
            found.append(part)
    return found


@cache
def catalogue(path: Path) -> dict[tuple[str | None, str], po.Message]:
    return {(m.context, str(m.id)): m for m in po.read(path.read_bytes()) if m.id}


def page_titles(page: Path) -> Iterator[str]:
    """The msgids of a page's section titles, toctree captions and rubrics."""
    fence = ""  # the backticks that close the code or directive block we are in
    for line in page.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if caption := CAPTION.match(stripped):
            yield caption.group(1)
        elif fence:
            fence = "" if stripped == fence else fence
        elif opening := FENCE.match(stripped):
            fence = opening.group(1)
            if rubric := RUBRIC.match(stripped):
                yield rubric.group(1)
        elif match := HEADING.match(line) or RUBRIC.match(stripped):
            yield match.group(1)


def names(data: Any) -> Iterator[str]:
    """Every ``name`` of the records of a data file, at any depth."""
    if isinstance(data, dict):
        if isinstance(data.get("name"), str):
            yield data["name"]
        for value in data.values():
            yield from names(value)
    elif isinstance(data, list):
        for value in data:
            yield from names(value)


def engine_titles() -> Iterator[tuple[str | None, str]]:
    """The engine's msgids shown as headings, with their gettext context."""
    for key in table_keys():
        table = get_table(key)
        for text in (table.title, *table.columns):
            yield (text.context if isinstance(text, ContextMsg) else None), str(text)
    for filename in NAMED_DATA:
        for name in names(load(filename)):
            yield None, name
    for erratum in all_errata():
        yield None, str(erratum.subject)


def glossary_terms() -> Iterator[tuple[int, str]]:
    """(line, French term) of each ``[[term]]`` of the glossary."""
    table = ""
    for number, line in enumerate(GLOSSARY.read_text(encoding="utf-8").splitlines(), 1):
        table = line if line.startswith("[[") else table
        if table == "[[term]]" and (match := TERM.match(line)):
            yield number, match.group(1)


def french_headings() -> Iterator[tuple[Path, int, str]]:
    """(file, line, French heading) for every heading a French reader sees."""
    for page in sorted(DOCS.glob("*.md")):
        messages = catalogue(PAGES / f"{page.stem}.po")
        for title in page_titles(page):
            entry = messages[(None, title)]
            yield PAGES / f"{page.stem}.po", entry.lineno, entry.string
    messages = catalogue(ENGINE)
    for key in sorted(set(engine_titles()), key=str):
        if (entry := messages.get(key)) is not None:
            yield ENGINE, entry.lineno, entry.string
    for line, term in glossary_terms():
        yield GLOSSARY, line, term


def test_french_headings_are_in_sentence_case() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: « {heading} »: {', '.join(words)}"
        for path, line, heading in french_headings()
        if (words := capitalised_words(heading))
    ]
    assert not wrong, "French headings in Title Case (sentence case wanted):\n" + "\n".join(wrong)


def test_the_headings_are_found() -> None:
    """The reading above must see the headings it checks: every kind of them, in number."""
    headings = {heading for _path, _line, heading in french_headings()}
    assert len(headings) > 700
    for heading in (
        "Ce dont vous avez besoin pour jouer",  # a chapter's title
        "À la table : calculez-le",  # a colon starts no sentence in French
        "Formation en ligne",  # a section
        "Les règles",  # a toctree's caption
        "Pour les rédacteurs",  # a rubric of the home page
        "Boule de feu",  # a spell's card
        "Hommes d’armes",  # a sample profile's table
        "Armes de mêlée",  # an engine table's title
        "Points calculés",  # a column's header
        "Étreinte en fusion : test pour briser l’étreinte",  # an erratum's title
        "Portée courte",  # a glossary term
    ):
        assert heading in headings, heading


@pytest.mark.parametrize(
    "heading,words",
    [
        ("Ce Dont Vous Avez Besoin pour Jouer", ["Dont", "Vous", "Avez", "Besoin", "Jouer"]),
        ("À la Table : Calculez-le", ["Table", "Calculez"]),
        ("Coup de Maître", ["Maître"]),
        ("Mort-Vivant", ["Vivant"]),
        ("Écho d’Armure", ["Armure"]),
        ("Le Monde Fantastique de Genayria", ["Monde", "Fantastique"]),
        ("Seigneur de guerre Orque sur dragon zombi", ["Orque"]),
        ("Seigneur de guerre orque sur dragon zombi", []),
        ('Tatouages magiques (AR1), Co+1, CU 5, D10"', []),
        ("Figure 1. L’unité en ligne", []),
        ('La capacité tirs multiples (Dn")', []),
        ("Les Portes de Ryft", []),
        ("Les Portes de la Nuit", ["Portes", "Nuit"]),
    ],
)
def test_a_title_case_word_is_named(heading: str, words: list[str]) -> None:
    assert capitalised_words(heading) == words
