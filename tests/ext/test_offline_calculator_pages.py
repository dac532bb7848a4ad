"""The pages kept with the calculators' engine (:mod:`nqsphinx.site.offline_pages`): those
the calculators' page links to from its text and its language switch, and what they load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nqsphinx.refusals import Refused
from nqsphinx.site import offline
from nqsphinx.site.offline_pages import companion_files


def _page(path: Path, body: str, head: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><head>{head}</head><body>{body}</body></html>", encoding="utf-8")


def test_the_calculators_keep_their_rule_pages_and_the_switch(tmp_path: Path) -> None:
    shell = (
        '<link rel="stylesheet" href="_static/site.css"><script src="_static/s.js"></script>'
        '<link rel="next" href="credits.html">'
    )
    _page(
        tmp_path / "en" / "at-the-table.html",
        '<nav><a href="credits.html">Credits</a></nav>'
        '<a class="nq-lang-link" href="../fr/at-the-table.html">FR</a>'
        '<article role="main"><p class="nq-rule">Rule: <a href="magic.html#casting">x</a>'
        '<a href="odds.html">odds</a></p>'
        '<div data-sections="{&quot;href&quot;: &quot;army.html#the-army&quot;}"></div>'
        '<a href="#calc-casting">here</a><a href="https://example.org/x.html">out</a></article>',
        shell,
    )
    _page(tmp_path / "en" / "magic.html", '<img src="_images/m.svg">', shell)
    _page(tmp_path / "en" / "army.html", "", shell)
    _page(tmp_path / "en" / "credits.html", "", shell)
    _page(tmp_path / "fr" / "at-the-table.html", "<article></article>", shell)
    for name in (
        "en/_static/site.css",
        "en/_static/s.js",
        "en/_images/m.svg",
        "fr/_static/site.css",
        "fr/_static/s.js",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    files = offline.cached_files(tmp_path)
    assert companion_files(tmp_path, files) == [
        "en/_images/m.svg",
        "en/_static/s.js",
        "en/_static/site.css",
        "en/army.html",
        "en/magic.html",
        "fr/_static/s.js",
        "fr/_static/site.css",
        "fr/at-the-table.html",
    ]
    sizes = offline.groups(tmp_path, files)
    assert "en/magic.html" in sizes["engine"] and "en/credits.html" not in sizes["engine"]
    script = offline.worker_script(tmp_path)
    assert '"en/army.html"' in script.split("const COMPANION = ")[1].split(";")[0]


def test_the_pages_kept_with_the_calculators_keep_their_language_s_search(tmp_path: Path) -> None:
    """The calculators keep pages of every language (their language switch): each language
    whose pages they keep has its header search kept too, or its pages, there offline, could
    not be searched."""
    _page(
        tmp_path / "en" / "at-the-table.html",
        '<a class="nq-lang-link" href="../fr/at-the-table.html">FR</a>',
    )
    _page(
        tmp_path / "fr" / "at-the-table.html",
        '<article role="main"><a href="magie.html#sorts">x</a></article>',
    )
    _page(tmp_path / "fr" / "magie.html", "")
    for lang in ("en", "fr"):
        for name in (*offline.SEARCH_FILES, "french-stemmer.js"):
            (tmp_path / lang / "_static" / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / lang / "_static" / name).write_text("x", encoding="utf-8")
    files = offline.cached_files(tmp_path)
    kept = offline.groups(tmp_path, files)["engine"]
    assert "fr/magie.html" in kept
    assert "fr/_static/nq-search-index.js" in kept and "fr/_static/french-stemmer.js" in kept
    script = offline.worker_script(tmp_path)
    companion = script.split("const COMPANION = ")[1].split(";")[0]
    assert '"fr/_static/nq-search-index.js"' in companion


def test_the_worker_and_the_archive_leave_out_sphinx_s_search_files(tmp_path: Path) -> None:
    """Sphinx writes its search index and copies its search page's scripts, which no page of the
    site loads (the search is the header's: nqsphinx.site.quick_search): neither the service
    worker nor the offline archive carries them; the stemmer the header's search loads stays."""
    from nqsphinx.site import archive

    site = tmp_path / "en"
    _page(site / "index.html", "")
    for name in (
        "searchindex.js",
        "_static/searchtools.js",
        "_static/language_data.js",
        "_static/english-stemmer.js",
        "_static/nq-search-index.js",
    ):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("x", encoding="utf-8")
    kept = ["en/_static/english-stemmer.js", "en/_static/nq-search-index.js", "en/index.html"]
    assert offline.cached_files(tmp_path) == kept
    packed = [path.relative_to(tmp_path).as_posix() for path in archive.site_files(site)]
    assert packed == kept


def test_the_search_page_is_kept_with_the_header_search(tmp_path: Path) -> None:
    """The header search's "See all results" opens the search page: where the box answers
    offline (its files kept with a language's first page read), the page it leads to does too,
    in each language, with what it loads (its own stylesheet bundle and script)."""
    shell = (
        '<link rel="stylesheet" href="_static/search-bundle.css?v=1">'
        '<script src="_static/nq-search-page.js"></script>'
    )
    for lang in ("en", "fr"):
        _page(tmp_path / lang / "index.html", "", '<link rel="stylesheet" href="_static/x.css">')
        _page(tmp_path / lang / "search.html", "", shell)
        for name in (*offline.SEARCH_FILES, "nq-search-page.js", "search-bundle.css", "x.css"):
            (tmp_path / lang / "_static" / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / lang / "_static" / name).write_text("x", encoding="utf-8")
    files = offline.cached_files(tmp_path)
    search = offline.search_files(tmp_path, files, ["en", "fr"])
    for lang in ("en", "fr"):
        assert f"{lang}/search.html" in search[lang]
        assert f"{lang}/_static/nq-search-page.js" in search[lang]
        assert f"{lang}/_static/search-bundle.css" in search[lang]
        assert f"{lang}/_static/x.css" not in search[lang]
        assert f"{lang}/index.html" not in search[lang]


@pytest.mark.parametrize("name", ["en/_static/__WORDS__.png", "en/__SIZES__.html"])
def test_a_file_named_like_a_placeholder_keeps_the_worker_a_script(
    tmp_path: Path, name: str
) -> None:
    """The template is filled in one pass: a file named after a placeholder is listed as named,
    and the worker parses (a second pass put the words inside its name: attack round 23)."""
    _page(tmp_path / "en" / "index.html", "")
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_bytes(b"x")
    path = offline.write_worker(tmp_path)
    assert json.dumps(name) in path.read_text(encoding="utf-8")
    assert offline.script_problem(path) is None


def test_a_worker_that_does_not_parse_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _page(tmp_path / "en" / "index.html", "")
    monkeypatch.setattr(offline, "worker_script", lambda root: "const = ;\n")
    with pytest.raises(Refused, match=r"sw\.js: the service worker does not parse: SyntaxError"):
        offline.write_worker(tmp_path)


def test_the_words_of_what_is_kept_are_true() -> None:
    """Player round fourteen: the browser keeps the pages opened and the engine in its own
    cache, so the keep box does not say a part is "not kept" but "not kept yet (the browser
    may have it)" (round 21: "not kept for sure" read as surely not kept), and the
    companion's intro says so; the not-kept page names the box where it also is, the At the
    table page, and leads back where the player came from."""
    from nqsphinx.site.keep_offline import control_words, not_kept_words

    assert control_words("en")["not_kept"] == "not kept yet (the browser may have it)"
    assert control_words("fr")["not_kept"] == "pas encore gardé (le navigateur l’a peut-être)"
    intro = (Path(__file__).parents[2] / "docs" / "at-the-table.md").read_text(encoding="utf-8")
    assert "may keep the pages you open" in intro and "keeps them for sure" in intro
    assert "nothing is kept on your device until you ask" not in intro
    for lang, page in (("en", "At the table"), ("fr", "À la table")):
        words = not_kept_words(lang)
        assert page in words["text"], words["text"]
        assert words["back"] and words["kept"] and words["back"] != words["home"]


def test_the_not_kept_page_offers_home_only_when_kept_and_the_way_back(tmp_path: Path) -> None:
    """The worker, filled in one pass and parsed by Node.js, links the page the player came
    from and the kept pages, and the home page only when it is kept: its "Go to the home page"
    led to another "not kept" page (player round fourteen)."""
    _page(tmp_path / "en" / "index.html", "")
    path = offline.write_worker(tmp_path)
    script = path.read_text(encoding="utf-8")
    assert offline.script_problem(path) is None
    assert "event.request.referrer" in script and "keptPages" in script
    assert "let home = [" not in script  # the home link no longer given whether kept or not


def test_the_engine_s_size_is_one_figure(tmp_path: Path) -> None:
    """The engine's size is the bytes of the files the page loads for it, said to one decimal as
    the "Keep for offline" box says it, the pages kept with it apart: the page said "20 MB"
    and the box 25.4 (player round fifteen)."""
    from nqcompanion.page.answers import megabytes
    from nqsphinx.site.keep_offline import control_words

    _page(tmp_path / "en" / "index.html", "")
    engine = tmp_path / offline.SHARED_DIR
    engine.mkdir(parents=True)
    (engine / "pyodide.asm.wasm").write_bytes(b"w" * 20_000_000)
    (engine / "nq-engine.zip").write_bytes(b"z" * 412_345)
    script = offline.write_worker(tmp_path).read_text(encoding="utf-8")
    sizes = json.loads(script.split("const SIZES = ", 1)[1].split(";\n", 1)[0])
    assert sizes["engine_files"] == 20_412_345
    assert megabytes(sizes["engine_files"], "en") == "20.4\u00a0MB"
    assert megabytes(sizes["engine_files"], "fr") == "20,4\u00a0Mo"
    assert megabytes(20_000_000, "fr") == "20\u00a0Mo"  # as Intl.NumberFormat writes it
    assert "{engine}" in control_words("fr")["size_engine"]
