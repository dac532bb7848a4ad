"""Each print product is built once per test run, both languages side by side, on A4 and US
Letter, in a scratch directory, the way `make print` builds it: after the rulebooks, whose pages
the quick reference prints."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from nqprint.latex import PAPERS
from tests.background import Background
from tests.building import LANGUAGES, ROOT, Build, build_environment

#: Debian's /usr/bin/epubcheck is the jar itself, run by binfmt_misc (jarwrapper), which
#: containers often lack: java runs the jar directly.
EPUBCHECK_JAR = Path("/usr/share/java/epubcheck.jar")
#: A short run needs neither the optimising compiler nor a parallel collector: with these,
#: epubcheck checks a book in less than half the CPU time (13 s to 5.5 s), with the same report.
SHORT_RUN_JVM = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")


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
            env=build_environment(),
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


def epubcheck_command() -> list[str] | None:
    java = shutil.which("java")
    if EPUBCHECK_JAR.is_file() and java:
        return [java, *SHORT_RUN_JVM, "-jar", str(EPUBCHECK_JAR)]
    found = shutil.which("epubcheck")
    return [found] if found else None


@dataclass(frozen=True)
class EpubCheck:
    """One book's epubcheck run: its exit code, its output and its JSON report."""

    returncode: int
    output: str
    report: dict[str, Any]


def check_epubs(base: Path, epub_builds: dict[str, Build]) -> dict[str, EpubCheck] | None:
    """epubcheck on each e-book, side by side (one JVM a book: it checks one file a run), made
    ahead as soon as the books exist; None if epubcheck is not installed."""
    command = epubcheck_command()
    if command is None:
        return None
    running = {
        lang: subprocess.Popen(
            [*command, str(build.check() / "noquarter.epub"), "--json", str(base / f"{lang}.json")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=build_environment(),
        )
        for lang, build in epub_builds.items()
    }
    checks = {}
    for lang, process in running.items():
        output, _ = process.communicate()
        report = json.loads((base / f"{lang}.json").read_text(encoding="utf-8"))
        checks[lang] = EpubCheck(process.returncode, output, report)
    return checks


@pytest.fixture(scope="session")
def epubcheck_runs(background: Background) -> dict[str, EpubCheck] | None:
    """Made ahead (tests/background.py) by :func:`check_epubs`."""
    result: dict[str, EpubCheck] | None = background.result("epubcheck_runs")
    return result
