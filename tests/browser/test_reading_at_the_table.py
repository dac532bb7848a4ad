"""A player reads the rules in a real browser: switches language on a section, searches in
French and English, opens a glossary definition with the mouse and with a finger, reads the cards
on a phone in light and dark mode, lands on the 404 page, and reads the offline archive."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from nqsphinx.site.style import MIN_CONTRAST, contrast
from tests import covering
from tests.browser.conftest import (
    DESKTOP,
    PHONE,
    SETTLED,
    Site,
    _recorded,
    all_results,
    screenshot,
    wait_until,
    watch,
)
from tests.site.sitepages import toctree_order


def _in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and -5 <= box["y"] < height


def _search_results(page: Any) -> tuple[list[str], str]:
    """The titles the search page found, once it has finished (it shows them one by one)."""
    wait_until(
        page, "document.querySelector('#search-results .nq-search-summary')?.innerText.length > 0"
    )
    found = [a.inner_text() for a in page.locator("#search-results ul.search li > a").all()]
    return found, page.locator("#search-results .nq-search-summary").inner_text()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_language_switch_lands_on_the_same_section(
    site: Site, device: str, request: pytest.FixtureRequest
) -> None:
    page = request.getfixturevalue(device)
    page.goto(site.page("fr/magic.html#casting-a-spell"))
    assert page.locator("#casting-a-spell h2").first.inner_text().startswith("Lancer un sort")
    screenshot(page, f"{device}-fr-magic-casting-a-spell")
    page.locator("a.nq-lang-link:visible").click()
    page.wait_for_url(re.compile(r"/en/magic\.html#casting-a-spell$"))
    heading = page.locator("#casting-a-spell h2").first
    assert heading.inner_text().startswith("Casting A Spell")
    wait_until(page, "document.querySelector('#casting-a-spell').getBoundingClientRect().y < 200")
    assert _in_view(page, "#casting-a-spell h2")
    assert page.locator("html").get_attribute("lang") == "en"
    screenshot(page, f"{device}-en-magic-casting-a-spell")
    page.locator("a.nq-lang-link:visible").click()  # and back, without a hash in the address
    page.wait_for_url(re.compile(r"/fr/magic\.html"))


#: The blocks of a section, as nq.js counts them: its children but headings, anchors, sections.
BLOCK = """([label, index]) => [...document.getElementById(label).closest("section").children]
  .filter((c) => !/^(H[1-6]|SECTION|SPAN|SCRIPT)$/.test(c.tagName))[index]"""
#: Where a block's top is, in the window.
BLOCK_TOP = f"(args) => ({BLOCK})(args).getBoundingClientRect().top"
SWITCHES = [("fr", "en"), ("en", "fr")]


@covering.settings(
    "start,other,device",
    [(*switch, device) for switch in SWITCHES for device in ("phone", "desktop")],
    [(*switch, device) for switch, device in zip(SWITCHES, ("phone", "desktop"), strict=True)],
)
def test_language_switch_keeps_the_paragraph(
    site: Site, device: str, start: str, other: str, request: pytest.FixtureRequest
) -> None:
    """A reader who scrolled to the fourth block of "Casting A Spell" (no anchor in the address)
    switches from the header: the other page opens at that block, under the header."""
    page = request.getfixturevalue(device)
    watched = watch(page)
    page.goto(site.page(f"{start}/magic.html"))
    # What stays at the top: Furo's header on a phone, the strip of switches on a desktop.
    bar = ".mobile-header" if device == "phone" else ".nq-top-bar"
    header = page.evaluate(f"document.querySelector('{bar}').getBoundingClientRect().bottom")
    top = page.evaluate(BLOCK_TOP, ["casting-a-spell", 3])
    page.evaluate(f"window.scrollTo({{top: {top} + scrollY - {header} - 20, behavior: 'instant'}})")
    page.evaluate(SETTLED)
    switch = page.locator(f"a.nq-lang-{'header' if device == 'phone' else 'content'}")
    assert switch.is_visible() and switch.bounding_box()["y"] < 60, "the switch is in view"
    switch.click()
    page.wait_for_url(re.compile(rf"/{other}/magic\.html\?p=3#casting-a-spell$"))
    wait_until(page, "document.readyState === 'complete'")
    page.evaluate(SETTLED)
    landed = page.evaluate(BLOCK_TOP, ["casting-a-spell", 3])
    assert header <= landed <= header + 60, landed
    screenshot(page, f"{device}-{other}-magic-switched-at-a-paragraph")
    # Back at the top of the page: the switch leads to the top of the other one.
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.evaluate(SETTLED)
    switch.click()
    page.wait_for_url(re.compile(rf"/{start}/magic\.html$"))
    assert not watched.errors, watched.errors


#: The index of the block of section ``label`` whose text starts with ``words``.
BLOCK_INDEX = """([label, words]) => [...document.getElementById(label).closest("section").children]
  .filter((c) => !/^(H[1-6]|SECTION|SPAN|SCRIPT)$/.test(c.tagName))
  .findIndex((block) => block.textContent.trim().startsWith(words))"""


@pytest.mark.parametrize("width", [390, 1366])
def test_language_switch_keeps_the_paragraph_at_the_top_of_the_window(
    browser: Any, site: Site, width: int
) -> None:
    """A short paragraph of "Damage" at the top of the window (its first line the reader's top
    line): the switch lands on that paragraph, not the next one, at every width."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(site.page("en/armour-and-damage.html"))
    words = "For each point that the attacker’s strength (ST) is greater"
    index = page.evaluate(BLOCK_INDEX, ["damage", words])
    assert index > 0, index
    bar = ".mobile-header" if width < 700 else ".nq-top-bar"
    header = page.evaluate(
        f"Math.max(0, document.querySelector('{bar}').getBoundingClientRect().bottom)"
    )
    top = page.evaluate(BLOCK_TOP, ["damage", index])
    page.evaluate(f"window.scrollTo({{top: {top} + scrollY - {header} - 2, behavior: 'instant'}})")
    page.evaluate(SETTLED)
    page.locator("a.nq-lang-link:visible").first.click()
    page.wait_for_url(re.compile(rf"/fr/armour-and-damage\.html\?p={index}#damage$"))
    wait_until(page, "document.readyState === 'complete'")
    page.evaluate(SETTLED)
    landed = page.evaluate(BLOCK_TOP, ["damage", index])
    assert header <= landed <= header + 60, landed
    screenshot(page, f"{width}-fr-damage-switched-at-a-short-paragraph")
    context.close()


