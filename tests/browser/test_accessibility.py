"""Every reader can use the site (WCAG 2.1 AA): axe-core, in Debian's Chromium, finds nothing on
every page of both sites (their 404 pages included), on the offline copies and on the root page
that sends readers to their language, on a phone (390 px, touch) and a desktop (1366 px), in
light and dark mode, with the rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa and
best-practice.  No page logs an error or loads a missing file either.

The suite runs a covering design (:func:`covering`): every page once, each language in every
width and mode, each page at both widths across its languages; the offline copies of one page of
each kind (:data:`OFFLINE_KINDS`).  ``./dev test --full`` runs every page in every setting, offline
copies included: what a change to the theme, the colours or the offline archive calls for.

Time: axe takes one to several seconds of CPU a run, most of it its colour-contrast rule, which
must run in each setting.  So the work around it is done once: each page is loaded once per width
and checked in both modes without reloading (axe runs in light mode, the system's colour scheme
is switched in place, the site's theme follows it as on a reader's first visit, "auto", and axe
runs again); the axe script is an init script of the context, there before the page's own; two
pages are checked at a time (one per core), each in its own context, one loading while the other
runs axe.  An offline copy (file://) whose document, once its scripts have run, is the served
page's less the links to the archive (the copies leave them out) is that page: it gets the
served page's findings in the same setting, and its own load's errors; a copy whose document
differs (a script that acts otherwise from the disk) gets its own axe run, the only time axe is
put into an offline page.  Every rule runs in both modes: the colour rules (color-contrast,
link-in-text-block) are 85-90 % of axe's CPU, so a dark run of those alone costs about as much,
and the dark mode changes more than colours (Furo's theme icons, the code's font weights).
Measured by tests/cpu_profile.py (Chromium's renderers included) on 2 shared cores, load 4 to 14:
this file, 603 tests with 316 pages × settings served, 536 s of CPU with axe 4.12, 379 s with
4.14; loading the 35 English pages once at one width without axe, 9.6 s.  The rest is axe.

axe-core comes from npm, pinned in tools/lighthouse/package.json (version 4.14: its colour rules
take a third of 4.12's time, and it knows more, as label-in-name with parentheses); nothing is
downloaded while the tests run.  An exception is made only in REVIEWED below, each with its reason.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from nqcompanion.page.answers import answer_words
from nqcompanion.page.forms import page_messages
from nqsphinx.site.archive import DOWNLOAD_LINK
from nqsphinx.site.root_page import ROOT_PAGE
from tests.browser.conftest import Site, _recorded, wait_until
from tests.building import ROOT
from tools.lighthouse import audit as npm_tools

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
WIDTHS = {
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "1366": {"viewport": {"width": 1366, "height": 768}},
}
SCHEMES = ("light", "dark")
LANGS = ("en", "fr")
#: Every page of a site: the chapters (docs/*.md) and the pages Sphinx writes.
PAGES = sorted([p.stem for p in (ROOT / "docs").glob("*.md")] + ["genindex", "search"])
#: The 404 page as a web server shows it: for a missing address, at any depth.
MISSING = {"en": "en/no-such-page.html", "fr": "fr/regles/page-absente.html"}
#: The root page's script, which sends the reader on at once: held back, as without JavaScript.
ROOT_SCRIPT = "**/nq-root.js"
#: The document as axe reads it, as its length and FNV-1a hash: the DOM once the page's scripts
#: have run, less the links to the offline archive, which its copies leave out (site_archive).
DOM = """(pattern) => {
  const html = document.documentElement.outerHTML.replace(new RegExp(pattern, "gs"), "");
  let hash = 0x811c9dc5;
  for (let i = 0; i < html.length; i++) hash = Math.imul(hash ^ html.charCodeAt(i), 0x01000193);
  return `${html.length}:${(hash >>> 0).toString(16)}`;
}"""


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
#: nqsphinx/site/templates/page.html.
REVIEWED: tuple[Reviewed, ...] = ()


@dataclass(frozen=True)
class ReviewedProblem:
    """A load error left on purpose: a pattern of the page (as the failure names it), of the
    error, and why."""

    page: str
    problem: str
    reason: str

    def covers(self, page: str, problem: str) -> bool:
        return bool(re.fullmatch(self.page, page)) and bool(re.match(self.problem, problem))


#: The reviewed load errors, each with its reason.
REVIEWED_PROBLEMS = (
    ReviewedProblem(
        r"offline (en|fr)/at-the-table\.html",
        r"console error: (Access to (script|link element resource) at "
        r"'\S*/(nq-at-table\.js(\?v=\w+)?|nq-answers\.json)' from origin "
        r"'null' has been blocked by CORS policy|Failed to load resource: net::ERR_FAILED "
        r"\[\S*/(nq-at-table\.js(\?v=\w+)?|nq-answers\.json)\]$)",
        "Found by this matrix, not fixed here: the At the table page's script is a module "
        "(nqcompanion/page/directive.py, add_js_file type=module), which Chromium does not load "
        "from file://, nor the answer tables its head preloads (a fetch); the offline copy's "
        "calculators then do nothing, and the page says that they need the site served "
        "(test_the_offline_calculators_say_they_need_the_site_served).  Its axe results are "
        "this page's own.",
    ),
)


@dataclass(frozen=True)
class Page:
    """A page to load: a path on the web server, or in the offline copies; its HTTP status."""

    path: str
    status: int = 200
    offline: bool = False

    def __str__(self) -> str:
        return f"{'offline ' if self.offline else ''}{self.path}"


@dataclass(frozen=True)
class Target:
    """A page in one setting: its width and colour scheme."""

    page: Page
    width: str
    scheme: str

    def __str__(self) -> str:
        return f"{self.page} at {self.width} px, {self.scheme}"


def _targets(pages: list[Page]) -> list[Target]:
    return [Target(p, w, s) for p in pages for w in WIDTHS for s in SCHEMES]


def _name(page: Page) -> tuple[str, str]:
    """A page's language and name, the same for its served page and its offline copy."""
    lang, _, rest = page.path.removesuffix(".html").partition("/")
    return (lang, rest) if lang in LANGS else ("", page.path)


