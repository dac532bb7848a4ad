"""Both PDF rulebooks compile with xelatex and speak their reader's language."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nqsphinx.messages import engine_text
from tests.building import Build

#: A chapter title from the page and a table caption from the engine, in each language.
CHAPTER_TITLES = {"en": ["Magic", "Spell list"], "fr": ["Magie", engine_text("Spell list", "fr")]}


def pdf_text(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pdf_compiles(pdf_builds: dict[str, Build], lang: str) -> None:
    build = pdf_builds[lang]
    assert build.returncode == 0, build.log[-3000:]
    assert (build.out / "noquarter.pdf").stat().st_size > 10_000


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pdf_has_its_chapters_in_its_language(pdfs: dict[str, Path], lang: str) -> None:
    text = pdf_text(pdfs[lang])
    for title in CHAPTER_TITLES[lang]:
        assert title in text, f"{title!r} missing from the {lang} PDF"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pdf_has_no_missing_glyph(pdfs: dict[str, Path], lang: str) -> None:
    log = pdfs[lang].with_suffix(".log").read_text(encoding="utf-8", errors="replace")
    assert "Missing character" not in log


def test_french_pdf_uses_babel_french(pdfs: dict[str, Path]) -> None:
    tex = pdfs["fr"].with_suffix(".tex").read_text(encoding="utf-8")
    assert r"\usepackage[french]{babel}" in tex
    assert "polyglossia" not in tex
