"""The search's data (``docs/_data/search.toml``) and the ``nq`` domain, on a small project.

The data file is checked entry by entry: a mistake is one line naming the file and the entry.
The stem exceptions reach the index (« sort » is not « sortir »).  A small project of seven pages,
read in parallel in English and in French, shows the entities' anchors, the roles that link to
them with their names in the page's language, the search page's data and the warning for a
synonym that lands nowhere.
"""

from __future__ import annotations

import json
import re
from html import unescape
from io import StringIO
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from nqsphinx.refusals import Refused, refusal_line
from nqsphinx.site.search import (
    SEARCH_FILE,
    STEMS_OPTION,
    EnglishSearch,
    FrenchSearch,
    SearchDataError,
    load_search_data,
    meta_content,
)
from nqsphinx.site.search_words import load_language_words
from tests.building import ROOT

DATA = load_search_data(ROOT / "docs" / SEARCH_FILE)


def test_the_search_data_of_the_book() -> None:
    assert DATA.weights["nq"] < 1 and DATA.weights["coverage"] < 1
    assert DATA.stems["fr"]["sortir"] == DATA.stems["fr"]["sortie"] == "sortir"
    assert DATA.stems["fr"]["portee"] == "portée"  # typed without its accent
    targets = {(s.page, s.anchor) for s in DATA.synonyms}
    assert ("close-combat", "striking-the-enemy") in targets
    words = [word for s in DATA.synonyms for lang in ("en", "fr") for word in s.words[lang]]
    assert "armor" in words and "toucher" in words and "PV" in words


