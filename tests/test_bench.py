"""The benchmark runner works (its figures are not tested: they are measurements)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.building import ROOT


def test_the_plain_baseline_stubs_every_directive_of_ours(tmp_path: Path) -> None:
    """tools/plain_sphinx builds the same sources with our directives rendering nothing; a
    directive it does not know would make the baseline measure an error path."""
    conf = ROOT / "tools" / "plain_sphinx"
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", "-c", str(conf),
         "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(tmp_path / "html")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Unknown directive" not in result.stderr, result.stderr
    assert (tmp_path / "html" / "magic.html").exists()
    assert "nq-table" not in (tmp_path / "html" / "magic.html").read_text(encoding="utf-8")


def test_the_runner_reports_medians_cpu_and_memory() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench.py"), "--only", "import", "tables"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Machine: ")
    rows = {line.split("  ")[0]: line for line in result.stdout.splitlines()}
    for title in ("Engine: import every module", "Engine: every generated table"):
        assert re.search(r"\d+\.\d\d s .* \d+ MB .* goal (met|missed)", rows[title]), rows
