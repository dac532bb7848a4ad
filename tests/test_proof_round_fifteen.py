"""Proof round fifteen (session 30): the French PDFs' metadata named the translator as a creator
("Chris Gilders, Rodolphe Carpentier (traduction)" in /Author and two XMP dc:creator entries),
where the French e-book makes him a contributor (role trl)."""

from __future__ import annotations

import pytest

from nqprint.spell_cards import spell_cards_tex
from nqsphinx.books.pdf_cover import metadata


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pdfs_author_is_the_author_alone_and_the_translator_a_contributor(lang: str) -> None:
    for tex in (metadata(lang), spell_cards_tex(lang)):
        assert "pdfauthor={Chris Gilders}," in tex
        assert "traduction" not in tex.partition("pdfauthor=")[2].partition("}")[0]
        assert ("pdfinfo={Translator={Rodolphe Carpentier}}" in tex) == (lang == "fr")
