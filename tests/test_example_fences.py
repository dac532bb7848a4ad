"""Every block of example code is read by the checker and the build alike, or refused at its
line (attack round twenty-seven: ``:hide:``, a YAML option block and ``{only} nqnever`` ran code
no reader saw, and ``:::{doctest}``, ```` ``` {doctest} ````, ```` ```{Doctest} ```` and
``{testcode}`` showed "Checked with the rules engine" above code that never ran)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqsphinx.example_fences import example_fence_problems, fence_problems
from nqsphinx.page_examples import pytest_sessionstart
from tests.building import ROOT

EXAMPLE = "::::{{example}}\n:result: {{}} or less\n\n{block}\n::::\n"


@pytest.mark.parametrize(
    ("block", "why"),
    [
        (":::{doctest}\n>>> 1\n1\n:::", "a doctest block written :::{doctest}"),
        ("``` {doctest}\n>>> 1\n1\n```", "a doctest block written ``` {doctest}"),
        ("```{Doctest}\n>>> 1\n1\n```", "a doctest block written ```{Doctest}"),
        ("````{doctest}\n>>> 1\n1\n````", "a doctest block written ````{doctest}"),
        ("```{testcode}\nprint(9)\n```", "a {testcode} block is never run"),
        ("```{testoutput}\n9\n```", "a {testoutput} block is never run"),
        ("```{testsetup}\nimport os\n```", "a {testsetup} block is never run"),
        ("```{doctest}\n:hide:\n>>> 1\n1\n```", "a doctest block with options"),
        ("```{doctest}\n---\nskipif: |\n  >>> 1\n---\n>>> 1\n1\n```", "a doctest block with"),
        ("````{only} nqnever\n```{doctest}\n>>> 1\n1\n```\n````", "a doctest block inside {only}"),
        ("```{doctest}\n>>>\t1\n1\n```", "a doctest block with a tab"),  # attack round 28
    ],
)
def test_a_block_read_apart_is_refused_at_its_line(block: str, why: str) -> None:
    found = fence_problems("# Magic\n\n" + EXAMPLE.format(block=block))
    line = 7 if "{only}" in block else 6
    assert [(n, w[: len(why)]) for n, w in found] == [(line, why)]


@pytest.mark.parametrize(
    ("code", "line", "why"),
    [
        (">>>from nqcore import x", 4, "lacks blank after >>>"),
        (">>> 1 + 1\n...2", 5, "lacks blank after ..."),
        (">>>\u00a0x = 1", 4, "lacks blank after >>>"),
        (">>> 1  # doctest: +FOO", 4, "has an invalid option"),
    ],
)
def test_a_doctest_line_python_cannot_read_is_refused_not_a_traceback(
    code: str, line: int, why: str
) -> None:
    """The checker stopped on these with pytest's INTERNALERROR, 43 lines of traceback."""
    found = fence_problems(f"# Magic\n\n```{{doctest}}\n{code}\n```\n")
    assert len(found) == 1 and found[0][0] == line and why in found[0][1], found


def test_the_checker_stops_before_any_example_runs(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "magic.md").write_text(
        "# Magic\n\n" + EXAMPLE.format(block=":::{doctest}\n>>> 1 + 1\n3\n:::"), encoding="utf-8"
    )
    config = type("Config", (), {"args": [str(docs)]})()
    with pytest.raises(pytest.UsageError, match=r"docs/magic.md:6: a doctest block written :::"):
        pytest_sessionstart(type("Session", (), {"config": config})())


def test_the_books_blocks_are_all_read_alike() -> None:
    pages = sorted((ROOT / "docs").rglob("*.md"))
    assert len(pages) > 20
    assert example_fence_problems(pages) == []
