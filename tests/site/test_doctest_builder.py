"""Sphinx's doctest builder runs every worked example, under the English and the French prose."""

from __future__ import annotations

import doctest
import re

import pytest

from tests.building import ROOT, Build

#: Tests the doctest builder ran in each language before the examples' code left the pages
#: (228), less the 27 of the ``nq`` page, now terminal sessions (``$ nq ...``) that
#: ``nqsphinx/page_examples.py`` runs (nqsphinx/languages/console.py): a floor, so that no
#: example is lost.
BEFORE_FOLDING = 201
_DOCTEST_BLOCK = re.compile(r"^```\{doctest\}\n(.*?)^```", re.MULTILINE | re.DOTALL)


def doctest_examples_in_sources() -> int:
    """The ``>>>`` examples of every ``{doctest}`` block of the Markdown sources."""
    parser = doctest.DocTestParser()
    pages = sorted((ROOT / "docs").glob("*.md"))
    return sum(
        len(parser.get_examples(code))
        for page in pages
        for code in _DOCTEST_BLOCK.findall(page.read_text(encoding="utf-8"))
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_doctest_passes_in_both_languages(
    doctest_builds: dict[str, Build], lang: str
) -> None:
    build = doctest_builds[lang]
    assert build.returncode == 0, build.log
    output = (build.out / "output.txt").read_text(encoding="utf-8")
    assert "0 failures in tests" in output
    tests = int(re.findall(r"(\d+) tests\n", output)[-1])
    # Every example of the sources runs, whatever the site and the PDF show of it.
    assert tests == doctest_examples_in_sources() >= BEFORE_FOLDING, output[-500:]
