"""No English in the translated PDFs: the rulebook and the print products in the pseudo language.

As ``tests/site/test_pseudo_language.py`` does for the site: every catalogue is accented and
bracketed into a scratch folder, the PDF rulebook (LaTeX, xelatex) and the print products are
made in that language, and their text (pdftotext) must hold no ASCII letter except what the
allow-lists below give, each with its reason.  A glyph the fonts lack stops the build
(``tests/print/test_missing_glyphs.py``), so none can hide English by printing as nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from nqcore.i18n import LOCALE_PATH_VARIABLE
from nqtranslate.pseudo import PSEUDO
from tests.building import ROOT, Build
from tests.print.pdfs import text
from tests.pseudolang import Allowed, PseudoBuilds, english_left, unused

PRODUCTS = ("quick-reference", "spell-cards", "templates")
#: The printing's day as babel writes it in French, the language whose numbers and dates the
#: pseudo language takes (nqcore.i18n.NUMBER_LOCALES): « 2 décembre 2026 », not English.
FRENCH_DAY = (
    r"\b[0-9]{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|"
    r"novembre|décembre) [0-9]{4}\b"
)
#: English any printed page may show.
ALLOWED = (
    Allowed(FRENCH_DAY, "the printing's day, in the French the pseudo language's dates take"),
    Allowed(r"No Quarter|Fantasy Wargames", "the game's title, on the cover and the running heads"),
    Allowed(
        r"https://\S+|\(https:$|^(//|io/|qps/)\S+",
        "the site's address (printed so that a reader can type it), broken at a line's end",
    ),
)
#: English the products may show besides: none (the quick reference names the At the table page
#: by its title, from the page's catalogue).
PRODUCTS_ALLOWED = (
    *ALLOWED,
    Allowed(r"Chris Gilders", "the author's name, in the quick reference's imprint"),
    Allowed(r"\b[0-9a-f]{7,12}\b", "the sources' commit id, in the imprint's printing line"),
    Allowed(r", A4⁆\.", "the paper's name, in the sheet's 'pages of the rulebook, A4'"),
)
#: English the rulebook may show besides.
BOOK_ALLOWED = (
    *ALLOWED,
    Allowed(r"Chris Gilders", "the author's name, on the cover"),
    Allowed(r"^EN: .*$", "the glossary gives each term in the other language (English)"),
    Allowed(r"^[ivx]+(?= |$)", "the contents' page numbers, in roman numerals, by their head"),
    Allowed(
        r"\b(Chapter|CHAPTER)\b",
        "LaTeX's word for a language babel does not know (a real language gets babel's: Chapitre)",
    ),
    Allowed(r"^[A-Z]$", "a label of a diagram that the text names (« marked A and B »)"),
    Allowed(r"\b[0-9a-f]{7,12}\b", "the sources' commit id, in the credits' printing line"),
    Allowed(r"· A4$", "the paper's name, on the cover"),
)
#: Warnings of the pseudo build (a real language has a babel name and date formats).
PSEUDO_WARNINGS = {
    "WARNING: no Babel option known for language 'qps'",
    "WARNING: Invalid Babel locale: 'qps'. [i18n.babel]",
}


def english_lines(pdf: Path, allowed: tuple[Allowed, ...], used: Counter[Allowed]) -> list[str]:
    lines = [" ".join(line.split()) for line in text(pdf, layout=False).splitlines()]
    return [f"{pdf.name}: {line!r}" for line in lines if english_left(line, allowed, used)]


@pytest.fixture(scope="module")
def catalogues(pseudo_builds: PseudoBuilds) -> Path:
    return pseudo_builds.catalogues


@pytest.fixture(scope="module")
def rulebook(pseudo_builds: PseudoBuilds) -> tuple[Build, Build]:
    """The pseudo language's rulebook: its LaTeX build (with Sphinx's log), then its PDF."""
    return pseudo_builds.latex, pseudo_builds.pdf


def test_print_products_have_no_english(
    catalogues: Path, rulebook: tuple[Build, Build], tmp_path: Path
) -> None:
    """The products on A4, their quick reference's pages read from the pseudo rulebook."""
    latex = tmp_path / "latex"
    latex.mkdir()
    (latex / PSEUDO).symlink_to(rulebook[1].check(), target_is_directory=True)
    env = dict(os.environ, **{LOCALE_PATH_VARIABLE: str(catalogues)})
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "nqprint",
            "--lang",
            PSEUDO,
            "--paper",
            "a4",
            "--out",
            str(tmp_path / "pdf"),
            "--work",
            str(tmp_path / "work"),
            "--latex",
            str(latex),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    used: Counter[Allowed] = Counter()
    found = [
        line
        for product in PRODUCTS
        for line in english_lines(
            tmp_path / "pdf" / f"{product}-{PSEUDO}.pdf", PRODUCTS_ALLOWED, used
        )
    ]
    assert not found, "English in the print products:\n" + "\n".join(found)
    assert not unused(PRODUCTS_ALLOWED, used), "allowed but never found"


def test_rulebook_has_no_english(rulebook: tuple[Build, Build]) -> None:
    log = rulebook[0].log
    assert "\x1b[" not in log, "colour codes in Sphinx's log: warnings would not compare"
    warnings = {line for line in log.splitlines() if "WARNING" in line or "ERROR" in line}
    assert warnings <= PSEUDO_WARNINGS, log
    pdf = rulebook[1].check() / "noquarter.pdf"
    used: Counter[Allowed] = Counter()
    found = english_lines(pdf, BOOK_ALLOWED, used)
    assert not found, "English in the PDF rulebook:\n" + "\n".join(found)
    assert not unused(BOOK_ALLOWED, used), "allowed but never found"
