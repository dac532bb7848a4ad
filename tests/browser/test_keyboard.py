"""A reader with a keyboard, or a screen reader: Tab walks through a chapter, the glossary and the
home page, in both languages, on a phone (390 px) and a desktop (1366 px), and every stop is a
visible control with a visible focus; the phone's drawers open from the keyboard and close on
Escape or on a tap; a glossary term is described by its definition, and its pop-up stays while
hovered, closes on Escape, sits by its term and works by touch.

The walks run with ``prefers-reduced-motion: reduce``, which the site honours (no smooth
scrolling, no sliding drawer), so that each step is checked where the browser leaves it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from nqsphinx.directives.glossary import GLOSSARY_FILE, load_terms
from nqsphinx.languages.theme_text import sphinx_translations, theme_translations
from nqsphinx.languages.typography import site_text
from tests import covering
from tests.browser.conftest import Site, _recorded, screenshot
from tests.building import ROOT

TERMS = {term.key: term for term in load_terms(ROOT / "docs" / GLOSSARY_FILE)}
WIDTHS = {"390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 768}}
PHONE = WIDTHS["390"]
#: A laptop: both sidebars would not fit, so "On this page" is a drawer (Furo's 82em).
LAPTOP = {"width": 1280, "height": 800}
LANGS = ("en", "fr")
#: Most controls a Tab walk may meet on one page (the glossary has about 800).
MAX_STEPS = 2500
#: Tab presses between two looks at the stops the page recorded.
WALK_BATCH = 50
OPEN_WORDS = {"en": "Open in the glossary", "fr": "Ouvrir dans le glossaire"}
#: What a drawer's toggle and its checkbox are called in the page.
DRAWERS = {
    "menu": ("#__navigation", "#nq-navigation-drawer", "button.nav-overlay-icon"),
    "toc": ("#__toc", "#nq-toc-drawer", "button.toc-overlay-icon"),
}

# In the page: the controls a reader can reach, what each looks like unfocused, and one Tab stop
# judged as a reader would see it.
WALK_SETUP = """() => {
  const CONTROLS = "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), "
    + "select, textarea, summary, [tabindex]:not([tabindex='-1']), [role=button]";
  const ring = (el) => {
    const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(" ");
  };
  const drawerClosed = (el) => {
    const drawer = el.closest(".sidebar-drawer, .toc-drawer");
    if (!drawer) return false;
    const box = drawer.getBoundingClientRect();
    return box.right <= 0 || box.left >= document.documentElement.clientWidth;
  };
  const shownControl = (el) => el.getClientRects().length > 0 && el.checkVisibility()
    && getComputedStyle(el).visibility === "visible" && !el.closest("[inert]")
    && !drawerClosed(el);
  const unfocused = new Map();
  for (const el of document.querySelectorAll(CONTROLS)) unfocused.set(el, ring(el));
  const reached = new Set();
  const describe = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} `
    + `"${(el.getAttribute("aria-label") || el.textContent).trim().slice(0, 40)}"`
    + (el.getAttribute("href") ? ` ${el.getAttribute("href")}` : "");
  // Each stop is judged as focus arrives (where the browser leaves it: scrolled to, its ring
  // drawn), so that a walk presses Tab without asking the page after each key. The walk ends
  // when focus comes back to its first stop: what was missed is judged then, later keys ignored.
  const stops = [];
  let first = null, missed = null;
  document.addEventListener("focusin", () => {
    if (missed !== null) return;
    const stop = window.nqWalk.step();
    if (stop === null) return;
    if (stop.name === first) {
      missed = window.nqWalk.missed();
      return;
    }
    first = first ?? stop.name;
    stops.push(stop);
  });
  window.nqWalk = {
    // The stops judged since the last call, in order, and what was missed once the walk ended.
    take() {
      return { stops: stops.splice(0), first, missed };
    },
    // The focused element, or null (the document); problems it shows.
    step() {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      reached.add(el);
      const problems = [];
      const box = el.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      if (box.width < 1 || box.height < 1) problems.push("no size");
      if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= width) {
        problems.push(`outside the window (${Math.round(box.left)}, ${Math.round(box.top)})`);
      } else {
        const x = Math.min(Math.max(box.left + box.width / 2, 0), width - 1);
        const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        if (top && !el.contains(top) && !top.contains(el)) {
          problems.push(`covered by ${describe(top)}`);
        }
      }
      if (el.closest("[inert]")) problems.push("inert");
      if (drawerClosed(el)) problems.push("in a closed drawer");
      const now = ring(el);
      const visible = !now.startsWith("none") && !now.includes(" 0px ") || !now.endsWith("none");
      if (now === unfocused.get(el) || !visible) problems.push(`no focus indicator (${now})`);
      return { name: describe(el), problems };
    },
    // The controls shown on the page that the walk never reached.  Furo's "Back to top" shows
    // only while the page scrolls up, which the walk may end on (the focus kept clear of the
    // desktop's strip of switches); Tab goes down the page past it, Shift+Tab reaches it.
    missed() {
      return [...document.querySelectorAll(CONTROLS)]
        .filter((el) => shownControl(el) && !reached.has(el) && !el.matches(".back-to-top"))
        .map(describe);
    },
  };
}"""


def _context(browser: Any, site: Site, width: str, **options: Any) -> Any:
    """A phone (touch) at 390 px, a desktop (mouse) otherwise; less motion."""
    phone = width == "390"
    viewport = WIDTHS.get(width, LAPTOP)
    return _recorded(
        site,
        browser.new_context(
            viewport=viewport,
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
            reduced_motion="reduce",
            **options,
        ),
    )


@pytest.fixture
def make_page(browser: Any, site: Site) -> Iterator[Any]:
    """Pages made with :func:`_context`, closed after the test."""
    contexts: list[Any] = []

    def make(width: str, **options: Any) -> Any:
        contexts.append(_context(browser, site, width, **options))
        return contexts[-1].new_page()

    yield make
    for context in contexts:
        context.close()


def _walk(page: Any) -> tuple[list[str], list[str]]:
    """Tab from the top of the page round to where it started: the problems of each stop, and
    the controls shown that Tab never reached (both judged in the page, as focus moves)."""
    page.evaluate(WALK_SETUP)
    problems: list[str] = []
    for _ in range(0, MAX_STEPS, WALK_BATCH):
        for _ in range(WALK_BATCH):
            page.keyboard.press("Tab")
        walked = page.evaluate("window.nqWalk.take()")
        for stop in walked["stops"]:
            problems += [f"{stop['name']}: {problem}" for problem in stop["problems"]]
        if walked["missed"] is not None:
            return problems, walked["missed"]
    pytest.fail(f"Tab never came back to {walked['first']} after {MAX_STEPS} steps")


#: The Tab walks' settings: each page in each language and at each width, each language at each
#: width (tests/covering.py); every combination with ``./dev test --full``.
WALKS = {"width": sorted(WIDTHS), "lang": list(LANGS), "name": ["magic", "glossary", "index"]}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.function.__name__ == "test_tab_reaches_every_control_and_shows_where_it_is":
        covering.parametrize(metafunc, WALKS)


def test_tab_reaches_every_control_and_shows_where_it_is(
    site: Site, make_page: Any, width: str, lang: str, name: str
) -> None:
    page = make_page(width)
    page.goto(site.page(f"{lang}/{name}.html"))
    problems, missed = _walk(page)
    assert not problems, problems[:20]
    assert not missed, missed[:20]


def _focus_by_tab(page: Any, selector: str) -> None:
    """Tab from the top of the page until the first visible match of ``selector`` has focus."""
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(s) => [...document.querySelectorAll(s)].some((e) => e === document.activeElement)",
            selector,
        ):
            return
    pytest.fail(f"Tab never reached {selector}")


def _state(page: Any, drawer: str) -> dict[str, Any]:
    checkbox, box, toggles = DRAWERS[drawer]
    return page.evaluate(
        """([checkbox, box, toggles]) => {
          const drawer = document.querySelector(box);
          const rect = drawer.getBoundingClientRect();
          const focus = document.activeElement;
          const shown = [...document.querySelectorAll(toggles)]
            .filter((t) => t.getClientRects().length);
          return {
            open: document.querySelector(checkbox).checked,
            inert: drawer.inert,
            onScreen: rect.left >= 0 && rect.right <= document.documentElement.clientWidth,
            expanded: shown.map((t) => t.getAttribute("aria-expanded")),
            focusInside: drawer.contains(focus),
            focusOnToggle: shown.includes(focus),
            focusHref: focus.getAttribute("href"),
          };
        }""",
        [checkbox, box, toggles],
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "width,drawer,key", [("390", "menu", "Enter"), ("390", "toc", " "), ("1280", "toc", "Enter")]
)
def test_drawers_open_from_the_keyboard_and_close_on_escape(
    site: Site, make_page: Any, lang: str, width: str, drawer: str, key: str
) -> None:
    page = make_page(width)
    page.goto(site.page(f"{lang}/magic.html"))
    assert _state(page, drawer) == {
        "open": False,
        "inert": True,
        "onScreen": False,
        "expanded": ["false"],
        "focusInside": False,
        "focusOnToggle": False,
        "focusHref": None,
    }
    _focus_by_tab(page, DRAWERS[drawer][2])
    page.keyboard.press(key)
    state = _state(page, drawer)
    assert state["open"] and not state["inert"] and state["onScreen"], state
    assert state["expanded"] == ["true"] and state["focusInside"], state
    page.keyboard.press("Tab")  # the focus goes on inside the drawer
    assert _state(page, drawer)["focusInside"]
    page.keyboard.press("Escape")
    state = _state(page, drawer)
    assert not state["open"] and state["inert"] and not state["onScreen"], state
    assert state["expanded"] == ["false"] and state["focusOnToggle"], state


def test_the_drawers_follow_the_width_of_the_window(site: Site, make_page: Any) -> None:
    """A drawer is inert only where it is off screen; one left open closes when the window
    grows past its breakpoint (Furo would keep its overlay)."""
    page = make_page("1366")
    page.goto(site.page("en/magic.html"))
    assert not _state(page, "menu")["inert"] and not _state(page, "toc")["inert"]
    page.set_viewport_size(LAPTOP)  # "On this page" becomes a drawer, the menu stays
    assert _becomes(page, "toc", inert=True)["inert"] and not _state(page, "menu")["inert"]
    page.set_viewport_size(PHONE)
    assert _becomes(page, "menu", inert=True)["inert"] and _state(page, "toc")["inert"]
    _focus_by_tab(page, DRAWERS["menu"][2])
    page.keyboard.press("Enter")
    assert _state(page, "menu")["open"]
    page.set_viewport_size(WIDTHS["1366"])
    state = _becomes(page, "menu", open=False, inert=False, onScreen=True)
    assert not state["open"] and not state["inert"] and state["onScreen"], state


def _becomes(page: Any, drawer: str, **expected: bool) -> dict[str, Any]:
    """The drawer's state once it shows ``expected``, or after 5 s: after a resize the page's
    media-query listeners run in a later task than Playwright's next call."""
    deadline = time.monotonic() + 5
    while True:
        state = _state(page, drawer)
        if all(state[k] == v for k, v in expected.items()) or time.monotonic() > deadline:
            return state
        page.wait_for_timeout(50)


@pytest.mark.parametrize("scripts", [True, False])
def test_the_drawer_toggles_are_buttons_and_labels_only_without_scripts(
    site: Site, make_page: Any, scripts: bool
) -> None:
    """Furo's toggles are <label>s for the hidden checkboxes (axe: aria-allowed-role once given
    the button role); ours are <button>s.  Without scripts a button cannot check the box: the
    page's <noscript> labels take their place, and a tap on one still opens the drawer."""
    page = make_page("390", java_script_enabled=scripts)
    page.goto(site.page("fr/magic.html"))
    shown = page.locator(".nav-overlay-icon:visible, .toc-header-icon:visible")
    tags = [t.evaluate("t => t.tagName + (t.type ? ':' + t.type : '')") for t in shown.all()]
    assert tags == (["BUTTON:button"] * 2 if scripts else ["LABEL"] * 2)
    shown.first.tap()
    drawer = page.locator(DRAWERS["menu"][1]).bounding_box()
    assert page.locator(DRAWERS["menu"][0]).is_checked()
    assert drawer["x"] == 0 and drawer["width"] > 200, drawer


@pytest.mark.parametrize("lang", LANGS)
def test_a_tap_on_an_on_this_page_link_closes_the_drawer(
    site: Site, make_page: Any, lang: str
) -> None:
    page = make_page("390")
    page.goto(site.page(f"{lang}/magic.html"))
    page.locator("button.toc-header-icon").tap()
    assert _state(page, "toc")["open"]
    link = page.locator("#nq-toc-drawer a[href='#spell-chants']")
    link.tap()
    page.wait_for_url(re.compile(r"#spell-chants$"))
    state = _state(page, "toc")
    assert not state["open"] and state["inert"] and not state["onScreen"], state
    heading = page.locator("#spell-chants").first.bounding_box()
    assert 0 <= heading["y"] < PHONE["height"] / 2, heading


@covering.settings(
    "lang,scheme",
    covering.every_one(LANGS, ["light", "dark"]),
    covering.each_once(LANGS, ["light", "dark"]),
)
def test_screenshot_menu_opened_by_keyboard(
    site: Site, make_page: Any, lang: str, scheme: str
) -> None:
    page = make_page("390", color_scheme=scheme)
    page.goto(site.page(f"{lang}/magic.html"))
    _focus_by_tab(page, DRAWERS["menu"][2])
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _state(page, "menu")["focusInside"]
    screenshot(page, f"phone-{lang}-menu-by-keyboard-{scheme}")


# Glossary terms ----------------------------------------------------------------------------------


def _definition(key: str, lang: str) -> str:
    """The glossary's definition as the site sets it (curly quotes, minus signs, French spacing)."""
    return site_text(TERMS[key].tooltip(lang), lang)


def _description(page: Any, selector: str) -> str:
    """The description Chromium gives a screen reader for the element (its accessibility tree)."""
    cdp = page.context.new_cdp_session(page)
    document = cdp.send("DOM.getDocument", {"depth": 0})
    node = cdp.send(
        "DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector}
    )
    tree = cdp.send(
        "Accessibility.getPartialAXTree", {"nodeId": node["nodeId"], "fetchRelatives": False}
    )
    cdp.detach()
    described = [n for n in tree["nodes"] if not n.get("ignored")]
    return str(described[0].get("description", {}).get("value", ""))


def _gap(page: Any, term: Any, box: Any) -> float:
    """How far the pop-up is from its term, edge to edge, in px."""
    a, b = term.bounding_box(), box.bounding_box()
    dx = max(0.0, b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]))
    dy = max(0.0, b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]))
    return float((dx**2 + dy**2) ** 0.5)


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_is_described_by_its_definition(site: Site, make_page: Any, lang: str) -> None:
    """A screen reader hears the definition on any device, whether the pop-up shows or not."""
    page = make_page("390")
    page.goto(site.page(f"{lang}/magic.html"))
    links = page.locator("article a.nq-term")
    assert links.count() >= 5
    for index in range(links.count()):
        link = links.nth(index)
        key = link.get_attribute("href").split("#term-")[1]
        assert link.get_attribute("title") is None  # replaced by the pop-up
        spoken = _description(page, f"article a.nq-term[href$='#term-{key}']")
        assert spoken == _definition(key, lang), key


@pytest.mark.parametrize("lang", LANGS)
def test_the_pop_up_stays_while_hovered_and_closes_on_escape(
    site: Site, make_page: Any, lang: str
) -> None:
    page = make_page("1366")
    page.goto(site.page(f"{lang}/magic.html"))
    term = page.locator("article a.nq-term").first
    box = page.locator(f"#{term.get_attribute('aria-describedby')}")
    assert box.is_hidden()
    term.hover()
    box.wait_for(state="visible")
    assert box.get_attribute("role") == "tooltip"
    assert _gap(page, term, box) <= 40
    # The pointer goes from the term onto the box, and rests there: the box stays.
    t, b = term.bounding_box(), box.bounding_box()
    page.mouse.move(t["x"] + 2, t["y"] + t["height"] / 2)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.wait_for_timeout(600)
    assert box.is_visible()
    screenshot(page, f"desktop-{lang}-glossary-pop-up-hovered")
    page.keyboard.press("Escape")
    assert box.is_hidden()
    page.mouse.move(5, 5)
    # By keyboard: focus shows it, Escape closes it and the focus stays on the term.
    term.focus()
    box.wait_for(state="visible")
    page.keyboard.press("Escape")
    assert box.is_hidden()
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == (
        term.get_attribute("aria-describedby")
    )


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_every_pop_up_sits_by_its_term_within_the_window(
    site: Site, make_page: Any, width: str
) -> None:
    page = make_page(width)
    page.goto(site.page("fr/magic.html"))
    links = page.locator("article a.nq-term")
    size = WIDTHS[width]
    for index in range(links.count()):
        term = links.nth(index)
        term.focus()
        box = page.locator(f"#{term.get_attribute('aria-describedby')}")
        box.wait_for(state="visible")
        where = box.bounding_box()
        assert _gap(page, term, box) <= 40, (index, where)
        assert where["x"] >= 0 and where["x"] + where["width"] <= size["width"], where
        assert where["y"] >= 0 and where["y"] + where["height"] <= size["height"], where


@covering.settings(
    "lang,scheme",
    covering.every_one(LANGS, ["light", "dark"]),
    covering.each_once(LANGS, ["light", "dark"]),
)
def test_on_touch_a_tap_shows_the_pop_up_and_its_link_opens_the_glossary(
    site: Site, make_page: Any, lang: str, scheme: str
) -> None:
    page = make_page("390", color_scheme=scheme)
    page.goto(site.page(f"{lang}/magic.html"))
    term = page.locator("article a.nq-term").nth(1)
    term.scroll_into_view_if_needed()
    href = term.get_attribute("href")
    box = page.locator(f"#{term.get_attribute('aria-describedby')}")
    term.tap()
    box.wait_for(state="visible")
    assert page.url.endswith(f"/{lang}/magic.html"), "the first tap shows, it does not follow"
    assert _gap(page, term, box) <= 40
    link = box.locator("a.nq-term-open")
    assert link.inner_text() == OPEN_WORDS[lang]
    assert link.get_attribute("href") == href
    screenshot(page, f"phone-{lang}-glossary-pop-up-tap-{scheme}")
    page.locator("article h1").first.tap()  # elsewhere: it closes
    assert box.is_hidden()
    term.tap()
    box.wait_for(state="visible")
    link.tap()
    page.wait_for_url(re.compile(rf"/{lang}/glossary\.html#term-"))
    assert page.url.endswith(href)
    assert page.locator(f"#{href.split('#')[1]}").is_visible()


def test_the_open_words_are_the_theme_catalogue_s() -> None:
    words = theme_translations("fr", sphinx_translations("fr"))
    assert words.gettext(OPEN_WORDS["en"]) == OPEN_WORDS["fr"]
