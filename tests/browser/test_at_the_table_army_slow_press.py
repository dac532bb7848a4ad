"""A press held on an entry's button just after the army's name was typed: the press leaves the
name field, whose name the army already has (sent as the typing paused), so nothing is asked and
the entries are not drawn anew under the held button; its release removes the entry. The same
name asked again drew the entries anew under the press, and its click was lost."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Site, held_press, leave_with, wait_until
from tests.browser.test_at_table_state import _add_unit
from tests.browser.test_at_the_table_army import _answered, _phone


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
    remove = page.locator("#nq-army-unit-1 > button").last
    assert held_press(page, remove, "window.nqAtTable.army.idle()", "#nq-army-entries") == 0
    _answered(page, "data.unit.length === 1")
    assert page.evaluate("window.nqAtTable.army.state.data.name") == "The Ford Watch"
    assert not watched.errors, watched.errors
    context.close()


def test_a_value_put_back_while_the_change_is_answered_is_kept(browser: Any, site: Site) -> None:
    """The army's points, 1,000, made 10000 and put back to 1000 before the engine answers the
    10000: the army ends at 1,000 (a value left as the army had it asks nothing only when nothing
    is still being answered)."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    _add_unit(page, "dwarf")
    points = page.evaluate("window.nqAtTable.army.state.data.points")
    leave_with(page, "nq-army-points", str(points * 10), str(points))
    page.evaluate("window.nqAtTable.army.idle()")
    assert page.evaluate("window.nqAtTable.army.state.data.points") == points
    assert page.input_value("#nq-army-points") == str(points)
    assert not watched.errors, watched.errors
    context.close()
