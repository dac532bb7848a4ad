"""Every reader can use the site (WCAG 2.1 AA): axe-core, in Debian's Chromium, finds nothing on
the pages of both sites, their 404 pages and their offline copies, on a phone (390 px, touch) and
a desktop (1366 px), in light and dark mode, with the rules tagged wcag2a, wcag2aa, wcag21a,
wcag21aa and best-practice.  No page logs an error or loads a missing file either.

Time: axe takes about a second of CPU a page (most of it its colour-contrast rule), so the four
settings for every page of both sites (296 runs) would take some five minutes on two cores.  So:
every page of both sites (and both 404 pages) at 390 px in light mode, where the phone layout
has the most to check (header, drawers, narrow tables, code blocks that scroll); one page of
each kind in each of the three other settings (the languages taking turns: their pages differ
only in words); and the offline copies' pages of each kind in dark mode on a desktop.  Every axe
rule runs each time.

axe-core comes bundled with axe-playwright-python (pinned in pyproject's dev extras); nothing is
downloaded.  An exception is made only in REVIEWED below, each with its reason.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from tests.browser.conftest import Site, _recorded
from tests.building import ROOT

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
WIDTHS = {
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "1366": {"viewport": {"width": 1366, "height": 768}},
}
MODES = ("light", "dark")
#: Every page of a site: the chapters (docs/*.md) and the pages Sphinx writes.
PAGES = sorted(
    [p.stem for p in (ROOT / "docs").glob("*.md")] + ["genindex", "search"]
)  # fmt: skip
#: One page of each kind: title page and contents, chapter with examples, diagrams drawn by code
#: and by hand, cards, glossary, engine tables, code, rules index, search, the 404 page.
KINDS = [
    "index", "magic", "actions", "formations", "cards-counters-templates", "glossary", "odds",
    "nq", "genindex", "search", "404",
]  # fmt: skip
#: The 404 page as a web server shows it: for a missing address, at any depth.
MISSING = {"en": "en/no-such-page.html", "fr": "fr/regles/page-absente.html"}


@dataclass(frozen=True)
class Reviewed:
    """A failure left on purpose: axe's rule, a pattern of the failing element's start tag, why."""

    rule: str
    element: str
    reason: str

    def covers(self, rule: str, html: str) -> bool:
        return rule == self.rule and re.match(self.element, html) is not None


#: The reviewed exceptions, each with its reason.  "fixed on branch X": the lead removes the entry
#: when X is merged.
REVIEWED = (
    Reviewed(
        "scrollable-region-focusable",
        r"<table\b|<div class=\"[^\"]*\btable-wrapper\b",
        "fixed on branch tables-phone (a table that scrolls becomes a focusable named region)",
    ),
)


@dataclass(frozen=True)
class Setting:
    width: str
    mode: str

    def __str__(self) -> str:
        return f"{self.width} px {self.mode}"


ALL_SETTINGS = [Setting(w, m) for w in WIDTHS for m in MODES]
EVERY_PAGE = Setting("390", "light")
OTHER_SETTINGS = [s for s in ALL_SETTINGS if s != EVERY_PAGE]


@dataclass
class Tab:
    """A browser page in one setting, reused from page to page; what went wrong while loading."""

    page: Any
    problems: list[str]


@pytest.fixture(scope="session")
def tabs(browser: Any, site: Site) -> Iterator[dict[Setting, Tab]]:
    """One context per setting for the whole run (contexts are reused, not made per page)."""
    made: dict[Setting, Tab] = {}
    for setting in ALL_SETTINGS:
        context = _recorded(site, browser.new_context(
            **WIDTHS[setting.width], color_scheme=setting.mode, reduced_motion="reduce",
        ))  # fmt: skip
        context.add_init_script(f"localStorage.setItem('theme', '{setting.mode}')")
        context.add_init_script(AXE_SCRIPT)  # in every page, before its own scripts
        page = context.new_page()
        tab = Tab(page, [])
        page.on("console", lambda m, t=tab: t.problems.append(
            f"console error: {m.text} [{m.location.get('url', '')}]") if m.type == "error" else None
        )  # fmt: skip
        page.on("pageerror", lambda e, t=tab: t.problems.append(f"script error: {e}"))
        page.on("response", lambda r, t=tab: t.problems.append(f"HTTP {r.status}: {r.url}")
                if r.status >= 400 else None)  # fmt: skip
        made[setting] = tab
    yield made
    for tab in made.values():
        tab.page.context.close()


@pytest.fixture(scope="session")
def offline(
    html_sites: dict[str, Path], site: Site, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """Both offline archives unzipped side by side, as the README tells readers to."""
    folder = tmp_path_factory.mktemp("offline")
    for archive in sorted(site.root.glob("noquarter-*-html.zip")):
        with zipfile.ZipFile(archive) as opened:
            opened.extractall(folder)
    return folder / "noquarter"


def failures(tab: Tab, url: str, *, status: int = 200) -> list[str]:
    """What axe finds on ``url`` (less the reviewed exceptions), and what went wrong loading it."""
    tab.problems.clear()
    response = tab.page.goto(url)
    if response is not None:  # file:// pages have none
        assert response.status == status, url
    # From file:// axe cannot fetch the stylesheets for its CSSOM rules (the browser blocks it and
    # logs an error); those rules run on the served pages.
    options = dict(AXE_OPTIONS, preload=not url.startswith("file:"))
    result = tab.page.evaluate("options => axe.run(document, options)", options)
    found = []
    for violation in result["violations"]:
        left = [
            " ".join(map(str, node["target"])) for node in violation["nodes"]
            if not any(r.covers(violation["id"], node["html"]) for r in REVIEWED)
        ]  # fmt: skip
        if left:
            shown = "; ".join(left[:3]) + (f" (and {len(left) - 3} more)" if len(left) > 3 else "")
            found.append(f"{violation['id']} ({violation['impact']}) × {len(left)}: {shown}")
    # The 404 page's own status, and the console's note of it, are what a 404 page is.
    expected = (f"HTTP {status}: {url}", f"[{url}]") if status == 404 else ()
    return found + [p for p in tab.problems if not any(p.endswith(e) for e in expected)]


def _report(where: str, setting: Setting, found: list[str]) -> str:
    return f"{where} at {setting}:\n  " + "\n  ".join(found)


def _url(site: Site, lang: str, page: str) -> tuple[str, int]:
    if page == "404":
        return site.page(MISSING[lang]), 404
    return site.page(f"{lang}/{page}.html"), 200


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("page", [*PAGES, "404"])
def test_every_page_passes_axe(site: Site, tabs: dict[Setting, Tab], lang: str, page: str) -> None:
    url, status = _url(site, lang, page)
    found = failures(tabs[EVERY_PAGE], url, status=status)
    assert not found, _report(f"{lang}/{page}", EVERY_PAGE, found)


@pytest.mark.parametrize(
    "setting,lang", list(zip(OTHER_SETTINGS, ["fr", "en", "fr"], strict=True)), ids=str
)
@pytest.mark.parametrize("page", KINDS)
def test_each_kind_of_page_passes_axe_in_every_setting(
    site: Site, tabs: dict[Setting, Tab], setting: Setting, lang: str, page: str
) -> None:
    url, status = _url(site, lang, page)
    found = failures(tabs[setting], url, status=status)
    assert not found, _report(f"{lang}/{page}", setting, found)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("page", ["index", "magic", "glossary", "nq", "search"])
def test_offline_copies_pass_axe(
    offline: Path, tabs: dict[Setting, Tab], lang: str, page: str
) -> None:
    path = offline / lang / f"{page}.html"
    assert path.is_file(), path
    setting = Setting("1366", "dark")
    found = failures(tabs[setting], path.as_uri())
    assert not found, _report(f"offline {lang}/{page}", setting, found)


def test_a_reviewed_exception_covers_only_its_own_failures() -> None:
    """The list can only hide what it names: the table wrappers' scrolling, not a code block's."""
    (tables,) = REVIEWED
    wrapper = '<div class="table-wrapper nq-table nq-table-odds docutils container">'
    assert tables.covers("scrollable-region-focusable", wrapper)
    assert tables.covers("scrollable-region-focusable", '<table class="docutils" id="id12">')
    assert not tables.covers("scrollable-region-focusable", "<pre>")
    assert not tables.covers("scrollable-region-focusable", '<div class="highlight">')
    assert not tables.covers("aria-required-attr", wrapper)
    assert all(r.reason for r in REVIEWED)


# What axe does not check: state, motion, focus --------------------------------------------------

MODE_WORDS = {
    "en": ("Auto light/dark, in light mode", "Dark mode", "Light mode",
           "Toggle Light / Dark / Auto color theme"),
    "fr": ("Thème automatique, actuellement clair", "Thème sombre", "Thème clair",
           "Changer de thème\u00a0: clair, sombre ou automatique"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_theme_switch_says_which_mode_is_on(
    site: Site, lang: str, device: str, request: pytest.FixtureRequest
) -> None:
    """Furo's cycle from a light system: automatic, dark, light, automatic again."""
    page = request.getfixturevalue(device)
    page.goto(site.page(f"{lang}/magic.html"))
    button = page.locator("button.theme-toggle:visible")
    auto, dark, light, action = MODE_WORDS[lang]
    status = page.locator("[role=status].nq-theme-status")
    assert button.get_attribute("aria-label") == f"{auto} — {action}"
    assert status.inner_text() == ""  # nothing said on arrival
    for mode in (dark, light, auto):
        button.click()
        assert button.get_attribute("aria-label") == f"{mode} — {action}"
        assert status.text_content() == mode
    # Every switch on the page (the header's and the content's) says the same.
    labels = {b.get_attribute("aria-label") for b in page.locator("button.theme-toggle").all()}
    assert labels == {f"{auto} — {action}"}


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_reduced_motion_stops_transitions_and_smooth_scrolling(
    browser: Any, site: Site, motion: str
) -> None:
    context = _recorded(site, browser.new_context(**WIDTHS["390"], reduced_motion=motion))
    page = context.new_page()
    page.goto(site.page("en/magic.html"))
    style = page.evaluate("""() => ({
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
        drawer: getComputedStyle(document.querySelector('.sidebar-drawer')).transitionDuration,
    })""")
    context.close()
    if motion == "reduce":
        assert style == {"scroll": "auto", "drawer": "0s"}
    else:  # Furo's own motion, untouched for readers who do not ask
        assert style["scroll"] == "smooth" and style["drawer"] != "0s"


