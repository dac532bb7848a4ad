"""Build the product the way `make` does, into a scratch directory, for the tests to inspect."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from nqprint.tex_sandbox import LATEXMKOPTS, sandboxed_env
from nqsphinx.editions import PRINT_BUILDERS, PRINT_TAG

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "fr")


@dataclass(frozen=True)
class Build:
    lang: str
    builder: str
    out: Path
    returncode: int
    log: str

    def check(self) -> Path:
        assert self.returncode == 0, f"{self.builder} build ({self.lang}) failed:\n{self.log}"
        return self.out


def sphinx_command(builder: str, out: Path, lang: str, src: Path = ROOT / "docs") -> list[str]:
    language = ["-D", "language=fr", "-t", "fr"] if lang == "fr" else []
    edition = ["-t", PRINT_TAG] if builder in PRINT_BUILDERS else []  # as `make pdf` builds
    return [
        sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q",
        "-b", builder, *edition, "-c", str(src.parent), "-d", str(out / "doctrees"),
        *language, str(src), str(out / builder),
    ]  # fmt: skip


def build_all(builder: str, base: Path, src: Path = ROOT / "docs") -> dict[str, Build]:
    """Build both languages at once (the machine has two cores)."""
    running = {}
    for lang in LANGUAGES:
        out = base / lang
        command = sphinx_command(builder, out, lang, src)
        running[lang] = (out, subprocess.Popen(command, stdout=subprocess.PIPE,
                                               stderr=subprocess.STDOUT, text=True))
    builds = {}
    for lang, (out, process) in running.items():
        log, _ = process.communicate()
        builds[lang] = Build(lang, builder, out / builder, process.returncode, log)
    return builds


def latexmk_all(latex: dict[str, Build]) -> dict[str, Build]:
    """Compile each language's LaTeX with latexmk/xelatex, as Sphinx's generated Makefile does."""
    running = {}
    env = dict(sandboxed_env(), LATEXMKOPTS=LATEXMKOPTS)
    for lang, build in latex.items():
        build.check()
        running[lang] = subprocess.Popen(
            ["make", "-C", str(build.out), "all-pdf"], stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, env=env,
        )
    results = {}
    for lang, process in running.items():
        log, _ = process.communicate()
        results[lang] = Build(lang, "pdf", latex[lang].out, process.returncode, log)
    return results
