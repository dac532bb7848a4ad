"""The build speed-ups change no byte: both sites, their search indexes, the offline archive and
the LaTeX sources, built with nqsphinx.upstream.patches on and off (``NQ_UPSTREAM_PATCHES=0``).

The builds with the patches on are the session's (``html_builds``, ``latex_builds``: the same
commands); only the builds with them off are made here: the French site and the English LaTeX
source (:data:`COVERING`: each builder and each language once), all four with the archive and
root page under ``./dev test --full``."""

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


#: The builds made with the patches off: each builder and each language once (the French site
#: goes through every patch: the locale's, the toctree's and the search index's; the English
#: LaTeX through the toctree's for a book); ``--full`` makes all four, the archive and root page.
COVERING = (("html", "fr"), ("latex", "en"))
EVERY = tuple((builder, lang) for builder in ("html", "latex") for lang in LANGUAGES)


def _builds(base: Path, chosen: tuple[tuple[str, str], ...]) -> list[list[str]]:
    commands = []
    for builder, lang in chosen:
        edition = ["-t", "print"] if builder == "latex" else []
        language = ["-D", "language=fr", "-t", "fr"] if lang == "fr" else []
        commands.append(
            [
                *(sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q"),
                *("-b", builder, *edition, *language, "-c", str(ROOT)),
                *("-d", str(base / "doctrees" / f"{builder}-{lang}")),
                *(str(ROOT / "docs"), str(base / builder / lang)),
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


def build(base: Path, switch: str, chosen: tuple[tuple[str, str], ...] = EVERY) -> Path:
    """The ``chosen`` sites and LaTeX sources in ``base``; with every one, the root page and
    archive too."""
    env = dict(os.environ, **{SWITCH: switch})
    commands = _builds(base, chosen)
    for pair in (commands[:2], commands[2:]):  # two at a time
        running = [
            subprocess.Popen(
                c, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            for c in pair
        ]
        for process in running:
            log, _ = process.communicate()
            assert process.returncode == 0, log
    if chosen == EVERY:
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


def outputs(base: Path, chosen: tuple[tuple[str, str], ...] = EVERY) -> dict[str, bytes]:
    """Every file of the sites (the archive and root page with every build) and every LaTeX
    source, of the ``chosen`` builds."""
    files = [p for p in (base / "html").rglob("*") if p.is_file()]
    files += list((base / "latex").rglob("*.tex"))
    found = {p.relative_to(base).as_posix(): p.read_bytes() for p in files}
    if chosen == EVERY:
        return found
    made = tuple(f"{builder}/{lang}/" for builder, lang in chosen)
    return {name: data for name, data in found.items() if name.startswith(made)}


def test_patches_change_no_byte_of_the_sites_archive_and_tex(
    html_builds: dict[str, Build],
    latex_builds: dict[str, Build],
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    assert os.environ.get(SWITCH, "1") != "0", "the session's builds must have the patches on"
    chosen = EVERY if request.config.getoption("full") else COVERING
    on = outputs(lay_out(tmp_path / "on", html_builds, latex_builds), chosen)
    off = outputs(build(tmp_path / "off", "0", chosen), chosen)
    assert sorted(on) == sorted(off)
    covered = ["html/fr/searchindex.js", "html/fr/magic.html", "latex/en/noquarter.tex"]
    if chosen == EVERY:
        covered += ["html/en/searchindex.js", "html/noquarter-html.zip", "latex/fr/noquarter.tex"]
    for kind in covered:
        assert kind in on  # what the comparison must cover
    assert [name for name in on if on[name] != off[name]] == []


def test_the_latex_sources_carry_the_editions_date_not_the_builds(
    latex_builds: dict[str, Build],
) -> None:
    """A build that crosses midnight made the comparison above fail: ``\\date`` was the clock's."""
    for lang in LANGUAGES:
        tex = (latex_builds[lang].check() / "noquarter.tex").read_text(encoding="utf-8")
        assert re.findall(r"\\date\{([^}]*)\}", tex) == ["2007"], lang
