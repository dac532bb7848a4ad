"""pytest runs every doctest of the rulebook's Markdown sources with Sybil.

Each ``{doctest}`` block is a worked example of the book computed with nqcore.  The resident
builder (nqsphinx/site/live.py) runs them with the same Sybil, without pytest.
"""

from collections.abc import Iterable
from pathlib import Path

from sybil import Example, Sybil
from sybil.parsers.myst import CodeBlockParser, DocTestDirectiveParser, PythonCodeBlockParser


class ConsoleSessionParser(CodeBlockParser):
    """A ``console`` block of ``$ nq ...`` commands (the ``nq`` page) is run as it is written:
    each command's answer must be the lines the page shows after it
    (:mod:`nqsphinx.languages.console`)."""

    language = "console"

    def evaluate(self, example: Example) -> str | None:
        from nqsphinx.languages.console import differences

        found = differences(str(example.parsed))
        return "\n".join(found) if found else None


BOOK_EXAMPLES = Sybil(
    parsers=[DocTestDirectiveParser(), PythonCodeBlockParser(), ConsoleSessionParser()],
    patterns=["*.md"],
    excludes=["_templates/*", "_static/*"],
)
pytest_collect_file = BOOK_EXAMPLES.pytest()


def unclosed_fences(pages: Iterable[Path]) -> list[str]:
    """An example whose fence is never closed, one line each, naming its page and line: its
    prose would become code and its doctest would never run."""
    from nqsphinx.directives.examples import unclosed_fences_in_source

    root = Path(__file__).resolve().parent.parent
    return [
        f"{page.resolve().relative_to(root)}:{line}: this fence is never closed inside the example"
        for page in sorted(pages)
        for line in unclosed_fences_in_source(page.read_text(encoding="utf-8"))
    ]


def pytest_sessionstart(session: object) -> None:
    """Unclosed fences stop the run before any example does (:func:`unclosed_fences`)."""
    import pytest

    problems = unclosed_fences(Path(__file__).parent.glob("*.md"))
    if problems:
        raise pytest.UsageError("\n".join(problems))
