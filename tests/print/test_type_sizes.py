"""No text of a rulebook is set under 7 pt, the least a reader reads at arm's length: a table
too wide for the line in its smallest type goes on a landscape page instead of shrinking
further (Tables 23.1 and 28.6, and French 28.3, were set in 6 pt).  A mark (†, *) set as a
superscript is no text to read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.print.conftest import Products
from tests.print.pdfs import pages, reader, runs

#: The least size of text (points), with a little for the PDF's rounding.
LEAST = 7.0 - 0.05
#: Marks set as superscripts, smaller than their line by design.
MARKS = frozenset("†‡*")


def small_text(pdf: Path) -> list[str]:
    """Each page's runs of text under :data:`LEAST`, as "p. N: size: words" (the first three)."""
    labels = reader(pdf).page_labels
    found = []
    for number in range(1, pages(pdf) + 1):
        small = [r for r in runs(pdf, number) if r.size < LEAST and not set(r.text) <= MARKS]
        if small:
            words = " ".join(r.text for r in small[:3])
            found.append(f"p. {labels[number - 1]}: {small[0].size:.1f} pt: {words}")
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_text_under_seven_points_a4(pdfs: dict[str, Path], lang: str) -> None:
    assert small_text(pdfs[lang]) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_text_under_seven_points_letter(letter_pdfs: dict[str, Path], lang: str) -> None:
    assert small_text(letter_pdfs[lang]) == []


#: The least size of a print product's text: its imprint, in 6 pt (nqprint.latex.LEAST_TYPE).
LEAST_PRODUCT = 6.0 - 0.05


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_print_product_sets_text_under_six_points(
    products: Products, lang: str, paper: str
) -> None:
    """Proof round 17: the imprint of the spell cards and templates was set in 5 pt (LaTeX's
    ``\\tiny`` in their 10 pt class), under what a printer's reader reads."""
    found = {}
    for product in ("quick-reference", "spell-cards", "templates"):
        pdf = products.pdf(product, lang, paper)
        sizes = {r.size for n in range(1, pages(pdf) + 1) for r in runs(pdf, n)}
        small = sorted(size for size in sizes if size < LEAST_PRODUCT)
        if small:
            found[product] = small
    assert found == {}
