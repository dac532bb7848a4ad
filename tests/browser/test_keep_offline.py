"""Offline by consent (``nqsphinx/site/offline.py``, ``keep_offline.py``), in Chromium: a first
visit fetches the page and its shell and nothing more; "Keep for offline" keeps what it says,
from either language, the one engine included; offline, what was not kept says so truthfully, in
the page's language."""

from __future__ import annotations

import json
import re
from typing import Any

from nqcompanion.page.answers import engine_size
from nqsphinx.messages import ui_text
from nqsphinx.site.keep_offline import engine_offline_words, not_kept_words
from tests.browser.conftest import (
    KEEP_SHOWN,
    PHONE,
    Site,
    _recorded,
    keep_for_offline,
    screenshot,
    wait_until,
    watch,
)

ENGINE_SECONDS = 120
#: Offline, the engine not kept: its fetches fail, so the page says so (it said "loading" for
#: good, Pyodide never settling); as generous as a load, for a slow machine.
OFFLINE_FAILURE_SECONDS = ENGINE_SECONDS
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


def test_a_first_visit_fetches_each_file_once(browser: Any, site: Site) -> None:
    """The worker keeps a first visit's files as the page loaded them (a stylesheet's ``?v=``
    and all), from the browser's cache: not fetched again without the query (the calculators'
    page's 131 kB stylesheet came twice)."""
    context = _context(browser, site)
    page = context.new_page()
    start = len(site.served)
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    sheet = "document.querySelector('link[rel=stylesheet][href*=nq-bundle]').href.split('?')[0]"
    wait_until(page, f"caches.match({sheet}).then((hit) => !!hit)", timeout=30)  # kept
    page.wait_for_timeout(1000)
    served = site.served[start:]  # what the server sent (other pages of the session too)
    queried = {path.split("?")[0] for path in served if "?" in path}
    again = sorted(queried & set(served))  # the same file without its query
    assert not again, again
    assert any(path.endswith(".css") for path in queried), served
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
    sized = re.compile(
        r"\(\d+(,\d)?\u00a0?\s?Mo[,)]"
    )  # « (7,1 Mo) », « (20,4 Mo, et 5 Mo de pages) »
    assert all(
        sized.search(label) and "pas encore gardé (le navigateur l’a peut-être)" in label
        for label in labels
    ), labels
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
        # started from the kept files: the engine had not run here, so no memory was made
        assert page.locator(".nq-engine-status").get_attribute("data-start") == "start"
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
        # player round eleven: no way back but Back; the kept French page and home; player
        # round fifteen: said in the page's language, the French pages kept listed as such
        links = page.eval_on_selector_all(
            "main > p > a",
            "links => links.map((a) => [a.textContent, a.getAttribute('href'), a.hreflang])",
        )
        assert links == [
            [words["twin_fr"], site.page("fr/magic.html"), "fr"],
            [words["home"], site.page("fr/index.html"), "fr"],
        ]
        assert words["kept_fr"] == "Pages kept in French:"
        assert page.locator(f"main > p:text-is('{words['kept_fr']}')").count() == 1
        french = page.eval_on_selector_all(
            ".nq-kept-pages a", "links => links.map((a) => [a.getAttribute('href'), a.lang])"
        )
        assert [site.page("fr/morale.html"), "fr"] in french, french
        screenshot(page, "not-kept-en-french-kept")
        page.click(f"text={words['twin_fr']}")
        assert page.title().startswith("La magie")
        page.goto(site.page("fr/magic.html"))
        assert page.title().startswith("La magie")
        page.goto(site.page("fr/at-the-table.html"))
        offline = engine_offline_words("fr")
        wait_until(  # the engine's files fail at once: no waiting for a load that never ends
            page,
            "document.querySelector('.nq-engine-status.nq-engine-failed') !== null",
            timeout=OFFLINE_FAILURE_SECONDS,
        )
        assert page.locator(".nq-engine-status").inner_text() == offline
        assert "La prochaine fois que vous serez en ligne" in offline  # how to keep it
    finally:
        context.set_offline(False)
    context.close()


def test_an_engine_out_of_reach_is_said_not_kept_not_a_browser_failure(
    browser: Any, site: Site
) -> None:
    """Player round eleven: the server stopped (the browser still "online") and the engine not
    kept, the calculators said the engine "could not be loaded in this browser"; they say it is
    not kept and there is no network, in the status, an answer the tables lack and the army's
    summary.  The engine's files within reach but its archive refused: the browser's failure."""
    offline = engine_offline_words("fr")
    for blocked, said in (("**/_engine/**", offline), ("**/nq-engine.zip", None)):
        context = browser.new_context()
        context.route(blocked, lambda route: route.abort())
        page = context.new_page()
        page.goto(site.page("fr/at-the-table.html"))
        failed = "document.querySelector('.nq-engine-status.nq-engine-failed') !== null"
        wait_until(page, failed, timeout=OFFLINE_FAILURE_SECONDS)
        status = page.locator(".nq-engine-status").inner_text()
        if said is None:
            assert status != offline and "navigateur" in status, status
        else:
            assert status == offline
            assert page.locator("#nq-army-summary").inner_text() == offline
        context.close()


