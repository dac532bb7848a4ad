"""Every worked example of the book is executable: each ``{example}`` block of the Markdown holds a
doctest (run by Sybil, ``docs/conftest.py``), and each ``:erratum:`` it names is an erratum."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.book.errata import all_errata
from tests.building import ROOT

PAGES = sorted((ROOT / "docs").glob("*.md"))
_EXAMPLE = re.compile(r"^:::\{example\}\n(.*?)^:::$", re.MULTILINE | re.DOTALL)
_ERRATUM = re.compile(r"^:erratum:\s*(.+)$", re.MULTILINE)


def examples(page: Path) -> list[tuple[int, str]]:
    """The ``{example}`` blocks of a page: the line each starts on and its body."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m[1]) for m in _EXAMPLE.finditer(text)]


def test_the_pages_have_examples() -> None:
    assert sum(len(examples(page)) for page in PAGES) >= 40


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_has_a_doctest(page: Path) -> None:
    missing = [line for line, body in examples(page) if "```{doctest}" not in body]
    assert not missing, f"{page.name}: examples without a doctest at lines {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_erratum_exists(page: Path) -> None:
    known = {e.id for e in all_errata()}
    named = [
        i
        for _, body in examples(page)
        for m in _ERRATUM.finditer(body)
        for i in m[1].replace(",", " ").split()
    ]
    assert not set(named) - known, f"{page.name}: unknown errata {set(named) - known}"


def test_the_example_block_reader(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\n:::{example}\n:erratum: a, b\n\nText.\n\n```{doctest}\n>>> 1\n1\n```\n:::\n"
        ":::{example}\nNo doctest.\n:::\n",
        encoding="utf-8",
    )
    (first, second) = examples(page)
    assert first[0] == 3 and "```{doctest}" in first[1] and "```{doctest}" not in second[1]
    assert _ERRATUM.findall(first[1]) == ["a, b"]
