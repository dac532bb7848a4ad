"""The header's search, as a player uses it: in Chromium, on the built sites.

- The player query set (``tests/data/header-search-queries.toml``: at least 40 queries a language,
  at least half of them questions) is typed into the header's field; the expected section or
  entity must be among the first three results for every query of each language.
  The misses are printed with what came first instead.
- At 390 px, by keyboard alone: Tab to the header's search button, Enter opens the field, a
  question typed lists results labelled with their kind, the arrow keys choose, Enter lands on the
  anchor with its heading below the sticky header; Escape closes the list, then the field, and
  gives the focus back to the button.  In English and in French.
- Each result is a link to its section: a Ctrl click opens it in a new tab, the page stays.
- A rule comes before the things named after it ("charge", "panic"); a result is listed once.
- One search field: the header's (no sidebar box; on the search page, the page's own form).  By
  keyboard, Arrow Up from the field chooses its last option, all the results, and Enter opens the
  search page with the words, which lists the header search's results in the same order.
- A page whose title holds every word typed comes before its sections that hold one of them in
  theirs ("sauvegarde d'armure": the page Sauvegardes d'armure, not Modificateur d'armure).
- With the results open, axe finds nothing, light and dark, at 390 and 1366 px; no script or
  request breaks the Content-Security-Policy.  Screenshots of each in
  ``_build/test-artifacts/screenshots/header-search-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
import pytest

from nqcore.data import datafiles
from tests import covering
from tests.browser.conftest import (
    SETTLED,
    Site,
    _recorded,
    all_results,
    screenshot,
    wait_until,
    watch,
)
from tests.browser.test_accessibility import AXE_OPTIONS, axe_script  # noqa: F401 - fixture
from tests.browser.test_header_and_anchors import LANDED
from tests.building import LANGUAGES, ROOT

QUERIES_FILE = ROOT / "tests" / "data" / "header-search-queries.toml"
TOP = 3
MIN_QUERIES = 40
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
WIDTHS: dict[str, dict[str, Any]] = {"390": PHONE, "1366": DESKTOP}
SCHEMES = ("light", "dark")


class Query(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One query of the set: the words typed, the page#anchor it must find, a question or not."""

    query: str
    target: str
    question: bool


