"""One calculators' engine for both sites (``nqcompanion/engine/bundle.py``): both sites' calculator
pages load it from the one folder beside them, which holds Pyodide's runtime and only the part
of Python's standard library that the engine imports (``nqcompanion/engine/imports.py``)."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from nqcompanion.engine import bundle, imports
from nqsphinx.refusals import Refused
from nqsphinx.site import engine_files, offline
from nqsphinx.site.root_page import write_root


@pytest.fixture(scope="module")
def served(html_sites: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both sites as ``make html`` lays them out, the root page (and the engine) written last."""
    root = tmp_path_factory.mktemp("one-engine") / "html"
    for lang, built in html_sites.items():
        shutil.copytree(built, root / lang, ignore=shutil.ignore_patterns(".buildinfo"))
    write_root(root)
    return root


def test_both_sites_reference_the_one_engine(served: Path) -> None:
    """Each language's calculators page names ``../_engine/``, which holds every engine file;
    no site carries a copy of its own."""
    for lang in ("en", "fr"):
        page = (served / lang / "at-the-table.html").read_text(encoding="utf-8")
        found = re.search(r'data-engine="([^"]*)"', page)
        assert found, f"{lang}: no engine on the calculators' page"
        folder = (served / lang / html.unescape(found.group(1))).resolve()
        assert folder == (served / engine_files.SHARED_DIR).resolve(), (lang, found.group(1))
        assert not (served / lang / "_static" / engine_files.ENGINE_DIR).exists()
    names = {p.name for p in (served / engine_files.SHARED_DIR).iterdir()}
    assert names == set(engine_files.ENGINE_NAMES)
    worker = (served / offline.WORKER).read_text(encoding="utf-8")
    assert '"_engine/pyodide.asm.wasm"' in worker  # kept once, for both sites


