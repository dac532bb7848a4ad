"""`python -m nqprint` refuses bad input in one line, and a LaTeX failure names its file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nqprint.latex import PrintError, compile_pdf, document
from tests.building import ROOT


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["posters"], "unknown product 'posters': choose from quick-reference"),
        (["--lang", "de"], "invalid choice: 'de'"),
    ],
)
def test_bad_arguments_get_one_line(arguments: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "nqprint", *arguments], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_latex_error_names_the_file_and_the_error(tmp_path: Path) -> None:
    source = document(r"\undefinedmacro", lang="en", title="Broken", geometry="margin=1in")
    with pytest.raises(PrintError) as error:
        compile_pdf(source, tmp_path / "out" / "broken-en.pdf", tmp_path / "work")
    line = str(error.value)
    assert "\n" not in line
    assert "broken-en.tex" in line and "Undefined control sequence" in line
    assert not (tmp_path / "out" / "broken-en.pdf").exists()
