""" "Print the card" (the profile builder) and "Print the roster" (the army builder) each ask the
browser to print once per press, in Chromium, by mouse and by keyboard (Enter, Space), both
languages: a second call would open a second print dialog once the first is closed.
``window.print`` is replaced by a counter, as a player's review counted it.  The review's 2 for
the roster was its own counter's: ``page.evaluate("window.print = () => ...")`` evaluates to the
new function, which Playwright then calls, once before any press."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SETTLED, Site
from tests.browser.test_at_table_state import _add_unit, _open

#: ``window.print`` counted, and the print's end said as a browser says it (afterprint).
COUNTED = """() => { window.nqPrinted = 0; window.print = () => {
  window.nqPrinted += 1; window.dispatchEvent(new Event('afterprint')); }; }"""


def _presses(page: Any, button: str) -> list[int]:
    """The print calls of one click of ``button``, then of one Enter and one Space on it."""
    counts = []
    page.locator(f"#{button}").click()
    page.evaluate(SETTLED)
    counts.append(page.evaluate("window.nqPrinted"))
    for key in ("Enter", " "):
        page.evaluate(COUNTED)
        page.locator(f"#{button}").focus()
        page.keyboard.press(key)
        page.evaluate(SETTLED)
        counts.append(page.evaluate("window.nqPrinted"))
    return counts


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_each_print_button_prints_once_a_press(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    _add_unit(page, "dwarf")
    page.evaluate(COUNTED)
    assert _presses(page, "nq-builder-print") == [1, 1, 1]
    page.evaluate(COUNTED)
    assert _presses(page, "nq-army-print") == [1, 1, 1]
    assert not watched.errors, watched.errors
    page.context.close()
