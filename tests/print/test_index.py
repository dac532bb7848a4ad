"""The PDF rulebooks' index as a reader uses it (docs/_data/rules_index.toml): one entry for
near-duplicates, sub-entries under the big topics, "see" and "see also" for the words players
look for, each chapter's headword (a topic of the list) and no inverted articles, in the
language's order; each read from the printed index, in both languages."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from nqsphinx.directives.index_data import load_index_data, words
from nqsphinx.directives.rules_index import index_text
from tests.building import ROOT
from tests.print import layout, pdfs

LANGS = ["en", "fr"]
DOCS = ROOT / "docs"
DATA = load_index_data(DOCS / "_data" / "rules_index.toml")
#: The word of "see" and "see also" in each language (babel's \seename and \alsoname).
SEE = {"en": ("see", "see also"), "fr": ("voir", "voir aussi")}
#: Entries that read alike but name two things (a weapon and an item; a trait and the cards;
#: the shield a model carries and the spell).
DISTINCT = {
    "en": {"scythe", "mutation", "shield"},
    "fr": {"faux", "mutation", "bouclier"},
}


def _words_of(entry: str) -> str:
    """An entry's words, without its pages or its "see" part."""
    return re.split(r",\s*(?:\d|see\b|voir\b)", entry)[0].strip()


def _pages(entry: str) -> list[str]:
    return re.findall(r"(?<=, )\d+", entry.split(", see")[0].split(", voir")[0])


def _key(entry: str) -> str:
    """What a reader takes for the same entry: no abbreviation in parentheses, no plural s,
    any case."""
    text = re.sub(r"\s*\([^)]*\)", "", _words_of(entry)).casefold()
    return re.sub(r"s\b", "", text)


def _unspaced(text: str) -> str:
    """Text without the space French typography sets before high punctuation."""
    return re.sub(r"\s+([:;!?])", r"\1", layout.squeeze(text))


