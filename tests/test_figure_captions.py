"""A figure's caption names the figure; the sentence after it does not say it again word for
word (the deployment zones' caption was the next sentence, printed twice in a row)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.building import ROOT

PAGES = sorted((ROOT / "docs").glob("*.md"))
_FIGURE = re.compile(r"^```\{figure\}[^\n]*\n(.*?)^```\n+(.*?)(?:\n\n|\Z)", re.M | re.S)


def repeated_captions(text: str) -> list[str]:
    """The captions whose words (after a "Name:" lead) the following paragraph repeats; a
    caption that is a name ("Closed Formation") may well be the next sentence's subject."""
    found = []
    for body, after in _FIGURE.findall(text):
        lines = [line for line in body.strip().splitlines() if not line.startswith(":")]
        caption = " ".join(lines).strip()
        words = caption.split(": ", 1)[-1].rstrip(".").casefold()
        if len(words.split()) >= 5 and words in after.casefold():
            found.append(caption)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_caption_is_repeated_by_the_next_sentence(page: Path) -> None:
    assert repeated_captions(page.read_text(encoding="utf-8")) == []


def test_the_figures_are_read() -> None:
    assert sum(len(_FIGURE.findall(p.read_text(encoding="utf-8"))) for p in PAGES) >= 3


def test_the_repetition_check_can_fail() -> None:
    text = (
        '```{figure} /_static/a.svg\n:alt: A table.\n\nZones: no more than 12" onto it.\n```\n\n'
        'Models are set up no more than 12" onto it.\n'
    )
    assert repeated_captions(text) == ['Zones: no more than 12" onto it.']
