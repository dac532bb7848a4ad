"""Checks of a rulebook PDF for what the sixth proof-reading marked: a near-empty page before a
turned (landscape) table, a table's header cells wrapped to more than :data:`HEADER_LINES`
lines, a movement ability's name in two forms ("Double time" and "Double Time"); and that a
table's rules span it (a bottom rule drawn under its first column only).

Each returns what it found wrong as short strings naming the page (an empty list: the rule
holds). Run as a script on built PDFs (``python -m tests.print.proof_six_layout a.pdf b.pdf``) it
prints them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tests.print.layout import CAPTION, Page, _heading_line, outline_levels, read_pages
from tests.print.pdfs import reader, shapes

#: A page with fewer body lines than this before a turned table's page is near empty: the
#: table's landscape page began as soon as the text reached it, and left the rest blank.
FEW_LINES = 10
#: The most lines a table's header cell wraps to.
HEADER_LINES = 2
#: The tables whose headers are checked: the odds' first (long French headers, narrow figures).
HEADED_TABLES = ("28.1", "28.2")


#: The forms of the movement abilities' names the book does not print, by language: the
#: book's are "Double Time" and "Cavalry Move" (lower case in running text: "the double time
#: ability"), « Double temps » and « Déplacement de cavalerie » (a French heading is in
#: sentence case, tests/test_french_headings.py: the erratum « Table des capacités de
#: mouvement, double temps avec 3 actions », wherever its title is quoted, hyphenated or not).
OTHER_FORMS = {
    "en": re.compile(r"\bDouble time\b|\bCavalry move\b"),
    "fr": re.compile(
        r"(?<!vement, )\bdouble temps\b|\bDouble Temps\b|\bDéplacement de Cavalerie\b"
    ),
}


def other_name_forms(pdf: Path, lang: str) -> list[str]:
    """The names of the movement abilities printed in a form not the book's, by page."""
    found = []
    for page in read_pages(pdf):
        text = " ".join(" ".join(line.split()) for line in page.lines)
        found += [f"{page.where()}: {m.group(0)!r}" for m in OTHER_FORMS[lang].finditer(text)]
    return found


def _turned(pdf: Path, number: int) -> bool:
    return bool(reader(pdf).pages[number - 1].get("/Rotate", 0) % 180 == 90)


def _opens_a_section(pdf: Path, page: Page) -> bool:
    """Whether ``page`` opens with the heading of a section (below a chapter) that starts on it:
    the page holds that section from its start, not lines run over from the page before."""
    return any(
        number == page.number and depth > 0 and _heading_line(page.lines[:3], title) is not None
        for number, title, depth in outline_levels(pdf)
    )


def _opens_a_chapter_before_its_section(pdf: Path, page: Page, following: Page) -> bool:
    """Whether ``page`` opens a chapter and ``following`` holds a section's heading: the
    chapter's opening alone before its first section, whose heading goes with its turned
    table (Chapter 23's title and sentence, then "23.1 Model Characteristics Summary" over
    Table 23.1: no page holds the opening, the heading and the table together)."""
    levels = outline_levels(pdf)
    chapter = any(number == page.number and depth == 0 for number, _, depth in levels)
    return chapter and any(n == following.number and depth > 0 for n, _, depth in levels)


def near_empty_before_turned(pdf: Path, few: int = FEW_LINES) -> list[str]:
    """Pages of fewer than ``few`` body lines (not blank, not turned) followed by a turned
    page, unless the page opens with its section's heading (a short section kept whole with
    the table that ends it and its chapter) or is a chapter's opening before its first
    section's turned page."""
    pages = read_pages(pdf)
    return [
        f"{page.where()}: {len(page.lines)} lines before a turned page"
        for page, following in zip(pages, pages[1:], strict=False)
        if page.lines
        and len(page.lines) < few
        and not _turned(pdf, page.number)
        and _turned(pdf, following.number)
        and not _opens_a_section(pdf, page)
        and not _opens_a_chapter_before_its_section(pdf, page, following)
    ]


def turned_heads(pdf: Path) -> dict[str, str]:
    """Each turned page's table (its caption's number) and the section its running head names
    (its number: "23.1")."""
    found = {}
    for page in read_pages(pdf):
        captions = [m for line in page.lines if (m := CAPTION.match(line))]
        section = re.search(r"\b(\d+\.\d+)\b", page.head)
        if _turned(pdf, page.number) and captions and section:
            found[captions[0].group(2)] = section.group(1)
    return found


def header_lines(pdf: Path, number: str) -> int:
    """The lines of Table ``number``'s header as printed: from its caption to its first row,
    the spell level 1 (a header's last line may open with a figure: « 0 1 2 3 »)."""
    for page in read_pages(pdf):
        for index, line in enumerate(page.lines):
            found = CAPTION.match(line)
            if found and found.group(2) == number:
                rows = page.lines[index + 1 :]
                return next(i for i, row in enumerate(rows) if re.match(r"^\s*1\s", row))
    raise AssertionError(f"{pdf.name}: no Table {number}")


def tall_headers(pdf: Path, numbers: tuple[str, ...] = HEADED_TABLES) -> list[str]:
    """The tables of ``numbers`` whose header takes more than :data:`HEADER_LINES` lines."""
    found = []
    for number in numbers:
        lines = header_lines(pdf, number)
        if lines > HEADER_LINES:
            found.append(f"Table {number}: a header of {lines} lines")
    return found


def short_rules(pdf: Path) -> list[str]:
    """Rules of a table (the lines across it, grouped by their left end) shorter than its
    longest by more than a point, by page."""
    found = []
    for page in read_pages(pdf):
        rules = [s for s in shapes(pdf, page.number) if s.height < 0.5 and s.lines == 1]
        tables: dict[float, list[float]] = {}
        for rule in rules:
            tables.setdefault(round(rule.x0), []).append(rule.x1)
        for left, rights in tables.items():
            short = [right for right in rights if right < max(rights) - 1]
            if short:
                found.append(f"{page.where()}: a rule from {left} pt ends {min(short):.0f} pt")
    return found


def main(paths: list[str]) -> int:
    failed = 0
    for path in map(Path, paths):
        results = {
            "near-empty pages before turned tables": near_empty_before_turned(path),
            "tall headers": tall_headers(path),
            "short rules": short_rules(path),
            "other name forms": other_name_forms(path, "fr" if "-fr" in path.name else "en"),
            "turned pages' heads": [f"Table {t}: {s}" for t, s in turned_heads(path).items()],
        }
        for name, found in results.items():
            failed += bool(found)
            print(f"{path.name}: {name}: {len(found)}", *found, sep="\n  ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
