"""A translation too long for the books' covers is refused at its catalogue line (attack round
twenty-five, finding 7): a 500-character tagline ran off the e-book's cover, whose credits were
lost, and pushed the PDF cover's credits onto page 2, with no word from the build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

from nqcore.i18n import Translated
from nqsphinx.books import epub_cover
from nqtranslate.guard import check_catalogue
from nqtranslate.site_words import COVER_WORDS, cover_room

ROOT = Path(__file__).resolve().parents[1]
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
TAGLINE = "The fantasy battles miniatures wargame"
LONG = "Le jeu de figurines de batailles fantastiques " * 6


def test_the_guard_refuses_a_cover_translation_past_its_room(tmp_path: Path) -> None:
    path = tmp_path / "nqsphinx.po"
    text = f'msgid "{TAGLINE}"\nmsgstr "{LONG.strip()}"\n\nmsgid "Example"\nmsgstr "{LONG}"\n'
    path.write_text(HEADER + text, encoding="utf-8")
    findings = check_catalogue(path)
    assert [(f.line, f.what.split(" (")[0]) for f in findings] == [
        (5, f"msgstr of {len(LONG.strip())} characters for words of the books' covers, at most 57")
    ]


def test_the_project_s_cover_translations_fit() -> None:
    path = ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / "nqsphinx.po"
    assert [f for f in check_catalogue(path) if "covers" in f.what] == []


def _translated(room: dict[str, str]) -> object:
    def ui_text(text: str, lang: str) -> str:
        return Translated(room[text], text, f"nqsphinx.po:{len(text)}") if text in room else text

    return ui_text


def test_the_e_book_cover_refuses_words_past_its_bottom_naming_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(epub_cover, "ui_text", _translated({TAGLINE: LONG.strip()}))
    with pytest.raises(ExtensionError) as refused:
        epub_cover.cover_svg("No Quarter Fantasy Wargames", "fr")
    said = str(refused.value)
    assert said.startswith(f"nqsphinx.po:{len(TAGLINE)}: the e-book's cover: with 'Le jeu"), said
    assert "credits would be cut off" in said


def test_every_cover_translation_at_its_room_fits_the_e_book_cover(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guard's bound and the e-book cover's room agree: every cover's words translated at
    the most characters the guard lets through (words of six letters) still fit."""
    room = {text: ("abcdef " * cover_room(text))[: cover_room(text)] for text in COVER_WORDS}
    monkeypatch.setattr(epub_cover, "ui_text", _translated(room))
    svg = epub_cover.cover_svg("No Quarter Fantasy Wargames", "fr")
    assert max(float(y) for y in re.findall(r' y="([\d.]+)"', svg)) < 900


def test_the_covers_words_are_those_the_guard_bounds() -> None:
    """Every word of the extension's catalogue either cover prints is in the guard's list."""
    used = set(epub_cover.COVER_WORDS)
    for name in ("epub_cover.py", "pdf_cover.py"):
        source = (ROOT / "nqsphinx" / "books" / name).read_text(encoding="utf-8")
        used |= set(re.findall(r"""ui_text\(\s*["']([^"']+)["']""", source))
    used.discard("translation")  # the PDF's metadata (its authors), on no cover
    assert used <= COVER_WORDS, used - COVER_WORDS
