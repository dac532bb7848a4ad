"""Every page reference lands: the page a rulebook or a quick reference prints is the page
where the target's heading (or erratum, or card) stands, read from the PDFs' own text, in both
languages, on A4 and US Letter.  A label written above a heading was once set before the page
break that the heading's keep made: the aux gave it the page before too, and the quick
references, which read the first, sent players one page early."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqprint import quick_reference
from tests.print.conftest import Products
from tests.print.page_refs import (
    aux_labels,
    block_table,
    book_references,
    book_tables,
    heading,
    misplaced,
    page_texts,
    printed_references,
    squeeze,
    tables_titled,
    terms_off_their_page,
)
from tests.print.pdfs import pages, run_on, runs

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_label_of_the_rulebook_has_one_page(products: Products, lang: str, paper: str) -> None:
    labels = aux_labels(products.rulebook(lang, paper).with_suffix(".aux"))
    assert len(labels) > 1000
    twice = {
        name: [label.page for label in found]
        for name, found in labels.items()
        if len({label.page for label in found}) > 1
    }
    assert twice == {}, "labels set on two pages (a label before its heading's page break)"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebooks_page_references_land(products: Products, lang: str, paper: str) -> None:
    """Each "(p. N)" of the book, in the order printed, against the label LaTeX wrote it for:
    page N shows the target's heading.  Read in the order the PDF draws them (``-raw``): a line
    justified with a wide space after "Where:" was read by pdftotext as two columns, its second
    reference first."""
    book = products.rulebook(lang, paper)
    labels = book_references(book.with_suffix(".tex"))
    printed = printed_references(run_on(book, "pdftotext", "-raw"))
    assert len(printed) == len(labels) > 500
    assert misplaced(list(zip(labels, printed, strict=True)), book, lang) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_page_reference_stays_on_the_line_of_its_words(
    products: Products, lang: str, paper: str
) -> None:
    """ "momentum attack (p. 37)": no line of the rulebook starts with "(p. 37)", parted from the
    words it gives the page of (63 lines in English, 86 in French, before the space was tied)."""
    text = run_on(products.rulebook(lang, paper), "pdftotext")
    starts = [line for line in text.splitlines() if re.match(r"\(p\.\s*\d", line)]
    assert starts == []


@pytest.mark.parametrize("lang", LANGS)
def test_each_glossary_term_leads_to_the_page_that_defines_it(
    pdfs: dict[str, Path], lang: str
) -> None:
    """A glossary entry's "See the rules (p. N)" is its target's page, and that page shows the
    term: the model's and the weapon's profiles (a section of two or three pages) and the dice
    sent "Ranged Attack", "Use Cost", "Natural Roll" and others to their section's first page,
    a page before their paragraph (12 terms in English, 16 in French)."""
    assert terms_off_their_page(pdfs[lang], lang) == []


def _sheet_references(products: Products, lang: str, paper: str) -> dict[str, list[str]]:
    """Each block's pages as the sheet prints them: the numbers of the run after its heading."""
    pdf = products.pdf("quick-reference", lang, paper)
    every = [run for page in range(1, pages(pdf) + 1) for run in runs(pdf, page)]
    texts = [re.sub(r"\s+", " ", run.text) for run in every]
    found = {}
    for key in quick_reference.SOURCES:
        title = re.sub(r"\s+", " ", quick_reference.block_title(key, lang))
        reference = texts[texts.index(title) + 1]
        assert reference.startswith("p"), (key, reference)
        found[key] = re.findall(r"\d+", reference)
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_references_pages_land(products: Products, lang: str, paper: str) -> None:
    """Each block's page shows the heading of its rule in the rulebook of the same language
    and paper (a block of two rules, "pp. 32, 35": each rule on one of them, each page one of
    its rules)."""
    book = products.rulebook(lang, paper)
    labels = aux_labels(book.with_suffix(".aux"))
    texts = page_texts(book)
    tables = book_tables(labels)
    wrong = []
    for key, printed in _sheet_references(products, lang, paper).items():
        if block_table(tables, key, lang) is not None:
            continue  # the page of its table: test_the_quick_references_tables_are_on_their_pages
        heads = [heading(labels[name][-1], lang) for name in quick_reference.SOURCES[key]]
        # the page of the book's table in another chapter: test_the_chance_to_cast_gives_...
        printed = [
            p for p in printed if p not in {t.page for t in tables_titled(tables, key, lang)}
        ]
        for head in heads:
            if not any(head in texts[page] for page in printed):
                where = [number for number, text in texts.items() if head in text]
                wrong.append(f"{key}: {head!r} printed on {printed}, stands on {where}")
        for page in printed:
            if not any(head in texts[page] for head in heads):
                wrong.append(f"{key}: p. {page} shows none of {heads}")
    assert wrong == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_chance_to_cast_gives_its_rule_and_its_table(
    products: Products, lang: str, paper: str
) -> None:
    """The chance to cast is a table of the book (Table 28.1, in The Odds), as the other tables
    of the sheet are: its block cites that table's page, with the page of its rule (Magic), where
    the sheet once cited the rule alone."""
    book = products.rulebook(lang, paper)
    labels = aux_labels(book.with_suffix(".aux"))
    texts = page_texts(book)
    (table,) = tables_titled(book_tables(labels), "chance-to-cast", lang)
    rule = labels["magic:casting-a-spell"][-1].page
    printed = _sheet_references(products, lang, paper)["chance-to-cast"]
    assert printed == sorted({rule, table.page}, key=int)
    assert _caption(table.number, table.title).search(texts[table.page])


def _caption(number: str, title: str) -> re.Pattern[str]:
    """A table's caption as the book prints it: "Table 10.2: Roll required to wound" (French
    « TABLEAU 10.2 – ... »), its words squeezed as :func:`page_texts` squeezes a page."""
    return re.compile(rf"\b{re.escape(number)} ?[:–] {re.escape(squeeze(title))}")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_references_tables_are_on_their_pages(
    products: Products, lang: str, paper: str
) -> None:
    """A block that is one of the book's tables gives the page where that table stands, its
    caption on it, in the book of the same language and paper: the Letter sheets sent players
    to p. 55 for the wound table, the page of its section's heading, the table on p. 56."""
    book = products.rulebook(lang, paper)
    labels = aux_labels(book.with_suffix(".aux"))
    texts = page_texts(book)
    captions = book_tables(labels)
    checked, wrong = [], []
    for key, printed in _sheet_references(products, lang, paper).items():
        table = block_table(captions, key, lang)
        if table is None:
            continue
        checked.append(key)
        if printed != [table.page] or not _caption(table.number, table.title).search(
            texts[table.page]
        ):
            wrong.append(f"{key}: printed {printed}, table {table.number} on p. {table.page}")
    assert "wound-table" in checked and len(checked) >= 8, checked
    assert wrong == []
