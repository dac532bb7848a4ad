"""The Content-Security-Policy in Chromium: what an attacker injects into a page does not run or
load, and every feature of the unmodified pages works under it, with no console error and no
policy violation (``nqsphinx.site.csp``)."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nqsphinx.site.csp import META_TAG
from tests.browser.conftest import (
    PHONE,
    Site,
    Watched,
    all_results,
    screenshot,
    wait_until,
    watch,
)

WIDE = {"width": 1366, "height": 800}
INJECTED = (
    "<script>window.nqInjected = true;</script>"
    '<img src="x" onerror="window.nqHandlerRan = true">'
    '<img src="https://example.invalid/x.png">'
)
#: The start tag of the page's article (whatever attributes follow its id).
ARTICLE = re.compile(r'<article role="main" id="furo-main-content"[^>]*>')


@pytest.fixture
def watched(desktop: Any) -> Watched:
    return watch(desktop)


def _probe(site: Site, name: str, with_policy: bool) -> str:
    """A copy of a built page with a script, an inline handler and a remote image injected."""
    html = (site.root / "en" / "magic.html").read_text(encoding="utf-8")
    assert html.count(META_TAG) == 1 and ARTICLE.search(html)
    html = ARTICLE.sub(lambda start: start[0] + INJECTED, html, count=1)
    if not with_policy:
        html = html.replace(META_TAG, "")
    (site.root / "en" / name).write_text(html, encoding="utf-8")
    return site.page(f"en/{name}")


def _injected_effects(page: Any) -> dict[str, Any]:
    page.wait_for_load_state("load")
    return dict(page.evaluate("({script: window.nqInjected, handler: window.nqHandlerRan})"))


@pytest.fixture
def probe(browser: Any, site: Site) -> Iterator[Watched]:
    """A watched page of its own context, whose requests to anywhere but the local server are
    caught at the network (and aborted): a request the policy refuses never gets there."""
    context = browser.new_context()
    page = context.new_page()
    watched = watch(page)
    page.on(
        "requestfailed", lambda r: watched.blocked.append(r.url) if r.failure == "csp" else None
    )

    def caught(route: Any) -> None:
        watched.sent_out.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(site.url + "/"), caught)
    yield watched
    context.close()


def test_injected_script_handler_and_remote_image_are_refused(site: Site, probe: Watched) -> None:
    probe.page.goto(_probe(site, "csp-probe.html", with_policy=True))
    assert _injected_effects(probe.page) == {"script": None, "handler": None}
    assert not probe.sent_out, probe.sent_out
    outside = [url for url in probe.requests if not url.startswith(site.url + "/")]
    assert outside == probe.blocked == ["https://example.invalid/x.png"]
    refused = set(probe.violations)
    assert {
        "script-src-elem inline",
        "script-src-attr inline",
        "img-src https://example.invalid/x.png",
    } <= refused, refused
    assert any("violates the following Content Security Policy" in e for e in probe.errors)


def test_the_probe_runs_and_loads_without_the_policy(site: Site, probe: Watched) -> None:
    """The same injection in a page without the policy runs and asks the remote host: the test
    above would see it."""
    probe.page.goto(_probe(site, "csp-probe-open.html", with_policy=False))
    assert _injected_effects(probe.page) == {"script": True, "handler": True}
    assert probe.sent_out == ["https://example.invalid/x.png"]
    assert not probe.violations and not probe.blocked


def _theme_toggle_and_glossary(page: Any, site: Site, lang: str) -> None:
    page.goto(site.page(f"{lang}/magic.html"))
    body = page.locator("body")
    assert body.get_attribute("data-theme") == "auto"  # nq-theme-mode.js ran
    assert page.evaluate("getComputedStyle(document.querySelector('body > svg')).display") == "none"
    page.locator(".content-icon-container .theme-toggle").click()
    assert body.get_attribute("data-theme") == "dark"
    page.reload()
    assert body.get_attribute("data-theme") == "dark"  # the choice is kept, before drawing
    code = "getComputedStyle(document.body).getPropertyValue('--color-code-background').trim()"
    assert page.evaluate(code) == "#202020"  # Furo's variables, from nq-furo-variables.css
    page.locator(".content-icon-container .theme-toggle").click()
    assert body.get_attribute("data-theme") == "light"
    assert page.evaluate(code) == "#f2f2f2"
    term = page.locator("article a.nq-term").first
    term.hover()
    page.locator(f"#{term.get_attribute('aria-describedby')}").wait_for(state="visible")


def _language_switch_and_search(page: Any, lang: str, other: str) -> None:
    page.locator("a.nq-lang-link:visible").click()
    page.wait_for_url(re.compile(rf"/{other}/magic\.html"))
    page.go_back()
    all_results(page, "morale")  # the header's last option opens the search page
    page.wait_for_url(re.compile(rf"/{lang}/search\.html\?q=morale"))
    wait_until(page, "document.querySelector('#search-results .nq-search-summary')?.innerText")
    assert page.locator("#search-results ul.search li > a").count() > 0
    summary = page.locator("#search-results .nq-search-summary").inner_text()
    assert re.fullmatch(r"\d+ (résultats|results)", summary.replace("\u202f", "")), summary


@pytest.mark.parametrize("lang,other", [("en", "fr"), ("fr", "en")])
def test_every_feature_works_under_the_policy(
    site: Site, watched: Watched, lang: str, other: str
) -> None:
    """Theme toggle, glossary box, language switch, search, the index's columns and then every
    page: no console error and no violation. Screenshots at 390 and 1366 px, to look at."""
    page = watched.page
    page.goto(site.page(""))  # the root page sends the browser to its language (English here)
    page.wait_for_url(re.compile(r"/en/index\.html$"))
    _theme_toggle_and_glossary(page, site, lang)
    _language_switch_and_search(page, lang, other)
    page.goto(site.page(f"{lang}/genindex.html"))
    column = page.locator("td.nq-index-column").first
    assert column.evaluate("(td) => getComputedStyle(td).verticalAlign") == "top"
    for name in ("glossary", "cards-counters-templates", "odds", "search", "404"):
        page.goto(site.page(f"{lang}/{name}.html"))  # every page: test_every_page_fits_a_phone
    page.goto(site.page(f"{lang}/magic.html#casting-a-spell"))
    for size, device in ((PHONE, "phone"), (WIDE, "wide")):
        page.set_viewport_size(size)
        screenshot(page, f"csp-{device}-{lang}-magic")
    assert not watched.violations, watched.violations
    assert not watched.errors, watched.errors


def test_offline_archive_works_under_the_policy(
    site: Site, watched: Watched, tmp_path: Path
) -> None:
    """Opened from the disk (file:), the site's own files are still 'self'."""
    with zipfile.ZipFile(site.root / "noquarter-html.zip") as archive:
        archive.extractall(tmp_path)
    page = watched.page
    page.goto((tmp_path / "noquarter" / "index.html").as_uri())
    page.wait_for_url(re.compile(r"/noquarter/(en|fr)/index\.html$"))
    page.goto((tmp_path / "noquarter" / "en" / "magic.html").as_uri())
    term = page.locator("article a.nq-term").first
    term.hover()
    page.locator(f"#{term.get_attribute('aria-describedby')}").wait_for(state="visible")
    page.locator(".content-icon-container .theme-toggle").click()
    assert page.locator("body").get_attribute("data-theme") == "dark"
    assert not watched.violations, watched.violations
    assert not watched.errors, watched.errors


@pytest.fixture(autouse=True)
def _remove_probes(site: Site) -> Iterator[None]:
    yield
    for probe in (site.root / "en").glob("csp-probe*.html"):
        probe.unlink()