def test_read_the_docs_sites_carry_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each Read the Docs project is served apart: there each site has its own copy."""
    monkeypatch.setenv("READTHEDOCS", "True")
    assert engine_files.engine_url("") == "_static/nq-engine/"
    assert engine_files.engine_folder(Path("out/fr")) == Path("out/fr/_static/nq-engine")
    monkeypatch.delenv("READTHEDOCS")
    assert engine_files.engine_url("") == "../_engine/"
    assert engine_files.engine_folder(Path("out/fr")) == Path("out/_engine")


def test_the_standard_library_is_what_the_engine_imports() -> None:
    """What nqcore reaches is kept (re, json, tomllib, fractions, argparse, Pyodide's own), what
    it never imports is not (sqlite3, tkinter, curses, mailboxes, mocks...), and the
    library shrinks by more than a third."""
    files = bundle.engine_files()
    full = (bundle.ensure_pyodide() / engine_files.STDLIB).read_bytes()
    names = set(zipfile.ZipFile(io.BytesIO(files[engine_files.STDLIB])).namelist())
    for kept in (
        "re/__init__.py",
        "json/__init__.py",
        "tomllib/__init__.py",
        "fractions.py",
        "argparse.py",
        "encodings/utf_8.py",
        "_pyodide/_base.py",
        "pyodide/ffi/__init__.py",
    ):
        assert kept in names, kept
    for dropped in (
        "sqlite3/__init__.py",
        "mailbox.py",
        "wsgiref/simple_server.py",
        "unittest/mock.py",
        "idlelib/idle.py",
        "turtle.py",
        "curses/__init__.py",
    ):
        assert dropped not in names, dropped
    assert len(files[engine_files.STDLIB]) < 0.75 * len(full)
    assert b'"packages": {}' in files[engine_files.LOCK_FILE]


def test_the_engine_zip_holds_the_bridge_the_worker_imports() -> None:
    """The worker imports ``nqcompanion.bridge.web`` from the engine's zip: the bridge and the
    packages that hold it are there, none of the page's code, and importing the bridge imports
    no Sphinx (Pyodide has none)."""
    names = set(zipfile.ZipFile(io.BytesIO(bundle.engine_zip())).namelist())
    bridge = {"__init__.py", "bridge/__init__.py", "bridge/web.py", "bridge/web_army.py"}
    assert {f"nqcompanion/{name}" for name in bridge} <= names
    assert not [name for name in names if name.startswith("nqcompanion/page/")]
    assert "nqcompanion.bridge.web_picks" in bundle.imported()
    worker = (bundle.COMPANION / "static" / engine_files.WORKER).read_text(encoding="utf-8")
    assert 'pyodide.pyimport("nqcompanion.bridge.web")' in worker
    check = (
        "import sys, nqcompanion.bridge.web; print(sorted(m for m in sys.modules if 'sphinx' in m))"
    )
    result = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[]\n"


def test_the_engine_zip_holds_its_catalogues_compiled(tmp_path: Path) -> None:
    """The French catalogue, read and checked when the zip is made: the engine given that file
    translates as reading the ``.po`` does, and reads no ``.po``; the worker gives it."""
    from nqcore import catalogue_loading, i18n

    archive = zipfile.ZipFile(io.BytesIO(bundle.engine_zip()))
    compiled = tmp_path / engine_files.COMPILED_CATALOGUES
    compiled.write_bytes(archive.read(engine_files.COMPILED_CATALOGUES))
    po = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "nqcore.po"
    read = catalogue_loading.load_po(po)
    assert len(read) > 1000
    try:
        catalogue_loading.use_compiled(str(compiled))
        catalogue_loading.load_po.cache_clear()
        given = catalogue_loading.messages(po)
        assert catalogue_loading.load_po.cache_info().currsize == 0  # no .po was read
    finally:
        catalogue_loading._compiled.clear()
    assert given == read

    def english_and_place(messages: dict[str, str]) -> dict[str, tuple[str, str]]:
        return {key: (text.msgid, text.where) for key, text in messages.items()}  # type: ignore[attr-defined]

    assert english_and_place(given) == english_and_place(read)
    worker = (bundle.COMPANION / "static" / engine_files.WORKER).read_text(encoding="utf-8")
    assert f'use_compiled("/nq-engine/{engine_files.COMPILED_CATALOGUES}")' in worker


def test_imports_are_read_in_every_form() -> None:
    source = (
        "import a.b, c as d\n"
        "from . import sibling\n"
        "from .mod import (x,\n    y)\n"
        "from ..up import *\n"
        "def f():\n    import lazy\n"
    )
    found = imports.imports(source, "pkg.sub.here", is_package=False)
    assert {
        "a.b",
        "c",
        "pkg.sub",
        "pkg.sub.sibling",
        "pkg.sub.mod",
        "pkg.sub.mod.x",
        "pkg.sub.mod.y",
        "pkg.up",
        "lazy",
    } <= found
    assert imports.imports("from . import x\n", "pkg", is_package=True) >= {"pkg.x"}


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("X = 0; import wave\n", "wave"),
        ("if True: import mailbox\n", "mailbox"),
        ("\x0cimport curses\n", "curses"),
        ("Y = 1\rimport sqlite3\r", "sqlite3"),
        ("try: from email import utils\nexcept ImportError: pass\n", "email.utils"),
    ],
    ids=["semicolon", "if", "form-feed", "mac-line-ends", "try"],
)
def test_an_import_in_any_valid_form_is_found(source: str, module: str) -> None:
    """Attacker round 35: ``import wave`` after a semicolon in a module of nqcore was not found,
    not shipped, and the page's engine failed to start for every reader."""
    assert module in imports.imports(source, "nqcore.zz", is_package=False)


def test_the_build_reads_pyodide_and_never_installs_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``./dev`` installs Pyodide before any build; a build that finds it missing, or not the
    version the lock file pins, stops with one line saying how to install it, and runs nothing."""
    assert bundle.ensure_pyodide() == bundle.PYODIDE  # as ./dev installed it
    monkeypatch.setattr(bundle, "PYODIDE", tmp_path / "node_modules" / "pyodide")
    monkeypatch.setattr(subprocess, "run", _runs_nothing)
    with pytest.raises(Refused, match=r"^tools/engine: .*\(\./dev installs it: cd tools/engine"):
        bundle.ensure_pyodide()
    (tmp_path / "node_modules" / "pyodide").mkdir(parents=True)
    for name in engine_files.PYODIDE_FILES:
        (tmp_path / "node_modules" / "pyodide" / name).write_bytes(b"")
    (tmp_path / "node_modules" / "pyodide" / "package.json").write_text('{"version": "0.1"}')
    with pytest.raises(Refused, match="not installed as package-lock.json pins it"):
        bundle.ensure_pyodide()


def _runs_nothing(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"the build ran {args}")
