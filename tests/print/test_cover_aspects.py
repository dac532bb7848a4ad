"""The aspects' circle on each rulebook's cover (and the Magic chapter's diagram, drawn by the
same code): six discs of one size, in either language. A name too long for its disc grew it
(the French cover's « Obscurité » and « Lumière » discs were 51.6 and 44.9 pt, the others 42.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.print import pdfs as pdf_pages

#: The discs' diameter: 1.5 cm, in points.
DISC = 1.5 / 2.54 * 72


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_covers_six_aspect_discs_are_one_size(pdfs: dict[str, Path], lang: str) -> None:
    circles = [shape for shape in pdf_pages.shapes(pdfs[lang], 1) if shape.curves >= 4]
    discs = sorted(round(shape.width, 1) for shape in circles if shape.width < 2 * DISC)
    assert len(discs) == 6, discs
    assert all(abs(width - DISC) < 0.5 for width in discs), discs
