"""An entry deleted from a package catalogue (the theme's, the extension's, the engine's), made
obsolete, given another context or a plural form shows its English on every French page while
the catalogue's total only shrank (attacker round 28, F3, F4, F7): status counts it
untranslated and the guard names it where its code or template uses it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from nqcore import po
from nqcore.i18n import ROOT
from nqtranslate import due, guard, status
from nqtranslate.tidy import keeps_flags, tidied

Edit = Callable[[po.Catalog], None]


def _deleted(msgid: str, context: str | None = None) -> Edit:
    return lambda catalogue: catalogue.delete(msgid, context)


def _obsolete(msgid: str) -> Edit:
    def edit(catalogue: po.Catalog) -> None:
        catalogue.obsolete[msgid] = catalogue[msgid]
        catalogue.delete(msgid)

    return edit


def _context(msgid: str, old: str | None, new: str) -> Edit:
    def edit(catalogue: po.Catalog) -> None:
        entry = catalogue.get(msgid, old)
        catalogue.delete(msgid, old)
        catalogue.add(msgid, entry.string, context=new)

    return edit


def _plural(msgid: str) -> Edit:
    def edit(catalogue: po.Catalog) -> None:
        entry = catalogue[msgid]
        catalogue.delete(msgid)
        catalogue.add((msgid, f"{msgid}s"), (entry.string, f"{entry.string}s"))

    return edit


#: (package, domain, the planted change, the msgid then due, its context).
VECTORS = [
    ("nqsphinx", "theme", _deleted("Back to top"), "Back to top", None),
    ("nqsphinx", "nqsphinx", _deleted("Index of the rules"), "Index of the rules", None),
    ("nqsphinx", "nqsphinx", _deleted("Contents"), "Contents", None),
    ("nqsphinx", "nqsphinx", _deleted("English edition"), "English edition", None),
    ("nqcore", "nqcore", _obsolete("Modifiers"), "Modifiers", None),
    ("nqcore", "nqcore", _deleted("Roll needed: {target} or less"), "Roll needed: ", None),
    ("nqcore", "nqcore", _context("Smoke", None, "spell"), "Smoke", None),
    ("nqcore", "nqcore", _context("None", "support weapon", "support weapons"), "None", "s"),
    ("nqcore", "nqcore", _plural("Smoke"), "Smoke", None),
]


def _planted(tmp_path: Path, package: str, domain: str, edit: Edit) -> Path:
    """The project's French catalogue of ``domain``, copied into a locale folder of
    ``tmp_path`` and changed by ``edit``, written as ``./dev update-po`` writes it."""
    folder = tmp_path / package / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / f"{domain}.po"
    shutil.copy(ROOT / package / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po", path)
    catalogue = po.read(path.read_bytes())
    edit(catalogue)
    path.write_bytes(tidied(po.write(catalogue), path, keep_flags=keeps_flags(path)))
    return path


def _names_its_use(line: str, msgid: str) -> None:
    """The warning opens with ``file:line`` of a use whose line holds the msgid."""
    where, _, said = line.partition(": warning: ")
    file, _, number = where.rpartition(":")
    assert said.startswith(repr(msgid[:60])[:-1]), line
    assert msgid in (ROOT / file).read_text(encoding="utf-8").splitlines()[int(number) - 1]


@pytest.mark.parametrize(("package", "domain", "edit", "msgid", "context"), VECTORS)
def test_a_missing_entry_is_named_by_the_guard_at_its_use(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    package: str,
    domain: str,
    edit: Edit,
    msgid: str,
    context: str | None,
) -> None:
    path = _planted(tmp_path, package, domain, edit)
    assert guard.main([str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    assert f"no entry in {path}, shown in English" in lines[0]
    _names_its_use(lines[0], msgid)
    assert (context is None) == ("msgctxt" not in lines[0]), lines


@pytest.mark.parametrize(("package", "domain", "edit", "msgid", "context"), VECTORS[:5])
def test_status_counts_a_missing_entry_as_untranslated(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    package: str,
    domain: str,
    edit: Edit,
    msgid: str,
    context: str | None,
) -> None:
    path = _planted(tmp_path, package, domain, edit)
    monkeypatch.setattr(guard, "PACKAGE_LOCALES", (path.parents[2],))
    rows = [row for row in status.package_status() if row.page == f"{package}/{domain}.po"]
    assert [(row.untranslated, row.complete) for row in rows] == [(1, False)]
    assert len(rows[0].missing) == 1
    _names_its_use(rows[0].missing[0], msgid)


def test_the_projects_catalogues_lack_no_entry() -> None:
    assert due.missing_warnings("fr") == []


def _dropped_placeholder(catalogue: po.Catalog) -> None:
    catalogue["Roll needed: {target} or less"].string = "Résultat nécessaire : 7 ou moins"


def test_status_counts_an_engine_message_the_guard_refuses_as_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A msgstr that drops its placeholder, which the guard refuses and ``nq`` shows in English,
    is counted refused, as a page's is (attacker round 28, F10: counted translated)."""
    path = _planted(tmp_path, "nqcore", "nqcore", _dropped_placeholder)
    monkeypatch.setattr(guard, "PACKAGE_LOCALES", (path.parents[2],))
    (row,) = [row for row in status.package_status() if row.page == "nqcore/nqcore.po"]
    assert row.refused == 1 and not row.complete, row
