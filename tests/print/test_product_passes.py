"""The print products are compiled to a fixed point, as the rulebooks are: their LaTeX logs
ask for no other pass ("Rerun to get /PageLabels entry" ended all twelve).  Their pages are
labelled with the numbers they print, 1 to n: hyperref writes a ``/PageLabels`` entry only where
the labels differ from that default (the books' roman front matter), and a reader gives the
default where there is none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from nqprint.latex import compile_pdf, document
from tests.print.conftest import Products

PRODUCTS = ["quick-reference", "spell-cards", "templates"]
#: LaTeX asking for another pass (the package rerunfilecheck names itself "Rerun checks").
RERUN = re.compile(r"\bRerun\b(?! checks for auxiliary files)")


def labelled_by_folio(pdf: Path) -> bool:
    """Whether the pages' labels (pypdf reads ``/PageLabels``, or gives the default) are the
    numbers the pages print, 1 to n ("Templates and counters 1/4")."""
    parsed = PdfReader(str(pdf))
    return parsed.page_labels == [str(number) for number in range(1, len(parsed.pages) + 1)]


def test_a_two_page_document_is_compiled_until_it_settles(tmp_path: Path) -> None:
    pages = r"\pagestyle{plain}One\newpage Two"
    source = document(pages, lang="en", title="Passes", geometry="margin=1in")
    pdf = compile_pdf(source, tmp_path / "out" / "passes-en.pdf", tmp_path / "work")
    log = (tmp_path / "work" / "passes-en.log").read_text(encoding="utf-8", errors="replace")
    assert RERUN.search(log) is None
    assert labelled_by_folio(pdf)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("product", PRODUCTS)
def test_each_product_is_compiled_until_it_settles(
    products: Products, product: str, lang: str, paper: str
) -> None:
    assert RERUN.search(products.latex_log(product, lang, paper)) is None
    assert labelled_by_folio(products.pdf(product, lang, paper))
