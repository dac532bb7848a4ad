"""Both rulebooks open their contents and chapters alike (nqsphinx.books.latex.CHAPTER_STYLE): the
contents page's title as the language writes it ("Contents", « Table des matières »), never in
capitals, and set in the same type at the same place; each chapter under "Chapter 1" /
« Chapitre 1 » in figures, its title as written.  Sphinx's default chapter style for English
(fncychap's Bjarne) printed "CONTENTS" and "CHAPTER ONE"; French got another style (Sonny).

Read with ``pdftotext -bbox``: each word of a page with its box, in points.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from nqsphinx.messages import ui_text
from tests.print import layout

LANGS = ("en", "fr")
#: A word's box and text in pdftotext's XHTML.
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


@dataclass(frozen=True)
class Line:
    """The first words of a page that share a baseline: their text and their box."""

    text: str
    left: float
    top: float
    right: float
    bottom: float

    @property
    def height(self) -> float:
        return self.bottom - self.top


def first_lines(pdf: Path, page: int, count: int) -> list[Line]:
    """The first ``count`` lines of file page ``page``: words whose boxes overlap in height, as
    "CHAPTER" and its taller figure."""
    words = [
        (float(a), float(b), float(c), float(d), html.unescape(text))
        for a, b, c, d, text in WORD.findall(
            layout._pdftotext(pdf, "-bbox", "-f", str(page), "-l", str(page))
        )
    ]
    lines: list[list[tuple[float, float, float, float, str]]] = []
    for word in words:
        if lines and word[1] < max(w[3] for w in lines[-1]) and word[3] > lines[-1][0][1]:
            lines[-1].append(word)
        else:
            lines.append([word])
    return [
        Line(
            " ".join(w[4] for w in line),
            min(w[0] for w in line),
            min(w[1] for w in line),
            max(w[2] for w in line),
            max(w[3] for w in line),
        )
        for line in lines[:count]
    ]


def contents_page(pdf: Path) -> int:
    """Page iii: after the cover (i) and the credits on its back (ii)."""
    return next(p.number for p in layout.read_pages(pdf) if p.label == "iii")


def first_chapter_page(pdf: Path) -> int:
    """Page 1 after the contents."""
    start = contents_page(pdf)
    return next(p.number for p in layout.read_pages(pdf)[start:] if p.label == "1")


@pytest.fixture(scope="module")
def titles(pdfs: dict[str, Path]) -> dict[str, Line]:
    return {lang: first_lines(pdfs[lang], contents_page(pdfs[lang]), 1)[0] for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_contents_title_is_written_as_the_language_writes_it(
    titles: dict[str, Line], lang: str
) -> None:
    assert layout.squeeze(titles[lang].text) == ui_text("Contents", lang)


def test_both_contents_titles_are_set_alike(titles: dict[str, Line]) -> None:
    """Same type size, same height on the page, both ending at the right margin."""
    en, fr = titles["en"], titles["fr"]
    assert abs(en.height - fr.height) < 0.5, (en, fr)
    assert abs(en.top - fr.top) < 1 and abs(en.right - fr.right) < 1, (en, fr)


@pytest.mark.parametrize("lang", LANGS)
def test_a_chapter_opens_with_its_number_in_figures_and_its_title_as_written(
    pdfs: dict[str, Path], lang: str
) -> None:
    pdf = pdfs[lang]
    entry = layout.read_pages(pdf)[contents_page(pdf) - 1].lines[1]  # "1 Introduction ... 1"
    title = layout.squeeze(entry).split(" ", 1)[1].rsplit(" ", 1)[0]
    name, heading = first_lines(pdf, first_chapter_page(pdf), 2)
    assert layout.squeeze(name.text).casefold() == f"{ui_text('Chapter', lang)} 1".casefold()
    assert layout.squeeze(heading.text) == title
