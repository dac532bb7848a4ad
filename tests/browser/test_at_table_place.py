"""The language switch keeps the player's place in the companion, in Chromium at 390 and
1366 px, both ways: with the Armour Save's fields being filled (its heading lower on the screen
than the top quarter, the section above still at the top), the other page opens with the same
field at the same height, not at "Ranged Attack To Hit"; with an army entry's Models field being
edited, at that field, still there once the engine has drawn the builders (they grow above it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SETTLED, Site, screenshot
from tests.browser.test_at_table_state import (
    HEADER_BOTTOM,
    OTHER,
    _add_unit,
    _open,
    _switch,
)

#: Where a field is in the window: its top, and the window's height.
TOP = "(id) => document.getElementById(id).getBoundingClientRect().top"
#: The player's place each screen: the field's top this far below the header (the heading of
#: Armour Save at 275 px on the phone, 489 px on the desktop, in the player's review).
BELOW = {"390": 260, "1366": 420}


def _bring(page: Any, ident: str, below: int) -> float:
    """The player scrolls until the field is ``below`` px under the header and works in it.
    First the page is let to stop: filling a field scrolls it into view, smoothly (Furo's
    ``scroll-behavior``), and a smooth scroll still running ends after the player's, far from it
    (the French desktop case, field 877 px above the window, on a loaded machine)."""
    page.evaluate(SETTLED)
    page.evaluate(
        f"""(id) => {{ const top = document.getElementById(id).getBoundingClientRect().top;
        window.scrollBy({{ top: top - {HEADER_BOTTOM} - {below}, behavior: 'instant' }}); }}""",
        ident,
    )
    page.evaluate(SETTLED)
    page.locator(f"#{ident}").focus()
    page.evaluate(SETTLED)
    top: float = page.evaluate(TOP, ident)
    return top


def _landed(page: Any, ident: str, before: float) -> None:
    page.wait_for_timeout(3500)  # the page may still be drawing answers: the place is kept
    page.evaluate(SETTLED)
    after = page.evaluate(TOP, ident)
    assert abs(after - before) <= 24, (ident, before, after)


@pytest.mark.parametrize(("lang", "screen"), [("en", "390"), ("fr", "1366")])
def test_the_switch_lands_on_the_calculator_being_filled(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    for ident, value in (("nq-save-armour", "4"), ("nq-save-strength", "7")):
        page.locator(f"#{ident}").fill(value)
    before = _bring(page, "nq-save-strength", BELOW[screen])
    _switch(page, lang)
    assert page.url.endswith("#nq-save-strength"), page.url
    _landed(page, "nq-save-strength", before)
    screenshot(page, f"place-save-{screen}-{OTHER[lang]}")
    before = _bring(page, "nq-save-armour", BELOW[screen])
    _switch(page, OTHER[lang])
    _landed(page, "nq-save-armour", before)
    assert page.locator("#nq-save-strength").input_value() == "7"
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_the_switch_lands_on_the_army_entry_being_edited(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _add_unit(page, "dwarf")
    last = page.evaluate("window.nqAtTable.army.state.data.unit.length - 1")
    ident = f"nq-army-unit-{last}-models"
    before = _bring(page, ident, BELOW[screen])
    _switch(page, lang)
    _landed(page, ident, before)
    screenshot(page, f"place-army-{screen}-{OTHER[lang]}")
    before = _bring(page, ident, BELOW[screen] // 2)
    _switch(page, OTHER[lang])
    _landed(page, ident, before)
    assert not watched.errors, watched.errors
    page.context.close()
