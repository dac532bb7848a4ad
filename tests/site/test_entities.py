"""Every spell, weapon, ability, trait, item of equipment, mutation, sample profile and glossary
term of both sites has its language-independent anchor on the element that shows it, and is an
object of the search index and of ``objects.inv`` under its name in the page's language."""

from __future__ import annotations

import json
import posixpath
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sphinx.util.inventory import InventoryFile

from nqcore.army.armoury import hand_weapons, ranged_weapons, support_weapons
from nqcore.army.features import features
from nqcore.army.profile_files import sample_profiles
from nqcore.book.errata import all_errata
from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import all_spells
from nqsphinx.directives.glossary import GLOSSARY_FILE, load_terms, term_label
from tests.building import ROOT

LANGS = ("en", "fr")


def engine_entities() -> Iterator[tuple[str, str]]:
    """(page, anchor) of every entity the engine holds and the glossary defines."""
    for spell in all_spells():
        yield "cards-counters-templates", f"spell-{spell.key}"
    for mutation in all_mutations():
        yield "cards-counters-templates", f"mutation-{mutation.key}"
    for weapon in (*hand_weapons(), *ranged_weapons(), *support_weapons()):
        yield "armoury", f"weapon-{weapon.key}"
        if weapon.melee is not None:  # the Slingstaff's staff has its own row
            yield "armoury", f"weapon-{weapon.melee.key}"
    for kind, page in (("ability", "abilities"), ("trait", "traits"), ("equipment", "equipment")):
        for feature in features(kind):
            yield page, f"{kind}-{feature.key}"
    for sample in sample_profiles():
        yield "sample-profiles", f"profile-{sample.profile.key}"
    for term in load_terms(ROOT / "docs" / GLOSSARY_FILE):
        yield "glossary", term_label(term)
    for erratum in all_errata():  # a search result of its own (player round 22)
        yield "errata", f"erratum-{erratum.id}"


ENTITIES = sorted(set(engine_entities()))
#: The element that shows each kind: a card, a table row, the section that defines it (whose
#: second id is an empty span at its start, unless its own label is the anchor), a glossary entry.
SECTION = ("span", "section")
ELEMENT = {
    "spell": ("div",),
    "mutation": ("div",),
    "weapon": ("tr",),
    "ability": SECTION,
    "trait": SECTION,
    "equipment": SECTION,
    "profile": SECTION,
    "term": ("dt",),
    "erratum": ("div",),
}
#: Some names in both languages.
NAMES = {
    "spell-fireball": ("Fireball", "Boule de feu"),
    "weapon-long-bow": ("Long Bow", "Arc long"),
    "weapon-cannon": ("Cannon", "Canon"),
    "ability-infiltrate": ("Infiltrate", "Infiltration"),
    "trait-flying": ("Flying", "Vol"),
    "equipment-grenades": ("Grenades", "Grenades"),
    "mutation-horns": ("Horns", "Cornes"),
    "profile-dwarf": ("Dwarf", "Nain"),
    "term-armour": ("Armour (AR)", "Armure (Ar)"),
}
KIND_NAMES = {
    "en": {
        "spell": "spell",
        "weapon": "weapon",
        "term": "glossary term",
        "erratum": "erratum or open question",
    },
    "fr": {
        "spell": "sort",
        "weapon": "arme",
        "term": "terme du glossaire",
        "erratum": "erratum ou question ouverte",
    },
}


VOID = frozenset({"br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"})


class _Anchors(HTMLParser):
    """Each id of a page: its element, and the element that holds it."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, str] = {}
        self.parents: dict[str, str] = {}
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.tags[value] = tag
                self.parents[value] = self._open[-1] if self._open else ""
        if tag not in VOID:
            self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        while self._open and self._open.pop() != tag:
            pass


def anchors(site: Path, page: str) -> _Anchors:
    reader = _Anchors()
    reader.feed((site / f"{page}.html").read_text(encoding="utf-8"))
    return reader


def search_objects(site: Path) -> dict[str, tuple[str, str, str]]:
    """The search index's ``nq`` objects: anchor -> (page, name, kind's name)."""
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    found = {}
    for prefix, entries in index["objects"].items():
        for file, kind, _prio, anchor, name in entries:
            domain, kind_type, kind_name = index["objnames"][str(kind)]
            if domain == "nq":
                full = f"{prefix}.{name}" if prefix else name
                # Sphinx's shorthands: "-" for "type-name", "" for the name
                anchor = {"-": f"{kind_type}-{full}", "": full}.get(anchor, anchor)
                found[anchor] = (index["docnames"][file], full, kind_name)
    return found


def test_the_engine_has_the_entities_counted() -> None:
    kinds = [anchor.split("-", 1)[0] for _, anchor in ENTITIES]
    counts = {kind: kinds.count(kind) for kind in ELEMENT}
    assert counts == {
        "spell": 39,
        "mutation": 6,
        "weapon": 38,
        "ability": 40,
        "trait": 21,
        "equipment": 7,
        "profile": 14,
        # every term of the glossary file: adding one to the file needs no change here
        "term": len(load_terms(ROOT / "docs" / GLOSSARY_FILE)),
        "erratum": len(all_errata()),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_entity_has_its_anchor_on_its_element(html_sites: dict[str, Path], lang: str) -> None:
    pages: dict[str, _Anchors] = {}
    wrong = []
    for page, anchor in ENTITIES:
        found = pages.setdefault(page, anchors(html_sites[lang], page))
        kind = anchor.split("-", 1)[0]
        tag = found.tags.get(anchor)
        if tag not in ELEMENT[kind]:
            wrong.append(f"{page}#{anchor}: {tag or 'missing'}")
        elif tag == "span" and found.parents[anchor] != "section":
            wrong.append(f"{page}#{anchor}: not the section's anchor")
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_every_entity_is_a_search_object_in_the_page_language(
    html_sites: dict[str, Path], lang: str
) -> None:
    objects = search_objects(html_sites[lang])
    assert sorted(objects) == sorted(anchor for _, anchor in ENTITIES)
    for page, anchor in ENTITIES:
        assert objects[anchor][0] == page, anchor
    for anchor, names in NAMES.items():
        assert objects[anchor][1] == names[LANGS.index(lang)]
    for anchor, (_page, _name, kind_name) in objects.items():
        kind = anchor.split("-", 1)[0]
        if kind in KIND_NAMES[lang]:
            assert kind_name == KIND_NAMES[lang][kind], anchor


@pytest.mark.parametrize("lang", LANGS)
def test_roles_and_ref_can_target_every_entity(html_sites: dict[str, Path], lang: str) -> None:
    with open(html_sites[lang] / "objects.inv", "rb") as stream:
        inventory = InventoryFile.load(stream, "", posixpath.join)
    for page, anchor in ENTITIES:
        kind = anchor.split("-", 1)[0]
        label = inventory["std:label"][anchor]
        assert label.uri == f"{page}.html#{anchor}"
        objects = inventory[f"nq:{kind}"].items()
        names = [
            name if item.display_name == "-" else item.display_name  # "-": shown as named
            for name, item in objects
            if item.uri == f"{page}.html#{anchor}"
        ]
        assert names == [label.display_name], anchor