#: Every file the site's caches hold, by address.
CACHED_FILES = """() => caches.keys().then((names) => Promise.all(names.map((name) =>
  caches.open(name).then((cache) => cache.keys())))).then((lists) =>
  lists.flat().map((request) => request.url))"""


def test_a_first_visit_to_the_calculators_keeps_nothing_it_was_not_asked_to(
    browser: Any, site: Site
) -> None:
    """An English reader's first visit to the calculators, "Keep for offline" not used: the
    engine is fetched once (the calculators need it) and not kept; the server sends no French
    file; the caches hold the page read, its shell and the header search, and the memory the
    engine made of itself (nq-engine-worker.js: made here, not downloaded, a later visit's
    start; without the engine's files it runs nothing offline), nothing more; the control
    offers each part unticked, each "not kept", with its size."""
    context = _context(browser, site)
    watched = watch(context.new_page())
    page = watched.page
    wasm = "_engine/pyodide.asm.wasm"
    start = len(site.served)
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    wait_until(page, KEEP_SHOWN, timeout=30)
    kept = f"caches.match({json.dumps(site.page('en/at-the-table.html'))}).then((hit) => !!hit)"
    wait_until(page, kept, timeout=30)
    page.wait_for_timeout(20000)  # what a page might ask the worker to keep, engine ready
    served = [path.split("?")[0] for path in site.served[start:]]
    assert served.count(f"/{wasm}") == 1, served
    # the answer tables too, once: read by the page, kept by the worker from the browser's
    # cache (player round 29: 3.6 MB downloaded twice)
    assert served.count("/en/_static/nq-answers.json") == 1, served
    assert not [path for path in served if path.startswith("/fr/")], served
    cached = [url.removeprefix(site.url + "/") for url in page.evaluate(CACHED_FILES)]
    memory = [path for path in cached if path.startswith("_engine/nq-engine.memory?")]
    assert len(memory) == 1, cached
    cached.remove(memory[0])
    beyond = [
        path
        for path in cached
        if path not in ("en/at-the-table.html", "en/search.html", "en/manifest.webmanifest")
        and not path.startswith("en/_static/")
        and not path.endswith("nq-kept.json")
    ]
    assert not beyond, beyond
    assert not [path for path in cached if "_engine" in path or path.startswith("fr/")], cached
    boxes = page.locator(".nq-keep-groups input")
    assert boxes.count() >= 3
    assert not [box.get_attribute("value") for box in boxes.all() if box.is_checked()]
    words = json.loads(page.locator(".nq-keep").get_attribute("data-words"))
    for label in page.locator(".nq-keep-groups label").all_text_contents():
        assert label.strip().endswith(f": {words['not_kept']}") and " MB" in label, label
    # the engine's size, as the page says it where an answer waits for it, the pages apart
    # (player round fifteen: "20 MB" there, 25.4 here)
    engine = page.locator(".nq-keep-groups label[for='nq-keep-engine']").text_content() or ""
    assert f"({engine_size('en').replace(chr(160), ' ')}, and " in engine, engine
    assert not watched.errors, watched.errors
    context.close()


