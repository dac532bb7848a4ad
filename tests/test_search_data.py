"""The search's data (``docs/_data/search.toml``) and the ``nq`` domain, on a small project.

The data file is checked entry by entry: a mistake is one line naming the file and the entry.
The stem exceptions reach the index (« sort » is not « sortir »).  A small project of seven pages,
read in parallel in English and in French, shows the entities' anchors, the roles that link to
them with their names in the page's language, the search's index (the header's box and the search
page read the same) and the warning for a synonym that lands nowhere.
"""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

from nqsphinx.refusals import Refused, refusal_line
from nqsphinx.site.search import SEARCH_FILE, SearchDataError, load_search_data
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
        (
            "[stems.en]\n'__proto__' = ['constructor']\n",
            "[stems.en] '__proto__': a stem and its words are words (letters, an apostrophe or a"
            " hyphen inside)",
        ),
        (
            "[stems.fr]\nmot = ['</script><script>x']\n",
            "[stems.fr] '</script><script>x': a stem and its words are words",
        ),
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
    assert "nq:spell reference target not found: 'no-such-spell'" in warnings
    assert "search.toml: synonym target cards#no-such-label: no label no-such-label" in warnings
    # Nothing else: the two reading processes merged what each recorded.
    assert len(warnings.strip().splitlines()) == 2, warnings


def _header_index(out: Path) -> dict[str, Any]:
    text = (out / "_static" / "nq-search-index.js").read_text(encoding="utf-8")
    assert text.startswith("window.nqSearchIndex = ")
    index: dict[str, Any] = json.loads(
        text.removeprefix("window.nqSearchIndex = ").rstrip().removesuffix(";")
    )
    return index


def test_the_search_page_searches_with_the_header_s_index(
    project: dict[str, tuple[Path, str]],
) -> None:
    """The search page's data are the header's index: the page weights, the stem exceptions and
    the words of a search that found nothing, in the page's language (the site's search page
    loads no Sphinx search script: tests/browser/test_search.py)."""
    out, _ = project["fr"]
    index = _header_index(out)
    assert index["weights"] == {"one": 0.5}
    assert index["stems"] == {}  # the small project has none; the book's below
    assert index["messages"]["nothing"].startswith("Aucune page des règles")
    assert index["messages"]["meant"] == "Vouliez-vous dire\u00a0:"


def test_the_stem_exceptions_are_in_the_index_s_language() -> None:
    """« sort » (a spell) is not « sortir », nor « portée » (range) « porter »: the words listed
    go to the header's analyser under their own stem, typed with or without accents."""
    assert DATA.stems["fr"]["sorties"] == DATA.stems["fr"]["sortir"] == "sortir"
    assert DATA.stems["fr"]["sorts"] == "sort" and DATA.stems["fr"]["portee"] == "portée"
    assert DATA.stems["en"]["initiatives"] == "initiative"


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
    index = _header_index(out)
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


def test_a_data_file_refused_by_a_late_handler_is_one_line() -> None:
    """Attacker round 27: a word of search.toml's ``keep`` list, or a see-entry of
    rules_index.toml naming no glossary term, is refused by an event handler after the pages are
    written; Sphinx wrapped the data file's refusal in its crash report (a traceback, "please
    open an issue"): it is the file's one line, as any refusal of the build."""
    from sphinx.errors import ExtensionError

    from nqcore.data.datafiles import DataFileError

    said = "docs/_data/rules_index.toml, see: no glossary term 'no-such-term'"
    wrapped = ExtensionError("Handler <function write_files> threw", DataFileError(said))
    assert refusal_line(wrapped) == f"ERROR: Refused input: {said}"
    assert refusal_line(ExtensionError("a bug", ValueError("x"))) is None
