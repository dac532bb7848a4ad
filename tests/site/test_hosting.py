"""Hosting: the offline archives made by the build, and Read the Docs building the French project
from the same configuration."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from nqsphinx import hosting
from nqsphinx.site_archive import main as archive_main
from nqsphinx.site_archive import write_archive
from tests.building import ROOT
from tests.htmlpages import links
from tests.site.sitepages import toctree_order


@pytest.fixture(scope="module")
def layout(html_sites: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sites as ``make html`` lays them out in ``_build/html``."""
    html = tmp_path_factory.mktemp("layout") / "html"
    for lang, built in html_sites.items():
        shutil.copytree(built, html / lang)
    return html


def test_build_makes_one_archive_per_language(layout: Path) -> None:
    assert archive_main([str(layout)]) == 0
    for lang in ("en", "fr"):
        with zipfile.ZipFile(layout / f"noquarter-{lang}-html.zip") as archive:
            names = set(archive.namelist())
            assert archive.testzip() is None
        assert f"noquarter/index-{lang}.html" in names
        pages = {f"noquarter/{lang}/{page}.html" for page in toctree_order()}
        assert pages <= names, sorted(pages - names)
        assert f"noquarter/{lang}/searchindex.js" in names
        assert f"noquarter/{lang}/_static/nq-aspects.css" in names
        assert not any(".buildinfo" in n or n.endswith(".zip") for n in names)
        assert all(n.startswith(f"noquarter/index-{lang}.html") or n.startswith(
            f"noquarter/{lang}/") for n in names)  # fmt: skip


def test_archives_of_both_languages_unzip_side_by_side(layout: Path, tmp_path: Path) -> None:
    """Unzipped in one folder, the two archives give the bilingual site: the switch works."""
    archive_main([str(layout)])
    for lang in ("en", "fr"):
        with zipfile.ZipFile(layout / f"noquarter-{lang}-html.zip") as archive:
            archive.extractall(tmp_path)
    page = tmp_path / "noquarter" / "fr" / "magic.html"
    switch = next(a for a in links(page).links if "nq-lang-link" in a.get("class", ""))
    assert (page.parent / switch["href"]).resolve().is_file()


def test_archive_is_reproducible(html_sites: dict[str, Path], tmp_path: Path) -> None:
    first = write_archive(html_sites["fr"], "fr", tmp_path / "a.zip").read_bytes()
    second = write_archive(html_sites["fr"], "fr", tmp_path / "b.zip").read_bytes()
    assert first == second


def test_archive_of_a_missing_site_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert archive_main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and str(tmp_path) in err and err.count("\n") == 1


def test_make_html_writes_the_root_page_and_the_archives() -> None:
    result = subprocess.run(["make", "-n", "html", "BUILD=/tmp/nq-build"], cwd=ROOT,
                            capture_output=True, text=True, check=True)  # fmt: skip
    assert "-m nqsphinx.site_root /tmp/nq-build/html" in result.stdout
    assert "-m nqsphinx.site_archive /tmp/nq-build/html" in result.stdout


@pytest.mark.parametrize(
    "environment,prefix,archive",
    [
        ({}, "/fr/", "../noquarter-fr-html.zip"),
        (
            {"READTHEDOCS": "True", "READTHEDOCS_VERSION": "latest",
             "READTHEDOCS_CANONICAL_URL": "https://noquarter.readthedocs.io/fr/latest/"},
            "/fr/latest/", "/_/downloads/fr/latest/htmlzip/",
        ),
    ],
)  # fmt: skip
def test_links_follow_the_host(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], prefix: str, archive: str
) -> None:
    for name in ("READTHEDOCS", "READTHEDOCS_VERSION", "READTHEDOCS_CANONICAL_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert hosting.site_prefix("fr") == prefix
    assert hosting.archive_url("fr") == archive
    assert f'href="{prefix}search.html"' in hosting.notfound_body("fr", prefix)


def test_read_the_docs_builds_the_french_project(tmp_path: Path) -> None:
    """The commands of .readthedocs.yaml, run with a French project's environment, build the
    French site (the fr-only passages, the French search), its 404 page under /fr/latest/ and
    its HTML download; the install step is this virtual environment's."""
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    commands = config["build"]["commands"]
    assert commands[0].startswith("python -m pip install")
    output = tmp_path / "rtd"
    bin_dir = Path(sys.executable).parent  # `python` is this virtual environment's
    env = dict(os.environ, READTHEDOCS="True", READTHEDOCS_LANGUAGE="fr",
               READTHEDOCS_VERSION="latest", READTHEDOCS_OUTPUT=str(output),
               READTHEDOCS_CANONICAL_URL="https://noquarter.readthedocs.io/fr/latest/",
               PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")  # fmt: skip
    for command in commands[1:]:
        # Read the Docs runs at the checkout's root; its doctrees go to scratch here.
        command = command.replace("_build/doctrees", str(tmp_path / "doctrees"))
        done = subprocess.run(["bash", "-c", command], cwd=ROOT, env=env,
                              capture_output=True, text=True)  # fmt: skip
        assert done.returncode == 0, f"{command}\n{done.stdout}{done.stderr}"
    site = output / "html"
    credits = (site / "credits.html").read_text(encoding="utf-8")
    assert '<html class="no-js" lang="fr"' in credits
    assert "Rodolphe Carpentier" in credits  # an {only} fr passage: the fr tag is set
    assert (site / "_static" / "french-stemmer.js").is_file()
    notfound = (site / "404.html").read_text(encoding="utf-8")
    assert 'href="/fr/latest/search.html"' in notfound and "Page introuvable" in notfound
    assert 'href="/_/downloads/fr/latest/htmlzip/"' in (site / "magic.html").read_text("utf-8")
    assert zipfile.is_zipfile(output / "htmlzip" / "noquarter-fr-html.zip")
