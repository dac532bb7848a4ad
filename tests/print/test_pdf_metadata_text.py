"""A product's metadata says what its sources say: TeX's ligatures do not turn an army's name
into other characters in the PDF's Title ("Host -- of --- Barrow ?` !`" was "Host – of — Barrow
¿ ¡": attack round twenty); the page itself was right."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nqprint.latex import compile_pdf, document

pytestmark = pytest.mark.slow  # xelatex

NAME = "Host -- of --- Barrow ?` !`"


def test_the_title_keeps_the_characters_of_its_source(tmp_path: Path) -> None:
    source = document("Body.", lang="en", title=NAME, geometry="margin=1in")
    made = compile_pdf(source, tmp_path / "out" / "title.pdf", tmp_path / "work")
    info = subprocess.run(["pdfinfo", str(made)], capture_output=True, text=True, check=True)
    (title,) = [line for line in info.stdout.splitlines() if line.startswith("Title:")]
    assert NAME in title, title


def test_the_rulebooks_metadata_breaks_the_ligatures_of_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attack round twenty-one: an edition word's ``--`` in a catalogue was an en dash in the
    rulebook's Title and XMP, while the cover printed ``--``."""
    from nqsphinx.books import pdf_cover

    monkeypatch.setattr(pdf_cover, "book_title", lambda lang, paper: f"Book -- {lang} ?` !`")
    written = pdf_cover.metadata("en")
    assert r"pdftitle={Book -{}- en ?{}` !{}`}" in written
    assert "--" not in written.split("pdftitle=")[1]
