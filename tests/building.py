"""Build the product the way `make` does, into a scratch directory, for the tests to inspect."""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nqcore.i18n import LANGUAGES, LOCALE_PATH_VARIABLE, SOURCE_LANGUAGE
from nqprint.tex_sandbox import LATEXMKOPTS, sandboxed_env
from nqsphinx.books.editions import PRINT_BUILDERS, PRINT_TAG

ROOT = Path(__file__).resolve().parents[1]
__all__ = [
    "LANGUAGES",
    "ROOT",
    "Build",
    "build_all",
    "finish_all",
    "latexmk_all",
    "sphinx_command",
    "start_all",
]


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


#: What `make pdf-letter` adds: the rulebook laid out on US Letter.
LETTER = ("-D", "latex_elements.papersize=letterpaper")


def sphinx_command(
    builder: str,
    out: Path,
    lang: str,
    src: Path = ROOT / "docs",
    strict: bool = True,
    extra: tuple[str, ...] = (),
) -> list[str]:
    language = ["-D", f"language={lang}", "-t", lang] if lang != SOURCE_LANGUAGE else []
    edition = ["-t", PRINT_TAG] if builder in PRINT_BUILDERS else []  # as `make pdf` builds
    return [
        sys.executable,
        "-m",
        "sphinx",
        *(["-W"] if strict else []),
        "--keep-going",
        "-n",
        "-q",
        "-b",
        builder,
        *edition,
        *extra,
        "-c",
        str(src.parent),
        "-d",
        str(out / "doctrees"),
        *language,
        str(src),
        str(out / builder),
    ]


#: Builds under way: each language's output folder and Sphinx process.
#: The environment the session started with (:func:`freeze_environment`): the builds made ahead
#: run beside tests, one of which may set a variable for itself (``monkeypatch.setenv``, such as
#: SOURCE_DATE_EPOCH): a build started meanwhile inherited it (a Letter book dated 2007).
_SESSION_ENV: dict[str, str] = {}


def freeze_environment() -> None:
    """Keep the session's environment for every build (``pytest_configure``)."""
    _SESSION_ENV.clear()
    _SESSION_ENV.update(os.environ)


def build_environment() -> dict[str, str]:
    """A copy of the session's environment, never a test's (os.environ before any freeze)."""
    return dict(_SESSION_ENV or os.environ)


Running = dict[str, tuple[Path, "subprocess.Popen[str]"]]
#: Every build started: one still running when the test process ends (a test stopped by its
#: timeout while it waited) is ended with it, never left to load the machine (stop 45).
STARTED: list[subprocess.Popen[str]] = []


@atexit.register
def _end_builds() -> None:
    for process in STARTED:
        if process.poll() is None:
            with contextlib.suppress(OSError):
                if _own_group(process):  # make, with its latexmk and xelatex
                    os.killpg(process.pid, signal.SIGKILL)
                else:
                    process.kill()


def _own_group(process: subprocess.Popen[str]) -> bool:
    try:
        return os.getpgid(process.pid) == process.pid
    except OSError:
        return False


def _started(process: subprocess.Popen[str]) -> subprocess.Popen[str]:
    STARTED.append(process)
    return process


def start_all(
    builder: str,
    base: Path,
    src: Path = ROOT / "docs",
    languages: Sequence[str] = LANGUAGES,
    locale_path: Path | None = None,
    strict: bool = True,
    extra: tuple[str, ...] = (),
) -> Running:
    """Start :func:`build_all`'s builds and return at once, so that a caller can run another
    build beside them (a one-language build leaves a core idle); :func:`finish_all` waits."""
    env = build_environment()
    if locale_path is not None:
        env[LOCALE_PATH_VARIABLE] = str(locale_path)
    running: Running = {}
    for lang in languages:
        out = base / lang
        command = sphinx_command(builder, out, lang, src, strict, extra)
        process = _started(
            subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
            )
        )
        running[lang] = (out, process)
    return running


def finish_all(builder: str, running: Running) -> dict[str, Build]:
    builds = {}
    for lang, (out, process) in running.items():
        log, _ = process.communicate()
        builds[lang] = Build(lang, builder, out / builder, process.returncode, log)
    return builds


def build_all(
    builder: str,
    base: Path,
    src: Path = ROOT / "docs",
    languages: Sequence[str] = LANGUAGES,
    locale_path: Path | None = None,
    strict: bool = True,
    extra: tuple[str, ...] = (),
) -> dict[str, Build]:
    """Build every language at once (the machine has two cores); ``locale_path`` adds the
    languages of a folder laid out like the repository (``NQ_LOCALE_PATH``, nqcore/i18n.py);
    not ``strict``: warnings are not errors (the caller reads them in the log); ``extra``:
    more options (:data:`LETTER`)."""
    running = start_all(builder, base, src, languages, locale_path, strict, extra)
    return finish_all(builder, running)


def latexmk_all(latex: dict[str, Build]) -> dict[str, Build]:
    """Compile each language's LaTeX with latexmk/xelatex, as Sphinx's generated Makefile does."""
    running = {}
    env = dict(sandboxed_env(build_environment()), LATEXMKOPTS=LATEXMKOPTS)
    for lang, build in latex.items():
        build.check()
        running[lang] = _started(
            subprocess.Popen(
                ["make", "-C", str(build.out), "all-pdf"],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                env=env,
                start_new_session=True,  # killed as a group: make, latexmk and xelatex
            )
        )
    results = {}
    for lang, process in running.items():
        log, _ = process.communicate()
        results[lang] = Build(lang, "pdf", latex[lang].out, process.returncode, log)
    return results
