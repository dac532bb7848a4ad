"""A worked example short enough to fit a page is never broken over a page turn, in either
language, on either paper: a player learning the rule reads it whole (proof round twenty-nine:
Projectile Travel's example ended, with its correction note, at the top of the next page).
The pages come from the marks at each end of each example
(:class:`nqsphinx.books.page_keeps.MarkExampleEnds`) in the book's ``.aux`` file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.books.page_keeps import EXAMPLE_BOX

#: ``\nqexamplepage{3:15:start}{71}``: the example, its lines, the end, its page.
LABEL = re.compile(r"\\nqexamplepage\{(\d+):(\d+):(start|end)\}\{(\d+)\}")


def example_pages(aux: str) -> dict[int, tuple[int, dict[str, int]]]:
    """Each example's lines and the page of each of its ends."""
    found: dict[int, tuple[int, dict[str, int]]] = {}
    for number, lines, end, page in LABEL.findall(aux):
        found.setdefault(int(number), (int(lines), {}))[1][end] = int(page)
    return found


def broken(aux: str) -> list[str]:
    """The examples of up to :data:`EXAMPLE_BOX` lines that end on another page than they start."""
    return [
        f"example {number} ({lines} lines): pages {ends.get('start')}–{ends.get('end')}"
        for number, (lines, ends) in example_pages(aux).items()
        if lines <= EXAMPLE_BOX and ends.get("start") != ends.get("end")
    ]


def test_a_broken_example_is_found() -> None:
    aux = (
        "\\nqexamplepage{1:15:start}{70}\n\\nqexamplepage{1:15:end}{71}\n"
        "\\nqexamplepage{2:40:start}{80}\n\\nqexamplepage{2:40:end}{81}\n"
        "\\nqexamplepage{3:9:start}{82}\n\\nqexamplepage{3:9:end}{82}\n"
    )
    assert broken(aux) == ["example 1 (15 lines): pages 70–71"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_short_example_is_broken_over_a_page_turn(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    book = (pdfs if paper == "a4" else letter_pdfs)[lang]
    aux = book.with_suffix(".aux").read_text(encoding="utf-8", errors="replace")
    assert len(example_pages(aux)) >= 50
    assert not broken(aux)
