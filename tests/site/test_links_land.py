"""Every internal link of both sites lands on its target: the file exists and, when the link
names a ``#fragment``, the target page has an element with that id.

The sites are laid out as ``make html`` lays them out (``en/``, ``fr/``, the root page and the
offline archive beside them), so that the language switch and the archive links resolve; the
offline archive is then unzipped, as the README says, and crawled the same way.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from nqsphinx.site.archive import archive_all
from nqsphinx.site.hosting import BILINGUAL_ARCHIVE
from nqsphinx.site.root_page import write_root

#: Attributes whose value is a link to follow.
LINK_ATTRIBUTES = frozenset({"href", "src", "xlink:href"})
#: ``<meta http-equiv="refresh" content="0; url=...">``: the start pages' redirect.
REFRESH_URL = re.compile(r";\s*url=(.+)$", re.IGNORECASE)
#: The page a web server shows for a missing address, at any depth: its links are absolute by
#: design (README, "Any web server"); offline, no server ever shows it.
NOTFOUND_PAGE = "404.html"


class PageReader(HTMLParser):
    """The ids a page holds (``id``, and ``name`` of ``<a>``) and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        self.links.extend(value for name, value in values.items() if name in LINK_ATTRIBUTES)
        if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
            found = REFRESH_URL.search(values.get("content", ""))
            if found:
                self.links.append(found.group(1).strip())


@cache
def read_page(path: Path) -> PageReader:
    reader = PageReader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader


def target_file(root: Path, page: Path, path: str) -> Path:
    """The file a link's path names: from the page's folder, or from the root if absolute."""
    if not path:
        return page
    base = root if path.startswith("/") else page.parent
    target = (base / unquote(path).lstrip("/")).resolve()
    return target / "index.html" if target.is_dir() else target


def problem(root: Path, page: Path, link: str, absolute_ok: bool) -> str | None:
    """Why a link does not land (``None`` if it does, or if it leaves the site)."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None  # another site, mailto:, data:...
    if parts.path.startswith("/") and not absolute_ok:
        return "absolute path, which an unzipped archive cannot resolve"
    target = target_file(root, page, parts.path)
    if not target.is_relative_to(root.resolve()) or not target.is_file():
        return "no such file"
    fragment = unquote(parts.fragment)
    if fragment and target.suffix == ".html" and fragment not in read_page(target).ids:
        return f"no element with id {fragment!r} in {target.relative_to(root.resolve())}"
    return None


def dangling_links(
    root: Path, absolute_ok: bool = True, skip: frozenset[str] = frozenset()
) -> list[str]:
    """``page: link (why)`` for every internal link of every HTML page under ``root`` (but pages
    named in ``skip``); ``absolute_ok``: whether ``/path`` links resolve from ``root``."""
    failures = []
    for page in sorted(root.rglob("*.html")):
        if page.name in skip:
            continue
        for link in read_page(page).links:
            why = problem(root, page, link, absolute_ok)
            if why:
                failures.append(f"{page.relative_to(root)}: {link} ({why})")
    return failures


def report(failures: list[str]) -> str:
    shown = "\n".join(failures[:200])
    more = f"\n... and {len(failures) - 200} more" if len(failures) > 200 else ""
    return f"{len(failures)} link(s) do not land:\n{shown}{more}"


@pytest.fixture(scope="module")
def served(html_sites: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both sites as ``make html`` lays them out: root page, ``en/``, ``fr/``, archives."""
    root = tmp_path_factory.mktemp("links") / "html"
    for lang, built in html_sites.items():
        shutil.copytree(built, root / lang, ignore=shutil.ignore_patterns(".buildinfo"))
    write_root(root)
    archive_all(root)
    return root


@pytest.fixture(scope="module")
def offline(served: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline archive unzipped, as a reader does."""
    folder = tmp_path_factory.mktemp("offline")
    archives = sorted(served.glob("*.zip"))
    assert [a.name for a in archives] == [BILINGUAL_ARCHIVE]
    with zipfile.ZipFile(archives[0]) as opened:
        opened.extractall(folder)
    return folder


def test_every_internal_link_of_both_sites_lands(served: Path) -> None:
    failures = dangling_links(served)
    assert not failures, report(failures)


def test_every_internal_link_of_the_offline_archive_lands(offline: Path) -> None:
    """Every link of the unzipped archive lands, the language switch and the start page's
    included; the pages' links to the archive itself (136 of them, when each language had its
    own archive) are gone from the archived copies."""
    pages = sorted(offline.rglob("*.html"))
    assert {"noquarter/index.html", "noquarter/en/magic.html", "noquarter/fr/magic.html"} <= {
        page.relative_to(offline).as_posix() for page in pages
    }
    failures = dangling_links(offline, absolute_ok=False, skip=frozenset({NOTFOUND_PAGE}))
    assert failures == [], report(failures)
    switches = [
        link
        for page in pages
        for link in read_page(page).links
        if link.startswith(("../en/", "../fr/"))
    ]
    assert len(switches) > 100


def test_glossary_links_land_on_their_term(served: Path) -> None:
    """The links the crawler follows include every glossary link, each to its own entry."""
    for lang in ("en", "fr"):
        glossary = read_page(served / lang / "glossary.html")
        links = [
            link
            for page in sorted((served / lang).glob("*.html"))
            for link in read_page(page).links
            if link.startswith("glossary.html#term-")
        ]
        assert len(links) > 500, (lang, len(links))
        assert {link.split("#")[1] for link in links} <= glossary.ids


def test_the_crawler_catches_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.html").write_text(
        '<p id="here"><a href="#here">ok</a> <a href="sub/">ok</a> <a href="b.html#gone">x</a>'
        ' <a href="missing.html">x</a> <a href="https://example.org/x">out</a>'
        ' <a href="/a.html">abs</a></p>',
        encoding="utf-8",
    )
    (tmp_path / "b.html").write_text('<a name="old"></a><a href="a.html#here">ok</a>', "utf-8")
    (tmp_path / "sub" / "index.html").write_text('<a href="../b.html#old">ok</a>', "utf-8")
    assert dangling_links(tmp_path) == [
        "a.html: b.html#gone (no element with id 'gone' in b.html)",
        "a.html: missing.html (no such file)",
    ]
    assert dangling_links(tmp_path, absolute_ok=False)[-1] == (
        "a.html: /a.html (absolute path, which an unzipped archive cannot resolve)"
    )
