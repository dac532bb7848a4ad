"""Fault injection: each deliberate mistake, made in a scratch copy of the project, makes its
check fail with a message naming the file; the unchanged copy passes the same checks, offline."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.catalogue_faults import PACKAGE_CATALOGUE_FAULTS
from tests.faults.conftest import Outcome, Session
from tests.faults.injections import (
    BUILD_EN,
    BUILD_FR,
    EXPORT,
    FAULTS,
    MD,
    NOT_SEEDED,
    PDF_FR,
    Fault,
)
from tests.site import test_reading_online as reading_online
from tools.scratch import ROOT, Run, offline, project_files

# The first test runs every fault (its session fixture, in its setup): tens of builds, longer
# than the 600 s a single test may take.
pytestmark = [pytest.mark.faults, pytest.mark.timeout(2400)]


def test_the_unchanged_copy_passes_every_check_offline(faults: Session) -> None:
    """Both sites build, the checks pass, without network: nothing the build needs is online."""
    assert faults.baseline is not None
    failed = [r for r in faults.baseline.runs if r.returncode != 0]
    assert not failed, faults.baseline.report()
    assert faults.baseline.copy is not None
    for lang in ("en", "fr"):  # the sites built offline request nothing from elsewhere either
        site = faults.baseline.copy / "_build" / "html" / lang
        reading_online.test_no_request_leaves_the_site({lang: site}, lang)


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_a_copy_seeded_from_the_baseline_rebuilds_the_same_sites(faults: Session) -> None:
    """The seeded copy's page and catalogue saved again: both builds pass, read that page again
    (written anew) and leave every file of both sites as the clean build made it."""
    assert faults.baseline is not None and faults.touched is not None
    assert faults.baseline.copy is not None and faults.touched.copy is not None
    assert [r.returncode for r in faults.touched.runs] == [0, 0], faults.touched.report()
    clean, seeded = faults.baseline.copy / "_build/html", faults.touched.copy / "_build/html"
    for lang in ("en", "fr"):
        page = f"{lang}/{Path(MD).stem}.html"
        assert (seeded / page).stat().st_mtime > (clean / page).stat().st_mtime
    assert _files(seeded) == _files(clean)


def test_the_faults_in_pages_and_catalogues_start_from_the_baseline_build(faults: Session) -> None:
    """The rule (seeding.seed_safe) applied to the faults that build: those changing an English
    page or a page catalogue only are seeded; the engine's and extension's catalogues stay clean."""
    builders = {f.name for f in FAULTS if {BUILD_EN, BUILD_FR, PDF_FR} & set(f.checks)}
    chosen = builders & set(faults.outcomes)
    assert set(faults.seeded) == chosen - NOT_SEEDED - set(PACKAGE_CATALOGUE_FAULTS)


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: f.name)
def test_the_fault_is_caught(faults: Session, fault: Fault) -> None:
    outcome = faults.outcomes[fault.name]
    assert not outcome.problems(), "\n".join(outcome.problems()) + "\n\n" + outcome.report()


def test_commands_in_the_copy_have_no_network() -> None:
    code = (
        "import socket, urllib.request\n"
        "print(sorted(name for _, name in socket.if_nameindex()))\n"
        "urllib.request.urlopen('http://example.com/', timeout=5)"
    )
    result = subprocess.run(
        [*offline().prefix, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ) | offline().env,
        timeout=60,
    )
    assert result.returncode != 0 and "URLError" in result.stderr, result.stderr
    if offline().prefix:  # a network namespace of its own: no interface but loopback
        assert result.stdout.split() == ["['lo']"]


def test_the_copy_holds_the_project_files() -> None:
    files = project_files()
    assert "conf.py" in files and "docs/index.md" in files and "nqcore/data/spells.toml" in files
    assert not any(f.startswith((".venv/", "_build/")) for f in files)
    assert (ROOT / files[0]).is_file()


def test_a_fault_counts_as_caught_only_when_its_check_fails_and_says_so() -> None:
    def outcome(returncode: int, output: str, command: tuple[str, ...] = ("pytest",)) -> Outcome:
        return Outcome("x", ["magic.po:", "re:line \\d+"], [Run(command, returncode, output)])

    assert outcome(1, "magic.po: wrong at line 12").problems() == []
    assert outcome(0, "magic.po: wrong at line 12").problems() == ["pytest: passed"]
    assert outcome(1, "magic.md: wrong at line 12").problems() == [
        "pytest: does not say 'magic.po:'"
    ]
    assert outcome(2, "magic.po: line 3", EXPORT).problems() == []
    lost = Outcome("x", [], [Run(("make",), 2, "")], Path("/nonexistent"), kept=("docs/a.md",))
    assert lost.problems() == ["docs/a.md: lost"]
    traceback = "Traceback (most recent call last):\n  magic.po: line 3"
    assert len(outcome(2, traceback, EXPORT).problems()) == 1
