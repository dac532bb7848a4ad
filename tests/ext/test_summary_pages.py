"""The glossary and coverage pages, made from every page's reading, are written again when what
they show changed, and only then (a paragraph edited leaves them as they were: the resident
builder's and ``make html``'s rebuilds skip them; tests/site/test_live.py compares such a
rebuild with a clean build byte for byte)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.ext.conftest import build, copy_root

GLOSSARY = "glossary.html"
COVERAGE = "reference.html"  # the tiny rulebook's page with {nq-coverage}


def _written(outdir: Path) -> dict[str, int]:
    return {name: (outdir / name).stat().st_mtime_ns for name in (GLOSSARY, COVERAGE, "magic.html")}


def test_the_summary_pages_are_written_again_only_when_what_they_show_changed(
    tmp_path: Path,
) -> None:
    srcdir = copy_root("nq", tmp_path)
    outdir = Path(build(srcdir, "en").app.outdir)
    before = _written(outdir)
    page = srcdir / "magic.md"
    text = page.read_text(encoding="utf-8")

    # A sentence without a term, a section, an example or a table: neither page changes.
    edited = text.replace("7 or less.", "7 or less. The dice are rolled once.", 1)
    page.write_text(edited, encoding="utf-8")
    built = build(srcdir, "en")
    assert built.unexpected_warnings() == []
    after = _written(outdir)
    assert after["magic.html"] != before["magic.html"]  # the page itself is written again
    assert (after[GLOSSARY], after[COVERAGE]) == (before[GLOSSARY], before[COVERAGE])

    # The section Casting now holds no example: the coverage table changes.
    without_example = edited.replace(":::{example}", ":::{note}", 1)
    page.write_text(without_example, encoding="utf-8")
    build(srcdir, "en")
    again = _written(outdir)
    assert again[COVERAGE] != after[COVERAGE]
    assert again[GLOSSARY] == after[GLOSSARY]

    # A section of another page that uses a term: the glossary lists it.
    cards = srcdir / "cards.md"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + "\n(tiny-healing)=\n## Healing\n\nHealing gives back Wounds.\n",
        encoding="utf-8",
    )
    build(srcdir, "en")
    last = _written(outdir)
    assert last[GLOSSARY] != again[GLOSSARY]
    body = (outdir / GLOSSARY).read_text(encoding="utf-8").split("<body", 1)[1]
    assert "Used in: Casting, Healing" in re.sub(r"<[^>]+>", "", body)
