"""The search's index holds the pages' words as a reader sees them: the calculators' forms, the
engine's notice and the glossary's filter box are not prose (``no-search``), and no two words of
neighbouring elements are glued into one ("gamecasualties", « découvertpouces »).  The snippets
of the search page and of the header's box quote this text."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.site.search_index import indexed_text, words

LANGS = ("en", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_no_indexed_word_is_two_words_glued(html_sites: dict[str, Path], lang: str) -> None:
    glued = {"en": "gamecasualties", "fr": "découvertpouces"}[lang]
    pages = indexed_text(html_sites[lang])
    assert not [page for page, found in pages.items() if glued in found]
    for page, indexed in pages.items():
        text = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        seen = words(html.unescape(re.sub(r"<[^>]+>", " ", text)))
        assert indexed <= seen, f"{page}: {sorted(indexed - seen)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculators_forms_are_not_indexed(html_sites: dict[str, Path], lang: str) -> None:
    """The engine's notice (« Les calculateurs demandent les scripts… ») is not prose."""
    word = {"en": "downloaded", "fr": "téléchargée"}[lang]
    text = (html_sites[lang] / "at-the-table.html").read_text(encoding="utf-8")
    assert word in text  # in the notice
    assert word not in indexed_text(html_sites[lang])["at-the-table"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_snippets_are_set_as_the_pages_are(html_sites: dict[str, Path], lang: str) -> None:
    """« 25 % » and −1 as the page prints them, not the typed « 25% » and -1 (player round
    thirteen: the French snippets lost the page's typography)."""
    from tests.site.search_index import search_index

    texts = [doc[4] for doc in search_index(html_sites[lang])["docs"]]
    assert any("\u22121" in text for text in texts)
    assert not [t for t in texts if re.search(r"(?<![\w/-])-\d", t)][:3]
    if lang == "fr":
        assert any("25\u202f%" in text for text in texts)
        assert not [t for t in texts if re.search(r"\d%", t)][:3]
