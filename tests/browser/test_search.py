"""A player searches the rules in a real browser: each query of ``tests/data/search-queries.toml``
is typed into the search page of the built site (``search.html?q=...``) and the ranked results
are read; the rule it means must be among the first three, for every query
of each language.  The failures are printed with what came first instead.

The search page uses the header's engine (``nq-search-page.js``), not Sphinx's scripts; its form
searches in place with the words in the address; its snippets show the rules' words, never the
Python of the worked examples; it is looked at on a phone, and with axe at 390 and 1366 px, light
and dark, with results and with none (screenshots in ``_build/test-artifacts/screenshots/``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from nqcore.data import datafiles
from tests import covering
from tests.browser.conftest import Site, _recorded, screenshot, wait_until
from tests.browser.test_accessibility import AXE_OPTIONS, axe_script  # noqa: F401 - fixture
from tests.building import LANGUAGES, ROOT

QUERIES_FILE = ROOT / "tests" / "data" / "search-queries.toml"
TOP = 3
PHONE_CONTEXT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
WIDE_CONTEXT = {"viewport": {"width": 1366, "height": 768}}
MIN_QUERIES = 40
FIELDS = frozenset({"query", "target", "avoid"})
TARGET = re.compile(r"[a-z0-9-]+(#[a-z0-9-]+)?")


class QueryFileError(ValueError):
    """A malformed query set; the message names the file and the entry."""


@dataclass(frozen=True)
class Query:
    lang: str
    query: str
    target: str
    avoid: tuple[str, ...] = ()


def _entry(path: Path, lang: str, number: int, record: Any) -> Query:
    where = f"{path}: [[{lang}]] #{number}"
    if not isinstance(record, dict):
        raise QueryFileError(f"{where}: not a table")
    unknown = sorted(set(record) - FIELDS)
    if unknown:
        raise QueryFileError(f"{where}: unknown field(s) {', '.join(unknown)}")
    query, target, avoid = record.get("query"), record.get("target"), record.get("avoid", [])
    if not isinstance(query, str) or not query.strip():
        raise QueryFileError(f"{where}: `query` must be a non-empty string")
    targets = [target, *avoid] if isinstance(avoid, list) else [None]
    if not all(isinstance(t, str) and TARGET.fullmatch(t) for t in targets):
        raise QueryFileError(f'{where} ({query!r}): targets are "page" or "page#anchor"')
    return Query(lang, query, str(target), tuple(avoid))


def load_queries(path: Path = QUERIES_FILE) -> dict[str, list[Query]]:
    """The query set, per language, checked entry by entry."""
    try:
        data = datafiles.parse(path.read_text(encoding="utf-8"), str(path), None)
    except datafiles.DataFileError as error:  # not TOML: file, line and column
        raise QueryFileError(str(error)) from None
    unknown = sorted(set(data) - set(LANGUAGES))
    if unknown:
        raise QueryFileError(f"{path}: unknown table(s) {', '.join(unknown)}")
    queries = {}
    for lang in LANGUAGES:
        records = data.get(lang, [])
        queries[lang] = [_entry(path, lang, n + 1, r) for n, r in enumerate(records)]
        if len(queries[lang]) < MIN_QUERIES:
            raise QueryFileError(
                f"{path}: {len(queries[lang])} [[{lang}]] queries, at least {MIN_QUERIES} wanted"
            )
    return queries


QUERIES = load_queries()


def test_the_query_file_is_checked(tmp_path: Path) -> None:
    """A mistake in the query set is named with its entry, not run as a query."""
    good = '[[en]]\nquery = "armor"\ntarget = "armour-and-damage"\n'
    path = tmp_path / "queries.toml"
    for text, message in [
        (good.replace("target", "targte"), "[[en]] #1: unknown field(s) targte"),
        (good.replace('"armor"', '""'), "[[en]] #1: `query` must be a non-empty string"),
        (good.replace("armour-and-damage", "Armour & Damage"), "[[en]] #1 ('armor'): targets"),
        (good, "1 [[en]] queries, at least 40 wanted"),
        ("[[de]]\n", "unknown table(s) de"),
    ]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(QueryFileError) as caught:
            load_queries(path)
        assert str(caught.value).startswith(f"{path}: ") and message in str(caught.value)


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_target_is_on_the_site(html_sites: dict[str, Path], lang: str) -> None:
    """A target that is not on the site would make its query fail for the wrong reason."""
    missing = []
    for query in QUERIES[lang]:
        for target in (query.target, *query.avoid):
            page, _, anchor = target.partition("#")
            path = html_sites[lang] / f"{page}.html"
            if not path.is_file():
                missing.append(f"{query.query}: no page {page}")
                continue
            reader = _Ids()
            reader.feed(path.read_text(encoding="utf-8"))
            if anchor and anchor not in reader.ids:
                missing.append(f"{query.query}: no #{anchor} on {page}")
    assert not missing, missing


def _target(href: str) -> str:
    """``magic.html#upkeep`` → ``magic#upkeep``; ``magic.html`` → ``magic``."""
    parts = urlsplit(href)
    page = parts.path.rsplit("/", 1)[-1].removesuffix(".html")
    return f"{page}#{parts.fragment}" if parts.fragment else page


