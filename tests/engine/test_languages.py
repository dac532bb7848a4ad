"""The languages come from the catalogues: English, then every language the engine has one for."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from nqcore.i18n import LANGUAGES, LOCALE_PATH_VARIABLE, NUMBER_LOCALES, format_number
from tests.building import ROOT

PROBE = """
from nqcore.i18n import LANGUAGES, format_number, translator
from nqsphinx.messages import page_language, ui_text
print(LANGUAGES)
print(translator("de")("Spell"), translator("fr")("Spell"), format_number(1.25, "de"))
print(page_language("de"), page_language("yy"), ui_text("Example", "de"))
"""


def _catalogue(path: Path, msgid: str, msgstr: str) -> None:
    path.parent.mkdir(parents=True)
    path.write_text(f'msgid ""\nmsgstr ""\n\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n', "utf-8")


def test_the_repository_languages() -> None:
    assert LANGUAGES == ("en", "fr")
    assert set(NUMBER_LOCALES) >= set(LANGUAGES)
    assert (format_number(1.25, "en"), format_number(1.25, "fr")) == ("1.25", "1,25")


def test_a_language_is_added_by_catalogues_outside_the_repository(tmp_path: Path) -> None:
    _catalogue(tmp_path / "nqcore/locale/de/LC_MESSAGES/nqcore.po", "Spell", "Zauber")
    _catalogue(tmp_path / "nqsphinx/locale/de/LC_MESSAGES/nqsphinx.po", "Example", "Beispiel")
    _catalogue(tmp_path / "nqcore/locale/fr/LC_MESSAGES/nqcore.po", "Spell", "not this one")
    _catalogue(tmp_path / "locale/yy/LC_MESSAGES/magic.po", "Magic", "no engine catalogue")
    env = dict(os.environ, **{LOCALE_PATH_VARIABLE: str(tmp_path)})
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, env=env, check=True
    )
    assert done.stdout.splitlines() == [
        "('en', 'de', 'fr')",  # yy has page catalogues only: not a language
        "Zauber Sort 1,25",  # the repository's catalogue first; German numbers from babel's "de"
        "de en Beispiel",
    ]
