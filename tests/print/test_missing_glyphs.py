"""A character the fonts have no glyph for is printed as nothing by xelatex, which logs it and
goes on: a French translation with 漢字 or a dragon emoji built the rulebook and the quick
reference at exit 0 (attack round eighteen).  Every PDF the project compiles is refused
instead, naming the characters: the print products by :func:`nqprint.latex.compile_pdf`, the
rulebooks by :mod:`nqprint.tex_sandbox` after Sphinx's LaTeX is compiled."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqprint import tex_sandbox
from nqprint.latex import MissingCharacters, compile_pdf, document


def test_a_product_with_a_character_its_fonts_lack_is_refused(tmp_path: Path) -> None:
    source = document("Le dragon 漢 est là.", lang="fr", title="Glyphs", geometry="margin=1in")
    target = tmp_path / "out" / "glyphs-fr.pdf"
    with pytest.raises(MissingCharacters) as refused:
        compile_pdf(source, target, tmp_path / "work")
    assert refused.value.characters == ["漢"]
    assert "no glyph for 漢" in str(refused.value)
    assert not target.exists()


def test_a_product_its_fonts_can_print_passes(tmp_path: Path) -> None:
    source = document("Le dragon « crache » là.", lang="fr", title="Glyphs", geometry="margin=1in")
    assert compile_pdf(source, tmp_path / "out" / "ok-fr.pdf", tmp_path / "work").is_file()


LOG = "Missing character: There is no \U0001f409 (U+1F409) in font FreeSerif:mode=node;!\n"


@pytest.mark.parametrize(("log", "code"), [(LOG, 1), ("Output written on noquarter.pdf\n", 0)])
def test_a_rulebook_whose_log_names_a_missing_glyph_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], log: str, code: int
) -> None:
    """Sphinx's LaTeX folder, compiled (its Makefile does nothing here), and its log."""
    (tmp_path / "Makefile").write_text("all-pdf:\n\t@true\n", encoding="utf-8")
    (tmp_path / "noquarter.log").write_text(log, encoding="utf-8")
    assert tex_sandbox.main([str(tmp_path)]) == code
    said = capsys.readouterr().err
    if code:
        assert said.startswith(f"error: {tmp_path / 'noquarter.pdf'}: no glyph in the book's")
        assert "\U0001f409" in said


def test_the_refusal_names_where_the_sources_write_the_character(tmp_path: Path) -> None:
    """Its pages, its data and its language's catalogues, each place as file:line (attack
    round twenty: the refusal named only the TeX log, a translator searched 35 pages)."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "credits.md").write_text("# Credits\n\nA ▲ sign.\n", encoding="utf-8")
    french = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    french.mkdir(parents=True)
    (french / "credits.po").write_text('msgid "A"\nmsgstr "Un ★"\n', encoding="utf-8")
    assert tex_sandbox.written_at(["▲", "★"], "en", tmp_path) == ["docs/credits.md:3"]
    assert tex_sandbox.written_at(["▲", "★"], "fr", tmp_path) == [
        "docs/credits.md:3",
        "locale/fr/LC_MESSAGES/credits.po:2",
    ]
