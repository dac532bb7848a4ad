"""The language switch from a calculator being filled, in Chromium at 390 and 1366 px, both ways:
the other page opens at that calculator's field (its own address, not the section the window
happened to show), with the focus back in it and the caret after what was typed.  The player's
review pressed the switch while the page was still scrolling to the field Wounding was being
filled in (the focus there, the field above the window): the other page opened at "A Whole
Attack", the focus lost."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SETTLED, Site, screenshot
from tests.browser.test_at_table_state import HEADER_BOTTOM, OTHER, _open, _switch

#: The field's place in the window, the focus and the caret.
PLACE = """(id) => { const field = document.getElementById(id);
  const box = field.getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, screen: window.innerHeight,
           focus: document.activeElement.id, caret: field.selectionStart,
           end: field.value.length, value: field.value }; }"""


def _fill(page: Any, values: dict[str, str]) -> None:
    for ident, value in values.items():
        page.locator(f"#{ident}").fill(value)


def _focused_away(page: Any, ident: str) -> None:
    """The focus in the field, the window scrolled off it (the page still scrolling there)."""
    page.evaluate(
        """(id) => { const field = document.getElementById(id);
        field.focus({ preventScroll: true });
        field.setSelectionRange(0, 0);
        window.scrollTo({ top: 0, behavior: 'instant' }); }""",
        ident,
    )
    page.evaluate(SETTLED)


def _landed_in(page: Any, ident: str) -> None:
    page.wait_for_timeout(3500)  # the page may still be drawing answers: the place is kept
    page.evaluate(SETTLED)
    assert page.url.endswith(f"#{ident}"), page.url
    seen = page.evaluate(PLACE, ident)
    header = page.evaluate(HEADER_BOTTOM)
    assert header - 1 <= seen["top"] and seen["bottom"] <= seen["screen"], (ident, seen, header)
    assert seen["focus"] == ident, seen
    assert seen["caret"] == seen["end"] > 0, seen


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_the_switch_puts_the_focus_back_in_the_calculator_s_field(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _fill(page, {"nq-wound-strength": "7", "nq-wound-toughness": "3"})
    _focused_away(page, "nq-wound-toughness")
    _switch(page, lang)
    _landed_in(page, "nq-wound-toughness")
    assert page.locator("#nq-wound-strength").input_value() == "7"
    screenshot(page, f"place-wound-{screen}-{OTHER[lang]}")
    # Back, from the field in view: the same field, the focus in it.
    page.locator("#nq-wound-strength").fill("10")
    page.evaluate(SETTLED)
    _switch(page, OTHER[lang])
    _landed_in(page, "nq-wound-strength")
    assert page.locator("#nq-wound-toughness").input_value() == "3"
    screenshot(page, f"place-wound-{screen}-{lang}")
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("fr", "390"), ("en", "1366")])
def test_the_switch_after_scrolling_away_by_hand_lands_where_the_player_reads(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """A field filled, still focused, then the page scrolled by hand (a finger, a wheel) on to
    another calculator: the other page opens at that calculator's section, where the player
    reads, not back at the field (player round eleven: the armour field, from "A Whole
    Attack"); what was typed comes across."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _fill(page, {"nq-save-armour": "6"})
    page.locator("#nq-save-armour").focus()
    page.evaluate(SETTLED)
    target = "calc-command-test"
    for _ in range(60):  # by the wheel, as a hand scrolls, until the section is near the top
        top = page.evaluate(f"document.getElementById('{target}').getBoundingClientRect().top")
        if top < 140:  # above the line that says which section is read (a quarter down)
            break
        page.mouse.move(200, 400)
        page.mouse.wheel(0, min(400, top - 100))
        page.wait_for_timeout(50)
    assert page.evaluate("document.activeElement.id") == "nq-save-armour"
    _switch(page, lang)
    page.evaluate(SETTLED)
    assert page.url.endswith(f"#{target}"), page.url
    assert page.locator("#nq-save-armour").input_value() == "6"
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("en", "390"), ("fr", "1366")])
def test_the_switch_after_scrolling_away_without_a_wheel_lands_where_the_player_reads(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """The same, scrolled by what sends neither a finger's nor a wheel's event (the scroll bar
    dragged, a key, a phone's fling as a test drives it): the switch went back to the field
    7,300 px above the calculator read (player round nineteen)."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _fill(page, {"nq-cast-level": "3"})
    page.locator("#nq-cast-level").focus()
    page.evaluate(SETTLED)
    page.wait_for_timeout(1200)  # past the scroll that shows the field focused
    target = "calc-whole-attack"
    page.evaluate(
        f"""() => {{ const top = document.getElementById('{target}').getBoundingClientRect().top;
        window.scrollBy({{ top: top - 100, behavior: 'instant' }}); }}"""
    )
    page.evaluate(SETTLED)
    assert page.evaluate("document.activeElement.id") == "nq-cast-level"
    _switch(page, lang)
    page.evaluate(SETTLED)
    assert page.url.endswith(f"#{target}"), page.url
    assert page.locator("#nq-cast-level").input_value() == "3"
    assert not watched.errors, watched.errors
    page.context.close()
