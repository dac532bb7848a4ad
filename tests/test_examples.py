"""Each story in examples/ prints exactly its golden output, in English and in French."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import ROOT

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
        capture_output=True, text=True, cwd="/",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == golden.read_text(encoding="utf-8"), (
        f"{script} --lang {lang} changed; if intended: "
        f"python examples/{script}.py --lang {lang} > examples/golden/{golden.name}"
    )


def test_example_rejects_a_wrong_argument() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "spell_casting.py"), "--lang", "de"],
        capture_output=True, text=True,
    )
    assert result.returncode == 2
    assert "invalid choice: 'de'" in result.stderr and "Traceback" not in result.stderr
