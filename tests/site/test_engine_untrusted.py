"""The engine zip every reader downloads ships only files of the project: a contributor's link in
nqcore/ (``nqcore/notes.json`` -> ``/etc/passwd``), a hard link, or files beyond its 4 MiB budget
stop the build naming them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nqcompanion.engine import bundle
from nqsphinx.refusals import Refused


def _package(tmp_path: Path) -> Path:
    package = tmp_path / "nqcore"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "data" / "spells.toml").write_text("", encoding="utf-8")
    (package / "notes.txt").write_text("not shipped", encoding="utf-8")
    return package


def test_the_package_s_own_files_are_shipped(tmp_path: Path) -> None:
    package = _package(tmp_path)
    shipped = [p.relative_to(package).as_posix() for p in bundle.package_files(package, tmp_path)]
    assert shipped == ["__init__.py", "data/spells.toml"]


@pytest.mark.parametrize("name", ["notes.json", "data/extra.toml", "module.py"])
def test_a_symbolic_link_stops_the_build_naming_it(tmp_path: Path, name: str) -> None:
    package = _package(tmp_path)
    secret = tmp_path / "secret"
    secret.write_text("the build machine's", encoding="utf-8")
    (package / name).symlink_to(secret)
    with pytest.raises(Refused, match=rf"nqcore/{name}\b.*symbolic link"):
        bundle.package_files(package, tmp_path)


def test_a_linked_folder_is_not_followed_and_a_hard_link_stops_the_build(tmp_path: Path) -> None:
    package = _package(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "leak.json").write_text("{}", encoding="utf-8")
    (package / "linked").symlink_to(outside, target_is_directory=True)
    (package / "hard.toml").write_text("", encoding="utf-8")
    shipped = [p.relative_to(package).as_posix() for p in bundle.package_files(package, tmp_path)]
    assert "hard.toml" in shipped and not [name for name in shipped if "leak" in name]
    os.link(package / "hard.toml", outside / "other-name.toml")
    with pytest.raises(Refused, match=r"hard\.toml.*hard link"):
        bundle.package_files(package, tmp_path)


def test_one_file_larger_than_the_budget_stops_it(tmp_path: Path) -> None:
    """40 MiB of notes nothing reads would be downloaded by every reader: refused, named."""
    package = _package(tmp_path)
    with (package / "notes.json").open("wb") as notes:
        notes.truncate(4 * 2**20 + 1)
    with pytest.raises(Refused, match=r"more than the 4 MiB .*nqcore/notes\.json \(4\.0 MiB\)"):
        bundle.package_files(package, tmp_path)


def test_many_files_each_within_the_limit_stop_it_together(tmp_path: Path) -> None:
    """Ten files of nearly 4 MiB each grew every reader's engine by 30 MB: the package's files
    together may come to 4 MiB at the most."""
    package = _package(tmp_path)
    for index in range(3):
        with (package / "data" / f"blob{index}.json").open("wb") as blob:
            blob.truncate(2 * 2**20)
    with pytest.raises(Refused, match=r"come to 6\.0 MiB, more than the 4 MiB .*blob"):
        bundle.package_files(package, tmp_path)
