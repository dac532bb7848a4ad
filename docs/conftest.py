"""pytest runs every doctest of the rulebook's Markdown sources with Sybil.

Each ``{doctest}`` block is a worked example of the book computed with nqcore.
"""

from pathlib import Path

from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, PythonCodeBlockParser

pytest_collect_file = Sybil(
    parsers=[DocTestDirectiveParser(), PythonCodeBlockParser()],
    patterns=["*.md"],
    excludes=["_templates/*", "_static/*"],
).pytest()


def pytest_sessionstart(session: object) -> None:
    """An example whose fence is never closed stops the run, naming its line: its prose would
    become code and its doctest would never run."""
    import pytest

    from nqsphinx.directives.examples import unclosed_fences_in_source

    here = Path(__file__).parent
    problems = [
        f"{page.relative_to(here.parent)}:{line}: this fence is never closed inside the example"
        for page in sorted(here.glob("*.md"))
        for line in unclosed_fences_in_source(page.read_text(encoding="utf-8"))
    ]
    if problems:
        raise pytest.UsageError("\n".join(problems))
