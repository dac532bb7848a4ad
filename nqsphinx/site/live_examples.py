"""The resident builder's worked examples (``./dev live``), run as ``make verify-examples`` runs
them: in the sandbox (:mod:`nqsphinx.sandbox`), in a child process, never in the builder's.

The examples are the pages' code (their parsers are chosen by :mod:`nqsphinx.page_examples`):
they come from any pull request, so they are not run by the builder, which reads the child's
problems only.  ``python -m nqsphinx.site.live_examples DOCS PAGE...`` is the child: it prints
the problems of those of the pages that have examples, one line each, and exits 0.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nqsphinx import sandbox
from nqsphinx.page_examples import book_examples, examples_code, unclosed_fences
from nqsphinx.site.live_sites import first_line

#: Seconds the changed pages' examples may take in all (each example, nqsphinx.example_limit's).
TIMEOUT = 120


def run_examples(docs: Path, pages: Sequence[Path]) -> list[str]:
    """The problems of ``pages``' examples, one line each, from the sandboxed child."""
    candidates = [str(p.resolve()) for p in pages if p.suffix == ".md" and p.is_file()]
    if not candidates:
        return []
    command = [sys.executable, "-m", "nqsphinx.site.live_examples", str(docs.resolve())]
    try:
        done = sandbox.run([*command, *candidates], timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return [f"the examples ran longer than {TIMEOUT} s"]
    if done.returncode != 0:
        return [f"the examples stopped (exit {done.returncode}): {sandbox.last_words(done)}"]
    return [line for line in done.stdout.splitlines() if line.strip()]


@dataclass
class Examples:
    """The book's worked examples, run as ``make verify-examples`` runs them (in the child)."""

    docs: Path

    def pages(self, changed: Sequence[Path]) -> list[Path]:
        sybil = book_examples(self.docs)
        return [p for p in changed if p.is_file() and p.suffix == ".md" and sybil.should_parse(p)]

    def run(self, pages: Sequence[Path]) -> list[str]:
        """The problems of ``pages``' examples, one line each: ``docs/page.md:LINE: what``."""
        problems: list[str] = list(unclosed_fences(pages)) or examples_code(pages)
        if problems:
            return problems
        for page in pages:
            problems += self._run_page(book_examples(self.docs), page)
        return problems

    def _run_page(self, sybil: Any, page: Path) -> list[str]:
        from nqsphinx.example_limit import limit  # pytest's plugin too: imported by the child only

        where = shown(page)
        try:
            document = sybil.parse(page)
        except Exception as error:  # a parser's complaint names the line itself
            return [f"{where}: {first_line(error)}"]
        problems = []
        for example in document:
            try:
                with limit(f"{where}:{example.line}"):
                    example.evaluate()
            except Exception as error:  # Sybil's failure holds the doctest's expected and got
                detail = getattr(error, "result", None)
                said = first_line(AssertionError(detail) if detail else error)
                problems.append(f"{where}:{example.line}: example failed: {said}")
        return problems


def shown(path: Path) -> str:
    """``path`` as ``make`` names it, from the project's root (else as given)."""
    with contextlib.suppress(ValueError):
        return path.resolve().relative_to(sandbox.CODE_ROOT).as_posix()
    return str(path)


def main(argv: Sequence[str] | None = None) -> int:
    docs, *pages = sys.argv[1:] if argv is None else argv
    examples = Examples(Path(docs))
    problems = examples.run(examples.pages([Path(p) for p in pages]))
    sys.stdout.write("".join(f"{problem}\n" for problem in problems))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
