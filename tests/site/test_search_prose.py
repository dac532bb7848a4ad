"""The search index holds the pages' words as a reader sees them: the calculators' forms, the
engine's notice and the glossary's filter box are not prose (``no-search``), and no two words of
neighbouring elements are glued into one ("gamecasualties", « découvertpouces »)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from nqsphinx.site.search import (
    SEARCH_FILE,
    STEMS_OPTION,
    EnglishSearch,
    FrenchSearch,
    load_search_data,
)
from tests.building import ROOT

LANGS = ("en", "fr")


def _index(site: Path) -> dict[str, object]:
    script = (site / "searchindex.js").read_text(encoding="utf-8")
    loaded: dict[str, object] = json.loads(script[script.index("(") + 1 : script.rindex(")")])
    return loaded


@pytest.mark.parametrize("lang", LANGS)
def test_no_indexed_word_is_two_words_glued(html_sites: dict[str, Path], lang: str) -> None:
    stems = load_search_data(ROOT / "docs" / SEARCH_FILE).stems.get(lang, {})
    options = {STEMS_OPTION: json.dumps(stems)}
    search = FrenchSearch(options) if lang == "fr" else EnglishSearch(options)
    index = _index(html_sites[lang])
    docnames: list[str] = index["docnames"]  # type: ignore[assignment]
    terms: dict[str, int | list[int]] = index["terms"]  # type: ignore[assignment]
    glued = {"en": "gamecasualti", "fr": "découvertpouc"}[lang]
    assert glued not in terms
    for number, page in enumerate(docnames):
        text = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        spaced = html.unescape(re.sub(r"<[^>]+>", " ", text))
        words = search.split(spaced)  # a stop word is indexed as it is written
        seen = {search.stem(word.lower()) for word in words} | set(words)
        indexed = {t for t, where in terms.items() if number in _pages(where)}
        assert indexed <= seen, f"{page}: {sorted(indexed - seen)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculators_forms_are_not_indexed(html_sites: dict[str, Path], lang: str) -> None:
    """The engine's notice (« Les calculateurs demandent les scripts… ») is not prose."""
    index = _index(html_sites[lang])
    docnames: list[str] = index["docnames"]  # type: ignore[assignment]
    terms: dict[str, int | list[int]] = index["terms"]  # type: ignore[assignment]
    page = docnames.index("at-the-table")
    word = {"en": "download", "fr": "téléchargé"}[lang]
    stems = {"en": EnglishSearch({}), "fr": FrenchSearch({})}[lang]
    text = (html_sites[lang] / "at-the-table.html").read_text(encoding="utf-8")
    assert word in text  # in the notice
    assert page not in _pages(terms.get(stems.stem(word), []))


def _pages(found: int | list[int]) -> list[int]:
    return found if isinstance(found, list) else [found]
