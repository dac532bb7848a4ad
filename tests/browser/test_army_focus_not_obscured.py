"""On a phone with a keyboard, Shift+Tab up the army builder's entries never leaves the focused
control under the pinned summary once the page's smooth scroll to it has ended (WCAG 2.4.11,
Focus Not Obscured; player round 39 saw 4 of 60 stops under it 60 ms after each key, while the
scroll to them still ran: at rest, with the entries' scroll-margin-top, none is)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import SETTLED, Site
from tests.browser.test_at_table_state import _add_unit, _open

#: Where the focused control is, and the summary pinned at the top of the screen.
PLACES = """() => {
  const focused = document.activeElement;
  const box = focused.getBoundingClientRect();
  const pinned = document.getElementById('nq-army-summary').getBoundingClientRect();
  return { id: focused.id || focused.textContent.trim().slice(0, 30),
           inside: !!focused.closest('#nq-army-entries'),
           top: box.top, bottom: box.bottom, pinnedTop: pinned.top, pinnedBottom: pinned.bottom };
}"""


def test_shift_tab_up_the_entries_keeps_each_control_in_sight(browser: Any, site: Site) -> None:
    watched = _open(browser, site, "390", "en")
    page = watched.page
    for profile in ("dwarf", "orc-bruiser", "dwarf", "orc-bruiser"):
        _add_unit(page, profile)
    last = page.locator("#nq-army-entries input, #nq-army-entries select").last
    last.focus()
    hidden, stops = [], 0
    for _ in range(150):
        page.keyboard.press("Shift+Tab")
        page.evaluate(SETTLED)  # the scroll to the control, if any, is done
        page.wait_for_timeout(50)
        place = page.evaluate(PLACES)
        if not place["inside"]:
            break
        stops += 1
        if place["top"] < place["pinnedBottom"] - 1 and place["bottom"] > place["pinnedTop"]:
            hidden.append(place)
    assert stops > 20, stops
    assert not hidden, hidden
    assert not watched.errors, watched.errors
    page.context.close()