def _bare(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@pytest.fixture(scope="module", params=LANGS)
def index(request: pytest.FixtureRequest, pdfs: dict[str, Path]) -> tuple[str, Path]:
    return request.param, pdfs[request.param]


def test_near_duplicates_are_one_entry(index: tuple[str, Path]) -> None:
    """ "Armour Save" and "Armour Saves", "Unit" and "Units", the two Initiative entries: one."""
    lang, pdf = index
    seen: dict[str, str] = {}
    twins = []
    for entry in layout.index_lines(pdf):
        key = _key(entry)
        if key in seen and key not in DISTINCT[lang]:
            twins.append((seen[key], entry))
        seen.setdefault(key, entry)
    assert twins == []


def test_big_topics_have_their_sections_as_sub_entries(index: tuple[str, Path]) -> None:
    """Morale → command test modifiers, panic table, rallying...; each with its page."""
    lang, pdf = index
    tree = {layout.squeeze(_words_of(entry)): subs for entry, subs in layout.index_tree(pdf)}
    for topic in DATA.topic:
        head = layout.squeeze(index_text(words(str(DOCS), topic, lang), lang))
        subs = tree.get(head, [])
        # and the headings filed under the topic's words ("Support Weapons; shooting at")
        inverted = [m for m in DATA.merge if words(str(DOCS), m, lang).startswith(f"{head};")]
        assert len(subs) == len(topic.sections) + len(inverted), (head, subs)
        assert all(_pages(sub) for sub in subs), subs


def test_words_players_look_for_send_them_to_the_rule(index: tuple[str, Path]) -> None:
    """ "Wizard, see Magic User"; "Morale, 70, see also Command Test; Panicked; Rally"."""
    lang, pdf = index
    entries = [_unspaced(entry) for entry in layout.index_lines(pdf)]
    see, also = SEE[lang]
    for record in DATA.see:
        if not getattr(record, lang):
            continue  # no such entry in this language
        text = index_text(getattr(record, lang), lang)
        target = index_text(words(str(DOCS), record.target, lang), lang)
        assert _unspaced(f"{text}, {see} {target}") in entries
    for topic in DATA.topic:
        if topic.also:
            head = index_text(words(str(DOCS), topic, lang), lang)
            targets = "; ".join(index_text(words(str(DOCS), w, lang), lang) for w in topic.also)
            line = next(e for e in entries if e.startswith(_unspaced(head) + ","))
            assert line.endswith(_unspaced(f"{also} {targets}")), line


def test_no_chapter_title_and_no_inverted_article(index: tuple[str, Path]) -> None:
    """A chapter's title is an entry only as a topic of the list (its headword, at its opening
    page: test_every_chapter_has_a_headword_at_its_opening_page), never as a heading's own;
    "Army, The" reads as a list of headings."""
    lang, pdf = index
    entries = {layout.squeeze(_words_of(e)): e for e in layout.index_lines(pdf)}
    heads = {layout.squeeze(index_text(words(str(DOCS), t, lang), lang)) for t in DATA.topic}
    labels = [page.label for page in layout.read_pages(pdf)]
    titled = [
        entries[key]
        for page, title, depth in layout.outline_levels(pdf)
        if depth == 0
        and (key := layout.squeeze(index_text(title, lang))) in entries
        and key not in heads
        and labels[page - 1] in _pages(entries[key])
    ]
    assert titled == []
    inverted = [e for e in entries if re.search(r", (The|A|An|Le|La|Les|L’)$", e)]
    assert inverted == []
    assert len(entries) > 350


def _key_of(line: str) -> str:
    """An entry's sort key: its words without abbreviations, punctuation, figures, accents and
    case, one space between words, an apostrophe ending a word (« Jets de dés : plus c’est
    bas » is « jets de des plus c est »)."""
    words = re.sub(r"\s*\([^)]*\)|[^\w ]|\d", "", re.sub("[’']", " ", _words_of(line)))
    return _bare(re.sub(r" +", " ", words).strip())


def test_entries_in_the_language_order(index: tuple[str, Path]) -> None:
    """Within each letter, entries follow one another as the language sorts them (accents and
    case aside: « Élan » after « Effet »)."""
    _, pdf = index
    for letter, lines in layout.index_groups(pdf):
        keys = [_key_of(line) for line in lines]
        # « d’armure » sorts as « d armure », before « de pénétration »; « de l’aire » before
        # « de la sauvegarde » (proof round seventeen)
        assert keys == sorted(keys), (
            letter,
            [k for k, n in zip(keys, sorted(keys), strict=True) if k != n],
        )


def test_the_support_weapons_chapter_has_its_own_entry(index: tuple[str, Path]) -> None:
    """ "Support Weapons" / « Armes de soutien »: an entry at the chapter's opening page, not
    only the sub-sections whose headings start with the words (Support Weapon Crew...)."""
    lang, pdf = index
    head = {"en": "Support Weapons", "fr": "Armes de soutien"}[lang]
    labels = [page.label for page in layout.read_pages(pdf)]
    (opening,) = [
        page
        for page, title, depth in layout.outline_levels(pdf)
        if depth == 0 and layout.squeeze(title).casefold().endswith(head.casefold())
    ]
    entries = [e for e in layout.index_lines(pdf) if _words_of(e) == head]
    assert len(entries) == 1, entries
    assert labels[opening - 1] in _pages(entries[0]), (entries, labels[opening - 1])


#: The chapters without a headword: the story (its page is not indexed,
#: nqsphinx.directives.rules_index.UNINDEXED_PAGES) and the index itself; the front matter (its
#: pages numbered in roman figures) neither.
UNINDEXED_CHAPTERS = {
    "en": {"The Unexpected Enemy", "Index"},
    "fr": {"L’ennemi inattendu", "Index"},
}


def _first_word(text: str) -> str:
    """The first word of ``text``, singular (« Sauvegardes d’armure » and the topic
    « Sauvegarde d’armure »)."""
    return re.sub(r"s$", "", text.split()[0].casefold()) if text.split() else ""


def chapters_without_a_headword(pdf: Path, lang: str) -> list[str]:
    """The chapters whose title (a leading article dropped) is not an entry of the index at
    the chapter's opening page, nor a headword of the reviewed list's topics that starts with
    the title's first word ("Armour Save" for Armour Saves, "Hold" for Hold Actions)."""
    labels = [page.label for page in layout.read_pages(pdf)]
    heads = {_unspaced(index_text(words(str(DOCS), t, lang), lang)) for t in DATA.topic}
    entries = {_unspaced(_words_of(e)): e for e, _ in layout.index_tree(pdf)}
    missing = []
    for page, title, depth in layout.outline_levels(pdf):
        label, title = labels[page - 1], layout.squeeze(title)
        if depth or not label.isdigit() or title in UNINDEXED_CHAPTERS[lang]:
            continue
        own = _unspaced(index_text(title, lang))
        if not any(
            (key == own or (key in heads and _first_word(key) == _first_word(own)))
            and label in _pages(entry)
            for key, entry in entries.items()
        ):
            missing.append(f"{title} (p. {label})")
    return missing


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_has_a_headword_at_its_opening_page(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """A player looks up "Turn Sequence" or « Conditions de victoire », not only their
    sections: the seventh proof-reading found Victory Conditions, Turn Sequence, Abilities,
    Traits, Equipment, Armoury and Creating A Profile missing from both indexes."""
    pdf = (pdfs if paper == "a4" else letter_pdfs)[lang]
    assert chapters_without_a_headword(pdf, lang) == []


#: Look-ups a proof-reader made that failed or needed a second try, by language: the entry, and
#: what it must hold (sub-entries by their words, or the "see" it sends to).
LOOK_UPS = {
    "en": {
        "Shield": ("Shield Cost",),
        "Shield (spell)": (),
        "Terrain": ("Difficult Terrain", "Impassable Terrain", "Terrain Barriers"),
        "Charge": ("Receive A Charge", "Flee From A Charge"),
        "Lucky Save": "Optional Rule: The Lucky Save",
        "Shooting": "Ranged Combat",
        "Critical Hit": "Masterful Hit",  # proof round 28: Cover's word
        "Tide Of Battle": "Initiative (Tide Of Battle)",  # proof round 29: the roll's name
        # proof round eleven: the command test's banner and musician
        "Banner": ("command test modifier", "standard bearer"),
        "Musician": ("command test modifier", "in a unit"),
    },
    "fr": {
        "Bouclier": ("Coût du bouclier",),
        "Bouclier (sort)": (),
        "Terrain": ("Terrain difficile", "Terrain infranchissable", "Barrières"),
        "Charge": ("Recevoir une charge", "Fuir devant une charge"),
        "Sauvegarde ultime": "Règle optionnelle : sauvegarde ultime",
        "Tir": "Combat à distance",
        "Coup critique": "Coup de maître",
        "Flux de la bataille": "Initiative (flux de la bataille)",
        "Bannière": ("modificateur au test de contrôle", "porteur de bannière"),
        "Musicien": ("modificateur au test de contrôle", "dans une unité"),
    },
}


def test_everyday_look_ups_find_the_rule(index: tuple[str, Path]) -> None:
    """ "Shield" is the equipment (AR +1) beside "Shield (spell)"; "Terrain" has its kinds as
    sub-entries; "Charge" what the charged unit may do; "Lucky Save" sends to its optional
    rule; "Shooting" to the chapter Ranged Combat, not the characteristic."""
    lang, pdf = index
    tree = {_unspaced(_words_of(e)): (e, subs) for e, subs in layout.index_tree(pdf)}
    see = SEE[lang][0]
    for entry, wanted in LOOK_UPS[lang].items():
        assert _unspaced(entry) in tree, (entry, [k for k in tree if k.startswith(entry[:4])])
        line, subs = tree[_unspaced(entry)]
        if isinstance(wanted, str):
            assert _unspaced(line) == _unspaced(f"{entry}, {see} {wanted}"), line
            continue
        assert _pages(line) or subs, line
        found = [_unspaced(_words_of(sub)).casefold() for sub in subs]
        assert [_unspaced(w).casefold() for w in wanted if _unspaced(w).casefold() in found] == [
            _unspaced(w).casefold() for w in wanted
        ], (line, subs)


#: A sub-entry stands this far right of its column's entries (pt), about (20 pt in LaTeX's
#: ``theindex``; a wrapped line of an entry stands 40 pt right).
SUB_INDENT = (12.0, 30.0)


def index_columns(pdf: Path) -> list[list[pdfs.Line]]:
    """The printed index's columns in reading order, each its lines (running head and foot
    left out), from the page of the Index's bookmark to the last page."""
    start = next(page for page, name in layout.outline(pdf) if name == "Index")
    height = float(pdfs.reader(pdf).pages[0].mediabox.height)
    middle = float(pdfs.reader(pdf).pages[0].mediabox.width) / 2
    columns = []
    for page in range(start, pdfs.pages(pdf) + 1):
        lines = [
            line for line in pdfs.text_lines(pdf, page) if 0.08 * height < line.y0 < 0.95 * height
        ]
        for side in (lambda x: x < middle, lambda x: x >= middle):
            column = sorted((line for line in lines if side(line.x0)), key=lambda line: line.y0)
            if column:
                columns.append(column)
    return columns


def entries_parted_from_their_sub_entries(pdf: Path) -> list[str]:
    """The entries that end a column while their first sub-entry opens the next, each as the
    entry's and the sub-entry's words."""
    columns = index_columns(pdf)
    parted = []
    for column, following in zip(columns, columns[1:], strict=False):
        left = min(line.x0 for line in column)
        next_left = min(line.x0 for line in following)
        last, first = column[-1], following[0]
        indent = first.x0 - next_left
        if abs(last.x0 - left) < 2 and SUB_INDENT[0] < indent < SUB_INDENT[1]:
            parted.append(f"{last.text} / {first.text}")
    return parted


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_an_entry_is_never_parted_from_its_first_sub_entry(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """ "Natural 10" ended a page, its sub-entries overleaf; « Cavalerie » likewise."""
    pdf = (pdfs if paper == "a4" else letter_pdfs)[lang]
    assert entries_parted_from_their_sub_entries(pdf) == []