#: A short section read from its start, the next heading in the top half of the window:
#: (page, section label, the first words of the block at the top of the window).
SHORT_SECTIONS = [
    ("ranged-combat", "shooting-into-close-combat", "Firing models must normally make a command"),
    ("magic", "spell-chants", "For each initiate attempting to perform the spell chant"),
]
#: The section the page's own table of contents highlights (Furo's scroll spy), its label.
TOC_CURRENT = """(() => {
  const links = document.querySelectorAll('.toc-tree li.scroll-current > a');
  return links.length ? links[links.length - 1].hash.slice(1) : null; })()"""


@pytest.mark.parametrize("width", [390, 1366])
@pytest.mark.parametrize(("name", "label", "words"), SHORT_SECTIONS)
def test_language_switch_keeps_a_short_section_read_from_its_start(
    browser: Any, site: Site, width: int, name: str, label: str, words: str
) -> None:
    """A short section's paragraph at the top of the window, the next section's heading below
    it in the top half: the switch lands on the section being read (the one the table of
    contents highlights), at that paragraph, not on the next section."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(site.page(f"en/{name}.html"))
    index = page.evaluate(BLOCK_INDEX, [label, words])
    assert index >= 0, index
    bar = ".mobile-header" if width < 700 else ".nq-top-bar"
    header = page.evaluate(
        f"Math.max(0, document.querySelector('{bar}').getBoundingClientRect().bottom)"
    )
    top = page.evaluate(BLOCK_TOP, [label, index])
    page.evaluate(f"window.scrollTo({{top: {top} + scrollY - {header} - 2, behavior: 'instant'}})")
    page.evaluate(SETTLED)
    if width > 1300:  # Furo shows its table of contents beside the page
        wait_until(page, f"{TOC_CURRENT} === {label!r}")
    page.locator("a.nq-lang-link:visible").first.click()
    query = rf"\?p={index}" if index else ""
    page.wait_for_url(re.compile(rf"/fr/{name}\.html{query}#{label}$"))
    wait_until(page, "document.readyState === 'complete'")
    page.evaluate(SETTLED)
    landed = page.evaluate(BLOCK_TOP, [label, index])
    if index:
        assert header - 1 <= landed <= header + 60, landed
    else:  # the section's first paragraph: the section lands, its heading first
        heading = page.evaluate(f"document.getElementById({label!r}).getBoundingClientRect().top")
        assert header - 1 <= heading <= header + 60 and landed < 300, (heading, landed)
    screenshot(page, f"{width}-fr-{name}-switched-in-a-short-section")
    context.close()


def test_language_switch_keeps_the_search(site: Site, desktop: Any) -> None:
    page = desktop
    page.goto(site.page("en/search.html?q=morale"))
    _search_results(page)
    page.locator("a.nq-lang-content").click()
    page.wait_for_url(re.compile(r"/fr/search\.html\?q=morale$"))
    found, _summary = _search_results(page)
    assert "Moral" in found[:5], found


@pytest.mark.parametrize(
    "lang,query,title,results_heading",
    [
        ("fr", "moraux", "Moral", "Recherche"),
        ("fr", "lancer un sort", "Lancer un sort", "Recherche"),
        ("en", "morale", "Morale", "Search"),
    ],
)
def test_search_from_the_header_s_last_option(
    site: Site, desktop: Any, lang: str, query: str, title: str, results_heading: str
) -> None:
    page = desktop
    page.goto(site.page(f"{lang}/index.html"))
    all_results(page, query)
    assert page.url.endswith(f"/{lang}/search.html?q={quote(query)}"), page.url
    found, summary = _search_results(page)
    assert title in found[:5], found
    assert page.locator("h1").first.inner_text().startswith(results_heading)
    assert re.fullmatch(r"\d+ (résultats|results)", summary.replace("\u202f", "")), summary
    screenshot(page, f"desktop-{lang}-search-{query.replace(' ', '-')}")


def test_glossary_definition_on_hover(site: Site, desktop: Any) -> None:
    page = desktop
    page.goto(site.page("fr/magic.html"))
    term = page.locator("article a.nq-term").first
    tooltip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    definition = tooltip.text_content()
    assert "EN\u00a0:" in definition and len(definition) > 40
    assert tooltip.is_hidden()
    term.hover()
    tooltip.wait_for(state="visible")
    assert tooltip.inner_text() == definition
    assert tooltip.get_attribute("role") == "tooltip"
    below = tooltip.bounding_box()["y"] >= term.bounding_box()["y"]
    assert below
    screenshot(page, "desktop-fr-glossary-hover")
    page.mouse.move(5, 5)
    tooltip.wait_for(state="hidden")


def test_glossary_definition_on_tap(site: Site, phone: Any) -> None:
    page = phone
    page.goto(site.page("fr/magic.html"))
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    term = page.locator("article a.nq-term").first
    term.scroll_into_view_if_needed()
    href = term.get_attribute("href")
    term.tap()
    tooltip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    tooltip.wait_for(state="visible")
    assert page.url.endswith("/fr/magic.html"), "the first tap shows, it does not follow"
    box = tooltip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    screenshot(page, "phone-fr-glossary-tap")
    term.tap()
    page.wait_for_url(re.compile(r"/fr/glossary\.html#term-"))
    assert page.url.endswith(href)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_fits_a_phone(site: Site, phone: Any, lang: str) -> None:
    """No page scrolls sideways on a phone: wide tables scroll inside themselves.  Every page
    runs under its Content-Security-Policy with no violation and no console error."""
    watched = watch(phone)
    page = phone
    wide = []
    for name in [*toctree_order(), "genindex", "search", "404"]:
        page.goto(site.page(f"{lang}/{name}.html"))
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            wide.append(f"{name}: {overflow}px")
    assert not wide, wide
    assert not watched.violations, watched.violations
    assert not watched.errors, watched.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_spell_cards_on_a_phone_in_light_and_dark_mode(
    site: Site, browser: Any, scheme: str
) -> None:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme
    )
    context.on("request", lambda r: site.requests.append(r.url))
    page = context.new_page()
    page.goto(site.page("fr/cards-counters-templates.html#fire-aspect"))
    cards = page.locator(".sd-card.nq-spell-card")
    assert cards.count() >= 30
    colours = page.evaluate(
        """() => {
          const rgb = (c) => '#' + c.match(/\\d+/g).slice(0, 3)
            .map((n) => Number(n).toString(16).padStart(2, '0')).join('');
          const body = rgb(getComputedStyle(document.body).backgroundColor);
          const cards = [...document.querySelectorAll('.sd-card.nq-spell-card')];
          return {body, borders: cards.map((c) => rgb(getComputedStyle(c).borderTopColor)),
                  widths: cards.map((c) => c.getBoundingClientRect().width)};
        }"""
    )
    assert (colours["body"] == "#131416") == (scheme == "dark"), colours["body"]
    assert len(set(colours["borders"])) == 6, "one colour per aspect"
    for border in set(colours["borders"]):
        assert contrast(border, colours["body"]) >= MIN_CONTRAST, (scheme, border)
    # One card per row on a phone, using the width of the screen.
    assert min(colours["widths"]) > PHONE["width"] * 0.8
    page.locator("#fire-aspect").scroll_into_view_if_needed()
    screenshot(page, f"phone-fr-spell-cards-{scheme}")
    page.set_viewport_size(DESKTOP)
    page.goto(site.page("fr/cards-counters-templates.html#fire-aspect"))
    screenshot(page, f"desktop-fr-spell-cards-{scheme}")
    context.close()


@pytest.mark.parametrize(
    "lang,title,contents",
    [
        ("en", "Page not found", "Contents of the rules"),
        ("fr", "Page introuvable", "Sommaire des règles"),
    ],
)
def test_404_page(site: Site, desktop: Any, lang: str, title: str, contents: str) -> None:
    page = desktop
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    response = page.goto(site.page(f"{lang}/no/such/rule.html"))
    assert response is not None and response.status == 404
    assert page.locator("article h1").first.inner_text() == title
    # Served three folders deep, its stylesheets and scripts still load (absolute links).
    assert failed == [site.page(f"{lang}/no/such/rule.html")]
    assert page.evaluate("getComputedStyle(document.querySelector('.sidebar-drawer')).display")
    screenshot(page, f"desktop-{lang}-404")
    page.get_by_role("link", name=contents).click()
    page.wait_for_url(site.page(f"{lang}/index.html"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_archive_link_downloads_the_site(site: Site, desktop: Any, lang: str) -> None:
    page = desktop
    page.goto(site.page(f"{lang}/magic.html"))
    href = page.locator("footer a[download]").get_attribute("href")
    assert href == "../noquarter-html.zip"
    response = page.request.get(site.page(f"{lang}/{href}"))
    assert response.status == 200
    assert response.body()[:2] == b"PK"


def test_offline_archive_reads_switches_and_searches_without_a_server(
    site: Site, desktop: Any, tmp_path: Path
) -> None:
    """Unzipped and opened from the disk (file:): the start page opens a language, the switch
    goes to the other one, search lists its results (without snippets: Chromium refuses to fetch
    file: pages, and each refusal was a console error), and nothing fails in the console."""
    watched = watch(desktop)
    with zipfile.ZipFile(site.root / "noquarter-html.zip") as archive:
        archive.extractall(tmp_path)
    top = tmp_path / "noquarter"
    page = desktop
    page.goto((top / "index.html").as_uri())
    page.wait_for_url(re.compile(r"/noquarter/(en|fr)/index\.html$"))
    page.goto((top / "fr" / "magic.html").as_uri())
    page.locator("a.nq-lang-content").click()
    page.wait_for_url(re.compile(r"/noquarter/en/magic\.html$"))
    assert page.locator("html").get_attribute("lang") == "en"
    for lang, query, title in (("fr", "moraux", "Moral"), ("en", "morale", "Morale")):
        page.goto((top / lang / "magic.html").as_uri())
        all_results(page, query)  # the header's last option opens the search page from the disk
        assert page.url == (top / lang / "search.html").as_uri() + f"?q={query}", page.url
        found, summary = _search_results(page)
        assert title in found[:5], found
        # the snippets come with the index: opened from the disk too
        assert page.locator("#search-results ul.search li p.context").count() > 0
    screenshot(page, "desktop-fr-offline-archive-search")
    assert not watched.errors, watched.errors
    assert not watched.violations, watched.violations


#: The top of the seventh row of the table of the section "Damage" (Roll required to wound).
WOUND_ROW = "document.querySelectorAll('#damage table tbody tr')[6].getBoundingClientRect().top"


def test_language_switch_from_a_table_row_on_a_phone_keeps_the_row_in_place(
    browser: Any, site: Site
) -> None:
    """Player round 16 (L5): the seventh row of "Roll required to wound" centred on a phone, the
    French page, by a tap on FR, shows that row within a line of where it was (it was reported
    about 700 px lower)."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    page = context.new_page()
    page.goto(site.page("en/armour-and-damage.html"))
    page.evaluate(
        "document.querySelectorAll('#damage table tbody tr')[6]"
        ".scrollIntoView({ block: 'center', behavior: 'instant' })"
    )
    page.evaluate(SETTLED)
    before = page.evaluate(WOUND_ROW)
    page.locator(".mobile-header a.nq-lang-link").tap()
    page.wait_for_url("**/fr/armour-and-damage.html**")
    page.wait_for_load_state("load")
    page.evaluate(SETTLED)
    after = page.evaluate(WOUND_ROW)
    assert abs(after - before) < 40, (before, after, page.url)
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_row_a_link_names_is_shaded_below_the_tables_header(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round 17: ``armoury.html#weapon-long-bow`` (where search and the switch send
    players) landed with the row under the table's sticky header row, and nothing said which."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    page = context.new_page()
    page.goto(site.page(f"{lang}/armoury.html#weapon-long-bow"))
    page.evaluate(SETTLED)
    row = page.evaluate(
        """(() => {
          const row = document.getElementById('weapon-long-bow');
          const head = row.closest('table').querySelector('thead');
          const header = document.querySelector('.mobile-header').getBoundingClientRect();
          const shade = getComputedStyle(row.cells[1]).backgroundColor;
          const plain = getComputedStyle(row.nextElementSibling.cells[1]).backgroundColor;
          return { top: row.getBoundingClientRect().top, head: head.getBoundingClientRect().bottom,
                   header: header.bottom, shade, plain, height: innerHeight };
        })()"""
    )
    assert row["top"] >= max(row["head"], row["header"]) - 1, row  # below both headers
    assert row["top"] < row["height"] / 2, row  # near the top, in view
    assert row["shade"] != row["plain"], row
    context.close()