class QuerySet(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    en: list[Query]
    fr: list[Query]


def load_queries(path: Path = QUERIES_FILE) -> dict[str, list[Query]]:
    """The query set, checked against its schema, then for its size and share of questions."""
    data = datafiles.parse(path.read_text(encoding="utf-8"), str(path), QuerySet)
    queries = msgspec.convert(data, QuerySet)
    found = {lang: list(getattr(queries, lang)) for lang in LANGUAGES}
    for lang, items in found.items():
        questions = sum(query.question for query in items)
        if len(items) < MIN_QUERIES or 2 * questions < len(items):
            raise datafiles.DataFileError(
                f"{path}: [[{lang}]] has {len(items)} queries, {questions} of them questions: "
                f"at least {MIN_QUERIES}, half of them questions, wanted"
            )
    return found


QUERIES = load_queries()


def test_the_query_file_is_checked(tmp_path: Path) -> None:
    """A mistake in the query set is one line naming the file and the field."""
    path = tmp_path / "queries.toml"
    entry = '[[{lang}]]\nquery = "fireball"\ntarget = "magic"\nquestion = {question}\n'
    good = "".join(
        entry.format(lang=lang, question=str(n % 2 == 0).lower())
        for lang in ("en", "fr")
        for n in range(MIN_QUERIES)
    )
    path.write_text(good, encoding="utf-8")
    assert len(load_queries(path)["fr"]) == MIN_QUERIES
    for text, message in [
        (good.replace("target", "targte", 1), "targte"),
        (good.replace("question = true", "question = false"), "0 of them questions"),
        (good.replace('"fireball"', "3", 1), "query"),
    ]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(datafiles.DataFileError) as caught:
            load_queries(path)
        assert str(caught.value).startswith(f"{path}") and message in str(caught.value)
        assert "\n" not in str(caught.value)


def _target(href: str) -> str:
    """``/en/magic.html#upkeep`` → ``magic#upkeep``."""
    parts = urlsplit(href)
    page = parts.path.rsplit("/", 1)[-1].removesuffix(".html")
    return f"{page}#{parts.fragment}" if parts.fragment else page


#: Types ``query`` into the visible header field and returns the options drawn for it.
TYPE = """async ([selector, query]) => {
  const input = document.querySelector(selector);
  const list = document.getElementById(input.getAttribute("aria-controls"));
  input.focus();
  input.value = query;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  const start = performance.now();
  while (list.dataset.query !== query || list.hidden) {
    if (performance.now() - start > 10000) throw new Error(`no results drawn for ${query}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return [...list.querySelectorAll("[role=option]")].map((o) => [
    o.getAttribute("href"), o.querySelector(".nq-search-title").textContent,
    o.querySelector(".nq-search-kind").textContent]);
}"""


def results(page: Any, query: str, where: str = "content") -> list[tuple[str, str, str]]:
    """The header's results for ``query``: (page#anchor, title, kind), best first; the last
    option (all pages with the words) left out."""
    found = page.evaluate(TYPE, [f"#nq-search-{where}-q", query])
    return [(_target(href), title, kind) for href, title, kind in found if kind]


def _miss(query: Query, found: list[tuple[str, str, str]]) -> str | None:
    top = [target for target, _, _ in found[:TOP]]
    if query.target in top:
        return None
    shown = "; ".join(f"#{n + 1} {t} ({k}, {a})" for n, (a, t, k) in enumerate(found[:TOP]))
    rank = next((n + 1 for n, (t, _, _) in enumerate(found) if t == query.target), None)
    where = f"at #{rank}" if rank else "not in the first 8"
    return f"{query.query!r}: {query.target} {where}; first: {shown or 'nothing'}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_search_finds_the_rule(browser: Any, site: Site, lang: str) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/index.html"))
    queries = QUERIES[lang]
    misses = [m for q in queries if (m := _miss(q, results(page, q.query))) is not None]
    questions = [q for q in queries if q.question]
    missed_questions = [m for q in questions if (m := _miss(q, results(page, q.query)))]
    context.close()
    found = len(queries) - len(misses)
    print(
        f"\nheader search ({lang}): {found}/{len(queries)} in the first {TOP} "
        f"({100 * found / len(queries):.0f} %), questions "
        f"{len(questions) - len(missed_questions)}/{len(questions)}"
    )
    for miss in misses:
        print(f"  {miss}")
    assert not watched.violations and not watched.errors, watched.violations + watched.errors
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize("lang,query", [("en", "natural 10"), ("fr", "10 naturel")])
def test_a_natural_ten_is_a_fumble_not_natural_armour(
    browser: Any, site: Site, lang: str, query: str
) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    found = results(page, query)
    context.close()
    assert found[0][0] == "actions#fumbles", found[:3]


#: Players' questions, what each must find first, and a namesake it must not find at all.
FIRST_FOUND = [
    ("en", "what happens if I roll a 10 to hit", "actions#fumbles", None),
    ("en", "what does my general do", "glossary#term-army-general", "ranged-combat"),
    ("fr", "combien de sorts pour un magicien", "magic", None),
    # a phrase: the rule whose text holds its words together ("The army General is not
    # panicked, within 10"...") before a title that holds one of them (Strength Bonus)
    ("en", "general within 10 inches bonus", "actions#actions-command-test-modifiers", None),
    ("fr", "général à 10 pouces", "actions#actions-command-test-modifiers", None),
    # a phrase typed without its accents is the phrase with them (player round fifteen)
    ("en", "half the models", "morale", None),
    ("fr", "la moitié des figurines", "morale", None),
    ("fr", "la moitie des figurines", "morale", None),
    ("fr", "moitié des pertes", "morale", None),
    ("fr", "moitie des pertes", "morale", None),
    # found third in player round eighteen
    ("fr", "parer une attaque", "close-combat#close-combat-parry", None),
    ("fr", "ligne de vue pour tirer", "ranged-combat#line-of-sight", None),
    ("fr", "qui joue en premier", "turn-sequence#initiative-the-tide-of-battle", None),
    # the tools by the words players use for them (player round nineteen: "points calculator"
    # found weapon costs, "calculator" the page fifth)
    ("en", "points calculator", "at-the-table#calc-profile-builder", None),
    ("en", "army list builder", "at-the-table#calc-army-builder", None),
    ("en", "calculator", "at-the-table", None),
]