def covering(pages: list[Page]) -> list[Target]:
    """Each page once, in one of the four settings (width and mode), the next setting for the
    next page and the opposite width for the same page in the other language: each language is
    seen in every setting (on a quarter of its pages each), each page at both widths (one in
    each language) and a served page in the same setting as its offline copy (whose findings it
    reuses).  What a page holds (names, headings, labels) fails in any setting; what a setting
    brings (a colour, a width) fails on every page it reaches.  A quarter of the axe runs of
    :func:`_targets`; ``./dev test --full`` runs every setting."""
    names = [*PAGES, *(_name(Page(path))[1] for path in MISSING.values())]
    settings = [(width, scheme) for width in WIDTHS for scheme in SCHEMES]
    chosen = []
    for page in pages:
        lang, name = _name(page)
        turn = (names.index(name) if name in names else 0) + (2 * LANGS.index(lang) if lang else 0)
        chosen.append(Target(page, *settings[turn % len(settings)]))
    return chosen


SERVED = [Page(f"{lang}/{page}.html") for lang in LANGS for page in PAGES]
NOT_FOUND = [Page(MISSING[lang], 404) for lang in LANGS]
OFFLINE = [Page(f"{lang}/{page}.html", offline=True) for lang in LANGS for page in PAGES]
COMPANION = [Page("index.html")]  # the root page, also the offline archive's start page
#: One page of each kind, for the offline copies without ``--full``: a chapter, the home page, the
#: glossary (its pop-ups), the companion (its module script, blocked from file://), the index,
#: the search page, the command line page (code that scrolls) and a page of wide tables.
OFFLINE_KINDS = (
    "magic",
    "index",
    "glossary",
    "at-the-table",
    "genindex",
    "search",
    "nq",
    "armoury",
)


@dataclass
class Tab:
    """A browser page of one width, reused from page to page; what went wrong in its last load."""

    page: Any
    problems: list[str]


