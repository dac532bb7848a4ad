"""Every reader can use the site (WCAG 2.1 AA): axe-core, in Debian's Chromium, finds nothing on
the pages of both sites, their 404 pages, their offline copies and the root page that sends
readers to their language, on a phone (390 px, touch) and
a desktop (1366 px), in light and dark mode, with the rules tagged wcag2a, wcag2aa, wcag21a,
wcag21aa and best-practice.  No page logs an error or loads a missing file either.

Time: axe takes about a second of CPU a page (most of it its colour-contrast rule), so the four
settings for every page of both sites (296 runs) would take five minutes of CPU.  So: every page
of both sites (and both 404 pages) at 390 px in light mode, where the phone layout has the most
to check (header, drawers, narrow tables, code blocks that scroll); one page of each kind in each
of the three other settings (the languages taking turns: their pages differ only in words); and
the offline copies' pages of each kind in dark mode on a desktop: 114 runs.  Every axe rule runs
each time, two pages at a time (one per core).  Measured (2 shared cores, load 3 to 7): 118 s.

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
#: when X is merged.  Empty: the drawer toggles, Furo's <label role=button>, are real <button>s in
#: docs/_templates/page.html.
REVIEWED: tuple[Reviewed, ...] = ()


@dataclass(frozen=True)
class Setting:
    width: str
    mode: str

    def __str__(self) -> str:
        return f"{self.width} px {self.mode}"


ALL_SETTINGS = [Setting(w, m) for w in WIDTHS for m in MODES]
EVERY_PAGE = Setting("390", "light")
OTHER_SETTINGS = [s for s in ALL_SETTINGS if s != EVERY_PAGE]


@dataclass(frozen=True)
class Target:
    """A page to check: where (a path on the web server, or in the offline copies), in which
    setting, and the HTTP status it should come with."""

    setting: Setting
    path: str
    status: int = 200
    offline: bool = False

    def __str__(self) -> str:
        return f"{'offline ' if self.offline else ''}{self.path} at {self.setting}"


@dataclass
class Tab:
    """A browser page, reused from page to page; what went wrong while it loaded the last one."""

    page: Any
    problems: list[str]


class Axe:
    """Runs axe over the targets of a test function's selected cases, two pages at a time (one
    per processor core) in each setting's two contexts, and keeps each page's failures."""

    def __init__(self, browser: Any, site: Site, offline: Path, items: list[Any]) -> None:
        self.browser, self.site, self.offline, self.items = browser, site, offline, items
        self.tabs: dict[Setting, list[Tab]] = {}
        self.found: dict[Target, list[str]] = {}

    def failures(self, target: Target, test: str) -> list[str]:
        if target not in self.found:  # the first case of a test: run all its selected cases
            batch = [
                item.callspec.params["target"] for item in self.items
                if getattr(item, "originalname", None) == test
                and "target" in getattr(item, "callspec", {}).params
            ]  # fmt: skip
            for setting in ALL_SETTINGS:
                self._run([t for t in dict.fromkeys(batch) if t.setting == setting])
        return self.found[target]

    def url(self, target: Target) -> str:
        if target.offline:
            return (self.offline / target.path).as_uri()
        return self.site.page(target.path)

    def _tab(self, setting: Setting) -> Tab:
        context = _recorded(self.site, self.browser.new_context(
            **WIDTHS[setting.width], color_scheme=setting.mode, reduced_motion="reduce",
        ))  # fmt: skip
        context.add_init_script(f"localStorage.setItem('theme', '{setting.mode}')")
        context.add_init_script(AXE_SCRIPT)  # in every page, before its own scripts
        tab = Tab(context.new_page(), [])
        tab.page.on("console", lambda m: tab.problems.append(
            f"console error: {m.text} [{m.location.get('url', '')}]") if m.type == "error" else None
        )  # fmt: skip
        tab.page.on("pageerror", lambda e: tab.problems.append(f"script error: {e}"))
        tab.page.on("response", lambda r: tab.problems.append(f"HTTP {r.status}: {r.url}")
                    if r.status >= 400 else None)  # fmt: skip
        return tab

    def _run(self, targets: list[Target]) -> None:
        if not targets:
            return
        setting = targets[0].setting
        tabs = self.tabs.setdefault(setting, [self._tab(setting), self._tab(setting)])
        waiting, running = list(targets), []
        while waiting or running:
            for tab in tabs:
                if waiting and all(tab is not busy for busy, _ in running):
                    target = waiting.pop(0)
                    self._start(tab, target)
                    running.append((tab, target))
            tab, target = running.pop(0)
            self.found[target] = self._finish(tab, target)

    def _start(self, tab: Tab, target: Target) -> None:
        tab.problems.clear()
        url = self.url(target)
        response = tab.page.goto(url)
        if response is not None and response.status != target.status:  # file:// has none
            tab.problems.append(f"HTTP {response.status} instead of {target.status}: {url}")
        # From file:// axe cannot fetch the stylesheets for its CSSOM rules (the browser blocks
        # it and logs an error); those rules run on the served pages.
        options = dict(AXE_OPTIONS, preload=not target.offline)
        tab.page.evaluate("options => { window.nqAxe = axe.run(document, options); }", options)

    def _finish(self, tab: Tab, target: Target) -> list[str]:
        """What axe found (less the reviewed exceptions), and what went wrong loading."""
        result = tab.page.evaluate("() => window.nqAxe")  # waits for axe to finish
        found = []
        for violation in result["violations"]:
            left = [
                " ".join(map(str, node["target"])) for node in violation["nodes"]
                if not any(r.covers(violation["id"], node["html"]) for r in REVIEWED)
            ]  # fmt: skip
            if left:
                more = f" (and {len(left) - 3} more)" if len(left) > 3 else ""
                found.append(
                    f"{violation['id']} ({violation['impact']}) × {len(left)}: "
                    + "; ".join(left[:3]) + more
                )  # fmt: skip
        # The 404 page's own status, and the console's note of it, are what a 404 page is.
        url = self.url(target)
        expected = (f"HTTP 404: {url}", f"[{url}]") if target.status == 404 else ()
        return found + [p for p in tab.problems if not any(p.endswith(e) for e in expected)]

    def close(self) -> None:
        for tabs in self.tabs.values():
            for tab in tabs:
                tab.page.context.close()


@pytest.fixture(scope="session")
def offline(
    html_sites: dict[str, Path], site: Site, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The bilingual offline archive unzipped, as the README tells readers to."""
    folder = tmp_path_factory.mktemp("offline")
    for archive in sorted(site.root.glob("noquarter-html.zip")):
        with zipfile.ZipFile(archive) as opened:
            opened.extractall(folder)
    return folder / "noquarter"


