"""The printed rulebooks show each worked example's prose and the line saying the engine checked
it, never its code (:mod:`nqsphinx.example_view`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from nqsphinx.messages import ui_text
from tests.print.pdfs import text
from tests.test_worked_examples import PAGES, examples

LANGS = ["en", "fr"]
CODE = (">>>", "Traceback", "nqcore")


def chapter_pages(pdf: Path, title: re.Pattern[str]) -> range:
    """The pages (from 0) of the chapter whose bookmark matches ``title``."""
    reader = PdfReader(str(pdf))
    chapters = [(item.title, reader.get_destination_page_number(item))
                for item in reader.outline if not isinstance(item, list)]  # fmt: skip
    index = next(i for i, (name, _) in enumerate(chapters) if title.search(name))
    end = chapters[index + 1][1] if index + 1 < len(chapters) else len(reader.pages)
    return range(chapters[index][1], end)


@pytest.mark.parametrize("lang", LANGS)
def test_no_code_is_printed(pdfs: dict[str, Path], lang: str) -> None:
    """Outside the chapter on the ``nq`` command, whose prose and answers are about the engine."""
    pages = text(pdfs[lang]).split("\f")
    cli = chapter_pages(pdfs[lang], re.compile(r"\bnq\b"))
    assert 0 < len(cli) < 10 and "nq cast" in pages[cli.start]
    shown = {f"page {n + 1}: {word}" for n, page in enumerate(pages) if n not in cli
             for word in CODE if word in page}  # fmt: skip
    assert not shown


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_says_the_engine_checked_it(pdfs: dict[str, Path], lang: str) -> None:
    flat = re.sub(r"\s+", " ", text(pdfs[lang], layout=False))
    checked = re.escape(ui_text("Checked with the rules engine", lang))
    lines = re.findall(rf"✓\s?{checked}", flat)
    assert len(lines) == sum(len(examples(page)) for page in PAGES) >= 52
    colon = r"\s?:" if lang == "fr" else ":"
    assert re.search(rf"✓\s?{checked}{colon} 7\b", flat)  # casting a level 5 spell at level 2