@pytest.mark.parametrize("lang,query,first,unrelated", FIRST_FOUND)
def test_a_question_finds_what_it_asks_first(
    browser: Any, site: Site, lang: str, query: str, first: str, unrelated: str | None
) -> None:
    """A question that holds a name search.toml gives a thing ("roll a 10 to hit": Fumbles; "sorts
    d'un magicien": Magic, which says how many) finds that thing first; "generally" is not the
    General ("Generally, the closer a target is..." of Ranged Attack Modifiers); a text that holds
    the words of a phrase close together (10" read as "10 inches") comes first."""
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    found = results(page, query)
    context.close()
    assert found[0][0] == first, found[:3]
    assert not unrelated or not [hit for hit in found if hit[0].startswith(unrelated)], found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_french_site_finds_english_names(browser: Any, site: Site, lang: str) -> None:
    """A player who knows the English name of a spell finds it on the French site too."""
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    found = results(page, "fireball")
    context.close()
    name = {"en": "Fireball", "fr": "Boule de feu"}[lang]
    kind = {"en": "spell", "fr": "sort"}[lang]
    assert found[0] == ("cards-counters-templates#spell-fireball", name, kind), found[:3]


#: A past participle in each of its forms (« terrifié » found the Fear ability alone, its
#: feminine the glossary's term and the panic table: the stemmer cut the folded forms apart).
PARTICIPLES = ["terrifié", "terrifiée", "terrifiés", "terrifiees"]


def test_a_french_participle_finds_the_same_in_each_of_its_forms(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page("fr/index.html"))
    found = {form: {hit[0] for hit in results(page, form)} for form in PARTICIPLES}
    context.close()
    first = found[PARTICIPLES[0]]
    assert "glossary#term-terrified" in first and len(first) > 3, found
    assert all(hits == first for hits in found.values()), found


KEYBOARD = {
    "en": ("how far can infantry move", "actions#move"),
    "fr": ("combien de pouces une figurine peut se déplacer", "actions#move"),
}


def _tab_to(page: Any, selector: str, presses: int = 12) -> None:
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_from_the_phone_header_by_keyboard(browser: Any, site: Site, lang: str) -> None:
    context = _recorded(site, browser.new_context(**PHONE))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/magic.html"))
    toggle = page.locator(".mobile-header .nq-search-toggle")
    box = toggle.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    _tab_to(page, ".nq-search-toggle")
    page.keyboard.press("Enter")
    field = page.locator("#nq-search-header-q")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.evaluate("document.activeElement.id") == "nq-search-header-q"
    query, target = KEYBOARD[lang]
    page.keyboard.type(query)
    listbox = page.locator("#nq-search-header-list")
    listbox.wait_for(state="visible")
    wait_until(
        page, f"document.getElementById('nq-search-header-list').dataset.query === {query!r}"
    )
    assert field.get_attribute("aria-expanded") == "true"
    options = listbox.locator("[role=option]")
    kinds = [options.nth(i).locator(".nq-search-kind").inner_text() for i in range(3)]
    assert all(kinds), kinds
    page.keyboard.press("ArrowDown")
    first = options.nth(0)
    assert field.get_attribute("aria-activedescendant") == first.get_attribute("id")
    assert first.get_attribute("aria-selected") == "true"
    assert _target(first.get_attribute("href") or "") == target
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/{target.replace('#', '.html#')}")
    page.evaluate(SETTLED)
    landed = page.evaluate(LANDED)
    assert landed is not None
    for tag, top in landed["boxes"]:
        assert landed["header"] - 0.5 <= top <= landed["height"] - 40, (tag, top, landed)
    _escape_closes_the_list_then_the_field(page)
    assert not watched.violations and not watched.errors, watched.violations + watched.errors
    context.close()


