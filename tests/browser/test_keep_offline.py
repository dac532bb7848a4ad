"""Offline by consent (``nqsphinx/site/offline.py``, ``keep_offline.py``), in Chromium: a first
visit fetches the page and its shell and nothing more; "Keep for offline" keeps what it says,
from either language, the one engine included; offline, what was not kept says so truthfully, in
the page's language."""

from __future__ import annotations

import json
from typing import Any

from nqsphinx.site.keep_offline import engine_offline_words, not_kept_words
from tests.browser.conftest import PHONE, Site, _recorded, wait_until, watch

ENGINE_SECONDS = 120
#: The control is shown once the service worker has answered with its parts and their sizes.
SHOWN = "(() => { const box = document.querySelector('.nq-keep'); return box && !box.hidden; })()"
READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"


def _context(browser: Any, site: Site) -> Any:
    return _recorded(site, browser.new_context(viewport=PHONE, service_workers="allow"))


def _cached(page: Any, site: Site, paths: list[str]) -> list[bool]:
    urls = json.dumps([site.page(path) for path in paths])
    return [
        bool(found)
        for found in page.evaluate(f"() => Promise.all({urls}.map((url) => caches.match(url)))")
    ]


def _keep(page: Any, parts: set[str]) -> None:
    """Open the control, choose ``parts``, keep them and wait until the worker says it is done."""
    page.locator(".nq-keep summary").click()
    for box in page.locator(".nq-keep-groups input").all():
        box.set_checked(box.get_attribute("value") in parts)
    page.locator(".nq-keep-button").click()
    words = json.loads(page.locator(".nq-keep").get_attribute("data-words"))
    status = page.locator(".nq-keep-status")
    wait_until(
        page,
        f"document.querySelector('.nq-keep-status').innerText === {json.dumps(words['done'])}",
        timeout=ENGINE_SECONDS,
    )
    assert status.inner_text() == words["done"]


def test_a_first_visit_fetches_only_the_page_and_its_shell(browser: Any, site: Site) -> None:
    """The English home page on a phone: the page, its stylesheets, scripts, icons, the worker;
    not the other language, not other pages, not the engine, not the PDFs."""
    context = _context(browser, site)
    page = context.new_page()
    start = len(site.requests)
    page.goto(site.page("en/index.html"))
    wait_until(page, SHOWN, timeout=30)
    page.wait_for_timeout(1500)  # the worker keeps the page's files: nothing else follows
    fetched = sorted({url.split("?")[0] for url in site.requests[start:]})
    inside = [url.removeprefix(site.url + "/") for url in fetched]
    others = [
        path
        for path in inside
        if path not in ("en/index.html", "sw.js", "en/manifest.webmanifest")
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
    wait_until(page, SHOWN, timeout=30)
    labels = page.locator(".nq-keep-groups label").all_inner_texts()
    assert [label.split(" (")[0] for label in labels] == [
        "Le site en anglais",
        "Le site en français",
        "Le moteur de règles des calculateurs",
        "Les PDF (A4 et Letter, dans les deux langues)",
    ][: len(labels)]
    assert all(" Mo)" in label and "non gardé" in label for label in labels), labels
    _keep(page, {"en", "fr", "engine"})
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
    wait_until(page, SHOWN, timeout=30)
    _keep(page, {"fr"})
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
