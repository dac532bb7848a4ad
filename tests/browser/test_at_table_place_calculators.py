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


#: How the player scrolls away, from which field (and what is typed there) to which section.
SCROLLED_AWAY = {
    "wheel": ("nq-save-armour", "6", "calc-command-test"),
    "bar": ("nq-cast-level", "3", "calc-whole-attack"),
}


def _scrolled_away(page: Any, how: str, target: str) -> None:
    """By the wheel, as a hand scrolls, until the section is near the top; or by what sends
    neither a finger's nor a wheel's event (the scroll bar dragged, a key), once past the
    scroll that shows the field focused."""
    if how == "bar":
        page.wait_for_timeout(1200)
        page.evaluate(
            f"""() => {{ const top = document.getElementById('{target}').getBoundingClientRect()
            .top; window.scrollBy({{ top: top - 100, behavior: 'instant' }}); }}"""
        )
        return
    for _ in range(60):
        top = page.evaluate(f"document.getElementById('{target}').getBoundingClientRect().top")
        if top < 140:  # above the line that says which section is read (a quarter down)
            return
        page.mouse.move(200, 400)
        page.mouse.wheel(0, min(400, top - 100))
        page.wait_for_timeout(50)


@pytest.mark.parametrize(
    ("lang", "screen", "how"),
    [("fr", "390", "wheel"), ("en", "1366", "wheel"), ("en", "390", "bar"), ("fr", "1366", "bar")],
)
def test_the_switch_after_scrolling_away_lands_where_the_player_reads(
    browser: Any, site: Site, lang: str, screen: str, how: str
) -> None:
    """A field filled, still focused, then the page scrolled on to another calculator: the
    other page opens at that calculator's section, where the player reads, not back at the
    field (player round eleven: the armour field, from "A Whole Attack"; round nineteen, by the
    scroll bar: the casting field, 7,300 px above); what was typed comes across."""
    field, typed, target = SCROLLED_AWAY[how]
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _fill(page, {field: typed})
    page.locator(f"#{field}").focus()
    page.evaluate(SETTLED)
    _scrolled_away(page, how, target)
    page.evaluate(SETTLED)
    assert page.evaluate("document.activeElement.id") == field
    _switch(page, lang)
    page.evaluate(SETTLED)
    assert page.url.endswith(f"#{target}"), page.url
    assert page.locator(f"#{field}").input_value() == typed
    assert not watched.errors, watched.errors
    page.context.close()
