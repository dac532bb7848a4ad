"""Comments and docstrings say what the code does and why, not its history: no "Fixes:", no
"used to", no number of one of our issues (an upstream project's issue, "msgspec issue 717",
names its project)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.building import ROOT

FOLDERS = ("nqcore", "nqsphinx", "nqcompanion", "nqtranslate", "nqprint", "tools", "tests")
SUFFIXES = {".py", ".js", ".css", ".html", ".sh"}
HISTORY = re.compile(
    r"\bFixes\b:|\bused to (?!be the\b)|(?:^|[(#:;,.]\s*|\b(?:of|the|in|see|by|for) )issue \d+",
    re.I,
)


def _history(text: str) -> list[tuple[int, str]]:
    return [
        (n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if HISTORY.search(line)
    ]


def _files() -> list[Path]:
    return sorted(
        path
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*")
        if path.suffix in SUFFIXES
        and "node_modules" not in path.parts
        and path != Path(__file__).resolve()
    )


def test_no_comment_tells_history() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line[:100]}"
        for path in [*_files(), ROOT / "pyproject.toml"]
        for n, line in _history(path.read_text(encoding="utf-8"))
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_history_and_leaves_upstream_issues() -> None:
    told = [
        "// Fixes: the drawer",
        "# the box used to close",
        "# checklist of issue 16",
        "(issue 18)",
    ]
    assert all(_history(line) for line in told)
    kept = ["#: these types (msgspec issue 717)", "pytest-xdist issue 1386", "a fixes list"]
    assert not any(_history(line) for line in kept)
