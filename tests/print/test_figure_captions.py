"""Each figure of the book has the caption of what it shows: the pushback sequence's five
diagrams once shared one caption among three of them ("Ranked unit charges the Dispersed unit"),
and a common noun took a capital inside the sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.print import layout

#: A figure's caption as printed: "Figure 3. …", centred under the figure.
FIGURE = re.compile(r"^\s*Figure (\d+)\.\s+(.*)$")


def figure_captions(pdf: Path) -> dict[str, str]:
    """Each figure's caption text, by its number."""
    found = {}
    for page in layout.read_pages(pdf):
        for line in page.lines:
            match = FIGURE.match(line)
            if match:
                found[match.group(1)] = layout.squeeze(match.group(2))
    return found


def shared_or_capitalised(pdf: Path) -> list[str]:
    captions = figure_captions(pdf)
    assert len(captions) >= 5
    wrong = []
    for number, text in captions.items():
        others = [n for n, t in captions.items() if t == text and n != number]
        if others:
            wrong.append(f"Figure {number} has the caption of Figure(s) {others}: {text!r}")
        capitals = [word for word in text.split()[1:] if word[:1].isupper()]
        if capitals:
            wrong.append(f"Figure {number}: capitals inside the sentence {capitals}: {text!r}")
    return wrong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_figure_has_its_own_caption(pdfs: dict[str, Path], lang: str) -> None:
    assert shared_or_capitalised(pdfs[lang]) == []
