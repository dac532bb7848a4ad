"""A page read once while its file stays as it is (tests/print/pdfs.py, ``per_page``), and one
page of ``pdftotext`` cut from its run on the whole file (``run_on``)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.print.pdfs import per_page, run_on


def test_a_page_is_read_once_and_again_when_its_file_changes(tmp_path: Path) -> None:
    calls: list[tuple[Path, int]] = []

    @per_page
    def words(pdf: Path, page: int) -> list[str]:
        calls.append((pdf, page))
        return pdf.read_text().split()[page - 1 : page]

    pdf = tmp_path / "book.pdf"
    pdf.write_text("one two")
    first = words(pdf, 2)
    first.append("added by a caller")
    assert words(pdf, 2) == ["two"]  # each call gets its own list
    assert len(calls) == 1
    pdf.write_text("one deux trois")
    os.utime(pdf, ns=(1, 1))  # a change within the clock's tick is seen by its size and time
    assert words(pdf, 2) == ["deux"]
    assert len(calls) == 2


def _three_pages(folder: Path) -> Path:
    """A PDF of three pages: words in two boxes, nothing, then words with an ampersand."""
    texts = ["Alpha beta<tspan x='20' y='80'>gamma</tspan>", "", "Delta &amp; epsilon"]
    pages = []
    for number, text in enumerate(texts, 1):
        svg = folder / f"{number}.svg"
        svg.write_text(
            "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='120'>"
            f"<text x='20' y='40' font-size='14'>{text}</text></svg>",
            encoding="utf-8",
        )
        pages.append(folder / f"{number}.pdf")
        subprocess.run(["rsvg-convert", "-f", "pdf", "-o", pages[-1], svg], check=True)
    subprocess.run(["pdfunite", *pages, folder / "three.pdf"], check=True)
    return folder / "three.pdf"


@pytest.mark.parametrize("options", [(), ("-layout",), ("-raw",), ("-bbox",), ("-bbox-layout",)])
def test_a_page_cut_from_the_whole_file_is_the_pages_own_run(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    pdf = _three_pages(tmp_path)
    for page in (1, 2, 3):  # 2: a page without text
        own = ["pdftotext", "-f", str(page), "-l", str(page), *options]
        run = subprocess.run([*own, str(pdf), "-"], capture_output=True, text=True, check=True)
        assert run_on(pdf, *own) == run.stdout, page
    with pytest.raises(subprocess.CalledProcessError):  # past the end: pdftotext's own refusal
        run_on(pdf, "pdftotext", "-f", "4", "-l", "4", *options)
    assert "gamma" in run_on(pdf, "pdftotext", "-f", "1", "-l", "1", *options)
