"""The book's worked examples, a pytest plugin (``-p nqsphinx.page_examples``: the project's
``addopts``, ``make doctest``, the build's verify-examples): pytest runs every doctest of the
rulebook's Markdown sources with Sybil.

Each ``{doctest}`` block is a worked example of the book computed with nqcore.  The resident
builder (nqsphinx/site/live.py) runs them with the same Sybil, without pytest.  No Python lives
beside the pages: a ``docs/conftest.py`` was the pages' code, and an edited one ran with the
build's rights wherever pytest read the pages on the host (``make doctest``, the suite); pytest
is stopped before it imports any Python there (:func:`pytest_load_initial_conftests`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from sybil import Example, Sybil
from sybil.parsers.myst import CodeBlockParser, DocTestDirectiveParser

#: The folder of the pages, by its name: a page's examples are collected under it.
PAGES = "docs"


class ConsoleSessionParser(CodeBlockParser):
    """A ``console`` block of ``$ nq ...`` commands (the ``nq`` page) is run as it is written:
    each command's answer must be the lines the page shows after it
    (:mod:`nqsphinx.languages.console`)."""

    language = "console"

    def evaluate(self, example: Example) -> str | None:
        from nqsphinx.languages.console import page_problems

        page = Path(example.path).resolve()
        with contextlib.suppress(ValueError):
            page = page.relative_to(Path.cwd().resolve())
        found = page_problems(str(example.parsed), str(page), example.line + 1)
        return "\n".join(found) if found else None


def contributed_python(folders: Iterable[Path]) -> list[str]:
    """The Python files (and pytest's configuration files) in the pages' ``folders``, one
    refusal each: what pytest must never import from there."""
    from nqsphinx.content_code import python_in

    return [
        f"{PAGES}/{name}: Python beside the pages, which pytest would run: refused"
        for folder in dict.fromkeys(folders)
        if folder.is_dir()
        for name in python_in(folder)
    ]


def _pages_folders(args: Iterable[str]) -> list[Path]:
    """The pages' folders a run may read: ``docs`` under the working folder, and any argument
    that is it or lies in it."""
    found = [Path.cwd() / PAGES]
    for arg in args:
        path = Path(arg.split("::")[0]).absolute()
        if not arg.startswith("-") and path.exists():
            found += [p for p in (path, *path.parents) if p.name == PAGES][:1]
    return found


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: list[str]) -> None:
    """Stop before pytest imports a contributor's Python beside the pages (a ``conftest.py``,
    a ``test_*.py``: it would run with the build's rights, outside the sandbox) or reads a
    ``pytest.ini`` there: this plugin is loaded before any of them."""
    found = contributed_python(_pages_folders(args))
    if found:
        for line in found:
            print(line, file=sys.stderr)
        print("Refused input: the pages' folder holds Python; nothing run.", file=sys.stderr)
        raise SystemExit(2)  # pytest shows what was printed, and exits with it


def book_examples(pages: Path) -> Sybil:
    """The examples of the pages in ``pages`` (one Sybil a folder)."""
    pages = pages.absolute()
    if pages not in _SYBILS:
        # Doctests and nq's console sessions only: Sybil's Python code blocks (and their
        # ``% invisible-code-block`` comments, which no reader sees) would run any code. The
        # folders Sphinx never reads (``_data``...: conf.py's exclude_patterns) hold no page.
        _SYBILS[pages] = Sybil(
            parsers=[DocTestDirectiveParser(), ConsoleSessionParser()],
            patterns=["*.md"],
            excludes=["_*/*"],
            path=str(pages),
        )
    return _SYBILS[pages]


_SYBILS: dict[Path, Sybil] = {}


def _pages_of(file_path: Path) -> Path | None:
    """The pages' folder ``file_path`` is in, if any."""
    return next((p for p in file_path.absolute().parents if p.name == PAGES), None)


#: Set in the sandbox's environment by whoever runs the pages there (the Makefile's
#: verify-examples, :func:`nqsphinx.sandbox.prefix`): the examples run in this process.
IN_SANDBOX = "NQ_IN_SANDBOX"


def pytest_collect_file(file_path: Path, parent: Any) -> Any:
    """The pages' examples are the pages' code: outside the sandbox (the suite, ``make
    doctest``), each page is one test that runs its examples in the sandbox
    (:mod:`nqsphinx.sandbox`), pytest's report of a failing example shown whole; inside it, or
    without a working bwrap (with the sandbox's warning), they run here."""
    import os

    from nqsphinx import sandbox

    pages = _pages_of(file_path)
    if pages is None or not book_examples(pages).should_parse(file_path):
        return None
    in_this_process = book_examples(pages).pytest()
    if os.environ.get(IN_SANDBOX):
        return in_this_process(file_path, parent)
    if not sandbox.prefix():
        print(sandbox.UNSANDBOXED, file=sys.stderr)
        return in_this_process(file_path, parent)
    return SandboxedPage.from_parent(parent, path=file_path)


class SandboxedPage(pytest.File):
    """A page whose examples run in the sandbox, as one test."""

    def collect(self) -> Iterable[pytest.Item]:
        yield SandboxedExamples.from_parent(self, name="examples")


class SandboxedExamples(pytest.Item):
    """``pytest PAGE`` in the sandbox: it passes when every example of the page does."""

    #: The longest a page's examples may run in all (the slowest takes a few seconds; each
    #: example has its own limit, nqsphinx.example_limit).
    TIMEOUT = 120.0
    #: It asks for no fixture (the suite's hooks read every item's).
    fixturenames: tuple[str, ...] = ()

    def runtest(self) -> None:
        from nqsphinx import sandbox

        command = [sys.executable, "-m", "pytest", str(self.path), *PAGE_PYTEST_ARGS]
        ran = sandbox.run(command, timeout=self.TIMEOUT)
        if ran.returncode not in (0, 5):  # 5: a page with no example
            lines = (ran.stdout + ran.stderr).splitlines()
            progress = lines[:1] and set(lines[0].split("[")[0].strip()) <= set(".FEsxX")
            raise ExamplesFailed("\n".join(lines[1:] if progress else lines))

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, ExamplesFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.path.name}: examples (sandboxed)"


