"""``nq army FILE --pdf OUT.pdf``: the roster set by the print products' LaTeX, read back from the
PDF (pdftotext): every entry with its points and profile line, the total against the game's
size, the warnings, in English and in French, on A4 and on US Letter, its fonts embedded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.army.army_rules import check
from nqcore.army.force import army
from nqcore.cli.commands import main
from tests.print.pdfs import reader, text, unembedded_fonts

pytestmark = pytest.mark.slow  # xelatex runs (seconds each)
ARMIES = Path(__file__).resolve().parents[2] / "examples" / "armies"
Capture = pytest.CaptureFixture[str]


def _printed(capsys: Capture, tmp_path: Path, lang: str, *more: str) -> tuple[str, Path]:
    out = tmp_path / f"a roster {lang}.pdf"  # a space in the name: never on xelatex's line
    code = main(
        ["--lang", lang, "army", str(ARMIES / "orc-warband.toml"), "--pdf", str(out), *more]
    )
    said, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert said.splitlines()[-1].endswith(str(out))
    return " ".join(text(out).split()), out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "The Red Tusk Warband",
                "Army roster · A game of 2,000 points",
                "Unit · Orc Bruisers",
                "core, 16 models",
                "Unit leader: Orc Captain",
                "Support weapon: Bolt Thrower",
                "Standard Bearer: 1 × ",
                "Warning: ",
            ],
        ),
        (
            "fr",
            [
                "The Red Tusk Warband",
                "Liste d’armée · Une partie de 2 000 points",
                "Unité · Orc Bruisers",
                "régulier, 16 figurines",
                "Chef d’unité : Orc Captain",
                "Porteur de bannière : 1 × ",
                "Avertissement : ",
            ],
        ),
    ],
)
def test_the_roster_pdf_holds_every_entry_and_the_total(
    capsys: Capture, tmp_path: Path, lang: str, words: list[str]
) -> None:
    shown, out = _printed(capsys, tmp_path, lang)
    shown = shown.replace("\u202f", " ").replace("\u00a0", " ")
    for word in words:
        assert word in shown, word
    force = army(str(ARMIES / "orc-warband.toml"))
    for item in force.entries:
        assert re.search(rf"{re.escape(item.entry.name)} {item.points} points", shown), item
    total = {"en": "Total: 1,", "fr": "Total : 1 "}[lang]
    assert f"{total}" in shown and str(force.total)[1:] in shown
    warnings = len(check(force)) + sum(len(item.warnings) for item in force.entries)
    assert warnings == shown.count("Warning: " if lang == "en" else "Avertissement : ") > 2
    assert not unembedded_fonts(out)
    assert round(float(reader(out).pages[0].mediabox.width)) == 595  # A4


def test_the_roster_on_letter_paper(capsys: Capture, tmp_path: Path) -> None:
    _, out = _printed(capsys, tmp_path, "en", "--paper", "letter")
    box = reader(out).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
