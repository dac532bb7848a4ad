"""The site's home page is a start page for players: five blocks of links in each language, the
navigation's toctrees hidden there; the editors' pages stay on the site, in their own "For
Editors" section of the navigation (:mod:`nqsphinx.books.editions`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nqcore import po
from nqcore.tables.profile_tables import COMPUTED_POINTS
from nqsphinx.books.editions import EDITOR_PAGES
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import engine_text
from tests.building import ROOT
from tests.htmlpages import engine_tables
from tests.site.test_links_land import dangling_links

LANGS = ["en", "fr"]
INDEX_PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "index.po"
#: Each block of the home page: its heading and the pages it links, in order.
BLOCKS = {
    "Start here": ["introduction", "what-you-need", "getting-started", "turn-sequence"],
    "At the table": [
        "at-the-table",
        "actions",
        "close-combat",
        "ranged-combat",
        "armour-and-damage",
        "morale",
        "magic#spell-list",
        "odds",
        "glossary",
    ],
    "The rules": [
        "army",
        "getting-started",
        "turn-sequence",
        "victory-conditions",
        "formations",
        "actions",
        "close-combat",
        "armour-and-damage",
        "ranged-combat",
        "support-weapons",
        "morale",
        "hold-actions",
        "magic",
    ],
    "Reference": [
        "armoury",
        "abilities",
        "traits",
        "equipment",
        "sample-profiles",
        "creating-a-profile",
        "cards-counters-templates",
        "errata",
        "glossary",
        "genindex",
    ],
    "For editors": ["coverage", "nq"],
}


@dataclass
class Block:
    heading: str = ""
    links: list[tuple[str, str]] = field(default_factory=list)  # (href, words)


class HomeReader(HTMLParser):
    """The home page's blocks (``.nq-home-card``: its h2 and links), and the navigation's
    captions with the pages of the first level under each (``li.toctree-l1 > a``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.navigation: dict[str, list[str]] = {}
        self._divs: list[bool] = []  # per open <div>: is it a block?
        self._item = ""  # the class of the last <li>
        self._text: list[str] | None = None
        self._kind = ""  # what the text being read is: "h2", "a" (with its href) or "caption"
        self._href = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = values.get("class", "").split()
        if tag == "div":
            self._divs.append("nq-home-card" in classes)
            if self._divs[-1]:
                self.blocks.append(Block())
        elif tag == "li":
            self._item = values.get("class", "")
        elif tag == "span" and "caption-text" in classes:
            self._text, self._kind = [], "caption"
        elif tag in ("h2", "a") and any(self._divs):
            self._text, self._kind, self._href = [], tag, values.get("href", "")
        elif tag == "a" and self._item == "toctree-l1" and self.navigation:
            self.navigation[list(self.navigation)[-1]].append(values["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._divs:
            self._divs.pop()
        elif tag == "li":
            self._item = ""
        if self._text is None or tag not in ("h2", "a", "span"):
            return
        words = " ".join("".join(self._text).split())
        if self._kind == "caption":
            self.navigation[words] = []
        elif self._kind == "h2":
            self.blocks[-1].heading = words
        else:
            self.blocks[-1].links.append((self._href, words))
        self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def read_home(site: Path) -> HomeReader:
    reader = HomeReader()
    reader.feed((site / "index.html").read_text(encoding="utf-8"))
    return reader


def translated(words: str, lang: str) -> str:
    if lang == "en":
        return words
    entry = po.read(INDEX_PO.read_bytes()).get(words)
    assert entry is not None and entry.string, f"index.po has no French for {words!r}"
    return french_html(entry.string)


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_has_the_five_blocks_in_its_language(
    html_sites: dict[str, Path], lang: str
) -> None:
    blocks = read_home(html_sites[lang]).blocks
    assert [b.heading for b in blocks] == [translated(h, lang) for h in BLOCKS]
    for block, pages in zip(blocks, BLOCKS.values(), strict=True):
        hrefs = [href.removesuffix(".html").replace(".html#", "#") for href, _ in block.links]
        assert hrefs == pages, block.heading
        assert all(words for _, words in block.links), block.heading
    magic = dict(blocks[1].links)["magic.html#spell-list"]
    assert magic == ("Spell List" if lang == "en" else "Liste de sorts")


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_links_land_and_list_no_pdf_it_does_not_hold(
    html_sites: dict[str, Path], lang: str
) -> None:
    """Built without ``nq_print_pdfs`` (as ``make html`` alone may be), the site links no PDF."""
    site = html_sites[lang]
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "_downloads/" not in home and ".pdf" not in home
    failures = [f for f in dangling_links(site) if f.startswith("index.html:")]
    # Links out of the language's folder (the other language, the archive) land once the sites
    # are laid out as `make html` lays them out: tests/site/test_links_land.py.
    assert [f for f in failures if ": ../" not in f] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_hides_the_long_table_of_contents(
    html_sites: dict[str, Path], lang: str
) -> None:
    home = (html_sites[lang] / "index.html").read_text(encoding="utf-8")
    article = home[home.index('id="furo-main-content"') :]
    assert "toctree-l1" not in article  # the toctrees are hidden: empty wrappers
    links = re.findall(r'<a class="reference internal" href="', article)
    assert len(links) < 60, len(links)  # the blocks', not 300


@pytest.mark.parametrize("lang", LANGS)
def test_the_navigation_keeps_the_editors_pages_in_their_own_section(
    html_sites: dict[str, Path], lang: str
) -> None:
    navigation = read_home(html_sites[lang]).navigation
    editors = translated("For Editors", lang)
    assert list(navigation)[-1] == editors
    assert navigation[editors] == [f"{page}.html" for page in EDITOR_PAGES]
    players = {href for name, hrefs in navigation.items() if name != editors for href in hrefs}
    assert not {f"{page}.html" for page in EDITOR_PAGES} & players
    assert {"errata.html", "glossary.html", "odds.html"} <= players


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_keeps_the_computed_points(html_sites: dict[str, Path], lang: str) -> None:
    """Each sample profile's table ends with the engine's price, beside the printed points."""
    tables = engine_tables(html_sites[lang] / "sample-profiles.html")
    samples = [t for t in tables if str(t["key"]).startswith("sample-")]
    assert len(samples) >= 14
    heading = engine_text(COMPUTED_POINTS, lang)
    for table in samples:
        rows = table["rows"]
        assert isinstance(rows, list)
        assert rows[0][-1] == (french_html(heading) if lang == "fr" else heading), table["key"]
    for page in EDITOR_PAGES:
        assert (html_sites[lang] / f"{page}.html").is_file()