class ExamplesFailed(Exception):
    """The sandboxed run's own report of the page's failing examples."""


#: pytest's configuration for a run on the pages: the project's own, named, so that pytest
#: never looks for one in ``docs/`` (a ``.pytest.ini`` there put a zip on ``sys.path`` and
#: imported it before any plugin ran: attack round twenty-five); no ``conftest.py`` and no
#: ``test*.txt`` doctest file of pytest's own plugin (round twenty-six: both ran on the host).
PAGES_INI = ("-c", "pyproject.toml", "--rootdir", ".", "--noconftest", "-p", "no:doctest")
#: As the Makefile's verify-examples runs the pages: pytest's report of a failure, short.
PAGE_PYTEST_ARGS = (
    *PAGES_INI,
    "-q",
    "--no-header",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:hypothesispytest",
    "-p",
    "no:xdist",
    "-o",
    "addopts=",
    "--tb=short",
    "-p",
    "nqsphinx.example_limit",  # each example ended after its time, naming its page and line
    "-p",
    "nqsphinx.page_examples",
)


def unclosed_fences(pages: Iterable[Path]) -> list[str]:
    """An example whose fence is never closed, one line each, naming its page and line: its
    prose would become code and its doctest would never run."""
    from nqcore.data.datafiles import DataFileError, utf8_text
    from nqsphinx.directives.examples import unclosed_fences_in_source

    found = []
    for page in sorted(pages):
        folder = _pages_of(page)
        root = (folder or page.parent).resolve().parent
        shown = page.resolve().relative_to(root)
        try:
            text = utf8_text(page.read_bytes(), str(shown))
        except DataFileError as error:  # named at its line, not pytest's INTERNALERROR
            found.append(str(error))
            continue
        found += [
            f"{shown}:{line}: this fence is never closed inside the example"
            for line in unclosed_fences_in_source(text)
        ]
    return found


def pytest_sessionstart(session: object) -> None:
    """Unclosed fences stop the run before any example does (:func:`unclosed_fences`), and so
    does an engine data file its schema refuses: one line naming it, not tracebacks in the
    examples that read it (attack round twenty-two)."""
    config = getattr(session, "config", None)
    folders = [f for f in _pages_folders(getattr(config, "args", ())) if f.is_dir()]
    pages = [
        page
        for folder in dict.fromkeys(folders)
        for page in folder.rglob("*.md")
        if book_examples(folder).should_parse(page)  # a page in a sub-folder too
    ]
    problems = data_problems() or unclosed_fences(pages) or examples_code(pages)
    if problems:
        raise pytest.UsageError("\n".join(problems))


def examples_code(pages: Iterable[Path]) -> list[str]:
    """Sybil's comments that would hide code in a page, and the examples' statements that do
    more than call the engine (:mod:`nqsphinx.example_code`), one line each."""
    from nqsphinx.example_code import example_code_problems, hidden_code
    from nqsphinx.example_fences import example_fence_problems

    pages = list(pages)
    blocks = hidden_code(pages) + example_fence_problems(pages)
    return blocks or example_code_problems(pages)  # the statements of blocks read alike


def data_problems() -> list[str]:
    """Each engine data file's refusal, as one line."""
    from nqcore.data.datafiles import DataFileError, data_filenames, load
    from nqcore.i18n import Refusal

    found = []
    for name in data_filenames():
        try:
            load(name)
        except (DataFileError, Refusal) as error:
            found.append(f"Refused input: {error}")
    return found
