"""The site at the table, in Chromium: read offline after a first visit (the service worker of
``nqsphinx/site/offline.py``), in few requests, with the language switch in the header, a search
page that helps when empty, a spell list that leads to the cards, and card titles that break whole
words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nqsphinx.site.offline import CACHE_PREFIX
from tests.browser.conftest import (
    KEEP_SHOWN,
    PHONE,
    SETTLED,
    Site,
    _recorded,
    keep_for_offline,
    screenshot,
    wait_until,
    watch,
)

#: Most requests a page may make (HTML, stylesheets, scripts, images, fonts): ./dev bench's goal.
MAX_REQUESTS = 12
#: Resolves with the number of files the active worker keeps (its one cache, noquarter-<version>).
#: Whether this page is claimed yet does not matter: the worker serves every later navigation,
#: and waiting for the claim too made the test fail now and then on a loaded machine.
CACHED = f"""() => navigator.serviceWorker.ready
  .then(() => caches.keys())
  .then((names) => names.filter((name) => name.startsWith({CACHE_PREFIX!r})))
  .then((names) => names.length === 1 ? caches.open(names[0]).then((c) => c.keys()) : [])
  .then((keys) => keys.length)"""


def _search_results(page: Any) -> list[str]:
    wait_until(
        page, "document.querySelector('#search-results p.search-summary')?.innerText.length > 0"
    )
    return [a.inner_text() for a in page.locator("#search-results ul.search li > a").all()]


def test_after_a_first_visit_both_languages_read_offline(browser: Any, site: Site) -> None:
    """One page visited online, both sites kept with "Keep for offline"; then, the network cut,
    pages of both languages, the language switch and search (results and snippets) work, and
    nothing fails in the console."""
    context = _recorded(site, browser.new_context(viewport=PHONE, service_workers="allow"))
    page = context.new_page()
    watched = watch(page)
    page.goto(site.page("en/magic.html"))
    page.goto(site.page("en/index.html"))  # the control: the home page
    wait_until(page, KEEP_SHOWN, timeout=60)
    keep_for_offline(page, {"en", "fr"})
    cached = wait_until(page, CACHED, timeout=60)
    assert cached > 200, cached  # both languages: about 110 files each
    context.set_offline(True)
    try:
        for path, title in (
            ("fr/magic.html", "La magie"),
            ("en/glossary.html", "Glossary"),
            ("fr/index.html", "No Quarter"),
            ("en/", "No Quarter"),
        ):
            page.goto(site.page(path))
            assert page.title().startswith(title), (path, page.title())
        page.goto(site.page("fr/magic.html#casting-a-spell"))
        page.evaluate(SETTLED)  # scrolled to the section
        page.locator("a.nq-lang-header").click()
        page.wait_for_url(re.compile(r"/en/magic\.html#casting-a-spell$"))
        assert page.locator("#casting-a-spell h2").first.inner_text().startswith("Casting")
        for lang, query, title in (("fr", "moraux", "Moral"), ("en", "morale", "Morale")):
            page.goto(site.page(f"{lang}/search.html?q={query}"))
            found = _search_results(page)
            assert title in found[:5], found
            wait_until(page, "document.querySelectorAll('#search-results p.context').length > 3")
        screenshot(page, "phone-en-offline-search")
    finally:
        context.set_offline(False)
    assert not watched.errors, watched.errors
    assert not watched.violations, watched.violations
    context.close()


def requests_into(found: list[str]) -> Any:
    return lambda request: found.append(request.url)


def test_pages_make_few_requests_all_to_the_site(site: Site, phone: Any) -> None:
    """Chromium's own count of what a page asks for: the HTML, the bundled stylesheet and
    script, the theme's small files and the favicon, the page's images (close combat has the
    most: seven diagrams). The budget is the median page's (./dev bench); beside the images, a
    page asks for at most 7 files whatever its length."""
    counts = []
    for path in ["en/index.html", "fr/magic.html", "en/close-combat.html"]:
        requests: list[str] = []
        listener = requests_into(requests)
        phone.on("request", listener)
        phone.goto(site.page(path))
        phone.wait_for_load_state("networkidle")
        phone.remove_listener("request", listener)
        assert all(url.startswith(site.url + "/") for url in requests), requests
        assert len([u for u in requests if "/_images/" not in u]) <= 7, requests
        counts.append(len(requests))
    assert sorted(counts)[1] <= MAX_REQUESTS, counts


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    "lang,other,name",
    [
        ("en", "fr", "FR: read this page in French"),
        ("fr", "en", "EN : lire cette page en anglais"),
    ],
)
def test_switch_in_the_phone_header(
    browser: Any, site: Site, lang: str, other: str, name: str, scheme: str
) -> None:
    """In the sticky header, named in the page's language, showing the other language's code,
    reached by Tab, with a visible focus; still there once the reader has scrolled."""
    context = _recorded(
        site,
        browser.new_context(
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=2,
            color_scheme=scheme,
            reduced_motion="reduce",
        ),
    )
    page = context.new_page()
    page.goto(site.page(f"{lang}/magic.html"))
    switch = page.get_by_role("link", name=name, exact=True)
    assert switch.count() == 1 and switch.is_visible()
    assert switch.get_attribute("hreflang") == other
    assert switch.locator(f"span[lang={other}]").inner_text() == other.upper()
    assert page.locator(".mobile-header").locator("a.nq-lang-link").count() == 1
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('nq-lang-header')"):
            break
    else:
        pytest.fail("Tab never reached the language switch")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    screenshot(page, f"phone-{lang}-header-switch-{scheme}")
    page.keyboard.press("Escape")
    page.evaluate("window.scrollTo({top: 3000, behavior: 'instant'})")
    box = switch.bounding_box()
    assert box is not None and 0 <= box["y"] < 48, box
    context.close()


@pytest.mark.parametrize(
    "lang,label,query,title",
    [
        ("en", "Search the rules", "morale", "Morale"),
        ("fr", "Rechercher dans les règles", "moraux", "Moral"),
    ],
)
def test_empty_search_page_on_a_phone(
    site: Site, phone: Any, lang: str, label: str, query: str, title: str
) -> None:
    """Without a query the page shows its search box and a few words of help (it was blank);
    typing in the box searches."""
    watched = watch(phone)
    page = phone
    page.goto(site.page(f"{lang}/search.html"))
    box = page.get_by_role("searchbox", name=label, exact=True)
    assert box.is_visible() and box.bounding_box()["y"] < PHONE["height"] / 2
    help_text = page.locator(".nq-search-help")
    wait_until(page, "!document.querySelector('.nq-search-help').hidden")
    assert help_text.is_visible() and len(help_text.inner_text()) > 60
    assert page.locator("#search-results").inner_text() == ""
    screenshot(page, f"phone-{lang}-search-empty")
    box.fill(query)
    box.press("Enter")
    page.wait_for_url(re.compile(rf"/{lang}/search\.html\?q={query}"))
    assert title in _search_results(page)[:5]
    assert help_text.is_hidden()
    assert not watched.errors, watched.errors


@pytest.mark.parametrize(
    "lang,spell,card", [("en", "Re-animate", "Re-animate"), ("fr", "Réanimation", "Réanimation")]
)
def test_spell_list_leads_to_the_cards(
    site: Site, phone: Any, lang: str, spell: str, card: str
) -> None:
    page = phone
    page.goto(site.page(f"{lang}/magic.html#spell-list"))
    table = page.locator("table.nq-table-spell-list")
    assert table.locator("tbody tr td:nth-child(2) a").count() == table.locator("tbody tr").count()
    table.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy({top: -60, behavior: 'instant'})")
    screenshot(page, f"phone-{lang}-spell-list")
    link = table.get_by_role("link", name=spell, exact=True)
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(re.compile(rf"/{lang}/cards-counters-templates\.html#spell-re-animate$"))
    title = page.locator("#spell-re-animate .sd-card-title")
    assert title.inner_text().strip() == card
    wait_until(
        page,
        "Math.abs(document.getElementById('spell-re-animate').getBoundingClientRect().top) < 200",
    )


#: The words of an element's text that break across lines although they fit on one.
BROKEN_WORDS = """(element) => {
  const broken = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const width = element.getBoundingClientRect().width;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/[^\\s\\-\\u2010\\u2011]+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1 && range.getBoundingClientRect().width < width) broken.push(match[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("width", [320, 390, 800, 1280])
def test_card_titles_break_whole_words(browser: Any, site: Site, width: int) -> None:
    """A card's title and text go to the next line at a space or a hyphen ("Re-" "animate"),
    never inside a word that fits."""
    context = _recorded(site, browser.new_context(viewport={"width": width, "height": 800}))
    page = context.new_page()
    for lang in ("en", "fr"):
        page.goto(site.page(f"{lang}/cards-counters-templates.html"))
        cards = page.locator(".sd-card.nq-card .sd-card-body")
        assert cards.count() > 40
        broken = [word for card in cards.all() for word in card.evaluate(BROKEN_WORDS)]
        assert not broken, (lang, width, broken[:10])
    context.close()
