"""A message of an English page that its catalogue has no entry for (deleted by hand, or the
English changed before ``./dev update-po``) is shown in English like an untranslated one:
``nqtranslate status`` counts it and ``nqtranslate lint`` names where its entry goes, read
from the page's template (``_build/gettext``, written by ``make gettext`` and ``update-po``)
when it is newer than the page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nqtranslate import lint, missing, status

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
MESSAGES = ("Magic", "The same spell may not be cast twice.", "Wounds")
#: Their French (a translation of English words, "fr Magic", now reads as English).
FRENCH = {
    "Magic": "Magie",
    "The same spell may not be cast twice.": "Un même sort ne peut être lancé deux fois.",
    "Wounds": "Blessures",
}


def _project(tmp_path: Path, kept: tuple[str, ...]) -> tuple[Path, Path, Path]:
    """A page, its template (newer) and a French catalogue holding only ``kept``."""
    docs, templates = tmp_path / "docs", tmp_path / "gettext"
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    for made in (docs, templates, folder):
        made.mkdir(parents=True)
    (docs / "magic.md").write_text("# Magic\n", encoding="utf-8")
    os.utime(docs / "magic.md", (1, 1))
    entries = "".join(f'\nmsgid "{m}"\nmsgstr ""\n' for m in MESSAGES)
    (templates / "magic.pot").write_text(HEADER + entries, encoding="utf-8")
    kept_entries = "".join(f'\nmsgid "{m}"\nmsgstr "{FRENCH[m]}"\n' for m in kept)
    (folder / "magic.po").write_text(HEADER + kept_entries, encoding="utf-8")
    return docs, templates, folder / "magic.po"


def test_an_entry_deleted_from_a_catalogue_is_due_before_the_next_entry(tmp_path: Path) -> None:
    docs, templates, po_path = _project(tmp_path, ("Magic", "Wounds"))
    assert missing.missing_entries(po_path, templates, docs) == [
        (9, "The same spell may not be cast twice.")  # the line of Wounds' entry
    ]


def test_a_template_older_than_its_page_is_not_read(tmp_path: Path) -> None:
    docs, templates, po_path = _project(tmp_path, ("Magic",))
    os.utime(templates / "magic.pot", (0, 0))
    assert missing.missing_entries(po_path, templates, docs) is None


def test_status_counts_a_message_with_no_entry_as_untranslated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs, templates, po_path = _project(tmp_path, ("Magic", "Wounds"))
    monkeypatch.setattr(missing, "TEMPLATES", templates)
    monkeypatch.setattr(missing, "SOURCES", docs)
    status.page_status.cache_clear()
    row = status.page_status(po_path, po_path.parent)
    assert (row.translated, row.untranslated, row.complete) == (2, 1, False)


def test_lint_names_where_the_entry_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    docs, templates, po_path = _project(tmp_path, ("Magic", "Wounds"))
    monkeypatch.setattr(missing, "TEMPLATES", templates)
    monkeypatch.setattr(missing, "SOURCES", docs)
    assert lint.main([str(po_path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{po_path}:9: no entry for the page's message 'The same spell may not be cast twice.':"
        " shown in English (./dev update-po adds it)"
    ]