#: Each result's link and the title it shows, read in one call rather than two per result.
LINKS = "(s) => [...document.querySelectorAll(s)].map((a) => [a.getAttribute('href'), a.innerText])"


def ranked(page: Any, site: Site, lang: str, query: str) -> list[tuple[str, str]]:
    """The results of the search page for ``query``, best first: (target, title shown)."""
    page.goto(site.page(f"{lang}/search.html?q={quote(query)}"))
    wait_until(page, "document.querySelector('#search-results p.search-summary')?.innerText")
    links = page.evaluate(LINKS, "#search-results ul.search li > a")
    return [(_target(href), title) for href, title in links]


#: The next query on the search page already loaded, typed into its form: the page searches in
#: place (the index is read once; the same results, link for link, as a page loaded for each query).
AGAIN = """(q) => { document.querySelector('#search-results [role=status]').replaceChildren();
  const input = document.getElementById('nq-search-query');
  input.value = q;
  input.form.requestSubmit(); }"""


def ranked_again(page: Any, query: str) -> list[tuple[str, str]]:
    """:func:`ranked` on the search page already open: its results for ``query``."""
    page.evaluate(AGAIN, query)
    wait_until(page, "document.querySelector('#search-results p.search-summary')?.innerText")
    links = page.evaluate(LINKS, "#search-results ul.search li > a")
    return [(_target(href), title) for href, title in links]


def _verdict(query: Query, results: list[tuple[str, str]]) -> str | None:
    """Why ``results`` fail ``query``, or None."""
    top = [target for target, _ in results[:TOP]]
    shown = (
        "; ".join(f"#{n + 1} {title} ({target})" for n, (target, title) in enumerate(results[:TOP]))
        or "nothing"
    )
    if query.target not in top:
        rank = next((n + 1 for n, (t, _) in enumerate(results) if t == query.target), None)
        where = f"at #{rank}" if rank else "not listed"
        return f"{query.query!r}: {query.target} {where}; first: {shown}"
    avoided = [t for t in top if t in query.avoid]
    if avoided:
        return f"{query.query!r}: {', '.join(avoided)} in the first {TOP}; first: {shown}"
    return None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_the_rule(site: Site, desktop: Any, lang: str) -> None:
    queries = QUERIES[lang]
    ranked(desktop, site, lang, queries[0].query)  # the page and its index, loaded once
    failures = [
        reason
        for query in queries
        if (reason := _verdict(query, ranked_again(desktop, query.query))) is not None
    ]
    found = len(queries) - len(failures)
    print(f"\nsearch ({lang}): {found}/{len(queries)} queries find their rule in the first {TOP}")
    for reason in failures:
        print(f"  {reason}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    "lang,query,words",
    [("en", "cast", "wizardry level"), ("fr", "lancer un sort", "niveau de magie")],
)
def test_snippets_show_rules_not_python(
    site: Site, desktop: Any, lang: str, query: str, words: str
) -> None:
    """The pages that match hold worked examples with doctests: their snippets show prose."""
    page = desktop
    ranked(page, site, lang, query)
    page.wait_for_load_state("networkidle")
    snippets = [p.inner_text() for p in page.locator("#search-results li p.context").all()]
    assert len(snippets) >= 5, snippets
    python = [s for s in snippets if re.search(r">>>|\bimport\b|nqcore|\w\(\w+=", s)]
    assert not python, python
    switch = "Français" if lang == "en" else "English"  # the language switch is not text
    assert not any(switch in s for s in snippets), snippets
    assert any(words in s.lower() for s in snippets), snippets


