"""Each print product is built once per test run, both languages side by side, on A4 and US
Letter, in a scratch directory, the way `make print` builds it: after the rulebooks, whose pages
the quick reference prints."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from nqprint.latex import PAPERS
from tests.background import Background
from tests.building import LANGUAGES, ROOT, Build


@dataclass(frozen=True)
class Products:
    out: Path
    work: Path
    #: The rulebooks' LaTeX folders, as `make` leaves them (``<lang>[-letter]/noquarter.aux``).
    latex: Path
    returncodes: dict[str, int]
    logs: dict[str, str]

    def pdf(self, product: str, lang: str, paper: str = "a4") -> Path:
        assert self.returncodes[lang] == 0, self.logs[lang]
        return self.out / f"{PAPERS[paper].stem(product, lang)}.pdf"

    def latex_log(self, product: str, lang: str, paper: str = "a4") -> str:
        name = PAPERS[paper].stem(product, lang)
        log = self.work / name / f"{name}.log"
        return log.read_text(encoding="utf-8", errors="replace")

    def rulebook(self, lang: str, paper: str = "a4") -> Path:
        return self.latex / f"{lang}{PAPERS[paper].suffix}" / "noquarter.pdf"


def rulebook_folders(base: Path, builds: dict[str, dict[str, Build]]) -> Path:
    """A folder laid out as `make` lays out ``$(BUILD)/latex``, linking the test builds."""
    latex = base / "latex"
    latex.mkdir()
    for paper, by_lang in builds.items():
        for lang, build in by_lang.items():
            (latex / f"{lang}{PAPERS[paper].suffix}").symlink_to(build.check())
    return latex


def build_products(
    base: Path, pdf_builds: dict[str, Build], letter_pdf_builds: dict[str, Build]
) -> Products:
    out, work = base / "pdf", base / "work"
    latex = rulebook_folders(base, {"a4": pdf_builds, "letter": letter_pdf_builds})
    running = {
        lang: subprocess.Popen(
            [
                sys.executable,
                "-m",
                "nqprint",
                "--lang",
                lang,
                "--out",
                str(out),
                "--work",
                str(work),
                "--latex",
                str(latex),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for lang in LANGUAGES
    }
    logs = {lang: process.communicate()[0] for lang, process in running.items()}
    return Products(out, work, latex, {lang: p.returncode for lang, p in running.items()}, logs)


@pytest.fixture(scope="session")
def products(background: Background) -> Products:
    """Made ahead (tests/background.py) by :func:`build_products`."""
    result: Products = background.result("products")
    return result
