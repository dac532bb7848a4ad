"""The French catalogues: one per page, complete, valid, and in step with the English."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nqcore import po
from nqtranslate.catalogue import extract
from tests.building import ROOT

PAGE_CATALOGUES = ROOT / "locale" / "fr" / "LC_MESSAGES"
ENGINE_CATALOGUES = [
    ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po",
    ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / "nqsphinx.po",
    ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / "theme.po",
    ROOT / "nqprint" / "locale" / "fr" / "LC_MESSAGES" / "nqprint.po",
    ROOT / "examples" / "locale" / "fr" / "LC_MESSAGES" / "examples.po",
]
PAGES = sorted(
    p.relative_to(ROOT / "docs").with_suffix("").as_posix() for p in (ROOT / "docs").rglob("*.md")
)
ALL_CATALOGUES = sorted(PAGE_CATALOGUES.rglob("*.po")) + ENGINE_CATALOGUES


def test_one_catalogue_per_page() -> None:
    catalogues = sorted(
        p.relative_to(PAGE_CATALOGUES).with_suffix("").as_posix()
        for p in PAGE_CATALOGUES.rglob("*.po")
    )
    assert catalogues == PAGES


@pytest.mark.parametrize("po", ALL_CATALOGUES, ids=lambda p: p.name)
def test_catalogue_compiles(po: Path) -> None:
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("po", ALL_CATALOGUES, ids=lambda p: p.name)
def test_catalogue_is_laid_out_as_gnu_gettext_writes_it(po: Path) -> None:
    """msgcat, msgmerge (the catalogue merged with itself as template) and ./dev update-po write
    the same bytes (`./dev tidy-po` lays a catalogue out so)."""
    data = po.read_bytes()
    msgcat = subprocess.run(["msgcat", str(po)], capture_output=True, check=True).stdout
    assert msgcat == data, f"{po}: not as msgcat writes it: run ./dev tidy-po"
    merge = ["msgmerge", "-q", "--no-fuzzy-matching", "-o", "-", str(po), str(po)]
    msgmerge = subprocess.run(merge, capture_output=True, check=True).stdout
    assert msgmerge == data, f"{po}: not as msgmerge writes it: run ./dev tidy-po"


@pytest.mark.parametrize("path", ALL_CATALOGUES, ids=lambda p: p.name)
def test_catalogue_is_complete(path: Path) -> None:
    catalogue = po.read(path.read_bytes())
    live = po.messages(catalogue)
    untranslated = [str(m.id)[:60] for m in live if not m.fuzzy and not all(po.forms(m))]
    fuzzy = [str(m.id)[:60] for m in live if m.fuzzy]
    assert not untranslated, f"{path}: untranslated: {untranslated}"
    assert not fuzzy, f"{path}: fuzzy: {fuzzy}"
    assert not catalogue.fuzzy, f"{path}: the header is marked fuzzy"


@pytest.mark.slow  # a gettext build of the whole book
def test_page_catalogues_follow_the_english(tmp_path: Path) -> None:
    """Every message of the English sources is in its page's catalogue (`make update-po` ran)."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-b",
            "gettext",
            "-c",
            str(ROOT),
            str(ROOT / "docs"),
            str(tmp_path),
        ],
        check=True,
    )
    stale = []
    for pot in tmp_path.rglob("*.pot"):
        page = pot.relative_to(tmp_path).with_suffix("")
        catalogue = po.read((PAGE_CATALOGUES / f"{page}.po").read_bytes())
        known = {m.id for m in po.messages(catalogue)}
        template = po.messages(po.read(pot.read_bytes()))
        stale += [f"{page}: {str(m.id)[:60]!r}" for m in template if m.id not in known]
    assert not stale, "run ./dev update-po and translate:\n" + "\n".join(stale)


def test_engine_catalogue_follows_the_engine() -> None:
    catalogue = po.read(ENGINE_CATALOGUES[0].read_bytes())
    known = {(m.id, m.context) for m in po.messages(catalogue)}
    missing = [m.id for m in extract() if m.id and (m.id, m.context) not in known]
    assert not missing, f"run ./dev update-po and translate: {missing[:5]}"