@pytest.mark.parametrize(
    "lang,query",
    [
        ("en", "armor"),
        ("en", "fireball"),
        ("fr", "toucher"),
        ("fr", "sort"),
        ("fr", "combien de dés pour une charge"),
    ],
)
def test_search_results_on_a_phone(site: Site, phone: Any, lang: str, query: str) -> None:
    page = phone
    results = ranked(page, site, lang, query)
    assert results, query
    page.wait_for_load_state("networkidle")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the results scroll sideways by {overflow}px"
    # each kind's badge one box: « section des règles » was split at a line's end (player round 30)
    split = page.evaluate(
        "[...document.querySelectorAll('.nq-search-kind')]"
        ".filter((badge) => badge.getClientRects().length > 1).map((badge) => badge.textContent)"
    )
    assert page.locator(".nq-search-kind").count() and split == []
    screenshot(page, f"phone-{lang}-search-{query.replace(' ', '-')}")


#: Two words of neighbouring elements glued: "gameCasualties", « découvertPouces ».
GLUED = re.compile(r"[a-zà-ÿ]{3}[A-ZÀ-Ý][a-zà-ÿ]{2}")
NOTICE = {"en": "The calculators need scripts", "fr": "Les calculateurs demandent les scripts"}


@pytest.mark.parametrize(
    "lang,query", [("en", "casualties"), ("en", "morale"), ("fr", "sort"), ("fr", "pouces")]
)
def test_snippets_quote_prose_not_forms(site: Site, desktop: Any, lang: str, query: str) -> None:
    """The calculators' labels and the engine's notice are not prose: no snippet quotes them,
    glued together or not."""
    page = desktop
    ranked(page, site, lang, query)
    page.wait_for_load_state("networkidle")
    snippets = [p.inner_text() for p in page.locator("#search-results li p.context").all()]
    assert len(snippets) >= 3, snippets
    assert not [s for s in snippets if GLUED.search(s)], snippets
    assert not [s for s in snippets if NOTICE[lang] in s], snippets


@pytest.mark.parametrize(
    "lang,typed,meant",
    [("en", "chrage", "Charge"), ("en", "magci", "Magic"), ("fr", "magei", "Magie")],
)
def test_nothing_found_sends_to_the_glossary(
    site: Site, desktop: Any, lang: str, typed: str, meant: str
) -> None:
    """A word two slips from the book's (too far for the search's tolerance of one) finds
    nothing: the page names the glossary, links to it, and suggests the nearest term or title of
    the book."""
    page = desktop
    assert ranked(page, site, lang, typed) == []
    summary = page.locator("#search-results p.search-summary")
    text = summary.inner_text()
    assert "categor" not in text and "catégor" not in text, text
    start = "No page of the rules" if lang == "en" else "Aucune page des règles"
    assert text.startswith(start), text
    link = summary.locator("a")
    assert link.get_attribute("href") == "glossary.html"
    offer = page.locator("#search-results p.nq-search-suggestion")
    shown = offer.locator("a").inner_text()
    assert shown.casefold() == meant.casefold()
    screenshot(page, f"desktop-{lang}-search-{typed}")
    offer.locator("a").click()
    page.wait_for_url(re.compile(rf"search\.html\?q={shown}$"))
    assert ranked(page, site, lang, shown)


@pytest.mark.parametrize(
    "lang,typed,first,after",
    [
        ("en", "wounding", "armour-and-damage#wounding-the-target", "glossary#term-wounds"),
        ("en", "armour", "armour-and-damage", "armour-and-damage#armour-modifier"),
        ("fr", "armure", "armour-and-damage", "armour-and-damage#armour-modifier"),
    ],
)
def test_a_title_that_holds_the_word_as_typed_comes_first(
    site: Site, desktop: Any, lang: str, typed: str, first: str, after: str
) -> None:
    """One word typed: a title that holds it as it is typed comes before one found through its
    stem ("Wounds") or a prefix, and a page whose title holds it before its own sections."""
    found = [target for target, _ in ranked(desktop, site, lang, typed)]
    assert found[0] == first and after in found[1:], found[:4]


#: The words each result's snippet marks, lower case.
MARKS = """[...document.querySelectorAll('#search-results li mark')]
  .map((m) => m.textContent.toLowerCase())"""


