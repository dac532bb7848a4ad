"""The print products' own catalogue (``nqprint.po``) is complete and in step with the code, and
the package is as clean as the rest (ruff; mypy --strict runs on it with the others)."""

from __future__ import annotations

import re
import subprocess
import sys

from nqcore import po
from nqtranslate.catalogue import extract
from tests.building import ROOT
from tests.test_translations import tokens

PACKAGE = ROOT / "nqprint"
CATALOGUE = PACKAGE / "locale" / "fr" / "LC_MESSAGES" / "nqprint.po"


def test_catalogue_compiles() -> None:
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(CATALOGUE)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_catalogue_is_complete_and_follows_the_code() -> None:
    live = po.messages(po.read(CATALOGUE.read_bytes()))
    assert not [m for m in live if not m.fuzzy and not all(po.forms(m))]  # untranslated
    assert not [m for m in live if m.fuzzy]
    known = {m.id for m in live}
    missing = [m.id for m in extract(PACKAGE) if m.id and m.id not in known]
    assert not missing, f"run make update-po and translate: {missing}"


def test_numbers_and_placeholders_are_kept() -> None:
    for entry in po.messages(po.read(CATALOGUE.read_bytes()), obsolete=True):
        if entry.string:
            assert tokens(entry.id) == tokens(entry.string), entry.id
            assert sorted(set(_fields(entry.id))) == sorted(set(_fields(entry.string)))


def _fields(text: str) -> list[str]:
    return re.findall(r"\{(\w+)\}", text)


def test_ruff_is_clean_on_the_print_package() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "nqprint"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
