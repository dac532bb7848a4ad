"""Updating the catalogues after an English edit loses nothing: the changed message keeps its
French, marked fuzzy for review; every other translation stays; a second update changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from tests.faults.scratch import copy_project

PARAGRAPH = "Magic users or Wizards are individuals who have trained for many years"


@pytest.fixture(scope="module")
def updated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], str]:
    copy = copy_project(tmp_path_factory.mktemp("update") / "project")
    before = {e.msgid: e.msgstr for e in polib.pofile(str(copy / "locale/fr/LC_MESSAGES/magic.po"))}
    page = copy / "docs" / "magic.md"
    text = page.read_text(encoding="utf-8")
    assert PARAGRAPH in text
    page.write_text(
        text.replace(PARAGRAPH, PARAGRAPH.replace("many years", "many long years")),
        encoding="utf-8",
    )
    venv_bin = str(Path(sys.executable).parent)
    env = dict(os.environ, PYTHONPATH=str(copy), PATH=f"{venv_bin}:{os.environ['PATH']}")
    run = subprocess.run(["make", "update-po"], cwd=copy, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    snapshot = {
        p.relative_to(copy).as_posix(): p.read_text(encoding="utf-8")
        for p in copy.glob("locale/fr/LC_MESSAGES/*.po")
    }
    again = subprocess.run(["make", "update-po"], cwd=copy, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stdout + again.stderr
    changed = [
        name
        for name, content in snapshot.items()
        if (copy / name).read_text(encoding="utf-8") != content
    ]
    return copy, before, ",".join(changed)


def test_the_changed_paragraph_keeps_its_french_and_becomes_fuzzy(
    updated: tuple[Path, dict[str, str], str],
) -> None:
    copy, before, _ = updated
    catalogue = polib.pofile(str(copy / "locale/fr/LC_MESSAGES/magic.po"))
    (entry,) = [e for e in catalogue if "many long years" in e.msgid]
    old = next(msgid for msgid in before if PARAGRAPH in msgid)
    assert "fuzzy" in entry.flags
    assert entry.msgstr == before[old]  # the translator's work is still there, to review


def test_no_other_translation_is_lost(updated: tuple[Path, dict[str, str], str]) -> None:
    copy, before, _ = updated
    catalogue = polib.pofile(str(copy / "locale/fr/LC_MESSAGES/magic.po"))
    after = {e.msgid: e.msgstr for e in catalogue}
    lost = [m for m, s in before.items() if s and m not in after and PARAGRAPH not in m]
    assert not lost
    assert all(after[m] == s for m, s in before.items() if m in after)


def test_a_second_update_changes_nothing(updated: tuple[Path, dict[str, str], str]) -> None:
    _, _, changed = updated
    assert changed == "", f"catalogues churned on a second update: {changed}"
