"""The header search offline (``nqsphinx/site/static/nq-search-box.js``, the service worker of
``nqsphinx/site/offline.py``), in Chromium on a phone: its index is part of the page shell, kept
with the first page read of a language, so the pages kept are findable offline; a site whose
search is not kept says so in the search's status line, in the page's language, and offers
"Keep for offline"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import (
    KEEP_SHOWN,
    PHONE,
    Site,
    _recorded,
    keep_for_offline,
    screenshot,
    wait_until,
)

QUERIES = {"en": ("panic", "panic"), "fr": ("panique", "panique")}
OFFLINE_WORDS = {
    "en": "Search needs this site kept for offline: Keep for offline…",
    "fr": "La recherche a besoin du site gardé hors ligne\u00a0: Garder hors ligne…",
}
LISTED = "document.querySelectorAll('#nq-search-header-list [role=option]').length"


def _first_visit(browser: Any, site: Site, lang: str) -> tuple[Any, Any]:
    """A phone's first visit to the ``lang`` home page, as a player makes it: nothing kept by
    hand; back once the worker kept the page it did not yet control."""
    context = _recorded(site, browser.new_context(viewport=PHONE, service_workers="allow"))
    page = context.new_page()
    page.goto(site.page(f"{lang}/index.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    kept = f"caches.match({json.dumps(site.page(f'{lang}/index.html'))}).then((hit) => !!hit)"
    wait_until(page, kept, timeout=30)
    return context, page


def _search(page: Any, query: str) -> None:
    page.locator(".nq-search-toggle").click()
    page.locator("#nq-search-header-q").fill(query)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_offline_after_a_first_visit_the_header_search_finds_the_rules(
    browser: Any, site: Site, lang: str
) -> None:
    context, page = _first_visit(browser, site, lang)
    index = json.dumps(site.page(f"{lang}/_static/nq-search-index.js"))
    wait_until(page, f"caches.match({index}).then((hit) => !!hit)", timeout=30)
    context.set_offline(True)
    try:
        page.goto(site.page(f"{lang}/index.html"))
        query, title = QUERIES[lang]
        _search(page, query)
        wait_until(page, f"{LISTED} > 1")
        titles = page.locator("#nq-search-header-list .nq-search-title").all_text_contents()
        assert any(title in found.lower() for found in titles[:3]), titles
        screenshot(page, f"phone-{lang}-offline-header-search")
    finally:
        context.set_offline(False)
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_offline_a_search_not_kept_says_so_and_offers_to_keep_the_site(
    browser: Any, site: Site, lang: str
) -> None:
    context, page = _first_visit(browser, site, lang)
    index = json.dumps(site.page(f"{lang}/_static/nq-search-index.js"))
    # the worker has kept the page's search files, the index last (deleted before, it would
    # be kept again)
    wait_until(page, f"caches.match({index}).then((hit) => !!hit)", timeout=30)
    page.evaluate(  # as on a device that kept the pages, but not (or no longer) the index
        f"""() => caches.keys().then((names) => Promise.all(names.map((name) =>
          caches.open(name).then((cache) => cache.delete({index}, {{ ignoreSearch: true }})))))"""
    )
    # nor in the browser's own cache
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    try:
        page.goto(site.page(f"{lang}/index.html"))
        _search(page, QUERIES[lang][0])
        status = "document.querySelector('#nq-search-header .nq-search-status').textContent"
        wait_until(page, f"{status}.length > 0")
        assert page.evaluate(status) == OFFLINE_WORDS[lang]
        option = page.locator("#nq-search-header-list [role=option]")
        assert option.count() == 1
        assert option.first.evaluate("(a) => a.href") == site.page(f"{lang}/index.html#nq-keep")
        screenshot(page, f"phone-{lang}-offline-search-not-kept")
    finally:
        context.set_offline(False)
    context.close()


def test_offline_the_other_language_s_pages_kept_from_an_english_page_are_searchable(
    browser: Any, site: Site
) -> None:
    """English pages only, the calculators read (which keep nothing unasked): the French site
    kept from the English calculators' "Keep for offline", and so the French search; offline, a
    French page finds its pages."""
    context = _recorded(site, browser.new_context(viewport=PHONE, service_workers="allow"))
    page = context.new_page()
    page.goto(site.page("en/index.html"))
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    kept = json.dumps([site.page(p) for p in ("fr/magic.html", "fr/_static/nq-search-index.js")])
    check = f"Promise.all({kept}.map((u) => caches.match(u))).then((h) => h.every(Boolean))"
    assert page.evaluate(check) is False  # a visit keeps no French page
    keep_for_offline(page, {"fr"})
    assert page.evaluate(check) is True
    context.set_offline(True)
    try:
        page.goto(site.page("fr/magic.html"))
        _search(page, "comment lancer un sort")
        wait_until(page, f"{LISTED} > 1")
        titles = page.locator("#nq-search-header-list .nq-search-title").all_text_contents()
        assert any("Lancer un sort" in title for title in titles[:3]), titles
        screenshot(page, "phone-fr-offline-search-after-english")
    finally:
        context.set_offline(False)
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_search_page_says_so_when_its_index_cannot_load(
    browser: Any, site: Site, lang: str
) -> None:
    """The search page, which has no header box of its own, says in its summary (a status
    region) that search needs the site kept for offline when the index does not load."""
    context = _recorded(site, browser.new_context(viewport=PHONE))
    context.route(
        "**/_static/nq-search-index.js", lambda route: route.abort("internetdisconnected")
    )
    page = context.new_page()
    page.goto(site.page(f"{lang}/search.html?q={QUERIES[lang][0]}"))
    summary = "document.querySelector('#search-results [role=status]').textContent"
    wait_until(page, f"{summary}.length > 0")
    assert page.evaluate(summary) == OFFLINE_WORDS[lang]
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_offline_see_all_results_lists_them(browser: Any, site: Site, lang: str) -> None:
    """Offline after a first visit, the header search's "See all results" opens the search page,
    kept with the header search's files and what it loads: it lists the results, styled, not
    "Not kept for offline reading"."""
    context, page = _first_visit(browser, site, lang)
    kept = json.dumps(
        [
            site.page(f"{lang}/{name}")
            for name in ("search.html", "_static/nq-search-page.js", "_static/nq-search-index.js")
        ]
    )
    check = f"Promise.all({kept}.map((u) => caches.match(u))).then((h) => h.every(Boolean))"
    wait_until(page, check, timeout=30)
    context.set_offline(True)
    try:
        page.goto(site.page(f"{lang}/index.html"))
        query, title = QUERIES[lang]
        _search(page, query)
        wait_until(page, f"{LISTED} > 1")
        page.locator("#nq-search-header-all").click()
        page.wait_for_url(f"**/{lang}/search.html?q={query}")
        found = "#search-results ul.search li > a"
        wait_until(page, f"document.querySelectorAll({found!r}).length > 1")
        titles = page.locator(found).all_text_contents()
        assert any(title in text.lower() for text in titles[:3]), titles
        assert page.locator(".nq-not-kept").count() == 0
        # styled as online (its own stylesheet bundle read): the theme's drawer toggles hidden
        hidden = "getComputedStyle(document.getElementById('__navigation')).display"
        assert page.evaluate(hidden) == "none"
        screenshot(page, f"phone-{lang}-offline-search-page")
    finally:
        context.set_offline(False)
    context.close()
