"""A player reads a worked example in a real browser: the engine's check is folded away under
the prose, opens and closes with the keyboard, reads well in light and dark mode, and the search
page never quotes its code."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PHONE, Site, screenshot, wait_until

#: Colours of a box read in the browser, as #rrggbb, with the page's own background.
COLOURS = """(box) => {
  const rgb = (c) => '#' + c.match(/\\d+/g).slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0')).join('');
  const colour = (selector) => rgb(getComputedStyle(box.querySelector(selector)).color);
  return {body: rgb(getComputedStyle(document.body).backgroundColor),
          summary: colour('summary'), checked: colour('.nq-example-checked'),
          mark: colour('.nq-check-mark')};
}"""
#: WCAG AA for text (the summary and the checked line are small text).
TEXT_CONTRAST = 4.5


@pytest.mark.parametrize(
    "lang,summary,checked",
    [
        ("en", "Check with the engine", "✓ Checked with the rules engine: 7 or less"),
        ("fr", "Vérifier avec le moteur", "✓ Vérifié avec le moteur de règles\u00a0: 7 ou moins"),
    ],
)
def test_the_code_is_folded_and_opens_with_the_keyboard(
    site: Site, desktop: Any, lang: str, summary: str, checked: str
) -> None:
    page = desktop
    page.goto(site.page(f"{lang}/magic.html#casting-a-spell"))
    box = page.locator("#casting-a-spell div.nq-example").first
    details = box.locator("details.nq-example-check")
    code = details.locator("pre")
    line = details.locator("p.nq-example-checked")  # the check is folded with the code
    assert details.get_attribute("open") is None and not code.is_visible()
    assert not line.is_visible()
    toggle = details.locator("summary")
    assert toggle.inner_text() == summary
    toggle.focus()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    assert details.get_attribute("open") is not None and code.is_visible()
    assert line.inner_text() == checked
    assert "casting_target(spell_level=5, wizardry_level=2)" in code.inner_text()
    screenshot(page, f"desktop-{lang}-magic-example-open")
    page.keyboard.press("Space")
    assert details.get_attribute("open") is None and not code.is_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_checked_line_and_the_fold_read_well_in_both_modes(
    site: Site, browser: Any, scheme: str
) -> None:
    from nqsphinx.site.style import MIN_CONTRAST, contrast

    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme
    )
    context.on("request", lambda r: site.requests.append(r.url))
    page = context.new_page()
    page.goto(site.page("fr/magic.html#casting-a-spell"))
    box = page.locator("#casting-a-spell div.nq-example").first
    colours = box.evaluate(COLOURS)
    assert (colours["body"] == "#131416") == (scheme == "dark"), colours["body"]
    for part in ("summary", "checked"):
        assert contrast(colours[part], colours["body"]) >= TEXT_CONTRAST, (scheme, part, colours)
    assert contrast(colours["mark"], colours["body"]) >= MIN_CONTRAST, (scheme, colours)
    width = box.evaluate("(b) => b.getBoundingClientRect().right")
    assert width <= PHONE["width"], "the box runs off a phone's screen"
    box.scroll_into_view_if_needed()
    screenshot(page, f"phone-fr-magic-example-{scheme}")
    context.close()


#: A snippet quotes the word looked for.
SNIPPETS_SHOWN = """[...document.querySelectorAll("#search-results p.context")]
  .some((p) => p.innerText.includes("Shaman"))"""


def test_search_snippets_never_quote_the_code(site: Site, desktop: Any) -> None:
    page = desktop
    page.goto(site.page("en/search.html?q=shaman"))
    wait_until(page, SNIPPETS_SHOWN)
    snippets = page.locator("#search-results p.context").all_inner_texts()
    assert any("Shaman" in s for s in snippets), snippets
    assert not [s for s in snippets if ">>>" in s or "nqcore" in s]
    # The texts the snippets are cut from (the header's index): the examples' prose, no code.
    index = (site.root / "en" / "_static" / "nq-search-index.js").read_text(encoding="utf-8")
    assert "Shaman" in index
    assert ">>>" not in index and "casting_target" not in index
