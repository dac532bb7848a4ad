"""`./dev proof`: chosen pages of every PDF on one contact sheet per PDF, for editors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfWriter

from nqprint import proof
from tests.building import ROOT

A4 = (595.28, 841.89)


def blank_pdf(path: Path, pages: int) -> Path:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(*A4)
    with path.open("wb") as handle:
        writer.write(handle)
    return path


def test_pages_name_numbers_ranges_and_the_last() -> None:
    assert proof.parse_pages("1-4,10,last", 20) == [1, 2, 3, 4, 10, 20]
    assert proof.parse_pages("3, 1-2 ,3", 5) == [3, 1, 2]
    assert proof.parse_pages("2-last", 4) == [2, 3, 4]
    assert proof.parse_pages("8-12", 10) == [8, 9, 10], "pages past the end are left out"


@pytest.mark.parametrize("spec", ["", "one", "1-", "-3", "4-2", "1;2"])
def test_bad_pages_are_named(spec: str) -> None:
    with pytest.raises(proof.ProofError, match="PAGES"):
        proof.parse_pages(spec, 10)


def test_default_pages_are_the_first_four_and_a_sample_ending_on_the_last() -> None:
    assert proof.default_pages(175) == [1, 2, 3, 4, 47, 90, 133, 175]
    assert proof.default_pages(6) == [1, 2, 3, 4, 5, 6]
    assert proof.default_pages(2) == [1, 2]


def test_one_sheet_per_pdf_with_the_chosen_pages(tmp_path: Path) -> None:
    pdfs, out = tmp_path / "pdf", tmp_path / "proof"
    pdfs.mkdir()
    blank_pdf(pdfs / "book-en.pdf", 9)
    blank_pdf(pdfs / "templates-en.pdf", 2)
    assert proof.main(["--pdf-dir", str(pdfs), "--out", str(out), "--pages", "1-3,9"]) == 0
    page = proof.render(pdfs / "book-en.pdf", 1, tmp_path)
    assert page.size == (round(A4[0] * proof.DPI / 72), round(A4[1] * proof.DPI / 72))
    with Image.open(out / "book-en.png") as sheet:  # four pages: one row of four
        cell = page.width + proof.MARGIN
        assert sheet.size == (
            4 * cell + proof.MARGIN,
            page.height + proof.LABEL_HEIGHT + 2 * proof.MARGIN,
        )
    with Image.open(out / "templates-en.png") as sheet:  # 3 and 9 are past its end
        assert sheet.width == 2 * cell + proof.MARGIN


def test_no_pdf_bad_pages_or_bad_pdf_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert proof.main(["--pdf-dir", str(tmp_path), "--out", str(tmp_path / "o")]) == 1
    assert capsys.readouterr().err.strip().endswith("./dev print)")
    blank_pdf(tmp_path / "a.pdf", 1)
    assert (
        proof.main(["--pdf-dir", str(tmp_path), "--out", str(tmp_path / "o"), "--pages", "x"]) == 2
    )
    assert capsys.readouterr().err.count("\n") == 1
    (tmp_path / "a.pdf").write_text("not a pdf")
    assert proof.main(["--pdf-dir", str(tmp_path), "--out", str(tmp_path / "o")]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"{tmp_path / 'a.pdf'}: not a readable PDF") and error.count("\n") == 1


def test_make_proof_takes_pages_from_the_environment(tmp_path: Path) -> None:
    (tmp_path / "pdf").mkdir()
    blank_pdf(tmp_path / "pdf" / "quick-reference-fr.pdf", 3)
    result = subprocess.run(
        ["make", "-s", "proof", f"BUILD={tmp_path}", f"PYTHON={sys.executable}", "PAGES=2-last"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    width = round(A4[0] * proof.DPI / 72) + proof.MARGIN
    with Image.open(tmp_path / "proof" / "quick-reference-fr.png") as sheet:
        assert sheet.width == 2 * width + proof.MARGIN, "pages 2 and 3"