class Axe:
    """Runs axe over the targets of a test function's selected cases: each page loaded once per
    width, checked in light then dark mode; two pages at a time, each in its own context."""

    PARALLEL = 2  # one page per processor core

    def __init__(
        self, browser: Any, site: Site, offline: Path, items: list[Any], script: str
    ) -> None:
        self.browser, self.site, self.offline, self.items = browser, site, offline, items
        self.script = script  # axe-core
        self.tabs: dict[str, list[Tab]] = {}
        self.found: dict[Target, list[str]] = {}  # axe's findings and the load's problems
        self.violations: dict[Target, list[str]] = {}  # axe's findings
        self.doms: dict[Target, str] = {}  # the document axe checked (DOM)

    def failures(self, target: Target, test: str) -> list[str]:
        if target not in self.found:  # the first case of a test: run all its selected cases
            batch = [
                item.callspec.params["target"]
                for item in self.items
                if getattr(item, "originalname", None) == test
                and "target" in getattr(item, "callspec", {}).params
            ]
            self._run(list(dict.fromkeys(batch)))
        return self.found[target]

    def url(self, page: Page) -> str:
        return (self.offline / page.path).as_uri() if page.offline else self.site.page(page.path)

    def _tab(self, width: str, axe: bool) -> Tab:
        context = _recorded(
            self.site,
            self.browser.new_context(
                **WIDTHS[width],
                color_scheme="light",
                reduced_motion="reduce",
            ),
        )
        if axe:  # in every page, before its own scripts
            context.add_init_script(self.script)
        context.route(ROOT_SCRIPT, lambda r: r.fulfill(body="", content_type="text/javascript"))
        tab = Tab(context.new_page(), [])
        tab.page.on(
            "console",
            lambda m: (
                tab.problems.append(f"console error: {m.text} [{m.location.get('url', '')}]")
                if m.type == "error"
                else None
            ),
        )
        tab.page.on("pageerror", lambda e: tab.problems.append(f"script error: {e}"))
        tab.page.on(
            "response",
            lambda r: tab.problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None,
        )
        return tab

    def _run(self, targets: list[Target]) -> None:
        """Each (page, width) is one job; ``PARALLEL`` jobs at a time, each job a generator that
        yields while its axe runs, so that the other job's browser works meanwhile."""
        loads: dict[tuple[Page, str], list[str]] = {}
        for target in targets:
            loads.setdefault((target.page, target.width), []).append(target.scheme)
        waiting = [(page, width, schemes) for (page, width), schemes in loads.items()]
        running: list[Iterator[None] | None] = [None] * self.PARALLEL
        while waiting or any(running):
            for slot in range(self.PARALLEL):
                while True:  # advance this slot's job by one step, or start the next job
                    job = running[slot]
                    if job is None:
                        if not waiting:
                            break
                        job = running[slot] = self._check(slot, *waiting.pop(0))
                    try:
                        next(job)
                        break
                    except StopIteration:
                        running[slot] = None

    def _check(self, slot: int, page: Page, width: str, schemes: list[str]) -> Iterator[None]:
        # Offline copies are mostly the served page (no axe run): their tabs get axe when needed.
        tabs = self.tabs.setdefault(f"{width} offline" if page.offline else width, [])
        while len(tabs) <= slot:
            tabs.append(self._tab(width, axe=not page.offline))
        tab = tabs[slot]
        tab.problems.clear()
        url = self.url(page)
        tab.page.emulate_media(color_scheme=SCHEMES[0])
        response = tab.page.goto(url)
        if response is not None and response.status != page.status:  # file:// has none
            tab.problems.append(f"HTTP {response.status} instead of {page.status}: {url}")
        # From file:// axe cannot fetch the stylesheets for its CSSOM rules (the browser blocks
        # it and logs an error); those rules run on the served pages.
        options = dict(AXE_OPTIONS, preload=not page.offline)
        for scheme in sorted(schemes, key=SCHEMES.index):
            target = Target(page, width, scheme)
            tab.page.emulate_media(color_scheme=scheme)
            dom = tab.page.evaluate(DOM, DOWNLOAD_LINK.pattern)
            served = Target(Page(page.path), width, scheme)
            if page.offline and self.doms.get(served) == dom:
                found = self.violations[served]  # the same page: the same document, the same CSS
            else:
                self.doms[target] = dom
                if page.offline and not tab.page.evaluate("typeof axe !== 'undefined'"):
                    tab.page.evaluate(self.script)  # after the page's scripts: as on any page
                tab.page.evaluate("o => { window.nqAxe = axe.run(document, o); }", options)
                yield  # axe runs here while the other slot's page is loaded or checked
                found = self.violations[target] = self._violations(tab)
            self.found[target] = found + self._problems(tab, page)

    def _violations(self, tab: Tab) -> list[str]:
        """What axe found, less the reviewed exceptions: rule, then each element."""
        result = tab.page.evaluate("() => window.nqAxe")  # waits for axe to finish
        found = []
        for violation in result["violations"]:
            left = [
                node
                for node in violation["nodes"]
                if not any(r.covers(violation["id"], node["html"]) for r in REVIEWED)
            ]
            if left:
                more = f"\n      (and {len(left) - 3} more)" if len(left) > 3 else ""
                found.append(
                    f"{violation['id']} ({violation['impact']}, {violation['help']}) × {len(left)}:"
                    + "".join(
                        f"\n      {' '.join(map(str, n['target']))}: {n['html'][:120]}"
                        for n in left[:3]
                    )
                    + more
                )
        return found

    def _problems(self, tab: Tab, page: Page) -> list[str]:
        """What went wrong loading: the 404 page's own status, and the console's note of it,
        are what a 404 page is."""
        url = self.url(page)
        expected = (f"HTTP 404: {url}", f"[{url}]") if page.status == 404 else ()
        return [
            p
            for p in tab.problems
            if not any(p.endswith(e) for e in expected)
            and not any(r.covers(str(page), p) for r in REVIEWED_PROBLEMS)
        ]

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
def axe_script() -> str:
    """axe-core's script, installed by ``npm ci`` if needed; without npm the tests say why."""
    reason = npm_tools.missing()
    if reason is not None:
        pytest.skip(f"axe-core cannot run here: {reason}")
    return npm_tools.AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def axe(
    browser: Any, site: Site, offline: Path, axe_script: str, request: pytest.FixtureRequest
) -> Iterator[Axe]:
    runner = Axe(browser, site, offline, request.session.items, axe_script)
    yield runner
    runner.close()


