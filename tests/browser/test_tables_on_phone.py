"""A player reads the tables on a phone, a laptop and on paper.

On every page of both sites, at 390 and 1366 px wide (and at 320 and 1920 on two pages), each
table either fits its column or scrolls inside Furo's wrapper; a wrapper that scrolls is a region
the keyboard can focus, named after its table, and once scrolled to its right end the table's
header row, its first column (each row's key: no row spans, at most 40 % of the width) and its
last column are on screen, the sticky cells opaque; no ancestor cuts a table.  On a phone a table
is never a box that scrolls up and down inside the page (the finger scrolled the table, and the
page seemed stuck): it flows with the page, and a long table's header row follows the reader down
it.  On paper there is no navigation, tables are whole and cards are never split.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import covering
from tests.browser.conftest import SCREENSHOTS, Site, screenshot, wait_until
from tests.site.sitepages import toctree_order

PAGES = [*toctree_order(), "genindex", "search", "404"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
#: The name of a table without a caption, in each language (nqsphinx.po).
UNNAMED = {"en": "Table", "fr": "Tableau"}

#: What a reader gets from each table of the page, after scrolling every scrolling table to its
#: right end (and from each block of code): the faults found, and a summary.
CHECK_TABLES = """(unnamed) => {
  const faults = [];
  const view = { width: document.documentElement.clientWidth, height: innerHeight };
  const inside = (box, clip) => box.left >= clip.left - 1 && box.right <= clip.right + 1;
  const clipBox = (el) => {
    const box = el.getBoundingClientRect();
    const left = box.left + el.clientLeft;
    return { left, right: left + el.clientWidth, top: box.top, bottom: box.top + el.clientHeight };
  };
  // The element's right edge is cut by an ancestor that clips, other than the table's own
  // scrolling wrapper (which the reader scrolls); html and body clip the viewport, not a table.
  const cutBy = (el, skip) => {
    const box = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a === skip || getComputedStyle(a).overflowX === "visible") continue;
      if (box.right > clipBox(a).right + 1) return a.className || a.tagName;
    }
    return null;
  };
  const tables = [...document.querySelectorAll("article table")];
  const labels = [];
  let scrolling = 0;
  tables.forEach((table, index) => {
    const name = `table ${index + 1} (${table.querySelector("caption .caption-text")
      ?.textContent.trim() ?? "no caption"})`;
    const wrapper = table.closest(".table-wrapper");
    const fits = !wrapper || wrapper.scrollWidth <= wrapper.clientWidth + 1;
    if (fits) {
      const cut = cutBy(table, null);
      if (cut) faults.push(`${name}: cut by ${cut}`);
      if (wrapper && wrapper.hasAttribute("tabindex")) faults.push(`${name}: fits, yet focusable`);
      return;
    }
    scrolling += 1;
    const style = getComputedStyle(wrapper);
    if (!["auto", "scroll"].includes(style.overflowX)) {
      faults.push(`${name}: overflow-x ${style.overflowX}`);
    }
    const cut = cutBy(wrapper, null);
    if (cut) faults.push(`${name}: its wrapper is cut by ${cut}`);
    const caption = table.querySelector(":scope > caption .caption-text");
    const label = caption ? caption.textContent.trim() : unnamed;
    const given = wrapper.getAttribute("aria-label") ?? "";
    labels.push(given);
    if (wrapper.getAttribute("tabindex") !== "0" || wrapper.getAttribute("role") !== "region"
        || !(given === label || given.startsWith(`${label} (`))) {
      faults.push(`${name}: not a focusable region named "${label}"`);
    }
    wrapper.focus({ preventScroll: true });
    if (document.activeElement !== wrapper) faults.push(`${name}: cannot take the focus`);
    wrapper.blur();
    // Scrolled to its right end, seen from its top: the header row and the first column.
    wrapper.scrollLeft = wrapper.scrollWidth;
    wrapper.scrollTop = 0;
    const top = wrapper.getBoundingClientRect().top + scrollY;
    scrollTo({ top: Math.max(0, top - 60), behavior: "instant" });
    const clip = clipBox(wrapper);
    const seen = { left: Math.max(clip.left, 0), right: Math.min(clip.right, view.width) };
    if (Math.abs(wrapper.scrollLeft) < wrapper.scrollWidth - wrapper.clientWidth - 1) {
      faults.push(`${name}: does not scroll to its end`);
    }
    // On a phone the table flows with the page: no box scrolling up and down inside it.
    if (view.width < 768 && wrapper.scrollHeight > wrapper.clientHeight + 1) {
      faults.push(`${name}: a box that scrolls up and down (${style.maxHeight} high)`);
    }
    const header = table.querySelector("thead tr");
    const first = [...table.querySelectorAll("tr > :first-child")];
    const last = header ? header.lastElementChild.getBoundingClientRect() : null;
    if (header) {
      const row = header.getBoundingClientRect();
      if (row.top < -1 || row.bottom > view.height + 1) faults.push(`${name}: header off screen`);
      if (!inside(last, seen)) faults.push(`${name}: last header cell not in view at the end`);
    }
    // Each row's key is its first cell: no cell spans rows (the next row's first cell would be
    // another column), and the sticky column leaves most of the width to the rest.
    if (table.querySelector("tbody [rowspan]:not([rowspan='1'])")) {
      faults.push(`${name}: a cell spans rows, so a row's first cell is not its key`);
    }
    const keyRight = Math.max(...first.map((cell) => cell.getBoundingClientRect().right));
    if (keyRight - seen.left > 0.4 * (seen.right - seen.left) + 1) {
      faults.push(`${name}: its sticky column takes ${Math.round(keyRight - seen.left)} px`);
    }
    for (const row of table.tBodies[0]?.rows ?? []) {  // the last column, beside the key
      if (row.cells.length < 2) continue;
      const box = row.lastElementChild.getBoundingClientRect();
      if (box.right > seen.right + 1 || box.left < keyRight - 1) {
        const text = row.lastElementChild.textContent.trim().slice(0, 40);
        faults.push(`${name}: last column "${text}" hidden`);
        break;
      }
    }
    for (const cell of first) {
      const box = cell.getBoundingClientRect();
      const text = cell.textContent.trim();
      if (!inside(box, seen)) {
        faults.push(`${name}: first column "${text}" scrolled away`);
        break;
      }
      if (box.left > seen.left + 1) {  // scrolled cells would show in the gap
        faults.push(`${name}: a gap left of the first column "${text}"`);
        break;
      }
      const y = box.top + Math.min(box.height / 2, 8);
      if (y < clip.top || y > Math.min(clip.bottom, view.height)) continue;  // below: scroll down
      const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 8), y);
      if (!cell.contains(hit)) {
        faults.push(`${name}: first column "${text}" covered by ${hit?.tagName}`);
        break;
      }
      const colour = getComputedStyle(cell).backgroundColor;
      if (!/^rgb\\(/.test(colour)) {
        faults.push(`${name}: first column "${text}" not opaque (${colour})`);
        break;
      }
    }
    wrapper.scrollLeft = 0;
  });
  if (new Set(labels).size < labels.length) faults.push(`two regions named alike: ${labels}`);
  // A block of code that scrolls is focusable too (axe's scrollable-region-focusable).
  for (const block of document.querySelectorAll("article pre")) {
    const scrolls = block.scrollWidth > block.clientWidth + 1;
    if (scrolls !== (block.getAttribute("tabindex") === "0")) {
      faults.push(`code "${block.textContent.slice(0, 30)}": scrolls ${scrolls}, not focusable`);
    }
  }
  return { faults, tables: tables.length, scrolling };
}"""


def _context(browser: Any, site: Site, viewport: dict[str, int], scheme: str = "light") -> Any:
    phone = viewport["width"] < 800
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, color_scheme=scheme
    )
    context.on("request", lambda request: site.requests.append(request.url))
    return context


@pytest.fixture(scope="module")
def pages(browser: Any, site: Site) -> Iterator[dict[str, Any]]:
    """One phone page and one laptop page, reused by every test of the module."""
    contexts = {
        name: _context(browser, site, viewport)
        for name, viewport in (("phone", PHONE), ("laptop", LAPTOP))
    }
    yield {name: context.new_page() for name, context in contexts.items()}
    for context in contexts.values():
        context.close()


def _check(page: Any, lang: str) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(CHECK_TABLES, UNNAMED[lang])
    return result


@covering.settings(
    "lang,device",
    covering.every_one(["en", "fr"], ["phone", "laptop"]),
    covering.each_once(["en", "fr"], ["phone", "laptop"]),
)
def test_every_table_fits_or_scrolls_with_its_labels_in_view(
    site: Site, pages: dict[str, Any], device: str, lang: str
) -> None:
    page = pages[device]
    faults, tables, scrolling = [], 0, 0
    for name in PAGES:
        page.goto(site.page(f"{lang}/{name}.html"), wait_until="domcontentloaded")
        result = _check(page, lang)
        faults += [f"{name}: {fault}" for fault in result["faults"]]
        tables += result["tables"]
        scrolling += result["scrolling"]
    assert not faults, faults
    assert tables >= 140, tables  # every table of the site was seen
    # Phones scroll the wide tables (the armoury, the profiles); a laptop scrolls very few.
    assert (scrolling >= 30) if device == "phone" else (0 < scrolling <= 6), scrolling


@pytest.mark.parametrize(("lang", "name"), [("en", "armoury"), ("en", "odds"), ("fr", "equipment")])
def test_narrowest_and_widest_screens(
    site: Site, pages: dict[str, Any], lang: str, name: str
) -> None:
    """The same page, the window resized from 320 to 1920 px: the marks follow the width.  At
    320 px a long last cell (the French Grapeshot's rules) wraps narrower, to fit beside the
    sticky first column."""
    page = pages["laptop"]
    page.goto(site.page(f"{lang}/{name}.html"))
    scrolling = {}
    for width in (320, 1920, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(
            "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        result = _check(page, lang)
        assert not result["faults"], (width, result["faults"])
        scrolling[width] = result["scrolling"]
    page.set_viewport_size(LAPTOP)
    # The Grapeshot table scrolls only at 320 px; the armoury's and the odds' at 390 px too.
    wider = (
        scrolling[320] > scrolling[390] if name == "equipment" else scrolling[390] > scrolling[1920]
    )
    assert scrolling[320] >= scrolling[390] >= scrolling[1920] and wider, scrolling


def test_a_table_is_scrolled_with_the_keyboard(site: Site, pages: dict[str, Any]) -> None:
    page = pages["phone"]
    page.goto(site.page("fr/armoury.html#hand-weapons"))
    region = page.get_by_role("region", name="Armes de mêlée")
    assert region.count() == 1
    assert region.evaluate("(w) => w.classList.contains('table-wrapper')")
    page.locator("#hand-weapons h2 a.headerlink").focus()
    for _ in range(10):  # past the section's own links (its errata notes), to the table
        page.keyboard.press("Tab")
        if region.evaluate("(w) => document.activeElement === w"):
            break
    assert region.evaluate("(w) => document.activeElement === w && w.matches(':focus-visible')")
    ring = region.evaluate(
        "(w) => getComputedStyle(w).outlineStyle + ' ' + getComputedStyle(w).outlineWidth"
    )
    assert ring == "solid 2px", ring
    page.keyboard.press("ArrowRight")
    wait_until(page, "document.querySelector('#hand-weapons .table-wrapper').scrollLeft > 20")
    # The cue and the shadows follow: the left edge now hides columns.
    frame = page.locator("#hand-weapons .nq-table-frame")
    assert frame.evaluate(
        "(f) => f.classList.contains('nq-scrolls') && !f.classList.contains('nq-at-start')"
    )
    assert frame.get_attribute("data-nq-cue") == "Faire défiler"


@covering.settings(
    "lang,scheme",
    covering.every_one(["en", "fr"], ["light", "dark"]),
    covering.each_once(["en", "fr"], ["light", "dark"]),
)
def test_sticky_cells_are_opaque(site: Site, browser: Any, scheme: str, lang: str) -> None:
    """Scrolled sideways, nothing shows through the first column or the header row, light or
    dark; pictures of the armoury and the ranged combat tables on a phone (scrolled) and on a
    laptop are kept."""
    context = _context(browser, site, PHONE, scheme)
    page = context.new_page()
    for name, where in (("armoury", "#hand-weapons "), ("ranged-combat", "")):
        page.set_viewport_size(PHONE)
        page.goto(site.page(f"{lang}/{name}.html"))
        page.evaluate("document.documentElement.style.scrollBehavior = 'auto'")
        wrapper = page.locator(f"article {where}.table-wrapper.nq-scrolls").first
        wrapper.evaluate(
            "(w) => { scrollTo(0, w.getBoundingClientRect().top + scrollY - 70);"
            " w.scrollLeft = w.scrollWidth / 3; }"
        )
        cells = wrapper.evaluate(
            """(w) => [w.querySelector('thead th'), w.querySelector('tbody td')].map((c) => {
                 const box = c.getBoundingClientRect();
                 const hit = document.elementFromPoint(box.left + 4, box.top + 4);
                 return [getComputedStyle(c).backgroundColor, c.contains(hit)];
               })"""
        )
        body = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert cells[1][0] == body, (cells, body)  # the page's own colour, light or dark
        assert cells[0][0].startswith("rgb(") and cells[0][0] != body, cells  # the header's
        assert cells[0][1] and cells[1][1], "a scrolled cell covers the sticky ones"
        screenshot(page, f"phone-{lang}-{name}-table-scrolled-{scheme}")
        page.set_viewport_size(LAPTOP)
        page.evaluate("scrollTo(0, 0)")
        wrapper = page.locator(f"article {where}.table-wrapper").first
        wrapper.evaluate("(w) => scrollTo(0, w.getBoundingClientRect().top + scrollY - 70)")
        screenshot(page, f"laptop-{lang}-{name}-table-{scheme}")
    context.close()


#: A long table read down on a phone: the page scrolled so that the reader's line (under the
#: site's sticky header) is at a fraction of the table's rows, then a frame or two for nq.js.
#: Where its header row is then, what is on top of it, and where the last row is.
FOLLOW = """async ([where, fraction]) => {
  const wrapper = document.querySelector(`article ${where} .table-wrapper.nq-scrolls`);
  const bar = document.querySelector(".mobile-header").getBoundingClientRect().bottom;
  const body = wrapper.querySelector(":scope > table > tbody").getBoundingClientRect();
  scrollTo({ top: scrollY + body.top + body.height * fraction - bar, behavior: "instant" });
  for (let i = 0; i < 3; i += 1) await new Promise((done) => requestAnimationFrame(done));
  const cells = [...wrapper.querySelectorAll("thead th")];
  const head = cells[0].getBoundingClientRect();
  const last = wrapper.querySelector("tbody > tr:last-child").getBoundingClientRect();
  const onTop = cells.filter((cell) => {
    const box = cell.getBoundingClientRect();
    if (box.right > innerWidth || box.left < 0) return true; // scrolled sideways out of view
    return cell.contains(document.elementFromPoint(box.left + box.width / 2, box.top + 4));
  });
  return { bar, top: head.top, bottom: head.bottom, onTop: onTop.length, cells: cells.length,
           lastTop: last.top, boxed: wrapper.scrollHeight > wrapper.clientHeight + 1 };
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_tables_header_row_follows_the_reader(
    site: Site, pages: dict[str, Any], lang: str
) -> None:
    """The hand weapons, longer than a phone's screen, flow with the page (no box of their own to
    scroll up and down), and so does the widest table of the odds on a turned phone; read down,
    their header row stays under the site's header, on top of the rows, and stops above the
    last row.  On a laptop the box is still 75 % of the window high, its header row sticky at
    its top."""
    page = pages["phone"]
    page.goto(site.page(f"{lang}/armoury.html"), wait_until="domcontentloaded")
    before = page.evaluate(FOLLOW, ["#hand-weapons", -0.5])
    assert not before["boxed"] and before["top"] > before["bar"] + 20, before  # where it stands
    for fraction in (0.25, 0.5, 0.75):
        seen = page.evaluate(FOLLOW, ["#hand-weapons", fraction])
        assert not seen["boxed"] and abs(seen["top"] - seen["bar"]) < 1.5, (fraction, seen)
        assert seen["onTop"] == seen["cells"], (fraction, seen)
    end = page.evaluate(FOLLOW, ["#hand-weapons", 0.995])
    assert end["bottom"] <= end["lastTop"] + 1.5 and end["top"] < end["bar"], end
    page.set_viewport_size({"width": PHONE["height"], "height": PHONE["width"]})  # turned
    page.goto(site.page(f"{lang}/odds.html"), wait_until="domcontentloaded")  # its widest table
    turned = page.evaluate(FOLLOW, ["#odds-sample-profiles-against-each-other", 0.5])
    page.set_viewport_size(PHONE)
    assert not turned["boxed"] and abs(turned["top"] - turned["bar"]) < 1.5, turned
    laptop = pages["laptop"]
    laptop.goto(site.page(f"{lang}/odds.html"), wait_until="domcontentloaded")
    boxes = laptop.evaluate(
        "[...document.querySelectorAll('article .table-wrapper.nq-scrolls')]"
        ".map((w) => getComputedStyle(w).maxHeight)"
    )
    assert boxes and set(boxes) == {f"{0.75 * LAPTOP['height']:g}px"}, boxes


#: Printed: what must not be on paper, and how tables and cards are laid out.
PRINT_LAYOUT = """() => {
  const hidden = [".skip-to-content", ".mobile-header", ".sidebar-drawer", ".toc-drawer",
    ".theme-toggle-container", ".back-to-top", ".sidebar-search-container", ".nq-lang-link",
    ".nq-site-links", ".related-pages", ".content-icon-container"];
  const shown = hidden.filter((s) => [...document.querySelectorAll(s)]
    .some((e) => getComputedStyle(e).display !== "none"));
  const width = document.documentElement.clientWidth;
  const tables = [...document.querySelectorAll("article table")].map((t) => {
    const w = t.closest(".table-wrapper");
    return { right: t.getBoundingClientRect().right, overflow: getComputedStyle(w).overflowX,
             cut: w.scrollWidth > w.clientWidth + 1,
             head: getComputedStyle(t.tHead).display };
  });
  const cards = [...document.querySelectorAll(".sd-card.nq-card")]
    .map((c) => getComputedStyle(c).breakInside);
  return { shown, width, tables, cards, pageWidth: document.documentElement.scrollWidth };
}"""


def _pdf_text(page: Any, path: Path) -> str:
    page.pdf(
        path=str(path),
        format="A4",
        margin={side: "12mm" for side in ("top", "bottom", "left", "right")},
    )
    pdftotext = shutil.which("pdftotext")
    assert pdftotext, "pdftotext (poppler-utils) is needed: ./dev test installs it"
    return subprocess.run(
        [pdftotext, "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


@pytest.mark.parametrize("name", ["cards-counters-templates", "odds", "profile-creation-summary"])
def test_printed_page(site: Site, browser: Any, name: str) -> None:
    """On A4 (about 700 CSS px inside the margins): rules only, whole tables, whole cards."""
    context = _context(browser, site, {"width": 700, "height": 1000}, "dark")
    page = context.new_page()
    page.goto(site.page(f"en/{name}.html"))
    page.emulate_media(media="print")
    layout = page.evaluate(PRINT_LAYOUT)
    assert not layout["shown"], layout["shown"]
    assert layout["pageWidth"] <= layout["width"], layout["pageWidth"]
    assert layout["tables"], "the page has tables"
    for table in layout["tables"]:
        assert table["right"] <= layout["width"] and not table["cut"], table
        assert table["overflow"] == "visible" and table["head"] == "table-header-group", table
    if name == "cards-counters-templates":
        assert len(layout["cards"]) >= 45 and set(layout["cards"]) == {"avoid"}, layout["cards"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    text = _pdf_text(page, SCREENSHOTS / f"print-en-{name}.pdf")
    context.close()
    assert "Skip to content" not in text and "Download the site" not in text
    assert "Français" not in text  # the language switch
    if name == "odds":  # the widest table, to its last column and its last row
        assert "Wight" in text and "Predator" in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_profiles_details_put_label_and_value_on_one_line(
    site: Site, pages: dict[str, Any], lang: str
) -> None:
    """Weapons, armour, special rules, structure: each label beside its value on a phone (a
    stat block's layout), not above it, where one profile took a whole screen."""
    page = pages["phone"]
    page.goto(site.page(f"{lang}/sample-profiles.html"), wait_until="domcontentloaded")
    rows = page.evaluate(
        """() => [...document.querySelectorAll("dl.nq-table-details > dt")].map((dt) => {
          const dd = dt.nextElementSibling.getBoundingClientRect();
          const label = dt.getBoundingClientRect();
          return [Math.abs(dd.top - label.top), dd.left - label.right];
        })"""
    )
    assert len(rows) >= 40, len(rows)  # every sample profile's four lines
    assert all(abs(top) < 6 and beside >= 0 for top, beside in rows), rows[:5]
