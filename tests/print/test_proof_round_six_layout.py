"""What the sixth proof-reading marked in the four rulebooks, read from the PDFs
(:mod:`tests.print.proof_six_layout`, which also runs as a script on any built PDFs): Chapter 23's
opener, its title and a sentence alone on a page before its turned table; the French Table
28.1's header cells wrapped a word a line; "Double time" beside "Double Time"; and a table's
rules drawn across it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.print import proof_six_layout as proof_six

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]


def _book(pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str) -> Path:
    return (pdfs if paper == "a4" else letter_pdfs)[lang]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_near_empty_page_before_a_turned_table(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """The turned table goes on the page after the text that reaches it, which fills its
    page (Chapter 23's opener held its title and a sentence), but for a chapter's opening whose
    first section's heading goes with its turned table (Chapter 23's, with Table 23.1: the
    section's page holds its table)."""
    assert proof_six.near_empty_before_turned(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_odds_headers_wrap_to_two_lines_at_most(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """« Niveau de magie 0 » took four lines in a table half the line wide."""
    assert proof_six.tall_headers(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_of_a_table_spans_it(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    assert proof_six.short_rules(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_movement_ability_is_named_in_one_form(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """The book's "Double Time" (« Double temps »): the list of movement abilities printed
    "Double time", an erratum's reason began with it, the French glossary « le double temps »."""
    assert proof_six.other_name_forms(_book(pdfs, letter_pdfs, lang, paper), lang) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_turned_page_is_headed_by_its_tables_section(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """Table 23.1's landscape page, which follows the page where the text reaches the table,
    was headed "23.2 Armour Summary", the section the text had gone on to (an even page is
    headed by its chapter: French A4's page 164)."""
    heads = proof_six.turned_heads(_book(pdfs, letter_pdfs, lang, paper))
    assert heads.get("23.1", "23.1") == "23.1"
    assert heads.get("28.6", "28.5") == "28.5"
