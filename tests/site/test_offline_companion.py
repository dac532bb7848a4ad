"""The site as an installable offline companion (``nqsphinx/site/offline.py``): each language's web
app manifest and icons, the service worker's precache list and version, the pages' stylesheets
and scripts gathered in bundles (``nqsphinx/site/bundles.py``), and smaller things a reader at the
table meets: the spell list linking to the cards, the search page's own box and help, spell card
titles that break whole words."""

from __future__ import annotations

import json
import re
import shutil
import struct
import zlib
from pathlib import Path

import pytest
from sphinx.builders.html._assets import _CascadingStyleSheet, _JavaScript
from sphinx.errors import ExtensionError

from nqcore.rules.spells import all_spells
from nqsphinx.site import bundles, offline
from nqsphinx.site.root_page import write_root
from tests.building import ROOT
from tests.htmlpages import links
from tests.site.sitepages import toctree_order


@pytest.fixture(scope="module")
def served(html_sites: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both sites as ``make html`` lays them out, the root page and worker written last."""
    root = tmp_path_factory.mktemp("companion") / "html"
    for lang, built in html_sites.items():
        shutil.copytree(built, root / lang, ignore=shutil.ignore_patterns(".buildinfo"))
    write_root(root)
    return root


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def worker_files(worker: Path) -> list[str]:
    found = re.search(
        r"^const FILES = (\[.*?\]);$", worker.read_text(encoding="utf-8"), re.M | re.S
    )
    assert found, "no FILES list in the worker"
    files: list[str] = json.loads(found.group(1))
    return files


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_language_has_its_manifest(html_sites: dict[str, Path], lang: str) -> None:
    site = html_sites[lang]
    data = json.loads((site / offline.MANIFEST).read_text(encoding="utf-8"))
    assert data["lang"] == lang and data["start_url"] == "index.html"
    assert data["name"] == "No Quarter Fantasy Wargames" and data["short_name"] == "No Quarter"
    assert (
        data["description"]
        == {
            "en": "The rules of No Quarter, at the table and offline",
            "fr": "Les règles de No Quarter, à la table et hors ligne",
        }[lang]
    )
    assert data["display"] == "standalone" and data["scope"] == "../"  # both languages
    assert re.fullmatch(r"#[0-9a-f]{6}", data["theme_color"])
    icons = {(i["sizes"], i["purpose"]): i["src"] for i in data["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _purpose), src in icons.items():
        width, height = png_size(site / src)
        assert f"{width}x{height}" == sizes, src


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_links_the_manifest_and_the_worker(
    html_sites: dict[str, Path], lang: str
) -> None:
    for page in sorted(html_sites[lang].rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        depth = "../" * len(page.relative_to(html_sites[lang]).parents[:-1])
        if page.name == "404.html":  # shown at any depth: absolute
            manifest, worker = f"/{lang}/manifest.webmanifest", "/sw.js"
        else:
            manifest, worker = f"{depth}manifest.webmanifest", f"../{depth}sw.js"
        assert f'<link rel="manifest" href="{manifest}">' in head, page
        assert f'<meta name="nq-service-worker" content="{worker}">' in head, page


def test_the_worker_keeps_both_languages(served: Path) -> None:
    """Every page of both sites, their search indexes and the files the pages load; nothing
    the pages never ask for (source maps, archives, build bookkeeping, the worker, Sphinx's
    search index and its search page's scripts)."""
    files = worker_files(served / offline.WORKER)
    assert files == sorted(set(files))
    for lang in ("en", "fr"):
        pages = {f"{lang}/{page}.html" for page in [*toctree_order(), "search", "genindex", "404"]}
        assert pages <= set(files), sorted(pages - set(files))
        assert {
            f"{lang}/_static/nq-search-index.js",
            f"{lang}/_static/nq-minisearch.js",
            f"{lang}/_static/base-stemmer.js",
            f"{lang}/manifest.webmanifest",
        } <= set(files)
        unread = {f"{lang}/searchindex.js", f"{lang}/_static/searchtools.js"}
        assert not unread & set(files) and f"{lang}/_static/language_data.js" not in files
        for page in ("magic", "search", "404"):
            html = served / lang / f"{page}.html"
            reader = links(html)
            loaded = [*reader.scripts, *(s for s in reader.styles if ".css" in s)]
            assert len(loaded) >= 4, loaded
            for url in loaded:
                path = url.split("?")[0]
                name = path.lstrip("/") if path.startswith("/") else f"{lang}/{path}"
                assert name in files, f"{html.name} loads {url}, which the worker does not keep"
    assert {"index.html", "nq-root.js"} <= set(files)
    assert not [f for f in files if f.endswith((".map", ".zip", "sw.js", ".buildinfo"))]
    assert f"{offline.CACHE_PREFIX}" in (served / offline.WORKER).read_text(encoding="utf-8")


def test_a_changed_file_makes_a_new_worker(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text("<p>one</p>", encoding="utf-8")
    (tmp_path / "en" / "a.js.map").write_text("{}", encoding="utf-8")
    first = offline.worker_script(tmp_path)
    assert re.search(r'^const VERSION = "[0-9a-f]{16}";$', first, re.M)
    assert worker_files(offline.write_worker(tmp_path)) == ["en/index.html"]
    assert offline.worker_script(tmp_path) == first  # the worker does not list itself
    (tmp_path / "en" / "index.html").write_text("<p>two</p>", encoding="utf-8")
    assert offline.worker_script(tmp_path) != first


def test_pages_load_one_stylesheet_and_one_script_bundle(html_sites: dict[str, Path]) -> None:
    """Each page loads the bundles of its stylesheets and scripts, in their order, plus the two
    files the theme puts apart (its colours of code, the light or dark choice at once)."""
    site = html_sites["fr"]
    html = site / "magic.html"
    reader = links(html)
    styles = [s for s in reader.styles if s.endswith(".css") or ".css?" in s]
    assert [s.split("?")[0] for s in styles][1:] == ["_static/nq-furo-variables.css"]
    assert [s.split("?")[0] for s in reader.scripts][:1] == ["_static/nq-theme-mode.js"]
    assert len(reader.scripts) == 2 and len(styles) == 2
    css = (site / styles[0].split("?")[0]).read_text(encoding="utf-8")
    script = (site / reader.scripts[1].split("?")[0]).read_text(encoding="utf-8")
    order = [
        "_static/styles/furo.css",
        "_static/nq-aspects.css",
        "_static/nq-site.css",
        "_static/nq-content.css",
        "_static/nq.css",
        "_static/nq-keyboard.css",
    ]
    positions = [css.index(f"/* {name} */") for name in order]
    assert positions == sorted(positions)
    for name in order[1:]:  # the text of each file, whole
        assert bundles.SOURCE_MAP.sub("", (site / name).read_text("utf-8")).rstrip() in css
    translations = (site / "_static" / "translations.js").read_text(encoding="utf-8")
    assert translations.rstrip() in script  # the rewritten one, without eval (nqsphinx.site.csp)
    for name in ("documentation_options.js", "doctools.js", "nq.js", "nq-offline.js"):
        assert f"/* _static/{name} */" in script
    assert "design-tabs.js" not in script  # no page has tabs
    assert "sourceMappingURL" not in css + script


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_names_its_bundles_with_the_checksum_of_what_is_published(
    html_sites: dict[str, Path], lang: str
) -> None:
    """After an update a returning reader's browser fetches the new bundles with the new pages:
    ``?v=`` is the checksum of the bundle's published text (a bundle named by its files' names
    alone kept its address when a file in it changed)."""
    site = html_sites[lang]
    named = 0
    for html in sorted(site.rglob("*.html")):
        for name, version in re.findall(
            r'"(?:\.\./)*(_static/nq-bundle-[0-9a-f]+\.(?:css|js))(?:\?v=([0-9a-f]+))?"',
            html.read_text(encoding="utf-8"),
        ):
            published = f"{zlib.crc32((site / name).read_bytes()):08x}"
            assert version == published, (html.relative_to(site).as_posix(), name, version)
            named += 1
    assert named > 37  # a stylesheet and a script bundle on most of the 37 pages


def test_bundles_refuse_what_would_break() -> None:
    plain = _CascadingStyleSheet("_static/a.css", priority=500)
    printed = _CascadingStyleSheet("_static/p.css", media="print")
    deferred = _JavaScript("_static/d.js", defer="defer")
    assert bundles.runs([plain, plain, printed, plain], "css") == [[plain, plain], printed, [plain]]
    assert bundles.runs([_JavaScript("_static/a.js"), deferred], "js")[1] is deferred
    assert not bundles.used(_JavaScript("_static/design-tabs.js"), "<p>no tabs</p>")
    design = _CascadingStyleSheet("_static/sphinx-design.min.css", priority=500)
    assert not bundles.used(design, "<p>a passed-in word, classed-up</p>")
    assert bundles.used(design, '<div class="sd-container-fluid sd-mb-4">')
    assert bundles.used(design, '<div class="nq-card sd-card">')
    assert bundles.used(_CascadingStyleSheet("_static/nq.css"), "<p>x</p>")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_sphinx_designs_styles_only_where_its_classes_are(
    html_sites: dict[str, Path], lang: str
) -> None:
    """sphinx-design's stylesheet (55 KB) is bundled into the pages that use its classes (the
    home page's and the cards' grids), and left out of every other page's styles."""
    site = html_sites[lang]
    with_design = []
    for html in sorted(site.glob("*.html")):
        # the 404 page names them from the site's root (/en/_static/...)
        styles = [s.split("?")[0].removeprefix(f"/{lang}/") for s in links(html).styles]
        styles = [s for s in styles if s.endswith(".css")]
        bundled = "".join((site / s).read_text(encoding="utf-8")[:2000] for s in styles)
        design = re.search(r'class="(?:[^"]* )?sd-', html.read_text(encoding="utf-8"))
        assert ("_static/sphinx-design.min.css" in bundled) == bool(design), html.name
        with_design += [html.name] * bool(design)
    assert with_design == ["cards-counters-templates.html", "index.html"]


def test_a_stylesheet_that_points_elsewhere_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "ok.css").write_text(
        "a { background: url('data:image/svg+xml,x') url(/x.png) url(#m) }", encoding="utf-8"
    )
    assert "url(/x.png)" in bundles.bundle_text(tmp_path, ["_static/ok.css"], "css")
    (tmp_path / "_static" / "font.css").write_text("@font-face { src: url(f.woff2) }", "utf-8")
    with pytest.raises(ExtensionError, match=r"font\.css: 'url\(' would point elsewhere"):
        bundles.bundle_text(tmp_path, ["_static/ok.css", "_static/font.css"], "css")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_spell_list_links_each_spell_to_its_card(html_sites: dict[str, Path], lang: str) -> None:
    html = (html_sites[lang] / "magic.html").read_text(encoding="utf-8")
    table = html[html.index("nq-table-spell-list") :]
    table = table[: table.index("</table>")]
    targets = re.findall(r'href="cards-counters-templates\.html#(spell-[a-z-]+)"', table)
    assert targets == [f"spell-{spell.key}" for spell in all_spells()]
    cards = (html_sites[lang] / "cards-counters-templates.html").read_text(encoding="utf-8")
    assert all(f'id="{target}"' in cards for target in targets)


@pytest.mark.parametrize(
    "lang,label,help_words",
    [
        ("en", "Search the rules", ("Type one or more words", "holds any of them")),
        ("fr", "Rechercher dans les règles", ("Tapez un ou plusieurs mots", "contient l’un d’eux")),
    ],
)
def test_search_page_has_its_own_box_and_help(
    html_sites: dict[str, Path], lang: str, label: str, help_words: tuple[str, str]
) -> None:
    """The help says what the search does: a result holds any of the words typed, not all."""
    html = (html_sites[lang] / "search.html").read_text(encoding="utf-8")
    article = html[html.index('id="furo-main-content"') :]
    assert re.search(r'<form class="nq-search-form" action="search.html" method="get"', article)
    assert f'<label for="nq-search-query">{label}</label>' in article
    assert '<input type="search" id="nq-search-query" name="q"' in article
    start, words = help_words
    found = re.search(rf'<div class="nq-search-help" hidden>\s*<p>({start}[^<]*)</p>', article)
    assert found and words in found.group(1), found
    results = r'<div id="search-results">\s*<div class="nq-search-summary" role="status"></div>'
    assert re.search(results, article)


def test_card_titles_break_whole_words() -> None:
    css = (ROOT / "nqsphinx" / "site" / "static" / "nq-content.css").read_text(encoding="utf-8")
    rule = re.search(r"\.sd-card\.nq-card \.sd-card-body \{([^}]*)\}", css)
    assert rule and "overflow-wrap: break-word" in rule.group(1)
    assert "anywhere" not in rule.group(1)
