"""What the sixth proof-reading measured on the printed cards, read from the PDFs
(:mod:`tests.print.proof_six_cards`, also a script to run on any built PDFs): each spell card's
stat line inside the rule above it, with a margin, on the four spell-card products and in the
rulebooks' cards chapter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import all_spells
from tests.print import proof_six_cards as proof_six
from tests.print.conftest import Products
from tests.print.pdfs import text

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]
CARDS = len(all_spells()) + len(all_mutations())


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_stat_line_keeps_inside_its_rule_on_the_spell_cards(
    products: Products, lang: str, paper: str
) -> None:
    pdf = products.pdf("spell-cards", lang, paper)
    assert proof_six.stat_lines(pdf) == CARDS
    assert proof_six.stat_lines_past_their_rule(pdf) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_stat_line_keeps_inside_its_rule_in_the_rulebook(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    pdf = (pdfs if paper == "a4" else letter_pdfs)[lang]
    assert proof_six.stat_lines(pdf) == CARDS
    assert proof_six.stat_lines_past_their_rule(pdf) == []


@pytest.mark.parametrize("paper", PAPERS)
def test_a_french_table_caption_says_tableau_as_its_next_pages_head(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], paper: str
) -> None:
    book = text((pdfs if paper == "a4" else letter_pdfs)["fr"])
    assert "TABLEAU" not in book and "FIGURE" not in book
    assert re.search(r"Tableau 15\.1 – ", book)
