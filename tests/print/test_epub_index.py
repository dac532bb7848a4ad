"""The e-book's index names what each of an entry's links leads to ("Armour Save, Armour Saves,
Glossary, The Odds"), in the book's language: in the e-book a bare "[1], [2]" tells the reader
nothing, where print has page numbers. Read from each EPUB's genindex.xhtml."""

from __future__ import annotations

import re
import zipfile
from html import unescape
from pathlib import Path

import pytest

from tests.building import Build

#: An index entry's links: its words' link, then one link per other place.
ENTRY = re.compile(r"<li>(<a href=[^\n]*?)(?:\n|<ul>|</li>)")
LINK = re.compile(r'<a href="([^"#]*)#?([^"]*)">(?:<strong>)?(.*?)(?:</strong>)?</a>')
HEADING = re.compile(r'<(h[1-6])>(.*?)</\1>|\bid="([^"]+)"', re.S)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def page_titles_and_sections(book: zipfile.ZipFile) -> dict[str, tuple[str, dict[str, str]]]:
    """Each page's title (its first heading) and the heading that follows each id in it."""
    found: dict[str, tuple[str, dict[str, str]]] = {}
    for name in book.namelist():
        if not name.endswith(".xhtml") or name.endswith("genindex.xhtml"):
            continue
        html = book.read(name).decode("utf-8")
        title, sections, pending = "", {}, []
        for match in HEADING.finditer(html):
            if match.group(3):
                pending.append(match.group(3))
                continue
            heading = _text(match.group(2))
            title = title or heading
            for anchor in pending:
                sections[anchor] = heading
            pending = []
        found[Path(name).name] = (title, sections)
    return found


def unnamed_locators(epub: Path) -> tuple[int, list[str]]:
    """The number of entries with several links, and each link after an entry's first whose
    words are not the title of its section (or, on the glossary and odds pages and for an
    anchor of no heading, of its page), or which two links of the entry share: a title found
    twice is told apart by its page's, "Armour Values (The Army)"."""
    with zipfile.ZipFile(epub) as book:
        index = next(n for n in book.namelist() if n.endswith("genindex.xhtml"))
        html = book.read(index).decode("utf-8")
        pages = page_titles_and_sections(book)
    several, wrong = 0, []
    for entry in ENTRY.findall(html):
        links = LINK.findall(entry)
        several += len(links) > 1
        names = [_text(words).casefold() for _, _, words in links]
        for page, anchor, words in links[1:]:
            title, sections = pages.get(Path(page).name, ("", {}))
            section = sections.get(anchor, title)
            named = {title, section, f"{section} ({title})"}
            shared = names[1:].count(_text(words).casefold()) > 1 or (
                _text(words).casefold() == names[0] and section != title
            )  # an entry's words that its chapter's title repeats ("Morale, Morale") are apart
            if _text(words) not in named or shared:
                wrong.append(f"{_text(links[0][2])}: {_text(words)!r} for {page}#{anchor}")
    return several, wrong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_locator_names_what_it_leads_to(epub_builds: dict[str, Build], lang: str) -> None:
    several, wrong = unnamed_locators(epub_builds[lang].check() / "noquarter.epub")
    assert several > 100
    assert wrong == []
