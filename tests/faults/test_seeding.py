"""The rule that lets a fault's copy start from the baseline's build, and the moving of Sphinx's
environment to the copy's paths (the builds themselves: tests/faults/test_faults.py)."""

from __future__ import annotations

import os
from collections import defaultdict, namedtuple
from pathlib import Path

import pytest
from docutils import nodes

from tests.faults.seeding import _mover, changed_files, newer_than_build, seed_safe, snapshot


@pytest.mark.parametrize(
    "changed",
    [
        ["docs/magic.md"],
        ["locale/fr/LC_MESSAGES/magic.po"],
        ["docs/magic.md", "locale/fr/LC_MESSAGES/magic.po"],
    ],
)
def test_pages_and_page_catalogues_are_safe(changed: list[str]) -> None:
    assert seed_safe(changed)[0]


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        (["nqcore/locale/fr/LC_MESSAGES/nqcore.po"], "nqcore/locale/fr/LC_MESSAGES/nqcore.po"),
        (["nqcore/data/spells.toml"], "nqcore/data/spells.toml"),
        (["nqsphinx/directives/tables.py"], "nqsphinx/directives/tables.py"),
        (["docs/magic.md", "conf.py"], "conf.py"),
        (["docs/_data/glossary.toml"], "docs/_data/glossary.toml"),
        (["nqsphinx/site/templates/page.html"], "nqsphinx/site/templates/page.html"),
        (["Makefile"], "Makefile"),
    ],
)
def test_anything_else_keeps_a_clean_build(changed: list[str], named: str) -> None:
    safe, why = seed_safe(changed)
    assert not safe and why.startswith(f"{named}:")


def test_a_copy_that_changed_nothing_is_not_seeded() -> None:
    assert seed_safe([]) == (False, "nothing changed")


def test_the_changed_files_are_those_whose_bytes_differ(tmp_path: Path) -> None:
    for name, text in {"a.md": "a", "b.po": "b", "c.py": "c"}.items():
        (tmp_path / name).write_text(text)
    before = snapshot(tmp_path, ["a.md", "b.po", "c.py", "absent"])
    (tmp_path / "a.md").write_text("a")  # saved again, unchanged
    (tmp_path / "b.po").write_text("B")
    (tmp_path / "c.py").unlink()
    assert changed_files(tmp_path, before) == ["b.po", "c.py"]


def test_the_changed_files_become_newer_than_the_build(tmp_path: Path) -> None:
    (tmp_path / "_build").mkdir()
    (tmp_path / "_build/stamp").write_text("")
    (tmp_path / "page.md").write_text("")
    stamp = 2_000_000_000 * 10**9
    os.utime(tmp_path / "_build/stamp", ns=(stamp, stamp))
    newer_than_build(tmp_path, ["page.md"])
    assert (tmp_path / "page.md").stat().st_mtime_ns > stamp


def test_the_paths_under_the_baseline_move_to_the_copy() -> None:
    move = _mover("/b/baseline", "/b/copy")
    Pair = namedtuple("Pair", "left right")
    deps: defaultdict[str, set[Path]] = defaultdict(set, {"magic": {Path("/b/baseline/x.toml")}})
    moved = move({"deps": deps, "pair": Pair("/b/baseline/y", ["/b/baselines/z", 3])})
    assert moved["deps"] == {"magic": {Path("/b/copy/x.toml")}}
    assert isinstance(moved["deps"], defaultdict) and moved["deps"].default_factory is set
    assert moved["pair"] == Pair("/b/copy/y", ["/b/baselines/z", 3])  # not a sibling
    assert move("/b/baseline") == "/b/copy"
    toc = nodes.bullet_list("", nodes.list_item(""))
    toc.children[0].source = "/b/baseline/docs/index.md"
    move(toc)
    assert toc.children[0].source == "/b/copy/docs/index.md"
