"""The npm packages the site publishes (MiniSearch, Pyodide) are published only as ``npm ci``
installed them from their lock file: a file git tracks under a ``node_modules`` folder (added
with ``git add -f`` by a pull request) refuses the build, naming it, and so does a vendored file
whose bytes are not those recorded at install time (tools/record-vendored)."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from nqsphinx.refusals import Refused
from nqsphinx.site import quick_search, vendored
from tools.scratch import ROOT

LIBRARY = "node_modules/minisearch/dist/umd/index.js"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout whose tools/search holds MiniSearch as npm installed it, recorded."""
    _git(tmp_path, "init", "-q")
    search = tmp_path / "tools" / "search"
    (search / LIBRARY).parent.mkdir(parents=True)
    (search / "package-lock.json").write_text('{"lockfileVersion": 3}\n', encoding="utf-8")
    (search / LIBRARY).write_text("var MiniSearch = 1;\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("node_modules/\n", encoding="utf-8")
    _git(tmp_path, "add", ".")
    subprocess.run([ROOT / "tools" / "record-vendored", search], check=True)
    monkeypatch.setattr(quick_search, "TOOLS", search)
    monkeypatch.setattr(quick_search, "MINISEARCH", search / LIBRARY)
    return search


def test_the_installed_library_is_published(tools: Path) -> None:
    assert quick_search.minisearch() == b"var MiniSearch = 1;\n"


def test_a_file_git_tracks_under_node_modules_is_refused_naming_it(tools: Path) -> None:
    """The pull request's file, even with the bytes the install recorded."""
    _git(tools.parents[1], "add", "-f", f"tools/search/{LIBRARY}")
    with pytest.raises(Refused, match=f"git tracks .*tools/search/{LIBRARY}"):
        quick_search.minisearch()


def test_a_changed_vendored_file_is_refused_naming_it(tools: Path) -> None:
    (tools / LIBRARY).write_text('var MiniSearch = 1;document.title="PWNED-BY-PR";\n')
    with pytest.raises(Refused, match=f"tools/search/{LIBRARY}: not the file npm installed"):
        quick_search.minisearch()


def test_a_vendored_file_without_a_record_or_under_another_lock_is_refused(tools: Path) -> None:
    (tools / "package-lock.json").write_text('{"lockfileVersion": 3, "x": 1}\n')
    with pytest.raises(Refused, match="package-lock.json changed since"):
        quick_search.minisearch()
    vendored.record_path(tools).unlink()
    with pytest.raises(Refused, match="no record of what npm installed"):
        quick_search.minisearch()


def test_pyodide_is_read_through_the_same_check() -> None:
    """The At the table page's engine reads Pyodide's files as the header search reads
    MiniSearch's (nqcompanion/engine/bundle.py)."""
    from nqcompanion.engine import bundle

    source = Path(bundle.__file__).read_text(encoding="utf-8")
    assert "vendored.read(" in source and ".read_bytes() for name in PYODIDE_FILES" not in source


def test_a_record_in_node_modules_is_not_read_in_a_checkout(tools: Path) -> None:
    """Attack thirteen: a pull request carries a changed MiniSearch and the record sha256sum
    computes for it, in node_modules where npm and a checkout write; the record the build reads
    is in the checkout's git folder, where neither does."""
    library = (tools / LIBRARY).read_bytes() + b';alert("attack13");\n'
    (tools / LIBRARY).write_bytes(library)
    lock = (tools / "package-lock.json").read_bytes()
    forged = "".join(
        f"{hashlib.sha256(data).hexdigest()}  {name}\n"
        for name, data in (("package-lock.json", lock), (LIBRARY, library))
    )
    (tools / "node_modules" / ".nq-installed.sha256").write_text(forged, encoding="utf-8")
    with pytest.raises(Refused, match=f"tools/search/{LIBRARY}: not the file npm installed"):
        quick_search.minisearch()


def test_the_record_is_kept_in_the_git_folder(tools: Path) -> None:
    git_dir = tools.parents[1] / ".git"
    assert (git_dir / "nq-vendored" / "tools" / "search.sha256").is_file()
    assert not (tools / "node_modules" / ".nq-installed.sha256").exists()