def test_code_that_scrolls_takes_the_keyboard_focus(site: Site, phone: Any, desktop: Any) -> None:
    """axe: scrollable-region-focusable.  On a phone the examples' code scrolls sideways."""
    phone.goto(site.page("en/nq.html"))
    blocks = phone.locator("div.highlight pre")
    scrolling = phone.evaluate(
        "[...document.querySelectorAll('div.highlight pre')]"
        ".map(p => [p.scrollWidth > p.clientWidth, p.getAttribute('tabindex')])"
    )
    assert blocks.count() >= 5 and any(s for s, _ in scrolling)
    assert all(tab == ("0" if s else None) for s, tab in scrolling), scrolling
    first = blocks.and_(phone.locator("[tabindex='0']")).first
    first.focus()
    assert phone.evaluate("document.activeElement.matches('div.highlight pre:focus-visible')")
    for _ in range(5):
        first.press("ArrowRight")
    phone.wait_for_function("document.activeElement.scrollLeft > 0")  # the keyboard scrolls it
    # A wide window: the same blocks fit, and are no longer in the way of the Tab key.
    desktop.goto(site.page("en/getting-started.html"))
    assert desktop.locator("div.highlight pre[tabindex]").count() == 0


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_sidebar_search_shows_its_focus(
    site: Site, device: str, request: pytest.FixtureRequest
) -> None:
    """Furo sets outline: none on the focused search box."""
    page = request.getfixturevalue(device)
    page.goto(site.page("fr/magic.html"))
    if device == "phone":
        page.locator("label.nav-overlay-icon").click()  # open the navigation drawer
    box = page.locator("input.sidebar-search")
    box.focus()
    outline = box.evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    )
    assert outline == ["solid", "2px"]
