"""The index's reviewed list (docs/_data/rules_index.toml) and the glossary's cited rules point at
sections that exist, in both languages: a label misspelt would leave a term silently out of the
index or a definition without its page; a looked-up term's words to find are in its section's
English text (the build warns of a language's words it does not find)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.data.datafiles import DataFileError
from nqcore.tables.registry import get_table
from nqsphinx.directives.glossary import load_terms
from nqsphinx.directives.index_data import load_index_data
from nqsphinx.directives.rules_index import sub_entry_text
from tests.building import ROOT

DOCS = ROOT / "docs"
DATA = load_index_data(DOCS / "_data" / "rules_index.toml")
LABEL = re.compile(r"^\(([^)]+)\)=$", re.M)
TABLE = re.compile(r"^```\{nq-table\} (\S+)", re.M)
ROLE = re.compile(r"\{[a-z:-]+\}`([^<`]*)(<[^>]*>)?`")


def _readable(source: str) -> str:
    """A section's source as read: roles by their words, engine tables by their rows."""
    rows = [
        str(cell) for key in TABLE.findall(source) for row in get_table(key).rows for cell in row
    ]
    return " ".join(ROLE.sub(r"\1", " ".join([source, *rows])).split()).casefold()


def sections() -> dict[str, str]:
    """Each heading label of the English pages, with its section's source text (up to the next
    label)."""
    found: dict[str, str] = {}
    for page in DOCS.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        marks = list(LABEL.finditer(text))
        for mark, after in zip(marks, [*marks[1:], None], strict=True):
            found[mark.group(1)] = text[mark.end() : after.start() if after else len(text)]
    return found


def test_every_listed_section_is_a_label_of_the_book() -> None:
    labels = sections()
    listed = [m.section for m in DATA.merge] + [p.section for t in DATA.lookup for p in t.places]
    listed += [label for t in DATA.topic for label in [*t.sections, t.section] if label]
    listed += [
        label for term in load_terms(DOCS / "_data" / "glossary.toml") for label in term.rules
    ]
    assert [label for label in listed if label not in labels] == []


def test_looked_up_terms_have_words_in_both_languages() -> None:
    """A head and each sub-entry in English and French, and French words to find wherever
    English has some."""
    assert {"Overkill", "Retreat", "Natural 10", "General"} <= {t.en for t in DATA.lookup} | {
        m.en.split(";")[0] for m in DATA.merge
    }
    for lookup in DATA.lookup:
        assert lookup.term or (lookup.en and lookup.fr), lookup
        for place in lookup.places:
            assert bool(place.en) == bool(place.fr), place
            assert bool(place.find_en) == bool(place.find_fr), place


def test_words_to_find_are_in_their_section() -> None:
    """ "overkill" is in Extra Attack's text, "natural 10" in Parry's (any case, Markdown's
    roles aside), so the entry is on the page of the term."""
    labels = sections()
    missing = []
    for lookup in DATA.lookup:
        for place in lookup.places:
            text = _readable(labels[place.section])
            if place.find_en and place.find_en.casefold() not in text:
                missing.append((lookup.en, place.section, place.find_en))
    assert missing == []


def test_a_lookup_of_an_unknown_term_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "docs" / "_data"
    data.mkdir(parents=True)
    (data / "glossary.toml").write_bytes((DOCS / "_data" / "glossary.toml").read_bytes())
    listing = data / "rules_index.toml"
    listing.write_text('[[lookup]]\nterm = "no-such-term"\nplaces = []\n', encoding="utf-8")
    with pytest.raises(DataFileError, match="lookup: no glossary term 'no-such-term'"):
        load_index_data(listing)


