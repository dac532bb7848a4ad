"""The project's folder is found in one place (:data:`nqcore.i18n.ROOT`): no other module of the
packages works it out from where its own file lies, so that moving a module moves no path."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("nqcore", "nqsphinx", "nqcompanion", "nqprint", "nqtranslate")
#: A module's own file walked up to a folder above it: the project's folder worked out again.
WALKED_UP = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?\.parents\[")


def test_one_module_finds_the_project_folder() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if WALKED_UP.search(line)
    ]
    assert [place.split(":")[0] for place in found] == ["nqcore/i18n.py"], found