def test_a_visit_to_the_calculators_offline_says_what_was_not_kept(
    browser: Any, site: Site
) -> None:
    """After a visit to the English calculators, offline: a "Rule: ..." page not read and the
    French calculators say they were not kept, in the reader's dark theme; the page read opens
    and its calculators say the engine is not kept; once kept, they answer offline."""
    context = _recorded(
        site, browser.new_context(viewport=PHONE, service_workers="allow", color_scheme="dark")
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    wait_until(page, KEEP_SHOWN, timeout=30)
    context.set_offline(True)
    try:
        # a "Rule:" link of the calculators, tapped (player round fourteen: its page's only way
        # out was a home page not kept, itself "not kept")
        with page.expect_navigation():
            page.evaluate(
                "document.querySelector('.nq-rule a[href^=\"close-combat.html\"]').click()"
            )
        words = not_kept_words("en")
        assert page.title() == words["title"], page.url
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(19, 20, 22)", background  # Furo's dark page
        assert "At the table" in words["text"] and "Keep for offline" in words["text"]
        links = page.eval_on_selector_all(
            "main a", "links => links.map((a) => [a.textContent, a.getAttribute('href')])"
        )
        companion = site.page("en/at-the-table.html")
        # back where the player came from, no home page (not kept), the kept companion listed
        assert links[0] == [words["back"], companion], links
        assert not [href for _, href in links if href.endswith("index.html")], links
        listed = page.eval_on_selector_all(
            ".nq-kept-pages a", "links => links.map((a) => [a.textContent, a.getAttribute('href')])"
        )
        assert listed and listed[0][1] == companion, listed
        assert listed[0][0].lower().startswith("at the table"), listed
        with page.expect_navigation():
            page.click(f"text={words['back']}")
        assert page.url.split("#")[0] == companion
        page.goto(site.page("fr/at-the-table.html"))
        french = not_kept_words("fr")
        assert page.title() == french["title"]
        # player round fifteen: the English page and the English pages kept, said in French
        links = page.eval_on_selector_all(
            "main > p > a", "links => links.map((a) => [a.textContent, a.getAttribute('href')])"
        )
        assert [french["twin_en"], companion] in links, links
        assert french["twin_en"].startswith("Cette page en anglais"), french["twin_en"]
        assert page.locator("main > p", has_text="Pages gardées en anglais").count() == 1
        listed = page.eval_on_selector_all(
            ".nq-kept-pages a", "links => links.map((a) => [a.getAttribute('href'), a.lang])"
        )
        assert [companion, "en"] in listed, listed
        screenshot(page, "not-kept-fr-english-kept")
        page.goto(site.page("en/at-the-table.html"))
        wait_until(  # the engine's files fail at once: no waiting for a load that never ends
            page,
            "document.querySelector('.nq-engine-status.nq-engine-failed') !== null",
            timeout=OFFLINE_FAILURE_SECONDS,
        )
        assert page.locator(".nq-engine-status").inner_text() == engine_offline_words("en")
    finally:
        context.set_offline(False)
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, KEEP_SHOWN, timeout=30)
    keep_for_offline(page, {"engine"})
    context.set_offline(True)
    try:
        page.goto(site.page("en/close-combat.html"))  # a page the calculators link to
        assert page.title() != not_kept_words("en")["title"]
    finally:
        context.set_offline(False)
    assert not watched.violations, watched.violations
    context.close()


def test_a_reload_offline_says_the_engine_was_not_kept(browser: Any, site: Site) -> None:
    """The French calculators read online, the engine loaded and not kept, then reloaded
    offline: the status says the engine is not kept and how to get it (it said "loading" for
    good: Pyodide, its WebAssembly not fetched, never settled), and so does the army builder."""
    context = _recorded(
        site,
        browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow"
        ),
    )
    page = context.new_page()
    uncaught: list[str] = []  # the engine missing is said on the page, not thrown (round 29)
    page.on("pageerror", lambda error: uncaught.append(str(error)))
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    page.locator("#nq-builder-name").fill("Vétéran Barbe-de-fer")
    page.locator("#nq-builder-name").press("Tab")
    stored = "JSON.parse(localStorage.getItem('nq-profiles')).profiles"
    wait_until(page, f"{stored}.some((p) => p.name === 'Vétéran Barbe-de-fer')")
    context.set_offline(True)
    try:
        page.reload()
        wait_until(
            page,
            "document.querySelector('.nq-engine-status.nq-engine-failed') !== null",
            timeout=OFFLINE_FAILURE_SECONDS,
        )
        assert page.locator(".nq-engine-status").inner_text() == engine_offline_words("fr")
        assert page.locator("#nq-army-summary").inner_text() == engine_offline_words("fr")
        # the builders shut, not taking what they would lose (a profile typed offline was gone
        # once back online: player round nineteen), and what the browser keeps named
        fields = ":is(#nq-builder, #nq-army) :is(input, select, textarea, button):enabled"
        assert page.locator(fields).count() == 0
        said = page.locator("#nq-builder .nq-builder-shut").inner_text()
        shut = ui_text("The builders need the rules engine: their fields open again with it.", "fr")
        kept = ui_text("Kept in this browser, not lost: {names}.", "fr")
        untitled = ui_text("My army", "fr")
        assert said == f"{shut} {kept.format(names=f'Vétéran Barbe-de-fer, {untitled}')}", said
        page.evaluate("document.querySelector('#nq-builder .nq-builder-shut').scrollIntoView()")
        page.evaluate("window.scrollBy(0, -200)")
        screenshot(page, "builders-shut-offline-390-fr")
        page.wait_for_timeout(1000)
        assert not uncaught, uncaught
    finally:
        context.set_offline(False)
    context.close()
