"""The printed rulebooks show each worked example's prose, never its code nor the engine's check
(the site's); an example the 2007 book got wrong gives the right answer, the engine's result and
what the book printed (:mod:`nqsphinx.directives.example_view`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.directives.example_view import CHECK_MARK, engine_result
from nqsphinx.messages import ui_text
from tests.print.pdfs import text
from tests.test_worked_examples import _ERRATUM, PAGES, examples

LANGS = ["en", "fr"]
CODE = (">>>", "Traceback", "nqcore")
_RESULT = re.compile(r"^:result:\s*(.+)$", re.MULTILINE)
_DOCTEST = re.compile(r"```\{doctest\}\n(.*?)```", re.DOTALL)


@pytest.mark.parametrize("lang", LANGS)
def test_no_code_is_printed(pdfs: dict[str, Path], lang: str) -> None:
    """On no page: the chapter on the ``nq`` command, whose answers are code, is the site's only
    (tests/print/test_editions.py)."""
    pages = text(pdfs[lang]).split("\f")
    shown = {
        f"page {n + 1}: {word}" for n, page in enumerate(pages) for word in CODE if word in page
    }
    assert not shown


def _flat(pdf: Path) -> str:
    return re.sub(r"\s+", " ", text(pdf, layout=False))


@pytest.mark.parametrize("lang", LANGS)
def test_no_check_line_is_printed(pdfs: dict[str, Path], lang: str) -> None:
    """The engine's "✓ Checked with the rules engine" reads to a player as a test log: it is
    the site's (folded with the code), never the book's; nor is "kept above, is wrong"."""
    flat = _flat(pdfs[lang])
    assert ui_text("Example", lang) in flat
    for words in (CHECK_MARK, ui_text("Checked with the rules engine", lang), "kept above"):
        assert words not in flat, words
    assert "ci-dessus, est faux" not in flat


def corrected_examples() -> list[tuple[str, str, str]]:
    """Each example the 2007 book got wrong: its page, its ``:result:`` words (empty if none)
    and its doctest."""
    found = []
    for page in PAGES:
        for _, body in examples(page):
            if _ERRATUM.search(body):
                words = _RESULT.search(body)
                (code,) = _DOCTEST.findall(body)[-1:]
                found.append((page.stem, words[1].strip() if words else "", code))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_corrected_example_gives_the_engines_result(pdfs: dict[str, Path], lang: str) -> None:
    """Under an example the book got wrong: the engine's result in the example's words, then
    what the 2007 book printed; the prose above gives the corrected working."""
    flat = _flat(pdfs[lang])
    given = ui_text("The rules give {result}.", lang).split("{result}")[0].strip()
    printed = ui_text("The 2007 book printed {printed}; see the erratum:", lang).split("{")[0]
    corrected = corrected_examples()
    with_result = [c for c in corrected if c[1]]
    assert len(corrected) >= 6 and len(with_result) >= 6
    assert flat.count(given) == len(with_result)
    assert flat.count(printed.strip()) == len(corrected)
    if lang == "en":  # the :result: words are the page catalogues' in French
        for page, words, code in with_result:
            result = engine_result(code, lang, words)
            assert result is not None, page
            assert f"{given} {result}." in flat, (page, result)
    else:
        assert f"{given} Seigneur de Guerre 6 ou moins, Dragon 5 ou moins." in flat
        assert f"{given} 4 pertes sur 7." in flat
