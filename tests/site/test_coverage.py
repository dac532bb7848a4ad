"""The Rules Coverage page: its numbers are those of a direct count over the Markdown sources."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nqcore.i18n import format_number, format_percent
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import ui_text
from tests.building import ROOT

DOCS = ROOT / "docs"
#: Directives that show engine data; every other ``nq-`` directive must be one of them too (a
#: ``{figure}`` of a hand-drawn diagram is not).
ENGINE_DIRECTIVES = {
    "nq-table",
    "nq-spell-cards",
    "nq-mutation-cards",
    "nq-errata",
    "nq-glossary",
    "nq-aspect-circle",
}
FENCE = re.compile(r"^(`{3,}|:{3,})\{([\w-]+)\}")
CLOSE = re.compile(r"^(`{3,}|:{3,})\s*$")


def markdown_coverage(page: Path) -> tuple[int, int, int, int]:
    """Sections, sections with a doctest inside an example, sections with an engine directive,
    sections with either: every heading is a section, its own text runs to the next heading."""
    sections: list[list[bool]] = []
    stack: list[tuple[str, int, str]] = []  # open fences: character, length, directive
    in_code = False  # a plain ``` code block: nothing inside it counts
    for line in page.read_text(encoding="utf-8").splitlines():
        if in_code:
            in_code = not line.startswith("```")
            continue
        opened = FENCE.match(line)
        if opened:
            fence, name = opened.groups()
            if sections and name in {"doctest", "testcode"}:
                sections[-1][0] |= any(s[2] == "example" for s in stack)
            if sections and (name in ENGINE_DIRECTIVES or name.startswith("nq-")):
                sections[-1][1] |= name not in {"nq-coverage", "nq-downloads"}
            stack.append((fence[0], len(fence), name))
            continue
        closed = CLOSE.match(line)
        if closed and stack:
            fence = closed.group(1)
            if fence[0] == stack[-1][0] and len(fence) >= stack[-1][1]:
                stack.pop()
                continue
        if line.startswith("```") and not stack:
            in_code = True
        elif not stack and re.match(r"#{1,6} ", line):
            sections.append([False, False])
    return (
        len(sections),
        sum(example for example, _ in sections),
        sum(engine for _, engine in sections),
        sum(example or engine for example, engine in sections),
    )


def test_markdown_counter_reads_examples_and_tables(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "(a)=\n# A\n\n::::{example}\nText.\n\n```{doctest}\n>>> 1\n1\n```\n::::\n\n"
        "(b)=\n## B\n\n```{nq-table} wound-table\n```\n\n```python\n# not a heading\n```\n\n"
        "(c)=\n## C\n\n:::{example}\nNo doctest.\n:::\n",
        encoding="utf-8",
    )
    assert markdown_coverage(page) == (3, 1, 1, 2)


class _CoverageReader(HTMLParser):
    """The rows of ``table.nq-coverage``: the link of the first cell and every cell's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[str, list[str]]] = []
        self._inside = False
        self._href = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "table" and "nq-coverage" in values.get("class", "").split():
            self._inside = True
        elif not self._inside:
            return
        elif tag == "tr":
            self._row, self._href = [], ""
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "a" and self._row is not None and not self._row:
            self._href = values.get("href", "")

    def handle_endtag(self, tag: str) -> None:
        if not self._inside:
            return
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(re.sub(r"[ \t\r\n]+", " ", "".join(self._cell)).strip(" \t\r\n"))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append((self._href, self._row))
            self._row = None
        elif tag == "table":
            self._inside = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _excluded() -> set[str]:
    text = (DOCS / "coverage.md").read_text(encoding="utf-8")
    found = re.search(r"^:exclude:(.*)$", text, re.M)
    assert found, "coverage.md: no :exclude: option"
    return set(found.group(1).split())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_coverage_page_matches_a_count_of_the_sources(
    html_sites: dict[str, Path], lang: str
) -> None:
    reader = _CoverageReader()
    reader.feed((html_sites[lang] / "coverage.html").read_text(encoding="utf-8"))
    header, *rows = reader.rows
    typeset = french_html if lang == "fr" else str
    assert header[1][0] == typeset(ui_text("Chapter", lang))
    *chapters, (_, total) = rows
    shown = {href.split("#")[0].removesuffix(".html"): cells for href, cells in chapters}
    pages = {p.stem for p in DOCS.glob("*.md")} - _excluded() - {"index", "coverage"}
    assert set(shown) == pages
    toctree = re.findall(r"^([a-z0-9-]+)$", (DOCS / "index.md").read_text(encoding="utf-8"), re.M)
    assert [p for p in toctree if p in shown] == [p for p in shown if p in toctree]  # book order
    sums = [0, 0, 0, 0]
    for page, cells in shown.items():
        counts = markdown_coverage(DOCS / f"{page}.md")
        sums = [a + b for a, b in zip(sums, counts, strict=True)]
        expected = [format_number(n, lang) for n in counts[:3]]
        expected.append(format_percent(Fraction(counts[3], counts[0]), lang))
        assert cells[1:] == [typeset(text) for text in expected], page
    share = format_percent(Fraction(sums[3], sums[0]), lang)
    numbers = [format_number(n, lang) for n in sums[:3]]
    assert total[1:] == [typeset(text) for text in [*numbers, share]]
    assert sums[1] >= 1 and sums[2] >= 1  # the count sees examples and engine tables
