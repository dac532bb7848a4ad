"""A data file that lacks a record the engine's rules name (attacker round 30, F-B: the "normal"
move's key renamed in ``movement_abilities.toml`` made ``nq move 8`` a ``LookupError``
traceback): one line naming the file and the record, exit 2, in every command that meets it.
Each in a process of its own: the engine's caches would keep the renamed data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: A data file, the table whose first record loses its key, a command that needs it, and what
#: the refusal names.
CASES = [
    ("movement_abilities.toml", "ability", ["move", "8"], "the 'normal' move"),
    ("panic_table.toml", "result", ["panic"], "the result 'stand-firm'"),
    ("teardrop_templates.toml", "template", ["export"], "the 'small' template"),
]
#: The command run with the data file's first record renamed.
RENAMED = """
import sys
from nqcore.cli.commands import main
from nqcore.data import datafiles
name, table, *argv = sys.argv[1:]
load = datafiles.load
def renamed(filename):
    data = load(filename)
    if filename != name:
        return data
    records = [dict(r) for r in data[table]]
    records[0]["key"] = "renamed"
    return {**data, table: records}
datafiles.load = renamed
sys.exit(main(argv))
"""


@pytest.mark.parametrize(("name", "table", "argv", "said"), CASES)
def test_a_record_the_rules_need_missing_is_said_in_one_line(
    name: str, table: str, argv: list[str], said: str, tmp_path: Path
) -> None:
    if argv == ["export"]:
        argv = ["export", "--output", str(tmp_path / "out.json")]
    run = [sys.executable, "-c", RENAMED, name, table, *argv]
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"{name}: no record for" in done.stderr and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
