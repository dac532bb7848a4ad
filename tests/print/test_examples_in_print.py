"""The printed rulebooks show each worked example's prose and the line saying the engine checked
it, never its code (:mod:`nqsphinx.directives.example_view`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.messages import ui_text
from tests.print.pdfs import text
from tests.test_worked_examples import _ERRATUM, PAGES, examples

LANGS = ["en", "fr"]
CODE = (">>>", "Traceback", "nqcore")


@pytest.mark.parametrize("lang", LANGS)
def test_no_code_is_printed(pdfs: dict[str, Path], lang: str) -> None:
    """On no page: the chapter on the ``nq`` command, whose answers are code, is the site's only
    (tests/print/test_editions.py)."""
    pages = text(pdfs[lang]).split("\f")
    shown = {
        f"page {n + 1}: {word}" for n, page in enumerate(pages) for word in CODE if word in page
    }
    assert not shown


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_says_the_engine_checked_it(pdfs: dict[str, Path], lang: str) -> None:
    flat = re.sub(r"\s+", " ", text(pdfs[lang], layout=False))
    checked = re.escape(ui_text("Checked with the rules engine", lang))
    lines = re.findall(rf"✓\s?{checked}", flat)
    bodies = [body for page in PAGES for _, body in examples(page)]
    corrected = [body for body in bodies if _ERRATUM.search(body)]  # no ✓ where printed wrong
    assert len(lines) == len(bodies) - len(corrected) and len(bodies) >= 52 and len(corrected) >= 5
    colon = r"\s?:" if lang == "fr" else ":"
    words = "ou moins" if lang == "fr" else "or less"  # the example's :result:
    assert re.search(rf"✓\s?{checked}{colon} 7 {words}\b", flat)  # a level 5 spell at level 2
