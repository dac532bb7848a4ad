"""A card too long for its card is named by the catalogue line a translator edits, not only by
the generated LaTeX's line (attacker round 28)."""

from __future__ import annotations

from pathlib import Path

from nqprint.latex import cards_too_long


def test_a_translated_card_title_too_long_names_its_catalogue_line(tmp_path: Path) -> None:
    tex = tmp_path / "noquarter.tex"
    tex.write_text("\\begin{document}\n\\nqtitle{Boule de feu}{Feu}\n\\nqfit{...}\n", "utf-8")
    log = tmp_path / "noquarter.log"
    log.write_text("Package nqprint Warning: Card title too long on input line 3.\n", "utf-8")
    (said,) = cards_too_long(tex, log)
    assert said.startswith(f"{tex}:3: the card's title (Boule de feu) is too long"), said
    catalogue = Path("nqcore/locale/fr/LC_MESSAGES/nqcore.po")
    lines = catalogue.read_text(encoding="utf-8").splitlines()
    line = lines.index('msgstr "Boule de feu"')  # 0-based: its msgid's line, 1-based
    assert f"({catalogue}:{line}, the translation of “Fireball”)" in said, said


def test_a_title_no_catalogue_gives_is_said_as_before(tmp_path: Path) -> None:
    tex = tmp_path / "cards.tex"
    tex.write_text("\\nqtitle{Zzyzx Qwerty}{Feu}\n", "utf-8")
    log = tmp_path / "cards.log"
    log.write_text("Package nqprint Warning: Card text too long on input line 1.\n", "utf-8")
    (said,) = cards_too_long(tex, log)
    assert "(a translation?)" in said, said