def test_a_see_entry_that_leads_nowhere_is_refused_naming_it() -> None:
    """ "Selfy, see Selfy", two that send to each other, one that names no entry: each is named
    with the index's file (a warning: the build fails)."""
    from nqsphinx.directives.rules_index import see_problems

    entries: dict[str, list[tuple[object, ...]]] = {
        "magic": [("single", "Magie; Niveau", "x", "", None), ("single", "Moral", "y", "", None)],
        "index": [
            ("see", "Magicien; Magie", "", "", None),
            ("seealso", "Moral; Magie", "", "", None),
            ("see", "Soimeme; Soimeme", "", "", None),
            ("see", "Bouclea; Boucleb", "", "", None),
            ("see", "Boucleb; Bouclea", "", "", None),
            ("see", "Nullepart; Rien du tout", "", "", None),
        ],
    }
    file = "_data/rules_index.toml"
    assert see_problems(entries) == [
        f"{file}, see 'Bouclea': sends to 'Boucleb', which is no entry of the index with pages",
        f"{file}, see 'Boucleb': sends to 'Bouclea', which is no entry of the index with pages",
        f"{file}, see 'Nullepart': sends to 'Rien du tout', which is no entry of the index with "
        "pages",
        f"{file}, see 'Soimeme': sends to 'Soimeme', itself",
    ]


def _french_book_text() -> str:
    """Every French translation of the pages and of the engine's words they print (its tables,
    its errata: « Seigneur de guerre orque sur dragon »), one string, apostrophes and case
    folded."""
    from nqcore import po

    catalogues = sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po"))
    catalogues.append(ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po")
    texts = [
        str(message.string)
        for path in catalogues
        for message in po.read(path.read_text(encoding="utf-8"))
        if message.id and message.string
    ]
    return " ".join(" ".join(texts).replace("\u2019", "'").casefold().split())


def test_the_french_index_uses_the_books_words() -> None:
    """Each French headword the index adds (topics, looked-up terms, merged entries) is written
    somewhere in the French book: « Actions retenues » stood in the index for the chapter « Actions
    en attente », a phrase the book never uses."""
    text = _french_book_text()
    words = [t.fr for t in DATA.topic if t.fr] + [t.fr for t in DATA.lookup if t.fr]
    words += [m.fr.split(";")[0] for m in DATA.merge if m.fr]
    assert [w for w in words if w.replace("\u2019", "'").casefold() not in text] == []


def test_the_glossary_agrees_with_the_errata_on_close_range() -> None:
    """This edition's weapon tables print CR (the erratum "SR in the weapon creation tables"):
    the glossary's Close Range does not say they call it SR (nor, in French, « PC » twice)."""
    term = next(t for t in load_terms(DOCS / "_data" / "glossary.toml") if t.key == "close-range")
    assert "(SR)" not in term.definitions["en"]
    assert "aussi portée courte" not in term.definitions["fr"]


@pytest.mark.parametrize(
    ("words", "lang", "entry"),
    [
        ("Attacking A Panicked Unit", "en", "attacking a panicked unit"),  # a Title Case heading
        ("Poisonous Attack", "en", "poisonous attack"),  # an ability's name
        ("Attaque empoisonnée", "fr", "attaque empoisonnée"),  # a sentence-case heading
        ("Very Large (VLT)", "en", "very large (VLT)"),  # an abbreviation keeps its capitals
        ("Optional Rule “The Lucky Save”", "en", "optional rule “The Lucky Save”"),  # quoted
        ("L’armée", "fr", "armée"),
    ],
)
def test_a_sub_entry_is_in_the_topics_lower_case(words: str, lang: str, entry: str) -> None:
    """The proof-reader of session 28 found sub-entries changing case inside one group: "Natural
    1 / masterful hit / Poisonous Attack", « Résultat naturel de 1 / Attaque empoisonnée / coup
    de maître », "Morale / Attacking A Panicked Unit" beside "Panicked / attacking a panicked
    unit". The builder sets every sub-entry so, a heading's words as the list's."""
    assert sub_entry_text(words, lang) == entry


def test_the_lists_sub_entries_are_written_in_lower_case() -> None:
    """The words the list gives a sub-entry (a looked-up term's place, "Head; sub" of a merge)
    are written as the index prints them."""
    subs = [(p.sub(lang), lang) for t in DATA.lookup for p in t.places for lang in ("en", "fr")]
    subs += [
        (part, lang)
        for m in DATA.merge
        for lang in ("en", "fr")
        for part in getattr(m, lang).split(";")[1:]
    ]
    assert [
        words for words, lang in subs if words and sub_entry_text(words, lang) != words.strip()
    ] == []
