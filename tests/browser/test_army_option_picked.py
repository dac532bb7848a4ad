"""An option picked in an army entry's list and not yet added stays picked when the entry is drawn
again meanwhile (the engine's answer to the player's previous edit): player round 41 picked the
Spear, the answer to the Models field redrew the entry, its list was back at its first item, and
Add added a Dagger/Knife, the army's points and file wrong without a word."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_table_state import _add_unit, _open

PICKER = "#nq-army-unit-0-options"


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_an_option_picked_survives_the_answer_to_the_edit_before(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _add_unit(page, "dwarf")
    first = page.evaluate(f"document.querySelector('{PICKER}').options[0].value")
    assert first != "weapons:spear"
    page.evaluate(f"document.querySelector('{PICKER}').dataset.before = '1'")
    page.locator("#nq-army-unit-0-models").fill("12")
    page.select_option(PICKER, "weapons:spear")  # picked before the Models field's answer
    page.locator("#nq-army-unit-0-models").dispatch_event("change")
    page.evaluate("window.nqAtTable.army.idle()")
    # the entry was drawn again (a new list), and the pick is still there
    wait_until(page, f"!document.querySelector('{PICKER}').dataset.before")
    assert page.input_value(PICKER) == "weapons:spear"
    page.locator(f"{PICKER}-add").click()
    page.evaluate("window.nqAtTable.army.idle()")
    unit = page.evaluate("window.nqAtTable.army.state.data.unit[0]")
    assert unit["models"] == 12
    assert unit["options"] == {"weapons": ["spear"]}, unit
    assert not watched.errors, watched.errors
    page.context.close()


def test_a_pick_is_not_carried_to_another_entry(browser: Any, site: Site) -> None:
    """The entry below a removed one takes its place (and its list's id): it does not take the
    option picked in the removed entry's list."""
    watched = _open(browser, site, "1366", "en")
    page = watched.page
    _add_unit(page, "dwarf")
    _add_unit(page, "orc-bruiser")
    page.select_option(PICKER, "weapons:spear")
    page.locator("#nq-army-unit-0 button", has_text="Remove").first.click()
    wait_until(page, "window.nqAtTable.army.state.data.unit.length === 1")
    page.evaluate("window.nqAtTable.army.idle()")
    assert page.evaluate(f"document.querySelector('{PICKER}').selectedIndex") == 0
    assert not watched.errors, watched.errors
    page.context.close()
