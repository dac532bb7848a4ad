"""Terms a player looks up at the table are in the glossary, in both languages, each pointing at
the section that defines it.  Morale and Move were missing: a player searching the glossary for
the morale test or for how far a model moves found nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.directives.glossary import load_terms

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _labels() -> set[str]:
    return {
        label
        for page in DOCS.glob("*.md")
        for label in re.findall(r"^\(([a-z0-9-]+)\)=$", page.read_text(encoding="utf-8"), re.M)
    }


@pytest.mark.parametrize(
    "key,english,french,section",
    [("morale", "Morale", "Moral", "morale"), ("move", "Move", "Déplacement", "move")],
)
def test_a_table_term_is_in_the_glossary(key: str, english: str, french: str, section: str) -> None:
    terms = {term.key: term for term in load_terms(DOCS / "_data" / "glossary.toml")}
    assert key in terms, f"no glossary entry {key}"
    term = terms[key]
    assert term.names == {"en": english, "fr": french}
    assert term.section == section and section in _labels()
    assert all(len(term.definitions[lang]) > 80 for lang in ("en", "fr"))
