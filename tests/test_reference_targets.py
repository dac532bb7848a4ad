"""Where a sentence sends the reader: the page a reference's words promise. The Traits chapter's
"the maximum number of abilities (p. 97)" led to the Abilities chapter, which states no maximum
(proof-reader round 34): a reference that speaks of a maximum lands on the table of maximums,
in English and in the French catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.building import ROOT

MAXIMUMS = "ability-trait-and-equipment-maximums"
#: A reference, its words and its target: {ref}`words <target>`.
REFERENCE = re.compile(r"\{ref\}`([^`<]*)<([\w-]+)>`")
SOURCES = [
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po")),
]


def _references(text: str) -> list[tuple[str, str]]:
    joined = text.replace('"\n"', "")  # a catalogue's message split over lines
    return [(words.strip(), target) for words, target in REFERENCE.findall(joined)]


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.name)
def test_a_reference_to_a_maximum_lands_on_the_table_of_maximums(source: Path) -> None:
    text = source.read_text(encoding="utf-8")
    wrong = [
        (words, target)
        for words, target in _references(text)
        if re.search(r"maximum", words, re.I) and target != MAXIMUMS
    ]
    assert not wrong, wrong


def test_the_traits_chapter_names_the_maximum_in_both_languages() -> None:
    for source in (ROOT / "docs" / "traits.md", ROOT / "locale/fr/LC_MESSAGES/traits.po"):
        targets = [t for _, t in _references(source.read_text(encoding="utf-8"))]
        assert MAXIMUMS in targets, source
