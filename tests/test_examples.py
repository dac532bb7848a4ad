"""Each story in examples/ prints exactly its golden output, in English and in French."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore import po
from tests.building import ROOT
from tests.test_translations import tokens

EXAMPLES = ROOT / "examples"
GOLDEN = sorted((EXAMPLES / "golden").glob("*.txt"))


def test_every_example_has_golden_output_in_both_languages() -> None:
    scripts = sorted(p.stem for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))
    assert scripts, "no example script"
    for script in scripts:
        for lang in ("en", "fr"):
            assert (EXAMPLES / "golden" / f"{script}.{lang}.txt").exists(), (script, lang)


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_example_output_matches_golden(golden: Path) -> None:
    script, lang = golden.stem.rsplit(".", 1)
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{script}.py"), "--lang", lang],
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == golden.read_text(encoding="utf-8"), (
        f"{script} --lang {lang} changed; if intended: "
        f"python examples/{script}.py --lang {lang} > examples/golden/{golden.name}"
    )


def test_example_rejects_a_wrong_argument() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "spell_casting.py"), "--lang", "de"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "invalid choice: 'de'" in result.stderr and "Traceback" not in result.stderr


CATALOGUE = EXAMPLES / "locale" / "fr" / "LC_MESSAGES" / "examples.po"


def test_examples_catalogue_has_every_sentence_of_the_stories() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "nqtranslate.catalogue",
            "check",
            "--package",
            str(EXAMPLES),
            "--domain",
            "examples",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr


def test_examples_catalogue_is_translated_and_keeps_the_numbers() -> None:
    catalogue = po.messages(po.read(CATALOGUE.read_bytes()))
    pending = [m.id for m in catalogue if not m.string or m.fuzzy]
    assert not pending, pending
    wrong = [f"{m.lineno}: {m.id!r}" for m in catalogue if tokens(m.id) != tokens(m.string)]
    assert not wrong, "\n".join(wrong)
    fields = re.compile(r"\{\w*\}")
    broken = [
        m.id for m in catalogue if sorted(fields.findall(m.id)) != sorted(fields.findall(m.string))
    ]
    assert not broken, broken


def _golden(name: str) -> str:
    return (EXAMPLES / "golden" / name).read_text(encoding="utf-8")


def test_stories_tell_the_books_examples() -> None:
    """The stories reach the book's stated results (or its errata), not just their own output."""
    morale = _golden("dwarf_morale.en.txt")
    assert "Turn 3: 2 casualties, 7 left.\n   Command test: Half of the starting number" in morale
    assert "Turn 4, if they lose 3 (4 left):\n   No command test" in morale
    assert "Erratum dwarf-axemen-second-test" in morale
    assert "The unit is ranked or closed: +1 (does not apply" in morale  # 7 models: skirmished
    assert "chance of passing 80% (4/5)" in morale and "98% (49/50)" in morale
    magic = _golden("spell_casting.en.txt")
    assert "Target: 5 + 2 = 7; chance 70% (7/10)" in magic  # Magic > Casting A Spell
    assert "Target: 5 + 1 = 6; chance 60% (3/5)" in magic  # Cancelling A Spell In Play
    assert 'beyond its range of 20", he cannot pay the upkeep' in magic
    assert "Erratum spell-list-fog-upkeep" in magic
    points = _golden("profile_points.en.txt")
    assert "Total: 9 points, as the book prints." in points  # the starting profile
    assert "Total: 21 points; the book prints 20." in points  # the Basic Warrior's erratum
    assert "Erratum sample-craven-ghouls-points" in points
    attack = _golden("attack_sequence.en.txt")
    assert "One attack wounds: 33% (33/100)." in attack


def test_french_stories_are_french() -> None:
    """No English sentence of a story is left in its French output."""
    for english in sorted((EXAMPLES / "golden").glob("*.en.txt")):
        french = english.with_name(english.name.replace(".en.", ".fr."))
        left = set(english.read_text(encoding="utf-8").splitlines()) & set(
            french.read_text(encoding="utf-8").splitlines()
        )
        sentences = [line for line in left if re.search(r"[a-z]{3,} [a-z]{3,}", line)]
        assert not sentences, (english.name, sentences)
