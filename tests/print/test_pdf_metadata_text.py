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
