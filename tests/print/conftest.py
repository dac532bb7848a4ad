"""Each print product is built once per test run, both languages side by side, in a scratch
directory, the way `make print` builds it."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.building import LANGUAGES, ROOT


@dataclass(frozen=True)
class Products:
    out: Path
    work: Path
    returncodes: dict[str, int]
    logs: dict[str, str]

    def pdf(self, product: str, lang: str) -> Path:
        assert self.returncodes[lang] == 0, self.logs[lang]
        return self.out / f"{product}-{lang}.pdf"

    def latex_log(self, product: str, lang: str) -> str:
        log = self.work / f"{product}-{lang}" / f"{product}-{lang}.log"
        return log.read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="session")
def products(tmp_path_factory: pytest.TempPathFactory) -> Products:
    base = tmp_path_factory.mktemp("print")
    out, work = base / "pdf", base / "work"
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
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip
        for lang in LANGUAGES
    }
    logs = {lang: process.communicate()[0] for lang, process in running.items()}
    return Products(out, work, {lang: p.returncode for lang, p in running.items()}, logs)
