"""The build speed-ups change no byte: both sites, their search indexes, the offline archive and
the LaTeX sources, built with nqsphinx.upstream.patches on and off (``NQ_UPSTREAM_PATCHES=0``).

The builds with the patches on are the session's (``html_builds``, ``latex_builds``: the same
commands); only the builds with them off are made here."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nqsphinx.upstream.patches import SWITCH
from tests.building import LANGUAGES, ROOT, Build

pytestmark = pytest.mark.slow


def _builds(base: Path) -> list[list[str]]:
    commands = []
    for builder, edition in (("html", []), ("latex", ["-t", "print"])):
        for lang in LANGUAGES:
            language = ["-D", "language=fr", "-t", "fr"] if lang == "fr" else []
            commands.append(
                [
                    sys.executable,
                    "-m",
                    "sphinx",
                    "-W",
                    "--keep-going",
                    "-n",
                    "-q",
                    "-b",
                    builder,
                    *edition,
                    *language,
                    "-c",
                    str(ROOT),
                    "-d",
                    str(base / "doctrees" / f"{builder}-{lang}"),
                    str(ROOT / "docs"),
                    str(base / builder / lang),
                ]
            )
    return commands


def _site_root_and_archive(base: Path, switch: str) -> None:
    env = dict(os.environ, **{SWITCH: switch})
    for module in ("nqsphinx.site.root_page", "nqsphinx.site.archive"):
        subprocess.run(
            [sys.executable, "-m", module, str(base / "html")],
            env=env,
            check=True,
            capture_output=True,
        )


def build(base: Path, switch: str) -> Path:
    """Both sites, their root page and archive, and both LaTeX sources, in ``base``."""
    env = dict(os.environ, **{SWITCH: switch})
    for pair in (_builds(base)[:2], _builds(base)[2:]):  # two at a time
        running = [
            subprocess.Popen(
                c, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            for c in pair
        ]
        for process in running:
            log, _ = process.communicate()
            assert process.returncode == 0, log
    _site_root_and_archive(base, switch)
    return base


def lay_out(base: Path, html: dict[str, Build], latex: dict[str, Build]) -> Path:
    """The session's builds laid out in ``base`` as :func:`build` lays out its own."""
    for lang in LANGUAGES:
        shutil.copytree(html[lang].check(), base / "html" / lang)
        (base / "latex" / lang).mkdir(parents=True)
        for tex in latex[lang].check().glob("*.tex"):
            shutil.copy2(tex, base / "latex" / lang / tex.name)
    _site_root_and_archive(base, "1")
    return base


def outputs(base: Path) -> dict[str, bytes]:
    files = [p for p in (base / "html").rglob("*") if p.is_file()]
    files += list((base / "latex").rglob("*.tex"))
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in files}


def test_patches_change_no_byte_of_the_sites_archive_and_tex(
    html_builds: dict[str, Build], latex_builds: dict[str, Build], tmp_path: Path
) -> None:
    assert os.environ.get(SWITCH, "1") != "0", "the session's builds must have the patches on"
    on = outputs(lay_out(tmp_path / "on", html_builds, latex_builds))
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


def test_the_latex_sources_carry_the_editions_date_not_the_builds(
    latex_builds: dict[str, Build],
) -> None:
    """A build that crosses midnight made the comparison above fail: ``\\date`` was the clock's."""
    for lang in LANGUAGES:
        tex = (latex_builds[lang].check() / "noquarter.tex").read_text(encoding="utf-8")
        assert re.findall(r"\\date\{([^}]*)\}", tex) == ["2007"], lang