#: Each matrix's pages: every setting of each with ``--full``, else :func:`covering`'s.
MATRICES = {
    "test_every_page_passes_axe": (SERVED + NOT_FOUND, SERVED + NOT_FOUND),
    "test_every_offline_page_passes_axe": (
        OFFLINE,
        [p for p in OFFLINE if p.path.split("/", 1)[1][:-5] in OFFLINE_KINDS],
    ),
    "test_the_root_page_passes_axe": (COMPANION, COMPANION),
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.function.__name__ in MATRICES:
        every, some = MATRICES[metafunc.function.__name__]
        full = metafunc.config.getoption("full")
        metafunc.parametrize("target", _targets(every) if full else covering(some), ids=str)


def test_the_covering_design_sees_every_page_and_every_setting() -> None:
    """Without ``--full``: each page once, at both widths across its two languages; each
    language in every width and mode; each offline copy in its served page's setting, whose
    findings it reuses; a quarter of the axe runs of the full matrix."""
    served = covering(SERVED + NOT_FOUND)
    assert [t.page for t in served] == SERVED + NOT_FOUND
    for name in PAGES:
        assert {t.width for t in served if _name(t.page)[1] == name} == set(WIDTHS), name
    for lang in LANGS:
        settings = {(t.width, t.scheme) for t in served if t.page.path.startswith(f"{lang}/")}
        assert settings == {(w, s) for w in WIDTHS for s in SCHEMES}, lang
    offline = covering(MATRICES["test_every_offline_page_passes_axe"][1])
    assert {Target(Page(t.page.path), t.width, t.scheme) for t in offline} <= set(served)
    assert len(offline) == len(LANGS) * len(OFFLINE_KINDS)
    assert len(served) * 4 == len(_targets(SERVED + NOT_FOUND))


def _check(axe: Axe, target: Target, request: pytest.FixtureRequest) -> None:
    found = axe.failures(target, request.node.originalname)
    assert not found, f"{target}:\n  " + "\n  ".join(found)


def test_every_page_passes_axe(axe: Axe, target: Target, request: pytest.FixtureRequest) -> None:
    _check(axe, target, request)


def test_every_offline_page_passes_axe(
    axe: Axe, target: Target, request: pytest.FixtureRequest
) -> None:
    assert (axe.offline / target.page.path).is_file(), target.page.path
    _check(axe, target, request)


def test_the_root_page_passes_axe(
    axe: Axe, target: Target, site: Site, request: pytest.FixtureRequest
) -> None:
    """The page that sends readers to their language, as a reader without JavaScript sees it:
    its script, which leaves at once, held back.  The offline archive starts on the same page."""
    assert (axe.offline / "index.html").read_text(encoding="utf-8") == ROOT_PAGE
    assert (site.root / "index.html").read_text(encoding="utf-8") == ROOT_PAGE
    _check(axe, target, request)


#: The colours a reader sees: every shown element's background, and the colour of each one that
#: has words of its own or draws (an icon).  Form controls with neither (the hidden drawer
#: checkboxes, the theme button around its icons) take the browser's colours for the system.
COLOURS = """() => [...document.querySelectorAll("*")]
.filter((e) => e.checkVisibility() && !e.closest("[role=status]"))  // it says the new mode
.map((e) => {
  const s = getComputedStyle(e);
  const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const draws = e instanceof SVGElement;
  return `${s.backgroundColor} ${words || draws ? `${s.color} ${s.fill}` : ""} ${s.opacity}`;
})"""


#: The calculators' engine has started (on a loaded machine, up to a minute or two).
ENGINE_READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"
ENGINE_SECONDS = 120


def _wait_until_settled(page: Any, seconds: int = 60) -> None:
    """Until two readings of the page's colours a second apart agree: the calculators' answers
    arrive from the engine's worker after it starts, later on a loaded machine."""
    before = None
    for _ in range(seconds):
        now = page.evaluate(COLOURS)
        if now == before:
            return
        before = now
        page.wait_for_timeout(1000)
    raise AssertionError(f"the page still changed after {seconds} s")


def _colours_in_every_setting(page: Any) -> dict[tuple[str, str], Any]:
    """The page's colours under each system scheme with each theme of the switch."""
    seen = {}
    for scheme, theme in [(s, t) for s in SCHEMES for t in ("auto", *SCHEMES)]:
        page.emulate_media(color_scheme=scheme)
        page.evaluate("theme => { document.body.dataset.theme = theme; }", theme)
        seen[scheme, theme] = page.evaluate(COLOURS)
    return seen


@pytest.mark.parametrize("path", ["en/at-the-table.html", "fr/magic.html"])
def test_the_theme_switch_colours_pages_as_the_system_setting_does(
    browser: Any, site: Site, path: str
) -> None:
    """axe checks the modes a first visit gets (Furo's "auto": the system's scheme); a reader
    who picks a mode with the switch (data-theme) gets the very same colours."""
    context = _recorded(site, browser.new_context(**WIDTHS["1366"], reduced_motion="reduce"))
    page = context.new_page()  # no colour transitions
    page.goto(site.page(path))
    if page.locator(".nq-engine-status").count():  # its answers change the page when it starts
        wait_until(page, ENGINE_READY, timeout=ENGINE_SECONDS)
    _wait_until_settled(page)
    seen = _colours_in_every_setting(page)
    for _ in range(10):  # a pass during which the page changed (a late answer) is read again
        again = _colours_in_every_setting(page)
        if again == seen:
            break
        seen = again
    context.close()
    assert seen["light", "auto"] != seen["dark", "auto"]  # the modes differ
    for mode in SCHEMES:
        assert seen[mode, "auto"] == seen["light", mode] == seen["dark", mode], mode


#: Small pages with one failure each, which only a check in the right setting finds: words too
#: faint in dark mode only; an image without a text alternative that only dark mode shows; the
#: same image shown in both modes in an offline copy only (its document differs).
FIXTURE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Fixture</title><style>{style}</style></head>
<body><main><h1>Fixture</h1><p>Plain words and <span class="faint">faint words</span>.</p>
<div class="image"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20"
height="20"></div></main></body></html>
"""
DARK = "@media (prefers-color-scheme: dark) {"
FIXTURES = {
    "faint.html": f".image {{ display: none; }} {DARK} .faint {{ color: #ddd; }} }}",
    "shown.html": f".image {{ display: none; }} {DARK} .image {{ display: block; }} }}",
}


def test_the_runner_finds_failures_of_one_mode_and_of_an_offline_copy(
    browser: Any, axe_script: str, tmp_path: Path
) -> None:
    """The ways the runner saves work (one load for both modes, offline copies reusing the
    served page's findings, axe put into an offline page only for its own run) still find each
    failure in the setting where it is, and only there."""
    served, copies = tmp_path / "served", tmp_path / "offline"
    served.mkdir()
    copies.mkdir()
    for name, style in FIXTURES.items():
        (served / name).write_text(FIXTURE_PAGE.format(style=style), "utf-8")
    (copies / "faint.html").write_bytes((served / "faint.html").read_bytes())  # the same page
    (copies / "shown.html").write_text(FIXTURE_PAGE.format(style=""), "utf-8")  # not the same
    runner = Axe(browser, Site(served, served.as_uri()), copies, [], axe_script)
    pages = [Page(name) for name in FIXTURES] + [Page(name, offline=True) for name in FIXTURES]
    targets = [t for t in _targets(pages) if t.width == "390"]  # one width is enough
    try:  # as in the suite, the served pages first
        runner._run([t for t in targets if not t.page.offline])
        runner._run([t for t in targets if t.page.offline])
    finally:
        runner.close()
    found = {
        f"{t.page}, {t.scheme}": sorted({f.split(" ", 1)[0] for f in runner.found[t]})
        for t in targets
    }
    assert found == {
        "faint.html, light": [],
        "faint.html, dark": ["color-contrast"],
        "shown.html, light": [],
        "shown.html, dark": ["image-alt"],
        "offline faint.html, light": [],
        "offline faint.html, dark": ["color-contrast"],  # the served page's findings
        "offline shown.html, light": ["image-alt"],  # its own run
        "offline shown.html, dark": ["image-alt"],
    }
    own_runs = {t for t in runner.doms if t.page.offline}
    assert own_runs == {t for t in targets if t.page.offline and t.page.path == "shown.html"}


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
    module = REVIEWED_PROBLEMS[0]
    blocked = "Failed to load resource: net::ERR_FAILED [file:///x/en/_static/nq-at-table.js?v=1]"
    assert module.covers("offline en/at-the-table.html", f"console error: {blocked}")
    assert not module.covers("en/at-the-table.html", f"console error: {blocked}")  # served
    assert not module.covers("offline en/magic.html", f"console error: {blocked}")
    assert not module.covers("offline en/at-the-table.html", "script error: x")
    # as Chromium 156 words it, the bundle named without ?v= (nqsphinx/site/bundles.py)
    cors = (
        "console error: Access to script at 'file:///x/en/_static/nq-at-table.js' from origin "
        "'null' has been blocked by CORS policy: Cross origin requests are only supported for "
        "protocol schemes: chrome, data, http, https."
    )
    assert module.covers("offline fr/at-the-table.html", cors)
    plain = "console error: Failed to load resource: net::ERR_FAILED [file:///x/nq-at-table.js]"
    assert module.covers("offline fr/at-the-table.html", plain)
    preload = (  # the head's preload of the answer tables, as Chromium 156 words it
        "console error: Access to link element resource at 'file:///x/en/_static/nq-answers.json'"
        " from origin 'null' has been blocked by CORS policy: Cross origin requests are only"
        " supported for protocol schemes: chrome, data, http, https."
    )
    assert module.covers("offline en/at-the-table.html", preload)
    assert not module.covers("offline en/at-the-table.html", preload.replace("answers", "other"))
    failed = "console error: Failed to load resource: net::ERR_FAILED [file:///x/nq-answers.json]"
    assert module.covers("offline en/at-the-table.html", failed)
    assert all(r.reason for r in REVIEWED_PROBLEMS)


# What axe does not check: state, motion, focus --------------------------------------------------

MODE_WORDS = {
    "en": (
        "Auto light/dark, in light mode",
        "Dark mode",
        "Light mode",
        "Toggle Light / Dark / Auto color theme",
    ),
    "fr": (
        "Thème automatique, actuellement clair",
        "Thème sombre",
        "Thème clair",
        "Changer de thème\u00a0: clair, sombre ou automatique",
    ),
}


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
    wait_until(phone, "document.activeElement.scrollLeft > 0")  # the keyboard scrolls it
    # A wide window: the same blocks fit, and are no longer in the way of the Tab key.
    desktop.goto(site.page("en/getting-started.html"))
    assert desktop.locator("div.highlight pre[tabindex]").count() == 0


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_search_field_shows_its_focus(
    site: Site, device: str, request: pytest.FixtureRequest
) -> None:
    """The site's one search field, the header's (Furo set outline: none on its sidebar box)."""
    page = request.getfixturevalue(device)
    page.goto(site.page("fr/magic.html"))
    where = "content"
    if device == "phone":
        where = "header"
        page.locator(".mobile-header .nq-search-toggle").click()  # open the field
    box = page.locator(f"#nq-search-{where}-q")
    box.focus()
    outline = box.evaluate(
        "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineWidth]"
    )
    assert outline == ["solid", "2px"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_served_calculators_say_loading_from_the_start(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round fourteen: on the served site, before the page's module script has run (held
    here, as on a slow phone), the status says the engine is loading, not that the calculators
    do not run in the downloaded copy opened as files."""
    context = browser.new_context()
    held: list[Any] = []
    context.route("**/_static/nq-at-table.js*", lambda route: held.append(route))  # unanswered
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"), wait_until="commit")
    page.wait_for_selector(".nq-engine-status", state="attached")
    styled = """document.readyState !== "loading" && [".nq-engine-loading", ".nq-engine-served"]
      .filter((s) => getComputedStyle(document.querySelector(s)).display !== "none").length === 1"""
    wait_until(page, styled, timeout=30)  # the page's stylesheet applied
    shown = page.locator(".nq-engine-status").inner_text()
    context.close()
    assert held, "the page's script was not held"
    assert shown == answer_words(lang)["answers_loading"], shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_offline_calculators_say_they_need_the_site_served(
    browser: Any, offline: Path, lang: str
) -> None:
    """The downloaded copy opened as files cannot run the calculators' module script: the page
    says so in its language instead of "Loading the rules engine" for ever."""
    context = browser.new_context()
    page = context.new_page()
    page.goto((offline / lang / "at-the-table.html").as_uri())
    shown = page.locator(".nq-engine-status").inner_text()
    # in each answer box too (player round 21: reached by a rule page's "Work it out" link, a
    # calculator's fields took typing over a blank box, the one sentence far above)
    answers = page.locator("form.nq-calc .nq-answer").all_inner_texts()
    keep = page.locator(".nq-keep")
    hidden = keep.count() == 0 or not keep.first.is_visible()
    label = {"en": "“Keep for offline”", "fr": "« Garder hors ligne »"}[lang]
    intro = page.locator("article p", has_text=label.strip("“”« »")).first.inner_text()
    context.close()
    assert shown == page_messages(lang)["served"]
    assert len(answers) > 10 and set(answers) == {shown}, answers
    # the copy has no "Keep for offline" control: the intro does not point to one "above"
    assert hidden
    assert {"en": "on the website", "fr": "sur le site"}[lang] in intro, intro