@pytest.mark.parametrize("lang,query", [("en", "hedge"), ("fr", "haie")])
def test_a_whole_word_is_not_the_start_of_another(
    site: Site, desktop: Any, lang: str, query: str
) -> None:
    """A word typed whole finds its own forms, never a word that starts with its stem: « haie »
    (stem "hai") is not « haine », a hatred (player round fifteen); "hedge" is "hedges"."""
    found = [target for target, _ in ranked(desktop, site, lang, query)]
    marked = desktop.evaluate(MARKS)
    assert "ranged-combat#cover" in found[:2], found
    assert marked and all(word.startswith(query) for word in marked), (marked, found)


def test_one_slip_finds_the_rule(site: Site, desktop: Any) -> None:
    """A word one slip from a word of the book finds what holds it ("magei": a mage, the Magic
    User); the page offers no other spelling."""
    found = ranked(desktop, site, "en", "magei")
    assert found[0] == ("traits#trait-magic-user", "Magic User"), found[:3]
    assert desktop.locator("#search-results p.nq-search-suggestion").count() == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_search_page_uses_none_of_sphinx_s_search_scripts(
    html_sites: dict[str, Path], lang: str
) -> None:
    """One engine: the header's (nq-search-box.js, nq-search-page.js), not searchtools.js."""
    page = (html_sites[lang] / "search.html").read_text(encoding="utf-8")
    for script in ("searchtools.js", "language_data.js", "searchindex.js"):
        assert script not in page, script
    assert "nq-search-page.js" in page


#: The search page's form, its status line and its results.
STATUS = "document.querySelector('#search-results [role=status]').innerText"
FORM_QUERY = {"en": ("fireball", "magic"), "fr": ("boule de feu", "magie")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_searches_in_place_and_keeps_the_words_in_its_address(
    site: Site, desktop: Any, lang: str
) -> None:
    """By keyboard: the words typed and Enter list the results under a status line that screen
    readers announce, the address holds ``?q=``; Back shows the previous search."""
    page = desktop
    first, second = FORM_QUERY[lang]
    page.goto(site.page(f"{lang}/search.html?q={quote(first)}"))
    wait_until(page, STATUS)
    field = page.locator("#nq-search-query")
    assert field.input_value() == first
    field.fill(second)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"search\.html\?q={quote(second)}$"))
    wait_until(page, STATUS)
    assert page.locator("#search-results [role=status]").count() == 1
    count = page.evaluate(STATUS)
    links = page.evaluate(LINKS, "#search-results ul.search li > a")
    assert str(len(links)) in count and len(links) > 8, (count, len(links))
    page.go_back()
    page.wait_for_url(re.compile(rf"search\.html\?q={quote(first)}$"))
    wait_until(page, f"document.getElementById('nq-search-query').value === {first!r}")
    assert ranked(page, site, lang, first)[0][0] == "cards-counters-templates#spell-fireball"


SHOWN = {"en": ("how far can infantry move", "chrage"), "fr": ("boule de feu", "magei")}
WIDTHS = {"390": PHONE_CONTEXT, "1366": WIDE_CONTEXT}


@covering.settings(
    "lang,width,scheme",
    covering.every_one(LANGUAGES, list(WIDTHS), ["light", "dark"]),
    covering.pairs(LANGUAGES, list(WIDTHS), ["light", "dark"]),
)
def test_the_search_page_is_accessible(
    browser: Any,
    site: Site,
    axe_script: str,  # noqa: F811 - the fixture imported above
    lang: str,
    width: str,
    scheme: str,
) -> None:
    """Results and nothing found, light and dark, at 390 and 1366 px: axe finds nothing, nothing
    scrolls sideways; screenshots of each."""
    context = _recorded(site, browser.new_context(**WIDTHS[width], color_scheme=scheme))
    context.add_init_script(axe_script)
    page = context.new_page()
    violations = []
    for query, name in zip(SHOWN[lang], ("results", "nothing"), strict=True):
        found = ranked(page, site, lang, query)
        assert bool(found) == (name == "results"), (query, found[:3])
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{query}: the page scrolls sideways by {overflow}px"
        screenshot(page, f"search-page-{name}-{lang}-{width}-{scheme}")
        violations += page.evaluate(
            """async (options) => (await axe.run(document, options)).violations.map(
                 (v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`)""",
            AXE_OPTIONS,
        )
    context.close()
    assert not violations, "\n".join(violations)
