"""No heading breaks a word across lines: a heading too long for its line breaks between words
(French 21.14 « Maximum de capacités, de traits et d'équi-/pement », 21.19 and 23.4 were
hyphenated), in both languages, on A4 and US Letter; each heading found by its bookmark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.print import layout

#: A heading's number before its words: "21.14 ", « Chapitre 3 »'s own line aside.
NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s+")


def _joined(lines: list[str], *, split: bool) -> str:
    """``lines`` as one text: a line that ends in a hyphen after a letter joined to the next
    without it (``split``: a word cut by the break) or with it (a hyphen of the word's own)."""
    text = lines[0].strip()
    for line in lines[1:]:
        if re.search(r"\w-$", text):
            text = (text[:-1] if split else text) + line.strip()
        else:
            text += " " + line.strip()
    return NUMBER.sub("", layout.squeeze(text)).casefold()


def split_headings(pdf: Path) -> list[str]:
    """The headings printed on two or three lines with a word cut at a line's end."""
    pages = layout.read_pages(pdf)
    found = []
    for number, title in layout.outline(pdf):
        wanted = title.casefold()
        lines = pages[number - 1].lines
        for start in range(len(lines)):
            for count in (2, 3):
                run = list(lines[start : start + count])
                cut = any(re.search(r"\w-$", line.rstrip()) for line in run[:-1])
                if (
                    len(run) == count
                    and cut
                    and _joined(run, split=True) == wanted
                    and _joined(run, split=False) != wanted
                ):
                    found.append(f"{pages[number - 1].where()}: {' / '.join(run)}")
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_headings_are_not_hyphenated_a4(pdfs: dict[str, Path], lang: str) -> None:
    assert split_headings(pdfs[lang]) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_headings_are_not_hyphenated_letter(letter_pdfs: dict[str, Path], lang: str) -> None:
    assert split_headings(letter_pdfs[lang]) == []
