"""What the built pages say to assistive technology, read from their HTML (the browser checks are
in tests/browser/test_accessibility.py): headings with a level, named landmarks in the page's
language, the other language's words marked, captions, image sizes, a description per page in
its language, the icons."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from nqsphinx.directives.glossary import GLOSSARY_FILE, load_terms, term_label
from tests.building import ROOT
from tests.svgcontrast import failures, inline_svgs, pairs

LANGS = ("en", "fr")
OTHER = {"en": "fr", "fr": "en"}


def pages(site: Path) -> list[Path]:
    return sorted(site.glob("*.html"))


def attributes(tag: str) -> dict[str, str]:
    return {k: unescape(v) for k, v in re.findall(r'([\w:-]+)="([^"]*)"', tag)}


def description(page: Path) -> str:
    found = re.findall(r'<meta name="description" content="([^"]*)" />', page.read_text("utf-8"))
    assert len(found) == 1, f"{page.name}: {len(found)} descriptions"
    return unescape(found[0])


@pytest.mark.parametrize("lang", LANGS)
def test_every_heading_role_has_a_level(html_sites: dict[str, Path], lang: str) -> None:
    """axe: aria-required-attr (the sidebar's and the contents' captions, six a page)."""
    for page in pages(html_sites[lang]):
        html = page.read_text("utf-8")
        for tag in re.findall(r'<[a-z]+ [^>]*role="heading"[^>]*>', html):
            assert attributes(tag).get("aria-level") == "2", f"{page.name}: {tag}"
    index = (html_sites[lang] / "index.html").read_text("utf-8")
    assert index.count('role="heading" aria-level="2"') >= 6  # the sidebar's (the home page's own
    # contents are hidden: its blocks for players replace them)


@pytest.mark.parametrize("lang", LANGS)
def test_landmarks_are_named_in_the_page_language(html_sites: dict[str, Path], lang: str) -> None:
    names = {
        "en": ("Site navigation", "On this page", "Language"),
        "fr": ("Navigation du site", "Sur cette page", "Langue"),
    }[lang]
    for page in ("magic", "glossary", "search", "genindex", "404"):
        html = (html_sites[lang] / f"{page}.html").read_text("utf-8")
        asides = [attributes(t).get("aria-label") for t in re.findall(r"<aside [^>]*>", html)]
        assert asides == list(names[:2]), f"{lang}/{page}.html: {asides}"
        switch = re.search(
            r'<nav class="nq-lang-nav[^"]*"[^>]*>\s*(<a [^>]*>)<span lang="(\w+)"', html
        )
        assert switch, f"{lang}/{page}.html: no language switch"
        assert attributes(switch.group(0).split(">")[0] + ">")["aria-label"] == names[2]
        link = attributes(switch.group(1))
        assert (switch.group(2), link["hreflang"]) == (OTHER[lang], OTHER[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_the_other_language_term_carries_its_language(
    html_sites: dict[str, Path], lang: str
) -> None:
    """The glossary's « EN : Prone » lines: the term is read with the other language's voice."""
    html = (html_sites[lang] / "glossary.html").read_text("utf-8")
    other = OTHER[lang]
    colon = "\u00a0: " if lang == "fr" else ": "  # French typography: a no-break space
    terms = load_terms(ROOT / "docs" / GLOSSARY_FILE)
    for term in terms:
        entry = html[html.index(f'id="{term_label(term)}"') :]
        line = re.search(r'<p class="nq-glossary-other">(.*?)</p>', entry, flags=re.S)
        assert line, term.key
        expected = f'{other.upper()}{colon}<span lang="{other}">{term.label(other)}</span>'
        assert unescape(line.group(1)) == expected, term.key


@pytest.mark.parametrize("lang", LANGS)
def test_every_data_table_has_a_caption(html_sites: dict[str, Path], lang: str) -> None:
    """Sphinx's index lays its columns out with tables (class indextable): not data tables, and
    marked so for screen readers (role="presentation")."""
    hidden, layouts = [], 0
    for page in pages(html_sites[lang]):
        html = page.read_text("utf-8")
        for layout in re.findall(r"<table [^>]*indextable[^>]*>", html):
            assert attributes(layout).get("role") == "presentation", f"{lang}/{page.name}: {layout}"
            layouts += 1
        for table in re.finditer(r"<table (?![^>]*indextable)[^>]*>\s*(<caption[^>]*>)?", html):
            assert table.group(1), f"{lang}/{page.name}: {table.group(0)[:80]}"
            if "nq-visually-hidden" in table.group(1):
                hidden.append(page.stem)
    # The pipe table of the book and the Re-animate card: captioned for screen readers.
    assert sorted(hidden) == ["army", "cards-counters-templates"]
    assert layouts >= 10  # the index's letters


@pytest.mark.parametrize("lang", LANGS)
def test_every_image_has_its_size(html_sites: dict[str, Path], lang: str) -> None:
    seen = 0
    for page in pages(html_sites[lang]):
        for tag in re.findall(r"<img [^>]*>", page.read_text("utf-8")):
            image = attributes(tag)
            svg = (html_sites[lang] / image["src"]).read_text("utf-8")
            head = attributes(re.search(r"<svg [^>]*>", svg).group(0))  # type: ignore[union-attr]
            # Whole pixels, as Sphinx reads an SVG's size (444.8 is 444).
            size = (str(int(float(head["width"]))), str(int(float(head["height"]))))
            assert (image.get("width"), image.get("height")) == size, f"{page.name}: {tag}"
            seen += 1
    assert seen == 20


@pytest.mark.parametrize("lang", LANGS)
def test_search_page_has_a_level_one_heading(html_sites: dict[str, Path], lang: str) -> None:
    html = (html_sites[lang] / "search.html").read_text("utf-8")
    assert re.findall(r"<h1>(.*?)</h1>", html) == [{"en": "Search", "fr": "Recherche"}[lang]]


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_the_icons(html_sites: dict[str, Path], lang: str) -> None:
    """Without an icon the browser asks for /favicon.ico, and logs an error on every page."""
    for page in pages(html_sites[lang]):
        html = page.read_text("utf-8")
        for rel in ("shortcut icon", "apple-touch-icon"):
            tag = re.search(rf'<link rel="{rel}" href="([^"]+)"', html)
            assert tag, f"{page.name}: no {rel}"
            href = tag.group(1).removeprefix(f"/{lang}/")  # the 404 page's links are absolute
            assert (html_sites[lang] / href).is_file(), f"{page.name}: {href}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_has_a_description_in_its_language(
    html_sites: dict[str, Path], lang: str
) -> None:
    found = {page.stem: description(page) for page in pages(html_sites[lang])}
    assert len(found) == len(list((ROOT / "docs").glob("*.md"))) + 3  # genindex, search, 404
    for page, text in found.items():
        assert 20 <= len(text) <= 160, f"{lang}/{page}.html: {text!r}"
    starts = {
        "en": {
            "magic": "The fantasy world of Genayria is soaked in magic",
            "index": "For 25–30 mm miniatures. The fantasy battles miniatures wargame.",
            "search": "Search the rules: No Quarter Fantasy Wargames, the fantasy battles",
        },
        "fr": {
            "magic": "Le monde fantastique de Genayria est imprégné de magie",
            "index": "Pour figurines de 25 mm à 30 mm. Le jeu de figurines",
            "search": "Rechercher dans les règles\u00a0: No Quarter Fantasy Wargames, le jeu",
        },
    }[lang]
    for page, start in starts.items():
        assert found[page].startswith(start), (page, found[page])
    assert found["magic"].endswith("…")
    # Each page says what it holds: no two chapters share a description.
    chapters = [text for page, text in found.items() if page not in ("search", "genindex", "404")]
    assert len(set(chapters)) == len(chapters)


@pytest.mark.parametrize("lang", LANGS)
def test_every_drawing_of_the_site_has_readable_text(
    html_sites: dict[str, Path], lang: str
) -> None:
    """Every text-on-fill pair of the SVGs the pages show (drawn into the page or as images),
    in light and dark mode: axe does not look inside SVG drawings."""
    drawings = [
        (f"{page.name} drawing {n}", svg)
        for page in pages(html_sites[lang])
        for n, svg in enumerate(inline_svgs(page.read_text("utf-8")), start=1)
    ]
    inline = len(drawings)
    drawings += [
        (f"_images/{p.name}", p.read_text("utf-8"))
        for p in sorted((html_sites[lang] / "_images").glob("*.svg"))
    ]
    assert inline >= 2 and len(drawings) >= inline + 20  # circle, movement bars; hand-drawn
    found = [str(pair) for name, svg in drawings for pair in failures(svg, name)]
    assert not found, "\n".join(found)
    assert sum(len(list(pairs(svg, name))) for name, svg in drawings) >= 130  # texts × modes
