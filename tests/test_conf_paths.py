"""The project's Sphinx configuration names its folders absolutely: Sphinx reads some of them
from the working directory, not from the sources' folder."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

from tests.building import ROOT


def test_the_catalogue_folders_are_the_repository_s_wherever_the_build_runs(
    tmp_path: Path,
) -> None:
    """A relative ``../locale/`` was resolved by Sphinx's translations.js lookup from the
    working directory: a folder beside the checkout (attack round 23)."""
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        conf = runpy.run_path(str(ROOT / "conf.py"))
    finally:
        os.chdir(here)
    folders = [Path(folder) for folder in conf["locale_dirs"]]
    assert folders and all(folder.is_absolute() for folder in folders), folders
    assert folders[0] == ROOT / "locale"
