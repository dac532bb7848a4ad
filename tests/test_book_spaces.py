"""The no-break spaces the books set in their running text (nqsphinx.books.units): a figure and
its unit, and a diagram's key against its number."""

from __future__ import annotations

import html

from nqcore import po
from nqsphinx.books.epub_cover import cover_svg
from nqsphinx.books.units import book_spaces, unit_spaces
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import ui_text
from tests.building import ROOT

NBSP = "\u00a0"


def _caption() -> str:
    text = (ROOT / "docs" / "hold-actions.md").read_text("utf-8")
    (caption,) = [line for line in text.splitlines() if line.startswith("A unit of spearmen")]
    return caption


def test_a_diagrams_arrow_is_never_parted_from_its_number() -> None:
    """The flee figure's caption keys its arrows "(arrow 1)", "(arrows 2)": a line ended at
    "(arrows" and the next began "2)" (EN A4 p. 79)."""
    english = book_spaces(_caption())
    assert all(f"({key}{NBSP}{n})" in english for key, n in [("arrow", 1), ("arrows", 2)])
    catalogue = po.read((ROOT / "locale/fr/LC_MESSAGES/hold-actions.po").read_bytes())
    (french,) = [str(m.string) for m in po.messages(catalogue) if str(m.id) == _caption()]
    assert f"(flèches{NBSP}2)" in book_spaces(french)


def test_the_spaces_are_set_where_they_belong_only() -> None:
    assert book_spaces("25mm miniatures (arrow 3)") == f"25\u202fmm miniatures (arrow{NBSP}3)"
    assert book_spaces("(see page 3) and (2 arrows)") == "(see page 3) and (2 arrows)"


def test_the_e_book_cover_sets_the_scale_as_the_pdf_cover_does() -> None:
    """ "25–30 mm" with the narrow no-break space of the PDF's cover, in both languages."""
    for lang in ("en", "fr"):
        scale = unit_spaces(ui_text("for 25–30 mm miniatures", lang))
        assert "30\u202fmm" in scale
        assert html.escape(french_html(scale) if lang == "fr" else scale) in cover_svg("T", lang)


def test_the_books_and_the_languages_typography_skip_the_same_texts_by_one_definition() -> None:
    """Code, literals and raw output are left alone by the books' spaces, the languages'
    typography and the tables' measure alike: one list of what is skipped, one walk up a text's
    parents, in :mod:`nqsphinx.languages.typography`."""
    from docutils import nodes

    from nqsphinx.books import measure, units
    from nqsphinx.languages import typography

    assert units.SKIP is typography.SKIP
    assert units.ancestors is measure.ancestors is typography.ancestors
    text = nodes.Text("25mm")
    code = nodes.literal("", "", text)
    paragraph = nodes.paragraph("", "", code)
    assert typography.ancestors(text) == [code, paragraph]
