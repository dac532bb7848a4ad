"""Drift guard for the sources: no game table is typed by hand in docs/*.md.

A pipe table (or ``list-table``) that repeats an engine table's headings, or most of its rows,
is a typed copy that will drift from the rules: the page must say ```{nq-table} <key>```.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from nqcore.tables.registry import get_table, table_keys
from nqsphinx.directives.tables import format_cell
from nqsphinx.messages import engine_text
from tests.building import ROOT

DOCS = ROOT / "docs"
Row = tuple[str, ...]

#: Typed copies kept on purpose, by page and engine table, with the reason.
KEPT: dict[tuple[str, str], str] = {}


@dataclass(frozen=True)
class TypedTable:
    where: str  # "docs/<page>.md:<line>"
    rows: tuple[Row, ...]  # heading row first


def _norm(cell: str) -> str:
    """A cell as a reader compares it: no Markdown emphasis or code marks, one space, any case."""
    cell = re.sub(r"[*_`]", "", cell).replace("\u2212", "-").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", cell).strip().casefold()


def _pipe_row(line: str) -> Row:
    return tuple(_norm(c) for c in re.split(r"(?<!\\)\|", line.strip().strip("|")))


def typed_tables(text: str, name: str) -> Iterator[TypedTable]:
    """Every pipe table and list-table of a MyST page, its cells normalised."""
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.lstrip().startswith("|"):
            start, rows = number, []
            while number < len(lines) and lines[number].lstrip().startswith("|"):
                row = _pipe_row(lines[number])
                if not all(re.fullmatch(r":?-+:?", c) for c in row):  # the delimiter row
                    rows.append(row)
                number += 1
            yield TypedTable(f"{name}:{start + 1}", tuple(rows))
            continue
        if re.match(r"\s*(```+|:::+)\{list-table\}", line):
            start, rows, cells = number, [], list[str]()
            number += 1
            while number < len(lines) and not re.match(r"\s*(```+|:::+)\s*$", lines[number]):
                item = re.match(r"\s*(\*\s+)?-\s+(.*)", lines[number])
                if item and item.group(1) and cells:
                    rows.append(tuple(cells))
                    cells = []
                if item:
                    cells.append(_norm(item.group(2)))
                number += 1
            if cells:
                rows.append(tuple(cells))
            yield TypedTable(f"{name}:{start + 1}", tuple(rows))
        number += 1


@cache
def engine_rows() -> dict[str, tuple[Row, tuple[Row, ...]]]:
    """Each engine table as the English page shows it: headings, then rows."""
    shown = {}
    for key in table_keys():
        table = get_table(key)
        heading = tuple(_norm(engine_text(c, "en")) for c in table.columns)
        rows = tuple(tuple(_norm(format_cell(c, "en")) for c in row) for row in table.rows)
        shown[key] = (heading, rows)
    return shown


def copied_engine_table(typed: TypedTable) -> str | None:
    """The key of the engine table ``typed`` copies best: the same headings, or at least two of
    its rows and at least half of them are rows of that table."""
    if len(typed.rows) < 2:
        return None
    heading, body = typed.rows[0], typed.rows[1:]
    best: tuple[int, int, str] | None = None
    for key, (engine_heading, engine_body) in engine_rows().items():
        same = sum(1 for row in typed.rows if row in engine_body)
        if heading == engine_heading or (same >= 2 and 2 * same >= len(body)):
            score = (same, heading == engine_heading, key)
            best = max(best, score) if best else score
    return best[2] if best else None


def typed_copies(docs: Path = DOCS) -> list[str]:
    found = []
    for page in sorted(docs.rglob("*.md")):
        name = page.relative_to(docs.parent).as_posix()
        for typed in typed_tables(page.read_text(encoding="utf-8"), name):
            key = copied_engine_table(typed)
            if key and (name, key) not in KEPT:
                found.append(
                    f"{typed.where}: game table {key!r} typed by hand; "
                    f"write ```{{nq-table}} {key}``` instead"
                )
    return found


def test_no_game_table_is_typed_in_the_docs() -> None:
    copies = typed_copies()
    assert not copies, "\n".join(copies)


def _typed_wound_table(change: bool) -> str:
    heading, rows = engine_rows()["wound-table"]
    table = [heading, tuple("---" for _ in heading), *rows]
    lines = ["| " + " | ".join(row) + " |" for row in table]
    if change:  # a hand edit of one value, headings included, still a copy
        lines[3] = lines[3].replace("| 6 |", "| 7 |", 1)
    return "Some prose.\n\n" + "\n".join(lines) + "\n\nMore prose.\n"


def test_the_guard_finds_a_typed_copy(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    prose = "| Colour | Mood |\n|---|---|\n| Tiny | 5 |\n| Huge | 9 |\n"
    (docs / "prose.md").write_text(prose, encoding="utf-8")
    assert typed_copies(docs) == []
    (docs / "wounds.md").write_text(_typed_wound_table(change=True), encoding="utf-8")
    assert typed_copies(docs) == [
        "docs/wounds.md:3: game table 'wound-table' typed by hand; "
        "write ```{nq-table} wound-table``` instead"
    ]
    lines = _typed_wound_table(change=False).splitlines()
    lines[2] = "| " + " | ".join(f"H{i}" for i in range(11)) + " |"  # other headings, same rows
    (docs / "wounds.md").write_text("\n".join(lines), encoding="utf-8")
    assert [c.split(":")[0] for c in typed_copies(docs)] == ["docs/wounds.md"]


def test_list_tables_are_read() -> None:
    text = "```{list-table}\n:header-rows: 1\n* - A\n  - *B*\n* - 1\n  - 2\n```\n"
    assert list(typed_tables(text, "x.md")) == [TypedTable("x.md:1", (("a", "b"), ("1", "2")))]