@pytest.fixture(scope="session")
def axe(browser: Any, site: Site, offline: Path, request: pytest.FixtureRequest) -> Iterator[Axe]:
    runner = Axe(browser, site, offline, request.session.items)
    yield runner
    runner.close()


def _target(setting: Setting, lang: str, page: str) -> Target:
    if page == "404":
        return Target(setting, MISSING[lang], 404)
    return Target(setting, f"{lang}/{page}.html")


def _check(axe: Axe, target: Target, request: pytest.FixtureRequest) -> None:
    found = axe.failures(target, request.node.originalname)
    assert not found, f"{target}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize(
    "target",
    [_target(EVERY_PAGE, lang, page) for page in [*PAGES, "404"] for lang in ("en", "fr")],
    ids=str,
)
def test_every_page_passes_axe(axe: Axe, target: Target, request: pytest.FixtureRequest) -> None:
    _check(axe, target, request)


@pytest.mark.parametrize(
    "target",
    [
        _target(setting, lang, page)
        for page in KINDS
        for setting, lang in zip(OTHER_SETTINGS, ["fr", "en", "fr"], strict=True)
    ],
    ids=str,
)
def test_each_kind_of_page_passes_axe_in_every_setting(
    axe: Axe, target: Target, request: pytest.FixtureRequest
) -> None:
    _check(axe, target, request)


@pytest.mark.parametrize(
    "target",
    [
        Target(Setting("1366", "dark"), f"{lang}/{page}.html", offline=True)
        for page in ("index", "magic", "glossary", "nq", "search")
        for lang in ("en", "fr")
    ],
    ids=str,
)
def test_offline_copies_pass_axe(axe: Axe, target: Target, request: pytest.FixtureRequest) -> None:
    assert (axe.offline / target.path).is_file(), target.path
    _check(axe, target, request)


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_the_root_page_passes_axe(browser: Any, site: Site, width: str) -> None:
    """The page that sends readers to their language (also the offline archive's start page), as
    a reader without JavaScript sees it: its script, which leaves at once, held back."""
    context = _recorded(site, browser.new_context(**WIDTHS[width]))
    context.add_init_script(AXE_SCRIPT)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 else None)  # fmt: skip
    page.route("**/nq-root.js", lambda r: r.fulfill(body="", content_type="text/javascript"))
    page.goto(site.page("index.html"))
    result = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)
    title = page.locator("main h1").inner_text()
    context.close()
    found = [f"{v['id']}: {[n['html'] for n in v['nodes']]}" for v in result["violations"]]
    assert title == "No Quarter Fantasy Wargames"
    assert not found and not problems, found + problems


def test_a_reviewed_exception_covers_only_its_own_failures() -> None:
    """An entry can only hide what it names: its rule, on elements whose start tag matches."""
    toggles = Reviewed("aria-allowed-role", r"<label class=\"nav-overlay-icon\b", "an example")
    label = '<label class="nav-overlay-icon" for="__navigation" role="button">'
    assert toggles.covers("aria-allowed-role", label)
    assert not toggles.covers("aria-allowed-role", '<label class="nav-overlay-icons">')
    assert not toggles.covers("aria-allowed-role", '<div role="button">')
    assert not toggles.covers("aria-allowed-role", f"<p>{label}</p>")  # its own tag, not inside
    assert not toggles.covers("aria-required-attr", label)
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
        page.locator("button.nav-overlay-icon").click()  # open the navigation drawer
    box = page.locator("input.sidebar-search")
    box.focus()
    outline = box.evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    )
    assert outline == ["solid", "2px"]
