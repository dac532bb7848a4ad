"""A symbolic link among the sources (a page, a page folder) or the catalogues stops the build of
the tiny rulebook before anything is read: it would publish a file from outside the project."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.ext.conftest import copy_root
from tests.ext.test_outbound import _started


def _outside(tmp_path: Path) -> Path:
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "SECRET.md").write_text("# Secret\n\nhost-secret-text\n", encoding="utf-8")
    return secret


def test_a_symbolic_link_among_the_pages_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    secret = _outside(tmp_path)
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "leak.md").symlink_to(secret / "SECRET.md")
    (srcdir / "ext").symlink_to(secret)
    index = srcdir / "index.md"
    index.write_text(
        index.read_text(encoding="utf-8").replace(
            "```{toctree}", "```{toctree}\nleak\next/SECRET", 1
        )
    )
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors == [
        f"ERROR: ext: symbolic link (to {secret}) in the sources: refused",
        f"ERROR: leak.md: symbolic link (to {secret / 'SECRET.md'}) in the sources: refused",
    ]
    built = [p for p in tmp_path.rglob("*.html")]
    assert built == []


def test_a_symbolic_link_among_the_catalogues_stops_the_build(
    tmp_path: Path, make_app: Any
) -> None:
    secret = _outside(tmp_path)
    srcdir = copy_root("nq", tmp_path)
    folder = srcdir / "locale" / "fr" / "LC_MESSAGES"
    (folder / "leak.po").symlink_to(secret / "SECRET.md")
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors == [
        f"ERROR: locale/fr/LC_MESSAGES/leak.po: symbolic link (to {secret / 'SECRET.md'})"
        " in the sources: refused"
    ]


def test_a_hard_link_among_the_pages_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    """A page that is another name of a file outside the project (``ln``) is refused by name."""
    secret = _outside(tmp_path)
    srcdir = copy_root("nq", tmp_path)
    os.link(secret / "SECRET.md", srcdir / "leak.md")
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors == [
        "ERROR: leak.md is a hard link (2 names: the other ones may be outside the project):"
        " refused"
    ]
    assert [p for p in tmp_path.rglob("*.html")] == []
