"""The glossary page of both sites: an anchor and a permalink on every term, which ``{ref}`` can
target; an A–Z bar filed as a dictionary files (« À terre » under A); a filter box that stays
hidden without JavaScript; under each term, the sections whose glossary links lead to it; and on
every page, term links that a screen reader hears with their definition."""

from __future__ import annotations

import html
import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sphinx.util.inventory import InventoryFile

from nqsphinx.directives.glossary import GLOSSARY_FILE, collation_key, load_terms, term_label
from nqsphinx.languages.typography import site_text
from nqsphinx.messages import ui_text
from tests.building import ROOT
from tests.site.search_index import indexed_text, words
from tests.site.sitepages import toctree_order

LANGS = ("en", "fr")
TERMS = load_terms(ROOT / "docs" / GLOSSARY_FILE)
PERMALINK_TITLE = {"en": "Link to this term", "fr": "Lien vers ce terme"}


@dataclass
class Entry:
    id: str
    name: str = ""
    permalink: tuple[str, str] = ("", "")
    uses: list[str] = field(default_factory=list)
    use_names: list[str] = field(default_factory=list)
    uses_text: str = ""


class _GlossaryReader(HTMLParser):
    """The glossary page's A–Z bar, filter box and entries (term, permalink, "Used in")."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.letters: list[tuple[str, str | None]] = []  # (letter, href of its link or None)
        self.filter: dict[str, str] = {}
        self.filter_label = ""
        self.entries: list[Entry] = []
        self.inline_handlers: list[str] = []
        self._in: set[str] = set()
        self._href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = values.get("class", "").split()
        self.inline_handlers += [k for k in values if k.startswith("on")]
        if tag == "nav" and "nq-glossary-az" in classes:
            self._in.add("az")
        elif tag == "a" and "az" in self._in:
            self._href = values["href"]
        elif tag == "div" and "nq-glossary-filter" in classes:
            self.filter = values
        elif tag == "label" and self.filter and not self.filter_label:
            self._in.add("label")
        elif tag == "p" and "nq-glossary-status" in classes:
            self.filter["data-none"] = values.get("data-none", "")
        elif tag == "dt" and values.get("id", "").startswith("term-"):
            self.entries.append(Entry(values["id"]))
            self._in.add("dt")
        elif tag == "a" and "dt" in self._in and "headerlink" in classes:
            self.entries[-1].permalink = (values["href"], values["title"])
            self._in.add("headerlink")
        elif tag == "p" and "nq-glossary-uses" in classes:
            self._in.add("uses")
        elif tag == "a" and "uses" in self._in:
            self.entries[-1].uses.append(values["href"])
            self.entries[-1].use_names.append("")
            self._in.add("use")

    def handle_endtag(self, tag: str) -> None:
        ends = {"nav": "az", "label": "label", "dt": "dt", "p": "uses"}
        self._in.discard(ends.get(tag, ""))
        if tag == "a":
            self._in.discard("headerlink")
            self._in.discard("use")

    def handle_data(self, data: str) -> None:
        if "az" in self._in and data.strip():
            self.letters.append((data.strip(), self._href))
            self._href = None
        elif "label" in self._in:
            self.filter_label += data
        elif "dt" in self._in and "headerlink" not in self._in:
            self.entries[-1].name += data
        elif "uses" in self._in:
            self.entries[-1].uses_text += data
            if "use" in self._in:
                self.entries[-1].use_names[-1] += data


def read_glossary(site: Path) -> _GlossaryReader:
    reader = _GlossaryReader()
    reader.feed((site / "glossary.html").read_text(encoding="utf-8"))
    return reader


class _TermLinkReader(HTMLParser):
    """Each glossary link of a page, with the id of the innermost section it stands in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []  # (term id, section id)
        self._sections: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "section":
            self._sections.append(values.get("id", ""))
        if tag == "a" and "nq-term" in values.get("class", "").split():
            self.links.append((values["href"].split("#")[1], self._sections[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._sections.pop()


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_has_its_anchor_and_permalink(html_sites: dict[str, Path], lang: str) -> None:
    entries = read_glossary(html_sites[lang]).entries
    assert sorted(e.id for e in entries) == sorted(term_label(t) for t in TERMS)
    for entry in entries:
        assert entry.permalink == (f"#{entry.id}", PERMALINK_TITLE[lang]), entry


@pytest.mark.parametrize("lang", LANGS)
def test_ref_can_target_every_term(html_sites: dict[str, Path], lang: str) -> None:
    """Each term is a label of the site (``{ref}`term-<key>` ``), titled in the page language."""
    with open(html_sites[lang] / "objects.inv", "rb") as stream:
        inventory = InventoryFile.load(stream, "", posixpath.join)
    labels = inventory["std:label"]
    for term in TERMS:
        item = labels[term_label(term)]
        assert item.uri == f"glossary.html#{term_label(term)}"
        assert item.display_name == term.label(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_terms_are_in_dictionary_order(html_sites: dict[str, Path], lang: str) -> None:
    names = [e.name.strip() for e in read_glossary(html_sites[lang]).entries]
    assert names == sorted(names, key=collation_key)
    if lang == "fr":  # accented initials are filed with their letter, not after Z
        assert names[0] == "À terre"
        e_terms = [n for n in names if collation_key(n)[0].startswith("e")]
        assert {"Élan d’attaque", "Élite"} <= set(e_terms)
        assert names.index(e_terms[-1]) - names.index(e_terms[0]) == len(e_terms) - 1


def test_french_order_ignores_apostrophes_and_accents(html_sites: dict[str, Path]) -> None:
    """A dictionary files « d’armure » before « de pénétration » (the apostrophe is ignored at
    the first level), and « Élan » among the E, before « Élite » and after « Effet »."""
    names = [e.name.strip() for e in read_glossary(html_sites["fr"]).entries]
    armour, penetration = "Modificateur d’armure (MA)", "Modificateur de pénétration (MP)"
    assert names.index(armour) < names.index(penetration)
    elan = names.index("Élan d’attaque")
    assert names[elan + 1] == "Élite"
    assert collation_key(names[elan - 1])[0] < "elan"


@pytest.mark.parametrize("lang", LANGS)
def test_the_letter_bar_links_each_letter_to_its_first_term(
    html_sites: dict[str, Path], lang: str
) -> None:
    reader = read_glossary(html_sites[lang])
    assert [letter for letter, _ in reader.letters] == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    first: dict[str, str] = {}
    for entry in reader.entries:
        first.setdefault(collation_key(entry.name.strip())[0][0].upper(), f"#{entry.id}")
    assert dict((letter, href) for letter, href in reader.letters if href) == first
    assert {letter for letter, href in reader.letters if href is None} == set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    ) - set(first)
    if lang == "fr":
        assert ("A", "#term-prone") in reader.letters  # À terre
        assert first["E"] != "#term-elite"


@pytest.mark.parametrize("lang", LANGS)
def test_the_filter_box_is_hidden_without_javascript(
    html_sites: dict[str, Path], lang: str
) -> None:
    reader = read_glossary(html_sites[lang])
    assert "hidden" in reader.filter
    assert reader.filter_label.strip() == ui_text("Filter the terms", lang)
    assert reader.filter["data-none"] == ui_text("No term matches.", lang)
    assert reader.inline_handlers == []
    html = (html_sites[lang] / "glossary.html").read_text(encoding="utf-8")
    article = html[html.index("<article") : html.index("</article>")]
    assert "<script" not in article


@pytest.mark.parametrize("lang", LANGS)
def test_each_term_lists_the_sections_that_link_to_it(
    html_sites: dict[str, Path], lang: str
) -> None:
    """The "Used in" of each term names, in reading order, the section of each link to it."""
    made: dict[str, list[str]] = {}
    for page in toctree_order():
        reader = _TermLinkReader()
        reader.feed((html_sites[lang] / f"{page}.html").read_text(encoding="utf-8"))
        for term, section in reader.links:
            made.setdefault(term, []).append(f"{page}.html#{section}")
    entries = read_glossary(html_sites[lang]).entries
    assert sum(len(e.uses) for e in entries) > 500
    for entry in entries:
        assert entry.uses == made.get(entry.id, []), entry.id
        assert len(set(entry.use_names)) == len(entry.use_names), entry  # told apart
    used_in = "Utilisé dans\u00a0:" if lang == "fr" else "Used in:"
    assert all(e.uses_text.startswith(used_in) for e in entries if e.uses)
    close_combat = next(e for e in entries if e.id == "term-close-combat")
    assert re.search(r"Close Combat|Corps à corps", close_combat.uses_text)
    to_hit = "Pour toucher (" if lang == "fr" else "To Hit ("
    assert any(name.startswith(to_hit) for name in close_combat.use_names), close_combat


#: A term link and the element right after it.
TERM_AND_NEXT = re.compile(r'<a ([^>]*class="nq-term[^>]*)>([^<]*)</a><span ([^>]*)>([^<]*)</span>')
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')
DEFINITION = re.compile(r'<span class="nq-term-definition[^>]*>[^<]*</span>')


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_link_is_described_by_its_definition(
    html_sites: dict[str, Path], lang: str
) -> None:
    """``aria-describedby`` names the hidden definition right after the link (role tooltip),
    whose id is unique on the page: a screen reader says it without any script."""
    terms = {term.key: term for term in TERMS}
    described = 0
    for page in toctree_order():
        text = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        ids = Counter(re.findall(r'\sid="([^"]+)"', text))
        found = TERM_AND_NEXT.findall(text)
        assert len(found) == text.count('class="nq-term '), f"{page}: a term without definition"
        for link_attributes, _name, after_attributes, definition in found:
            link = dict(ATTRIBUTE.findall(link_attributes))
            after = dict(ATTRIBUTE.findall(after_attributes))
            term = terms[link["href"].split("#term-")[1]]
            assert link["aria-describedby"] == after["id"] == f"nq-def-{term.key}"
            assert ids[after["id"]] == 1, f"{page}: {after['id']} used twice"
            assert after["role"] == "tooltip" and "hidden" in after
            expected = site_text(term.tooltip(lang), lang)
            assert html.unescape(definition) == expected
            described += 1
    assert described > 500


@pytest.mark.parametrize("lang", LANGS)
def test_definitions_stay_out_of_the_search_index(html_sites: dict[str, Path], lang: str) -> None:
    """A page is found by its words, not by the words of the definitions of the terms it uses."""
    indexed = indexed_text(html_sites[lang])["magic"]
    text = (html_sites[lang] / "magic.html").read_text(encoding="utf-8")

    def shown(markup: str) -> set[str]:
        return words(html.unescape(re.sub(r"<[^>]+>", " ", markup)))

    only_defined = shown(" ".join(DEFINITION.findall(text))) - shown(DEFINITION.sub("", text))
    assert len(only_defined) > 20
    assert not only_defined & indexed


@pytest.mark.parametrize("lang", LANGS)
def test_the_program_is_not_the_command_characteristic(
    html_sites: dict[str, Path], lang: str
) -> None:
    """ "The ``nq`` command", "the ``nq points`` command" name the program: no link to Command
    (CO) there, while the rules' "command (CO) value" keeps its link."""
    link = re.compile(r'<a class="nq-term[^"]*" href="glossary\.html#term-command"')
    nq_page = (html_sites[lang] / "nq.html").read_text(encoding="utf-8")
    table = (html_sites[lang] / "at-the-table.html").read_text(encoding="utf-8")
    if lang == "en":
        assert re.search(r"<span class=\"pre\">nq</span></code> command", nq_page)
        assert re.search(r"<span class=\"pre\">points</span></code> command", table)
    assert not link.search(nq_page)
    assert not link.search(table)
    for page in ("army", "morale", "abilities"):
        text = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        assert link.search(text), page


def test_the_french_glossary_records_its_abbreviations(html_sites: dict[str, Path]) -> None:
    """Proof round eighteen: Ac, Ar and the templates' PGG, GMG and GGG differ from the earlier
    French edition; the French glossary says so, once, and the English one does not."""
    french = (html_sites["fr"] / "glossary.html").read_text(encoding="utf-8")
    english = (html_sites["en"] / "glossary.html").read_text(encoding="utf-8")
    by_key = {term.key: term for term in TERMS}
    keys = ("actions", "armour", "teardrop-template-small")
    shown = [by_key[key].abbreviations["fr"] for key in keys]
    note = french.split("Note du traducteur", 1)[1].split("</p>", 1)[0]
    assert all(abbr in note for abbr in shown), note
    assert "Translator" not in english and "Note du traducteur" not in english
