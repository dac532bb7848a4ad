"""Hosting: the offline archives made by the build, and Read the Docs building the French project
from the same configuration."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

from nqsphinx.languages import langswitch
from nqsphinx.site import hosting, offline
from nqsphinx.site.archive import archived_page, write_archive
from nqsphinx.site.archive import main as archive_main
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


def test_build_makes_one_archive_of_both_languages(layout: Path) -> None:
    assert archive_main([str(layout)]) == 0
    assert sorted(p.name for p in layout.glob("*.zip")) == [hosting.BILINGUAL_ARCHIVE]
    with zipfile.ZipFile(layout / hosting.BILINGUAL_ARCHIVE) as archive:
        names = set(archive.namelist())
        assert archive.testzip() is None
        start = archive.read("noquarter/index.html").decode("utf-8")
    assert {"noquarter/index.html", "noquarter/nq-root.js"} <= names
    assert 'href="fr/index.html"' in start and 'href="en/index.html"' in start
    for lang in ("en", "fr"):
        pages = {f"noquarter/{lang}/{page}.html" for page in toctree_order()}
        assert pages <= names, sorted(pages - names)
        assert f"noquarter/{lang}/_static/nq-search-index.js" in names
        assert f"noquarter/{lang}/searchindex.js" not in names  # nothing reads Sphinx's index
        assert f"noquarter/{lang}/_static/nq-aspects.css" in names
    assert not any(".buildinfo" in n or n.endswith((".zip", "sw.js")) for n in names)
    assert all(
        n.startswith(("noquarter/en/", "noquarter/fr/"))
        for n in names
        if n not in ("noquarter/index.html", "noquarter/nq-root.js")
    )


def test_archived_pages_do_not_link_to_the_archive(layout: Path, tmp_path: Path) -> None:
    """Inside the archive, its sidebar and footer links to itself would lead nowhere: gone,
    the rest of the footer kept; the pages on the web keep them."""
    archive_main([str(layout)])
    with zipfile.ZipFile(layout / hosting.BILINGUAL_ARCHIVE) as archive:
        archive.extractall(tmp_path)
    for lang in ("en", "fr"):
        online = (layout / lang / "magic.html").read_text(encoding="utf-8")
        offline = (tmp_path / "noquarter" / lang / "magic.html").read_text(encoding="utf-8")
        assert online.count(f'href="../{hosting.BILINGUAL_ARCHIVE}" download') == 2
        assert hosting.BILINGUAL_ARCHIVE not in offline and " download" not in offline
        footer = offline[offline.index('<div class="nq-footer-links">') :]
        assert re.match(
            r'<div class="nq-footer-links">\s*<a href="genindex.html">[^<]+</a>\s*'
            r"</div>",
            footer,
        ), footer[:200]
    assert archived_page('<p><a href="i">i</a> · <a href="x.zip" download>zip</a></p>') == (
        '<p><a href="i">i</a></p>'
    )


def test_archive_switch_leads_to_the_other_language(layout: Path, tmp_path: Path) -> None:
    """Unzipped, the archive is the bilingual site: the switch of each page lands."""
    archive_main([str(layout)])
    with zipfile.ZipFile(layout / hosting.BILINGUAL_ARCHIVE) as archive:
        archive.extractall(tmp_path)
    page = tmp_path / "noquarter" / "fr" / "magic.html"
    switches = [a for a in links(page).links if "nq-lang-link" in a.get("class", "")]
    assert len(switches) == 2
    for switch in switches:
        assert (page.parent / switch["href"]).resolve() == tmp_path / "noquarter/en/magic.html"


def test_one_language_archive_for_read_the_docs(
    html_sites: dict[str, Path], tmp_path: Path
) -> None:
    output = tmp_path / "htmlzip" / "noquarter-fr-html.zip"
    assert archive_main([str(html_sites["fr"]), "--lang", "fr", "--output", str(output)]) == 0
    with zipfile.ZipFile(output) as archive:
        names = set(archive.namelist())
        magic = archive.read("noquarter/fr/magic.html").decode("utf-8")
    assert "noquarter/index-fr.html" in names and "noquarter/fr/magic.html" in names
    assert not any(n.startswith("noquarter/en/") for n in names)
    assert " download" not in magic


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


def test_archive_of_one_language_only_names_the_missing_one(
    layout: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(layout / "en", tmp_path / "en")
    assert archive_main([str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"error: {tmp_path / 'fr'}: no index.html, build the site first (make html)\n"
    assert not list(tmp_path.glob("*.zip*"))


def test_make_html_writes_the_root_page_and_the_archives() -> None:
    result = subprocess.run(
        ["make", "-n", "html", "BUILD=/tmp/nq-build"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "-m nqsphinx.site.root_page /tmp/nq-build/html" in result.stdout
    assert "-m nqsphinx.site.archive /tmp/nq-build/html" in result.stdout


@pytest.mark.parametrize(
    "environment,prefix,archive",
    [
        ({}, "/fr/", "../noquarter-html.zip"),
        (
            {
                "READTHEDOCS": "True",
                "READTHEDOCS_VERSION": "latest",
                "READTHEDOCS_CANONICAL_URL": "https://noquarter.readthedocs.io/fr/latest/",
            },
            "/fr/latest/",
            "/_/downloads/fr/latest/htmlzip/",
        ),
    ],
)
def test_links_follow_the_host(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], prefix: str, archive: str
) -> None:
    for name in ("READTHEDOCS", "READTHEDOCS_VERSION", "READTHEDOCS_CANONICAL_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv(hosting.SITE_ROOT_VARIABLE, raising=False)
    assert hosting.site_prefix("fr") == prefix
    assert hosting.archive_url("fr") == archive
    assert f'href="{prefix}search.html"' in hosting.notfound_body("fr", prefix)


@pytest.mark.parametrize(
    "given,environment,root",
    [
        ("", "", "/"),
        ("", "/rules", "/rules/"),
        ("rules/2007/", "/other/", "/rules/2007/"),
        ("/", "", "/"),
    ],
)
def test_site_root_from_the_option_or_the_environment(
    monkeypatch: pytest.MonkeyPatch, given: str, environment: str, root: str
) -> None:
    monkeypatch.delenv("READTHEDOCS_CANONICAL_URL", raising=False)
    monkeypatch.setenv(hosting.SITE_ROOT_VARIABLE, environment)
    assert hosting.site_root(given) == root
    assert hosting.site_prefix("fr", given) == f"{root}fr/"
    assert hosting.site_prefix("fr", given, of="en") == f"{root}en/"


class _Config(dict[str, Any]):
    """Just enough of Sphinx's configuration for hosting's config-inited handler."""

    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__  # type: ignore[assignment]


def test_404_page_under_a_sub_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Served under /rules/ (NQ_SITE_ROOT at build time), the 404 page's links, stylesheets,
    scripts, language switch, manifest and worker are all under /rules/."""
    for name in ("READTHEDOCS", "READTHEDOCS_CANONICAL_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(hosting.SITE_ROOT_VARIABLE, "/rules")
    config = _Config(
        language="fr",
        html_search_language="fr",
        nq_archive_url="",
        nq_site_root="",
        notfound_urls_prefix="/",
    )
    app = SimpleNamespace(tags=set(), config=config)
    hosting._configure(app, config)  # type: ignore[arg-type]
    assert config.nq_site_root == "/rules/"
    assert config.notfound_urls_prefix == "/rules/fr/"
    body = config.notfound_context["body"]
    assert re.findall(r'href="([^"]+)"', body) == [
        "/rules/fr/index.html",
        "/rules/fr/search.html",
        "/rules/fr/genindex.html",
    ]
    context: dict[str, Any] = {}
    langswitch._page_context(app, "404", "page.html", context, None)  # type: ignore[arg-type]
    assert [switch["url"] for switch in context["nq_switches"]] == ["/rules/en/index.html"]
    hosting._page_context(app, "404", "page.html", context, None)  # type: ignore[arg-type]
    assert context["nq_archive_href"] == f"/rules/{hosting.BILINGUAL_ARCHIVE}"
    tags = offline.head_tags("404", "fr", config.nq_site_root)
    assert '<link rel="manifest" href="/rules/fr/manifest.webmanifest">' in tags
    assert '<meta name="nq-service-worker" content="/rules/sw.js">' in tags


@pytest.mark.slow  # builds the whole French site
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
    env = dict(
        os.environ,
        READTHEDOCS="True",
        READTHEDOCS_LANGUAGE="fr",
        READTHEDOCS_VERSION="latest",
        READTHEDOCS_OUTPUT=str(output),
        READTHEDOCS_CANONICAL_URL="https://noquarter.readthedocs.io/fr/latest/",
        PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
    )
    for command in commands[1:]:
        # Read the Docs runs at the checkout's root; its doctrees go to scratch here.
        command = command.replace("_build/doctrees", str(tmp_path / "doctrees"))
        done = subprocess.run(
            ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True
        )
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
