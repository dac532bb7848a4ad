"""The publisher's proof-reading of 2026-11: a term the erratum settles is the one the body and
the glossary use in both languages, and the errata read as a player's words, not a tool's."""

from __future__ import annotations

from pathlib import Path

from nqcore import po
from nqcore.book.errata import all_errata
from nqsphinx.directives.errata import check_label
from tests.building import ROOT

FR = ROOT / "locale" / "fr" / "LC_MESSAGES"
NQCORE_FR = ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"


def _french(path: Path) -> str:
    return " ".join(m.string for m in po.messages(po.read(path.read_bytes())))


def test_projectile_travel_is_the_name_in_the_body_in_both_languages() -> None:
    """The erratum multiple-hits-is-projectile-travel: this edition says projectile travel
    (Traversant in French, the glossary's term), so the body never prints multiple hits."""
    (erratum,) = [e for e in all_errata() if e.id == "multiple-hits-is-projectile-travel"]
    assert erratum.correct.startswith("Projectile travel")
    english = (ROOT / "docs" / "support-weapons.md").read_text("utf-8")
    assert "multiple hits" not in english and english.count("projectile travel (D") == 2
    french = _french(FR / "support-weapons.po")
    assert "touches multiples" not in french and 'Traversant (D5")' in french


def test_the_french_erratum_quotes_the_words_the_french_book_printed() -> None:
    """The French erratum quotes the 2007 wording as the French book rendered it (touches
    multiples), never a third name (tirs multiples) that no page prints."""
    catalogue = po.messages(po.read(NQCORE_FR.read_bytes()), obsolete=True)
    (printed,) = [m for m in catalogue if m.id.startswith("This is determined by the multiple")]
    assert "touches multiples" in printed.string
    assert "tirs multiples" not in _french(NQCORE_FR).lower()


def test_the_errata_use_a_players_words() -> None:
    words = [check_label("price", "en"), *(e.why for e in all_errata())]
    tool_words = ("recompute", "prices every example", "warns when")
    assert [w for w in words if any(t in w for t in tool_words)] == []
    path = ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / "nqsphinx.po"
    french = po.messages(po.read(path.read_bytes()), obsolete=True)
    assert not [m for m in french if "recalcule" in m.string]


def test_the_odds_chapter_speaks_of_a_chapter() -> None:
    """The Odds chapter runs over four printed pages: "this page" was the website's word."""
    assert "on this page" not in (ROOT / "docs" / "odds.md").read_text("utf-8")
    assert "de cette page" not in _french(FR / "odds.po")