def _escape_closes_the_list_then_the_field(page: Any) -> None:
    page.locator(".mobile-header .nq-search-toggle").click()
    page.keyboard.type("fear")
    page.locator("#nq-search-header-list").wait_for(state="visible")
    page.keyboard.press("Escape")
    assert page.locator("#nq-search-header-list").is_hidden()
    assert page.evaluate("document.activeElement.id") == "nq-search-header-q"
    page.keyboard.press("Escape")
    assert page.locator("#nq-search-header").is_hidden()
    assert page.evaluate("document.activeElement.classList.contains('nq-search-toggle')")


SHOWN = {"en": "how far can infantry move", "fr": "boule de feu"}


@covering.settings(
    "lang,width,scheme",
    covering.every_one(LANGUAGES, list(WIDTHS), SCHEMES),
    covering.pairs(LANGUAGES, list(WIDTHS), SCHEMES),
)
def test_the_results_are_accessible(
    browser: Any,
    site: Site,
    axe_script: str,  # noqa: F811 - the fixture imported above
    lang: str,
    width: str,
    scheme: str,
) -> None:
    context = _recorded(site, browser.new_context(**WIDTHS[width], color_scheme=scheme))
    context.add_init_script(axe_script)  # before the page's own scripts, as the policy wants
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/actions.html"))
    where = "header" if width == "390" else "content"
    if where == "header":
        page.locator(".mobile-header .nq-search-toggle").click()
    found = results(page, SHOWN[lang], where)
    assert found
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    screenshot(page, f"header-search-{lang}-{width}-{scheme}")
    violations = page.evaluate(
        """async (options) => (await axe.run(document, options)).violations.map(
             (v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`)""",
        AXE_OPTIONS,
    )
    context.close()
    assert not violations, "\n".join(violations)
    assert not watched.errors, watched.errors


