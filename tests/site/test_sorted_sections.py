"""Abilities, traits and equipment in the alphabetical order of the page's language: « Peur »
among the P in French (proof-reader rounds 26 and 34: the chapters kept the English order under
French names), the English in the book's order, every entry's anchor the same in both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.languages.sorted_sections import dictionary_key

#: An entry of the page: its section's anchor and its title.
ENTRY = re.compile(
    r'<section id="([^"]+)">\s*(?:<span id="[^"]*"></span>)*<h2>(.*?)<a class="headerlink"'
)


def _entries(site: Path, page: str) -> list[tuple[str, str]]:
    text = (site / f"{page}.html").read_text(encoding="utf-8")
    return [
        (anchor, re.sub(r"<[^>]+>", "", title).strip()) for anchor, title in ENTRY.findall(text)
    ]


@pytest.mark.parametrize(("page", "least"), [("abilities", 15), ("traits", 15), ("equipment", 7)])
def test_the_french_entries_are_in_french_alphabetical_order(
    html_sites: dict[str, Path], page: str, least: int
) -> None:
    french = _entries(html_sites["fr"], page)
    english = _entries(html_sites["en"], page)
    titles = [title for _, title in french]
    assert len(titles) >= least and titles == sorted(titles, key=dictionary_key), titles
    assert sorted(anchor for anchor, _ in french) == sorted(anchor for anchor, _ in english)
    book = [
        line[3:].strip()
        for line in Path(f"docs/{page}.md").read_text().splitlines()
        if line.startswith("## ")
    ]
    assert [title for _, title in english] == book  # the English keeps the book's order
