"""What the resident builder (nqsphinx/site/live.py) does after a change: a page or a page
catalogue is built again in the running process; anything its parts read once per process (code,
configuration, data, templates, conftest.py) restarts it, as ``make`` starts new processes."""

from __future__ import annotations

import os
from pathlib import Path

from nqsphinx.site import live


def test_pages_and_page_catalogues_are_followed_anything_else_restarts(tmp_path: Path) -> None:
    followed = ["docs/magic.md", "docs/images/aspects.svg", "locale/fr/LC_MESSAGES/magic.po"]
    restart = [
        "docs/_data/glossary.toml",
        "nqsphinx/site/templates/page.html",
        "nqsphinx/site/static/nq.css",
        "locale/fr/LC_MESSAGES/sphinx.po",  # Sphinx's own words, read at start-up
        "locale/fr/LC_MESSAGES/removed-page.po",
        "nqsphinx/site/style.py",
        "nqcore/data/spells.toml",
        "conf.py",
        "Makefile",
    ]
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "magic.md").write_text("# Magic\n", encoding="utf-8")
    changed = [tmp_path / name for name in followed + restart]
    assert live.needs_restart(changed, tmp_path) == [tmp_path / name for name in restart]


def test_a_snapshot_sees_files_added_changed_and_removed(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    kept, edited, removed = (tmp_path / "docs" / n for n in ("a.md", "b.md", "c.md"))
    for page in (kept, edited, removed):
        page.write_text("x", encoding="utf-8")
    (tmp_path / "docs" / "a.mo").write_bytes(b"")  # compiled by the build: not an input
    before = live.snapshot([tmp_path / "docs", tmp_path / "Makefile"])
    assert sorted(before) == [kept, edited, removed]
    os.utime(edited, ns=(0, before[edited] + 1_000_000))
    removed.unlink()
    added = tmp_path / "docs" / "d.md"
    added.write_text("y", encoding="utf-8")
    after = live.snapshot([tmp_path / "docs", tmp_path / "Makefile"])
    assert live.changes(before, after) == sorted([edited, removed, added])
