"""The build speed-ups change no byte: both sites, their search indexes, the offline archive and
the LaTeX sources, built with nqsphinx.upstream.patches on and off (``NQ_UPSTREAM_PATCHES=0``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nqsphinx.upstream.patches import SWITCH
from tests.building import LANGUAGES, ROOT

pytestmark = pytest.mark.slow


def _builds(base: Path, switch: str) -> list[list[str]]:
    commands = []
    for builder, edition in (("html", []), ("latex", ["-t", "print"])):
        for lang in LANGUAGES:
            language = ["-D", "language=fr", "-t", "fr"] if lang == "fr" else []
            commands.append([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q",
                             "-b", builder, *edition, *language, "-c", str(ROOT),
                             "-d", str(base / "doctrees" / f"{builder}-{lang}"),
                             str(ROOT / "docs"), str(base / builder / lang)])  # fmt: skip
    return commands


def build(base: Path, switch: str) -> Path:
    """Both sites, their root page and archive, and both LaTeX sources, in ``base``."""
    env = dict(os.environ, **{SWITCH: switch})
    for pair in (_builds(base, switch)[:2], _builds(base, switch)[2:]):  # two at a time
        running = [subprocess.Popen(c, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True) for c in pair]  # fmt: skip
        for process in running:
            log, _ = process.communicate()
            assert process.returncode == 0, log
    for module in ("nqsphinx.site.root_page", "nqsphinx.site.archive"):
        subprocess.run([sys.executable, "-m", module, str(base / "html")], env=env, check=True,
                       capture_output=True)  # fmt: skip
    return base


def outputs(base: Path) -> dict[str, bytes]:
    files = [p for p in (base / "html").rglob("*") if p.is_file()]
    files += list((base / "latex").rglob("*.tex"))
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in files}


def test_patches_change_no_byte_of_the_sites_archive_and_tex(tmp_path: Path) -> None:
    on = outputs(build(tmp_path / "on", "1"))
    off = outputs(build(tmp_path / "off", "0"))
    assert sorted(on) == sorted(off)
    for kind in (
        "html/en/searchindex.js",
        "html/fr/searchindex.js",
        "html/noquarter-html.zip",
        "latex/en/noquarter.tex",
        "latex/fr/noquarter.tex",
        "html/fr/magic.html",
    ):
        assert kind in on  # what the comparison must cover
    assert [name for name in on if on[name] != off[name]] == []
