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


def test_the_two_records_give_one_instant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Proof round 13: the document information's CreationDate was the sources' time, the
    XMP's CreateDate and ModifyDate the clock's at the build, and there was no ModDate; every
    PDF the build makes (the books' metadata, the print products' preamble) now gives the one
    instant, SOURCE_DATE_EPOCH's (else the commit's), to all four."""
    from pypdf import PdfReader

    from nqsphinx.books import pdf_cover

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1195603200")  # 2007-11-21T00:00:00Z
    stamp = "pdfcreationdate={D:20071121000000Z}, pdfmoddate={D:20071121000000Z}"
    assert stamp in pdf_cover.metadata("fr", "letterpaper")
    source = document("Body.", lang="en", title="Dates", geometry="margin=1in")
    assert stamp in source
    made = compile_pdf(source, tmp_path / "out" / "dates.pdf", tmp_path / "work")
    reader = PdfReader(made)
    info = reader.metadata
    assert info is not None
    assert info["/CreationDate"] == info["/ModDate"]
    assert str(info["/CreationDate"]).startswith("D:20071121000000")
    xmp = reader.xmp_metadata
    assert xmp is not None
    instants = {xmp.xmp_create_date, xmp.xmp_modify_date}
    assert {when.isoformat() for when in instants} == {"2007-11-21T00:00:00"}
