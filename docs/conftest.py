"""pytest runs every doctest of the rulebook's Markdown sources with Sybil.

Each ``{doctest}`` block is a worked example of the book computed with nqcore.
"""

from sybil import Sybil
from sybil.parsers.myst import DocTestDirectiveParser, PythonCodeBlockParser

pytest_collect_file = Sybil(
    parsers=[DocTestDirectiveParser(), PythonCodeBlockParser()],
    patterns=["*.md"],
    excludes=["_templates/*", "_static/*"],
).pytest()
