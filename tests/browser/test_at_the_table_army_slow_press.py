"""A press held on an entry's button just after the army's name was typed: the press leaves the
name field, whose name the army already has (sent as the typing paused), so nothing is asked and
the entries are not drawn anew under the held button; its release removes the entry. The same
name asked again drew the entries anew under the press, and its click was lost."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Site, held_press, wait_until
from tests.browser.test_at_table_state import _add_unit
from tests.browser.test_at_the_table_army import _answered, _phone
from tests.browser.test_at_the_table_army_outdated import COUNT_DRAWS


def test_a_slow_press_on_remove_just_after_naming_the_army_removes(
    browser: Any, site: Site
) -> None:
    context, watched = _phone(browser, site, "en")
    page = watched.page
    _add_unit(page, "dwarf")
    _add_unit(page, "dwarf")
    page.locator("#nq-army-name").fill("")
    page.locator("#nq-army-name").type("The Ford Watch")
    wait_until(page, "window.nqAtTable.army.state.data.name === 'The Ford Watch'")
    page.evaluate("window.nqAtTable.army.idle()")
    page.evaluate(COUNT_DRAWS)
    remove = page.locator("#nq-army-unit-1 > button").last
    assert held_press(page, remove, "window.nqAtTable.army.idle()") == 0
    _answered(page, "data.unit.length === 1")
    assert page.evaluate("window.nqAtTable.army.state.data.name") == "The Ford Watch"
    assert not watched.errors, watched.errors
    context.close()
