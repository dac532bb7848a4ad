"""The printed rulebooks show each worked example's prose, never its code nor the engine's check
(the site's); an example the 2007 book got wrong gives the right working and one line linking its
erratum (:mod:`nqsphinx.directives.example_view`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqsphinx.directives.example_view import CHECK_MARK
from nqsphinx.messages import ui_text
from tests.print.pdfs import text
from tests.test_worked_examples import _ERRATUM, PAGES, examples

LANGS = ["en", "fr"]
CODE = (">>>", "Traceback", "nqcore")
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


def corrected_examples() -> list[tuple[str, str]]:
    """Each example the 2007 book got wrong whose line the book prints: its page and its
    doctest (an example whose table already notes the correction has no line of its own)."""
    found = []
    for page in PAGES:
        for _, body in examples(page):
            if _ERRATUM.search(body) and "{nq-table} profile-basic-warrior" not in body:
                (code,) = _DOCTEST.findall(body)[-1:]
                found.append((page.stem, code))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_corrected_example_ends_with_one_neutral_line(
    pdfs: dict[str, Path], lang: str
) -> None:
    """Under an example the book got wrong: one line saying it was corrected, with the
    erratum's page; neither "the rules give" (a test log) nor the misprint (the erratum's)."""
    flat = _unspaced(_flat(pdfs[lang]))
    one, several = (
        _unspaced(ui_text(f"Corrected from the 2007 printing: see the {w} {{errata}}.", lang))
        .split("{errata}")[0]
        .strip()
        for w in ("erratum", "errata")
    )
    corrected = corrected_examples()
    assert len(corrected) >= 6
    assert flat.count(one) + flat.count(several) == len(corrected)
    misprint = ("The rules give", "The 2007 book printed “", "Les règles donnent", "imprimait «")
    assert [words for words in misprint if words in flat] == []


def _unspaced(text: str) -> str:
    """Text without the space French typography sets before high punctuation."""
    return re.sub(r"\s+([:;!?])", r"\1", text)