@pytest.mark.parametrize(
    "text,message",
    [
        ("[wieghts]\n", "unknown table(s) wieghts"),
        ("[weights]\nnq = 2\n", "[weights] nq: a number above 0, at most 1"),
        ("[stems.de]\nx = ['x']\n", "[stems] holds one table per language (en, fr)"),
        ("[stems.fr]\nsort = []\n", "[stems.fr] sort: a non-empty list of words is wanted"),
        ("[stems.fr]\na = ['mot']\nb = ['mot']\n", "[stems.fr] 'mot' is under a and b"),
        ("[[synonym]]\ntarget = 'Magic'\nen = ['spell']\n", '#1: `target` must be "page"'),
        ("[[synonym]]\ntarget = 'magic'\n", "[[synonym]] #1 (magic): no words (en, fr)"),
        ("[[synonym]]\ntarget = 'magic'\nde = ['Zauber']\n", "#1: unknown field(s) de"),
        ("[[synonym]]\ntarget = 'magic'\nen = 'spell'\n", "#1 (magic) en: a non-empty list"),
        ("[[synonym]]\ntarget = 'magic'\nen = ['']\n", "en: every word must be a non-empty"),
        ("[weights\n", ", line 1: not valid TOML: Expected ']'"),
    ],
)
def test_a_mistake_is_named_with_its_entry(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "search.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SearchDataError) as caught:
        load_search_data(path)
    assert str(caught.value).startswith(f"{path}") and message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_no_file_no_data(tmp_path: Path) -> None:
    data = load_search_data(tmp_path / "search.toml")
    assert (data.weights, data.stems, data.synonyms) == ({}, {}, ())


def test_the_stem_exceptions_keep_unrelated_words_apart() -> None:
    plain = FrenchSearch({})
    assert plain.stem("sortir") == plain.stem("sort")  # the stemmer alone merges them
    options = {STEMS_OPTION: json.dumps(DATA.stems["fr"])}
    french = FrenchSearch(options)
    assert french.stem("Sortir") == french.stem("sortie") == "sortir"
    assert french.stem("sorts") == french.stem("sort") == "sort"
    assert french.stem("portée") != french.stem("porter")
    assert french.stem("gabarit") == french.stem("gabarits")
    assert french.stem("toucher") == plain.stem("toucher")  # other words as before
    english = EnglishSearch({STEMS_OPTION: json.dumps(DATA.stems["en"])})
    assert english.stem("initiative") != english.stem("initiate")


def test_the_search_page_data_is_in_the_page_language() -> None:
    data = json.loads(
        meta_content(DATA, "fr", {"term-parry": ["close-combat", "close-combat-parry"]})
    )
    assert data["weights"] == DATA.weights
    assert ["toucher", "close-combat", "striking-the-enemy"] in data["synonyms"]
    assert not any(word == "armor" for word, _, _ in data["synonyms"])
    assert data["stems"]["sorties"] == "sortir"
    assert data["definitions"] == {"term-parry": ["close-combat", "close-combat-parry"]}


# --- a small project --------------------------------------------------------------------------

CONF = """
extensions = ["myst_parser", "sphinx_design", "nqsphinx.directives.cards",
              "nqsphinx.directives.tables", "nqsphinx.site.search", "nqsphinx.site.quick_search"]
exclude_patterns = ["_build", "_data"]
nitpicky = True
"""
PAGES = {
    "index": "# Index\n\n```{toctree}\ncards\narmoury\nrefs\none\ntwo\nthree\n```\n",
    "cards": "# Cards\n\n```{nq-spell-cards} fire\n```\n\n```{nq-mutation-cards}\n```\n",
    "armoury": "# Armoury\n\n```{nq-table} hand-weapons\n```\n\n"
    "```{nq-table} ranged-weapons\n```\n",
    "refs": "(refs)=\n# Refs\n\n{nq:spell}`fireball`, {nq:weapon}`long-bow`, "
    "{nq:mutation}`horns`, {ref}`spell-smoke`, {nq:spell}`the flames <fireball>`, "
    "{nq:spell}`no-such-spell`.\n",
    "one": "# One\n",
    "two": "# Two\n",
    "three": "# Three\n",
}
SEARCH = """
[weights]
one = 0.5

[[synonym]]
target = "refs#refs"
en = ["references"]
fr = ["renvois"]

[[synonym]]
target = "cards#no-such-label"
en = ["nowhere"]

[language.fr]
stopwords = ["combien"]
keep = ["pas"]
elisions = ["l", "d"]
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    """The small project built in each language, two processes reading: (output, warnings)."""
    src = tmp_path_factory.mktemp("entities")
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    for name, text in PAGES.items():
        (src / f"{name}.md").write_text(text, encoding="utf-8")
    (src / "_data").mkdir()
    (src / SEARCH_FILE).write_text(SEARCH, encoding="utf-8")
    built = {}
    for lang in ("en", "fr"):
        warnings = StringIO()
        app = SphinxTestApp(
            "html",
            srcdir=src,
            builddir=src / "_build" / lang,
            freshenv=True,
            parallel=2,
            confoverrides={"language": lang},
            status=StringIO(),
            warning=warnings,
        )
        try:
            app.build()
        finally:
            app.cleanup()
        built[lang] = (Path(app.outdir), warnings.getvalue())
    return built


def _links(html: str) -> list[tuple[str, str]]:
    found = re.findall(r'<a class="reference internal" href="([^"]+)"[^>]*>(.*?)</a>', html, re.S)
    return [(href, re.sub(r"<[^>]+>", "", text)) for href, text in found]


@pytest.mark.parametrize(
    "lang,names",
    [
        ("en", ["Fireball", "Long Bow", "Horns", "Smoke"]),
        ("fr", ["Boule de feu", "Arc long", "Cornes", "Fumée"]),
    ],
)
def test_roles_link_to_the_entities_by_name(
    project: dict[str, tuple[Path, str]], lang: str, names: list[str]
) -> None:
    out, _ = project[lang]
    links = _links((out / "refs.html").read_text(encoding="utf-8"))
    assert links == [
        ("cards.html#spell-fireball", names[0]),
        ("armoury.html#weapon-long-bow", names[1]),
        ("cards.html#mutation-horns", names[2]),
        ("cards.html#spell-smoke", names[3]),
        ("cards.html#spell-fireball", "the flames"),
    ]
    cards = (out / "cards.html").read_text(encoding="utf-8")
    assert 'id="spell-fireball"' in cards and 'id="mutation-horns"' in cards
    assert re.search(r'<tr [^>]*id="weapon-long-bow"', (out / "armoury.html").read_text())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_warnings_name_what_is_missing(project: dict[str, tuple[Path, str]], lang: str) -> None:
    _, warnings = project[lang]
    assert "nq:spell reference target not found: no-such-spell" in warnings
    assert "search.toml: synonym target cards#no-such-label: no label no-such-label" in warnings
    # Nothing else: the two reading processes merged what each recorded.
    assert len(warnings.strip().splitlines()) == 2, warnings


def test_the_search_page_carries_its_data(project: dict[str, tuple[Path, str]]) -> None:
    out, _ = project["fr"]
    search = (out / "search.html").read_text(encoding="utf-8")
    content = re.search(r'<meta name="nq-search" content="([^"]*)"', search)
    assert content is not None
    data = json.loads(unescape(content.group(1)))
    assert data["weights"] == {"one": 0.5}
    assert ["renvois", "refs", "refs"] in data["synonyms"]
    script = (out / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert "window.Stemmer = function NQStemmer()" in script
    index = (out / "searchindex.js").read_text(encoding="utf-8")
    assert '"spell-fireball","Boule de feu"' in index.replace(", ", ",")


def test_a_mistake_in_the_search_data_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text(CONF, encoding="utf-8")
    (tmp_path / "index.md").write_text("# Index\n", encoding="utf-8")
    (tmp_path / "_data").mkdir()
    (tmp_path / SEARCH_FILE).write_text("[weights]\nnq = 0\n", encoding="utf-8")
    with pytest.raises(Refused) as caught:  # one line from sphinx-build, not its crash report
        SphinxTestApp("html", srcdir=tmp_path, status=StringIO(), warning=StringIO())
    assert refusal_line(caught.value) == (
        f"ERROR: {tmp_path / SEARCH_FILE}: [weights] nq: a number above 0, at most 1"
    )


def test_the_header_search_index_is_in_the_page_language(
    project: dict[str, tuple[Path, str]],
) -> None:
    """The header's index: each entity under its French name, its kind in French and its
    engine key (English names find it); the synonyms by their target; how French reads a
    question; MiniSearch beside it, as installed."""
    out, _ = project["fr"]
    text = (out / "_static" / "nq-search-index.js").read_text(encoding="utf-8")
    assert text.startswith("window.nqSearchIndex = ")
    index = json.loads(text.removeprefix("window.nqSearchIndex = ").rstrip().removesuffix(";"))
    docs = {doc[2]: doc for doc in index["docs"]}
    assert docs["cards.html#spell-fireball"][:2] == ["spell", "Boule de feu"]
    assert docs["cards.html#spell-fireball"][5] == "fireball"
    assert docs["armoury.html#weapon-long-bow"][:2] == ["weapon", "Arc long"]
    assert docs["refs.html"][0] == "page" and docs["refs.html"][6] == "renvois"
    assert index["kinds"]["spell"] == "sort" and index["kinds"]["section"] == "section des règles"
    assert index["stemmer"] == {"file": "french-stemmer.js", "name": "FrenchStemmer"}
    assert "combien" in index["stopwords"] and "les" in index["stopwords"]
    assert "pas" not in index["stopwords"] and index["elisions"] == ["l", "d"]
    assert "MiniSearch" in (out / "_static" / "nq-minisearch.js").read_text(encoding="utf-8")
    assert (out / "_static" / "french-stemmer.js").is_file()
    page = (out / "refs.html").read_text(encoding="utf-8")
    assert "nq-search-box.js" in page


@pytest.mark.parametrize(
    "text,message",
    [
        ("[language.fr]\nstopwords = 'combien'\n", "[language.fr], field stopwords: expected"),
        ("[language.fr]\nstop = ['combien']\n", "[language.fr]"),
        ("language = 3\n", "[language] holds one table per language"),
        # read by the browser as words, never as a pattern: an elision of (\p{L}*)* hung it
        (
            "[language.fr]\nelisions = ['(\\\\p{L}*)*\\\\d']\n",
            "elisions #1: expected str matching regex",
        ),
        ("[language.fr]\nelisions = ['l', '(']\n", "elisions #2: expected str"),
        ("[language.fr]\nstopwords = ['a b']\n", "stopwords #1: expected str"),
        ("[language.fr]\nkeep = ['']\n", "keep #1: expected str"),
    ],
)
def test_a_mistake_in_the_language_words_is_named(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "search.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SearchDataError) as caught:
        load_language_words(path)
    assert str(caught.value).startswith(f"{path}") and message in str(caught.value)
    assert "\n" not in str(caught.value)