LINKED = {"en": "fireball", "fr": "boule de feu"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_result_is_a_link_a_ctrl_click_opens_a_new_tab(
    browser: Any, site: Site, lang: str
) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/magic.html"))
    results(page, LINKED[lang])
    first = page.locator("#nq-search-content-list [role=option]").first
    assert first.evaluate("(e) => e.tagName") == "A"
    href = first.evaluate("(e) => e.href")
    assert _target(href) == "cards-counters-templates#spell-fireball", href
    before = page.url
    with context.expect_page() as opened:
        first.click(modifiers=["Control"])
    tab = opened.value
    tab.wait_for_url(href)  # a new tab is about:blank until its navigation starts
    assert tab.url == href
    assert page.url == before and not page.locator("#nq-search-content-list").is_hidden()
    assert not watched.violations and not watched.errors, watched.violations + watched.errors
    context.close()


NAMESAKES = [
    ("en", "how far can I charge", "actions#charges", "hold-actions#flee-from-a-charge"),
    ("fr", "jusqu'où puis-je charger", "actions#charges", "hold-actions#flee-from-a-charge"),
    ("en", "panic", "morale#panic-table", "cards-counters-templates#spell-panic"),
    ("fr", "panique", "morale#panic-table", "cards-counters-templates#spell-panic"),
]


@pytest.mark.parametrize("lang,query,rule,namesake", NAMESAKES)
def test_the_rule_comes_before_its_namesakes(
    browser: Any, site: Site, lang: str, query: str, rule: str, namesake: str
) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    found = [target for target, _, _ in results(page, query)]
    context.close()
    assert found[0] == rule and namesake in found[1:], found[:4]


@pytest.mark.parametrize("lang,query", [("fr", "PC"), ("en", "range modifier points cost")])
def test_a_result_is_listed_once(browser: Any, site: Site, lang: str, query: str) -> None:
    """No two lines of the list read alike: one title at one address is one result, and two
    sections of one title on a page say which section holds them."""
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    results(page, query)
    lines = page.locator("#nq-search-content-list [role=option]").all_inner_texts()
    context.close()
    assert len(lines) == len(set(lines)), lines


#: The search page's results (nq-search-page.js), and their links' addresses.
PAGE_RESULTS = "#search-results ul.search li > a"
HREFS = "(s) => [...document.querySelectorAll(s)].map((a) => a.getAttribute('href'))"

ASKED = {
    "en": ("how far can I charge", "actions#charges"),
    "fr": ("combien de dés pour une rafale", "support-weapons#burst-fire-number-of-dice"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_opens_the_search_page_ranked_as_it(browser: Any, site: Site, lang: str) -> None:
    """The header's last option opens the search page, whose first results are the header
    search's, in the same order."""
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/magic.html"))
    query, target = ASKED[lang]
    header = [t for t, _, _ in results(page, query)]
    page.locator("#nq-search-content-q").fill("")
    all_results(page, query)
    best = page.locator(PAGE_RESULTS)
    best.first.wait_for()
    assert _target(best.first.get_attribute("href") or "") == target
    screenshot(page, f"search-page-{lang}")
    shown = [_target(href or "") for href in page.evaluate(HREFS, PAGE_RESULTS)]
    assert len(shown) >= len(header) and shown[: len(header)] == header, (shown, header)
    assert not watched.violations and not watched.errors, watched.violations + watched.errors
    context.close()


SEE_ALL = {"en": "See all results for", "fr": "Voir tous les résultats pour"}
#: The search fields a reader sees, and those of the navigation drawer.
FIELDS = """() => [...document.querySelectorAll("input[type=search]")].filter(
  (e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden").map(
  (e) => e.id || e.className)"""
IN_DRAWER = "document.querySelectorAll('.sidebar-drawer input, .sidebar-drawer form').length"


@covering.settings(
    "lang,width",
    covering.every_one(LANGUAGES, list(WIDTHS)),
    covering.each_once(LANGUAGES, list(WIDTHS)),
)
def test_one_search_field(browser: Any, site: Site, lang: str, width: str) -> None:
    """A page shows one search field, the header's (on a phone, once its button opens it); the
    navigation drawer has none; the search page shows its own form alone."""
    context = _recorded(site, browser.new_context(**WIDTHS[width]))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/magic.html"))
    assert page.evaluate(IN_DRAWER) == 0
    where = "header" if width == "390" else "content"
    if where == "header":
        assert page.evaluate(FIELDS) == []
        page.locator(".mobile-header .nq-search-toggle").click()
    assert page.evaluate(FIELDS) == [f"nq-search-{where}-q"]
    results(page, ASKED[lang][0], where)
    last = page.locator(f"#nq-search-{where}-list [role=option]").last.inner_text()
    assert last.startswith(SEE_ALL[lang]) and ASKED[lang][0] in last, last
    screenshot(page, f"one-search-field-{lang}-{width}")
    page.locator(f"#nq-search-{where}-q").fill("")
    all_results(page, ASKED[lang][0], where)
    assert page.evaluate(FIELDS) == ["nq-search-query"]
    assert page.locator("#nq-search-query").input_value() == ASKED[lang][0]
    assert page.locator(".nq-search-toggle:visible").count() == 0
    screenshot(page, f"one-search-field-{lang}-{width}-search-page")
    assert not watched.violations and not watched.errors, watched.violations + watched.errors
    context.close()


TITLED = [
    ("fr", "sauvegarde d'armure", "armour-and-damage", "armour-and-damage#armour-modifier"),
    ("fr", "sauvegardes d’armure", "armour-and-damage", "armour-and-damage#armour-modifier"),
    ("en", "armour save", "armour-and-damage", "armour-and-damage#armour-modifier"),
    ("en", "armor save", "armour-and-damage", "armour-and-damage#armour-modifier"),
]


@pytest.mark.parametrize("lang,query,page_target,section", TITLED)
def test_a_page_whose_title_holds_the_words_comes_first(
    browser: Any, site: Site, lang: str, query: str, page_target: str, section: str
) -> None:
    """A page whose title holds every word typed (as the index reads them) comes before a
    section whose title holds one, whatever other names the section answers to (Modificateur
    d'armure defines the term Sauvegarde d'armure)."""
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    found = [target for target, _, _ in results(page, query)]
    context.close()
    assert found[0] == page_target and section in found[1:], found[:4]


#: A word of each language that the rules' text holds, and the results' snippets for it.
SNIPPET_QUERIES = {"en": "panic", "fr": "panique"}
SNIPPETS = """(selector) => [...document.querySelectorAll(selector)].map((s) => ({
  text: s.textContent, marked: [...s.querySelectorAll("mark")].map((m) => m.textContent) }))"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_result_shows_the_words_around_the_match(browser: Any, site: Site, lang: str) -> None:
    """The header's results and the search page's results quote the words around the
    match, in the page's language, the word found marked; the search page read from the disk
    (the offline archive) too."""
    query = SNIPPET_QUERIES[lang]
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page(f"{lang}/magic.html"))
    assert results(page, query)
    for address in (
        None,
        site.page(f"{lang}/search.html?q={query}"),
        f"{(site.root / lang / 'search.html').as_uri()}?q={query}",
    ):
        if address:
            page.goto(address)
            page.locator(PAGE_RESULTS).first.wait_for()
        selector = (
            "#search-results .nq-search-snippet"
            if address
            else ("#nq-search-content-list .nq-search-snippet")
        )
        snippets = page.evaluate(SNIPPETS, selector)
        marked = [s for s in snippets if s["marked"]]
        assert marked, (address, snippets)
        for snippet in marked:
            assert all(word.lower().startswith(query[:5]) for word in snippet["marked"]), snippet
            assert len(snippet["text"].split()) > 3, snippet
        screenshot(page, f"search-snippets-{lang}-{'page' if address else 'header'}")
    assert not watched.errors, watched.errors
    context.close()


#: What Enter opens: with no option chosen, the results page (as Archives of Nethys and
#: 5e.tools do); with one chosen (Arrow Down), that option.
ENTER = {"en": "panicked unit rally", "fr": "cavalerie"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_enter_opens_the_results_unless_an_option_is_chosen(
    browser: Any, site: Site, lang: str
) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page(f"{lang}/magic.html"))
    query = ENTER[lang]
    first = results(page, query)[0][0]
    page.keyboard.press("Enter")
    page.wait_for_url("**/search.html?q=*")
    assert page.evaluate("new URLSearchParams(location.search).get('q')") == query
    page.locator(PAGE_RESULTS).first.wait_for()
    page.goto(site.page(f"{lang}/magic.html"))
    results(page, query)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: _target(url) == first)
    context.close()


#: French questions and what their first results must (not) hold: a word that only shares a
#: stem with the question's ("généralement" for « généraux »), the section that answers.
MARKED = """(selector) => [...document.querySelectorAll(selector)].flatMap(
  (option) => [...option.querySelectorAll("mark")].map((m) => m.textContent.toLowerCase()))"""


def test_french_questions_find_their_rule_not_a_namesake(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(**DESKTOP))
    page = context.new_page()
    page.goto(site.page("fr/index.html"))
    results(page, "combien de généraux")
    marked = page.evaluate(MARKED, "#nq-search-content-list [role=option]")
    assert marked and not any(word.startswith("généralement") for word in marked), marked
    found = [target for target, _, _ in results(page, "combien de sorts un magicien peut prendre")]
    assert "magic" in found[:2], found[:4]
    context.close()
