"""The English sources hold the whole book: every heading of its Contents, each with a label."""

from __future__ import annotations

import re

from tests.building import ROOT

DOCS = ROOT / "docs"
CONTENTS = ROOT / "tests" / "data" / "book-contents.txt"


def _fold(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).strip()


def headings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for page in sorted(DOCS.glob("*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("#") and not line.startswith("#!"):
                found.setdefault(_fold(line.lstrip("#")), []).append(page.name)
    return found


def test_every_heading_of_the_contents_is_in_the_docs() -> None:
    listed = [
        line
        for line in CONTENTS.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert len(listed) > 250
    have = headings()
    missing = [title for title in listed if _fold(title) not in have]
    assert not missing, f"headings of the book's Contents missing from docs/: {missing}"


def test_every_heading_has_an_explicit_label() -> None:
    unlabelled = []
    for page in sorted(DOCS.glob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if re.match(r"#{1,6} ", line):
                before = lines[number - 1] if number else ""
                if not re.fullmatch(r"\([a-z0-9-]+\)=", before):
                    unlabelled.append(f"{page.name}:{number + 1}: {line}")
    assert not unlabelled, "\n".join(unlabelled)


def test_labels_are_unique_and_language_independent() -> None:
    labels: dict[str, str] = {}
    duplicates = []
    for page in sorted(DOCS.glob("*.md")):
        for label in re.findall(r"^\(([^)]+)\)=$", page.read_text(encoding="utf-8"), re.M):
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", label), f"{page.name}: {label}"
            if label in labels:
                duplicates.append(f"{label}: {labels[label]} and {page.name}")
            labels[label] = page.name
    assert not duplicates
