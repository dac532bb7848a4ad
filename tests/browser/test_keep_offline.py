"""Offline by consent (``nqsphinx/site/offline.py``, ``keep_offline.py``), in Chromium: a first
visit fetches the page and its shell and nothing more; "Keep for offline" keeps what it says,
from either language, the one engine included; offline, what was not kept says so truthfully, in
the page's language."""

from __future__ import annotations

import json
from typing import Any

from nqsphinx.site.keep_offline import engine_offline_words, not_kept_words
from tests.browser.conftest import (
    KEEP_SHOWN,
    PHONE,
    Site,
    _recorded,
    keep_for_offline,
    wait_until,
    watch,
)

ENGINE_SECONDS = 120
READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"


def _context(browser: Any, site: Site) -> Any:
    return _recorded(site, browser.new_context(viewport=PHONE, service_workers="allow"))


def _cached(page: Any, site: Site, paths: list[str]) -> list[bool]:
    urls = json.dumps([site.page(path) for path in paths])
    found: list[bool] = page.evaluate(
        f"() => Promise.all({urls}.map((url) => caches.match(url).then((hit) => !!hit)))"
    )
    return found


def test_a_first_visit_fetches_only_the_page_and_its_shell(browser: Any, site: Site) -> None:
    """The English home page on a phone: the page, its stylesheets, scripts, icons, the worker,
    the header search with its results page (what "See all results" opens, offline too); not the
    other language, not other pages, not the engine, not the PDFs."""
    context = _context(browser, site)
    page = context.new_page()
    start = len(site.requests)
    page.goto(site.page("en/index.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    kept = f"caches.match({json.dumps(site.page('en/index.html'))}).then((hit) => !!hit)"
    wait_until(page, kept, timeout=30)  # the worker kept the page it did not yet control
    page.wait_for_timeout(1000)  # and nothing else follows
    fetched = sorted({url.split("?")[0] for url in site.requests[start:]})
    inside = [url.removeprefix(site.url + "/") for url in fetched]
    others = [
        path
        for path in inside
        if path not in ("en/index.html", "sw.js", "en/manifest.webmanifest", "en/search.html")
        and not path.startswith("en/_static/")
    ]
    assert not others, others
    assert len(inside) <= 20, inside
    assert _cached(page, site, ["en/index.html", "en/magic.html", "fr/index.html"]) == [
        True,
        False,
        False,
    ]
    context.close()


def test_keep_for_offline_keeps_both_languages_and_the_engine(browser: Any, site: Site) -> None:
    """Kept from the French home page: both sites and the engine, as the control says; then,
    offline, the English calculators answer and French pages read."""
    context = _context(browser, site)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("fr/index.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    labels = page.locator(".nq-keep-groups label").all_text_contents()
    assert (
        [label.split(" (")[0] for label in labels]
        == [
            "Le site en anglais",
            "Le site en français",
            "Le moteur de règles des calculateurs, avec les pages qu’ils citent",
            "Les PDF",  # (A4 et Lettre US, dans les deux langues), where the site offers them
        ][: len(labels)]
    )
    assert all(" Mo)" in label and "non gardé" in label for label in labels), labels
    keep_for_offline(page, {"en", "fr", "engine"})
    assert "gardé" in page.locator(".nq-keep-summary").inner_text()
    assert all(
        _cached(
            page,
            site,
            [
                "en/at-the-table.html",
                "en/magic.html",
                "fr/glossary.html",
                "_engine/pyodide.asm.wasm",
                "_engine/nq-engine.zip",
                "_engine/python_stdlib.zip",
            ],
        )
    )
    context.set_offline(True)
    try:
        page.goto(site.page("en/at-the-table.html"))
        wait_until(page, READY, timeout=ENGINE_SECONDS)
        page.locator("#nq-wound-strength").fill("6")
        wait_until(
            page, "document.querySelector('#nq-wound .nq-answer').innerText.includes('ST 6')"
        )
        page.goto(site.page("fr/magic.html"))
        assert page.title().startswith("La magie")
    finally:
        context.set_offline(False)
    assert not watched.errors, watched.errors
    context.close()


def test_offline_what_was_not_kept_says_so(browser: Any, site: Site) -> None:
    """Only the French site kept: offline, an English page says, in English, that it was not
    kept and how to get it; the French calculators say the engine was not kept."""
    context = _context(browser, site)
    page = context.new_page()
    page.goto(site.page("fr/index.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    keep_for_offline(page, {"fr"})
    context.set_offline(True)
    try:
        page.goto(site.page("en/magic.html"))
        words = not_kept_words("en")
        assert page.title() == words["title"]
        assert page.locator(".nq-not-kept").inner_text() == words["text"]
        assert "Open this page once online first" in words["text"]
        page.goto(site.page("fr/magic.html"))
        assert page.title().startswith("La magie")
        page.goto(site.page("fr/at-the-table.html"))
        offline = engine_offline_words("fr")
        wait_until(
            page,
            "document.querySelector('.nq-engine-status.nq-engine-failed') !== null",
            timeout=ENGINE_SECONDS,
        )
        assert page.locator(".nq-engine-status").inner_text() == offline
        assert "Ouvrez cette page une fois en ligne" in offline
    finally:
        context.set_offline(False)
    context.close()


def test_a_first_visit_to_the_calculators_downloads_the_engine_once(
    browser: Any, site: Site
) -> None:
    """The engine (9.6 MB of WebAssembly) is fetched through the service worker, which keeps it
    as it passes: it was fetched past the worker, then a second time for the worker to keep.
    Counted where the server sends it (the browser reports a request the worker answers twice)."""
    context = _context(browser, site)
    page = context.new_page()
    wasm = "_engine/pyodide.asm.wasm"
    start = len(site.served)
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    wait_until(page, f"caches.match({json.dumps(site.page(wasm))}).then((hit) => !!hit)")
    page.wait_for_timeout(2000)  # what the page asks the worker to keep, once the engine is ready
    sent = [path for path in site.served[start:] if path.split("?")[0] == f"/{wasm}"]
    context.close()
    assert len(sent) == 1, sent


def test_a_visit_to_the_calculators_keeps_the_pages_they_link_to(browser: Any, site: Site) -> None:
    """A normal visit to the English calculators ("Keep for offline" not used): the panel says
    the engine is kept (with the pages they link to, and its size), and offline each "Rule: ..."
    link and the language switch open their pages, not "Not kept"; a page not kept says so in
    the reader's dark theme."""
    context = _recorded(
        site, browser.new_context(viewport=PHONE, service_workers="allow", color_scheme="dark")
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    linked = ["en/armour-and-damage.html", "en/close-combat.html", "fr/at-the-table.html"]
    check = f"Promise.all({json.dumps([site.page(p) for p in linked])}.map((u) => caches.match(u)))"
    wait_until(page, f"{check}.then((hits) => hits.every(Boolean))", timeout=60)
    words: dict[str, str] = {}
    engine = ""
    for _ in range(30):  # the worker keeps the linked pages after the engine, one by one
        page.reload()
        wait_until(page, KEEP_SHOWN, timeout=30)
        words = json.loads(page.locator(".nq-keep").get_attribute("data-words"))
        label = page.locator(".nq-keep-groups label", has_text=words["engine"])
        engine = (label.text_content() or "").strip()  # the panel is closed: no inner text
        if engine.endswith(f": {words['kept']}"):
            break
        page.wait_for_timeout(2000)
    assert engine.endswith(f": {words['kept']}") and "MB)" in engine, engine
    context.set_offline(True)
    try:
        rules = page.locator("#nq-hit .nq-rule a")
        rules.click()
        page.wait_for_load_state()
        assert page.title() != not_kept_words("en")["title"], page.url
        assert "close-combat.html" in page.url
        page.goto(site.page("fr/at-the-table.html"))
        assert page.title() != not_kept_words("fr")["title"]
        page.goto(site.page("en/credits.html"))
        assert page.title() == not_kept_words("en")["title"]
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(19, 20, 22)", background  # Furo's dark page
    finally:
        context.set_offline(False)
    assert not watched.violations, watched.violations
    context.close()
