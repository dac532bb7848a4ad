"""A locale folder holds its languages' folders only: Python's gettext reads ``fr_FR/``,
``fr.ISO8859-1/`` and ``fr_FR.ISO8859-1/`` before ``fr/`` (``en_US/`` before ``en/``), so a
compiled catalogue there stood for the checked one (attack round seventeen: a ``sphinx.mo`` in
``locale/fr_FR/`` broke every heading's permalink out of its attribute; a page's ``.mo`` put
English and an outside link back on a French page, another rewrote an English one)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from nqsphinx.untrusted import read_before, stray_folder_findings


@pytest.mark.parametrize("lang", ["fr", "en", "pt_BR", "sr@latin", "zh_TW", "de"])
def test_the_folders_read_before_a_language_are_gettexts(lang: str) -> None:
    expanded = gettext._expand_lang(lang)  # noqa: SLF001 - the reference read
    assert read_before(lang) == expanded[: expanded.index(lang)]


def test_every_folder_but_the_languages_own_is_refused(tmp_path: Path) -> None:
    names = ["fr", "en", "fr_FR", "fr.ISO8859-1", "fr_FR.ISO8859-1", "en_US", "xx", "notes"]
    for name in names:
        (tmp_path / name / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / ".update-po.lock").write_text("")  # a file: gettext reads no file here
    (tmp_path / "fr_CA").symlink_to(tmp_path / "fr")
    found = {finding.path.name: finding.what for finding in stray_folder_findings([tmp_path])}
    assert sorted(found) == sorted({*names, "fr_CA"} - {"fr", "en"})
    assert "gettext reads before its language's own" in found["fr_FR"]
    assert "no language of the project (en, fr)" in found["xx"]


def test_the_projects_locale_folders_hold_no_stray_folder() -> None:
    from nqtranslate.guard import PACKAGE_LOCALES, PAGE_LOCALE

    assert stray_folder_findings([PAGE_LOCALE, *PACKAGE_LOCALES]) == []
