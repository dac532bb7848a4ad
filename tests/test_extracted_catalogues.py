"""The catalogues extracted from code (engine, extension, examples, print, theme) are as
``./dev update-po`` writes them, byte for byte: a code change that adds, removes or moves a
marked message (wrapping a marked call in another call moves it) comes with its catalogue's
update, so that a run on a clean checkout changes nothing. No Sphinx build: a fast test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nqcore.i18n import ROOT
from nqcore.po import Catalog
from nqsphinx.languages.theme_catalogue import missing_from_sphinx
from nqsphinx.languages.theme_text import catalogue_path
from nqtranslate.catalogue import catalogue_file, extract, update
from nqtranslate.tidy import keeps_flags, tidied
from nqtranslate.update import EXTRACTED, TRANSLATED

CATALOGUES = [
    (lang, package) for lang in TRANSLATED for package in [*(p for p, _, _ in EXTRACTED), "theme"]
]


def _template(package: str, lang: str) -> tuple[Path, Catalog]:
    if package == "theme":
        return catalogue_path(lang), missing_from_sphinx(lang)
    domain, keywords = next((d, k) for folder, d, k in EXTRACTED if folder == package)
    po_path = catalogue_file(ROOT / package / "locale", lang, domain)
    return po_path, extract(ROOT / package, keywords)


@pytest.mark.parametrize(("lang", "package"), CATALOGUES)
def test_an_update_changes_no_extracted_catalogue(lang: str, package: str, tmp_path: Path) -> None:
    po_path, template = _template(package, lang)
    copy = tmp_path / po_path.name
    shutil.copy2(po_path, copy)
    keep_flags = keeps_flags(po_path)
    update(copy, template, lang, lambda data: tidied(data, po_path, keep_flags=keep_flags))
    assert copy.read_bytes() == po_path.read_bytes(), (
        f"{po_path.relative_to(ROOT)} is not in step with the code: run ./dev update-po"
    )


def test_messages_are_extracted_in_the_order_of_their_lines(tmp_path: Path) -> None:
    """As xgettext and Babel's extraction list them: a message inside a function (deeper in the
    syntax tree) comes before one further down the file."""
    (tmp_path / "code.py").write_text(
        'def said():\n    return N_("first")\n\n\nLATER = N_("second")\nTHEN = P_("x", "third")\n',
        encoding="utf-8",
    )
    template = extract(tmp_path)
    assert [(m.id, m.locations) for m in template if m.id] == [
        ("first", [("code.py", 2)]),
        ("second", [("code.py", 5)]),
        ("third", [("code.py", 6)]),
    ]
