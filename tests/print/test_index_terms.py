"""The index and the glossary give a defined term one page: the page of its definition.

A term defined in a section that runs over pages (the model's and the weapon's profiles, the
dice) has a ``target`` in the glossary file, the label of its defining paragraph, where the
glossary's "See the rules (p. N)" leads; its index entry gives that page too, read from the
printed index and the printed glossary of each of the four books."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.directives.rules_index import index_text
from tests.print import layout
from tests.print.page_refs import glossary

#: The glossary's title in the outline, per language.
GLOSSARY = {"en": "Glossary", "fr": "Glossaire"}
INDEX = "Index"


def glossary_pages(pdf: Path) -> dict[str, str]:
    """Each glossary entry's "(p. N)", by the entry's printed name (squeezed): the entries
    start at the margin, their definition and "See the rules" are indented."""
    outline = layout.outline(pdf)
    lang_titles = set(GLOSSARY.values())
    start = next(page for page, name in outline if name in lang_titles)
    end = next(page for page, name in outline if name == INDEX)
    found: dict[str, str] = {}
    name = ""
    body: list[str] = []
    lines = [line for page in layout.read_pages(pdf)[start - 1 : end - 1] for line in page.lines]
    for line in [*lines, "END"]:
        if line[:1].strip():
            reference = re.search(r"\(p\.\s*(\d+)\)", " ".join(body))
            if name and reference:
                found.setdefault(layout.squeeze(name), reference.group(1))
            name, body = line, []
        else:
            body.append(line)
    return found


def index_pages(pdf: Path) -> dict[str, list[str]]:
    """Each index entry's pages, by its words (squeezed)."""
    found = {}
    for entry in layout.index_lines(pdf, INDEX):
        match = re.match(r"(.*?),\s*(\d[\d,\s–-]*)(?:,|$)", entry)
        if match:
            found[layout.squeeze(match.group(1))] = re.findall(r"\d+", match.group(2))
    return found


def terms_indexed_off_their_definition(pdf: Path, lang: str) -> list[str]:
    """The terms with a target whose index entry lacks the glossary's page, as
    "name: glossary p. N, index pp. [...]"."""
    printed = glossary_pages(pdf)
    entries = index_pages(pdf)
    wrong = []
    targeted = [term for term in glossary() if term.target != term.section]
    assert targeted
    for term in targeted:
        name = layout.squeeze(index_text(term.label(lang), lang))
        page = printed[layout.squeeze(term.label(lang))]
        if page not in entries.get(name, []):
            wrong.append(f"{name}: glossary p. {page}, index pp. {entries.get(name)}")
    return wrong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_defined_terms_are_indexed_at_their_definition_a4(pdfs: dict[str, Path], lang: str) -> None:
    assert terms_indexed_off_their_definition(pdfs[lang], lang) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_defined_terms_are_indexed_at_their_definition_letter(
    letter_pdfs: dict[str, Path], lang: str
) -> None:
    assert terms_indexed_off_their_definition(letter_pdfs[lang], lang) == []


def glossary_entries(pdf: Path) -> dict[str, str]:
    """Each glossary entry's printed text (name, definition and references), by its name."""
    outline = layout.outline(pdf)
    start = next(page for page, name in outline if name in set(GLOSSARY.values()))
    end = next(page for page, name in outline if name == INDEX)
    found: dict[str, str] = {}
    name = ""
    lines = [line for page in layout.read_pages(pdf)[start - 1 : end - 1] for line in page.lines]
    for line in lines:
        if line[:1].strip():
            name = layout.squeeze(line)
            found[name] = ""
        elif name:
            found[name] += " " + layout.squeeze(line)
    return found


def rules_left_uncited(pdf: Path, lang: str) -> list[str]:
    """The terms whose definition states the rules of other sections (``rules``) and whose
    entry does not cite a page for each of them besides its own section's."""
    entries = glossary_entries(pdf)
    wrong = []
    for term in [term for term in glossary() if term.rules]:
        text = entries.get(layout.squeeze(term.label(lang)), "")
        pages = re.findall(r"\(p\.\s*(\d+)\)", text)
        if len(set(pages)) != 1 + len(term.rules):
            wrong.append(f"{term.label(lang)}: pp. {pages} for {term.rules}")
    return wrong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_definition_cites_each_section_it_summarises(pdfs: dict[str, Path], lang: str) -> None:
    """ "Army General": +1 on command tests (Command Test Modifiers) and twice the battle
    points (Additional Battle Points), each with its page besides Characters'."""
    assert any(term.rules for term in glossary())
    assert rules_left_uncited(pdfs[lang], lang) == []
