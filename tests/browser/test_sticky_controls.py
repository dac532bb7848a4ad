"""What stays in view while a reader scrolls never covers a line of text: the language and theme
switches and Furo's "Back to top" button (nqsphinx/site/templates/page.html,
nqsphinx/site/static/nq.css).

On a desktop they sit in a strip as wide as the article at the top of the window, and on a phone
in the sticky header: a line of text goes under them whole, never half covered by a control
floating over the article (the end of the first line in view: a field's label on the At the
table page).

The check, at each place of a sweep down the page (scrolled up a little, so that "Back to top"
shows): for every line of the article's text that lies under a control, is the article itself
in view anywhere else in that line's row?  Then the control floats over text that the reader
is reading, and the line is reported.  Hit testing (``elementFromPoint``) says what is on top.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Site, _recorded

WIDTHS = {
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "1366": {"viewport": {"width": 1366, "height": 768}},
}
#: The pages swept: the calculators' labels and fields (where the overlap was seen), and prose.
PAGES = ("en/at-the-table.html", "fr/at-the-table.html", "fr/magic.html")
#: What stays in view: the switches above the article (desktop) or in the header (phone), and
#: the "Back to top" button.
CONTROLS = ".back-to-top, .content-icon-container, .mobile-header .header-right"
#: The sweep: from this far down, in these steps, to this far (or the end of the page).
SWEEP = range(240, 3600, 120)

#: Lines of the article under a control whose row shows the article beside it; and how many
#: lines went under a control at all (the sweep looked at something).
COVERED = """(selector) => {
  const article = document.querySelector("article[role=main]");
  const area = article.getBoundingClientRect();
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const controls = [...document.querySelectorAll(selector)].filter(shown);
  const lines = [];
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); ) {
    if (!node.textContent.trim() || !shown(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width >= 1 && r.height >= 1 && r.bottom > 0 && r.top < innerHeight) {
        lines.push([r, node.textContent.trim().slice(0, 40)]);
      }
    }
  }
  const inArticle = (x, y) => article.contains(document.elementFromPoint(x, y));
  const covered = [];
  let under = 0;
  for (const control of controls) {
    const c = control.getBoundingClientRect();
    for (const [r, text] of lines) {
      const top = Math.max(r.top, c.top), bottom = Math.min(r.bottom, c.bottom);
      if (bottom - top < 1 || Math.min(r.right, c.right) - Math.max(r.left, c.left) < 1) continue;
      under += 1;
      const y = (top + bottom) / 2;
      let beside = false;
      for (let x = area.left + 2; x < area.right - 1 && !beside; x += 8) {
        beside = (x < c.left || x > c.right) && inArticle(x, y);
      }
      if (beside) covered.push(`${control.className} covers «${text}» at y ${Math.round(y)}`);
    }
  }
  return { covered, under, controls: controls.map((c) => c.className) };
}"""


#: Scrolls to a place from a little further down (Furo shows "Back to top" when the reader
#: scrolls up), once Furo's scroll handler (a frame later) has run.
SCROLL_UP_TO = """async (y) => {
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  window.scrollTo(0, y + 120);
  await frames();
  window.scrollTo(0, y);
  await frames();
}"""


def _sweep(page: Any) -> tuple[list[str], int, set[str]]:
    """Covered lines, lines under controls and the controls seen, over the sweep."""
    covered: list[str] = []
    under, seen = 0, set()
    end = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    for y in SWEEP:
        if y > end:
            break
        page.evaluate(SCROLL_UP_TO, y)
        found = page.evaluate(COVERED, CONTROLS)
        covered += [f"scrolled to {y}: {line}" for line in found["covered"]]
        under += found["under"]
        seen.update(found["controls"])
    return covered, under, seen


@pytest.fixture(params=sorted(WIDTHS))
def reader(request: pytest.FixtureRequest, browser: Any, site: Site) -> Any:
    context = _recorded(site, browser.new_context(**WIDTHS[request.param], reduced_motion="reduce"))
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_no_control_that_stays_in_view_covers_text(site: Site, reader: Any, path: str) -> None:
    reader.goto(site.page(path))
    covered, under, seen = _sweep(reader)
    assert not covered, f"{path} at {reader.viewport_size['width']} px:\n  " + "\n  ".join(
        covered[:10]
    )
    assert under > 20, "the sweep brought no text under the controls"
    assert any("back-to-top" in name for name in seen), seen  # shown while scrolling up
    assert any("back-to-top" not in name for name in seen), seen  # the switches


def test_the_check_finds_a_box_that_floats_over_the_text(site: Site, browser: Any) -> None:
    """The switches shrunk to a box at the strip's right, as they were: text shows beside them."""
    context = _recorded(site, browser.new_context(**WIDTHS["1366"], reduced_motion="reduce"))
    page = context.new_page()
    page.goto(site.page("en/at-the-table.html"))
    page.evaluate("""() => {
      const bar = document.querySelector(".nq-top-bar");
      bar.style.width = "fit-content";
      bar.style.marginLeft = "auto";
    }""")
    covered, _, _ = _sweep(page)
    context.close()
    assert any("covers" in line for line in covered), "the floating box was not found"
