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


def test_a_failed_run_publishes_none_of_its_products(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The A4 product made, the Letter one refused: neither reaches --out (the A4 one, a
    hostile title in its metadata, was left there by a run that failed: attack round
    twenty-two); a run that succeeds moves both."""
    import nqprint.__main__ as cli
    from nqprint import latex

    def build(product: str, lang: str, paper: latex.Paper, out: Path, *_: Path) -> Path:
        if paper.stem(product, lang).endswith("letter"):
            raise PrintError("letter refused")
        out.mkdir(parents=True, exist_ok=True)
        made = out / f"{paper.stem(product, lang)}.pdf"
        made.write_bytes(b"%PDF-1.7")
        return made

    monkeypatch.setattr(cli, "build", build)
    out, work = tmp_path / "out", tmp_path / "work"
    argv = ["templates", "--lang", "en", "--out", str(out), "--work", str(work)]
    assert cli.main(argv) == 1
    assert "letter refused" in capsys.readouterr().err
    assert not out.exists() or not list(out.iterdir())
    assert cli.main([*argv, "--paper", "a4"]) == 0
    assert [p.name for p in out.iterdir()] == ["templates-en.pdf"]
