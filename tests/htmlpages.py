"""Read what a built HTML page shows: engine tables, links, text (stdlib parser only)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path


class _TableReader(HTMLParser):
    """Collects every ``table.nq-table``: its key, caption and cell texts row by row, as shown
    (without the text of ``hidden`` elements, such as a glossary term's definition), and apart
    from them the marks of the cells the book prints otherwise (``marks``: row, column counted
    with the header row, the mark's text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[dict[str, object]] = []
        self._table: dict[str, object] | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None
        self._hidden: list[str] = []  # the elements open inside a hidden one, outermost first
        self._mark: list[str] | None = None  # the text of a printed cell's mark, while open

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._hidden or "hidden" in dict(attrs):
            self._hidden.append(tag)
        elif "nq-printed-mark" in classes and self._cell is not None:
            self._mark = []
            self._hidden.append(tag)
        elif tag == "table" and "nq-table" in classes:
            key = next(c[len("nq-table-") :] for c in classes if c.startswith("nq-table-"))
            self._table = {"key": key, "caption": "", "rows": [], "marks": []}
        elif self._table is None:
            return
        elif tag == "caption":
            self._caption = []
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if self._hidden:
            if tag == self._hidden[-1]:
                self._hidden.pop()
            if not self._hidden and self._mark is not None:
                self._record_mark("".join(self._mark))
            return
        if self._table is None:
            return
        if tag == "caption" and self._caption is not None:
            self._table["caption"] = "".join(self._caption).strip().rstrip("#").strip()
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            # Collapse HTML white space only: a no-break space is part of the text ("70 %").
            self._row.append(re.sub(r"[ \t\r\n]+", " ", "".join(self._cell)).strip(" \t\r\n"))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            rows = self._table["rows"]
            assert isinstance(rows, list)
            rows.append(self._row)
            self._row = None
        elif tag == "table":
            self.tables.append(self._table)
            self._table = None

    def _record_mark(self, text: str) -> None:
        assert self._table is not None and self._row is not None and self._cell is not None
        rows, marks = self._table["rows"], self._table["marks"]
        assert isinstance(rows, list) and isinstance(marks, list)
        marks.append((len(rows), len(self._row), re.sub(r"\s+", " ", text).strip()))
        self._mark = None

    def handle_data(self, data: str) -> None:
        if self._mark is not None:
            self._mark.append(data)
        if self._hidden:
            return
        if self._cell is not None:
            self._cell.append(data)
        elif self._caption is not None:
            self._caption.append(data)


def engine_tables(page: Path) -> list[dict[str, object]]:
    reader = _TableReader()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader.tables


class _LinkReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[dict[str, str]] = []
        self.scripts: list[str] = []
        self.styles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "a":
            self.links.append(values)
        elif tag == "script" and values.get("src"):
            self.scripts.append(values["src"])
        elif tag == "link" and values.get("href"):
            self.styles.append(values["href"])


def links(page: Path) -> _LinkReader:
    reader = _LinkReader()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader
