"""The book's knight in the profile builder: heavy armour (AR4), a shield and a barded warhorse
are AR6, the barding priced +3 as Barding Cost / Armoured Mount says; the builder had no field
for a mount's barding or natural armour (player round 40). Both boxes, ticked by a tap, reach the
engine and its summary; unticked, they come off."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web import build
from nqcore.army.points import armoured_mount_cost, barding_cost
from tests.browser.conftest import Site
from tests.browser.test_at_table_state import _open


@pytest.mark.parametrize(("lang", "bonus"), [("en", "barding"), ("fr", "armoured_mount")])
def test_a_mount_s_armour_is_ticked_priced_and_taken_off(
    browser: Any, site: Site, lang: str, bonus: str
) -> None:
    watched = _open(browser, site, "390", lang)
    page = watched.page
    page.locator("#nq-builder-start").select_option("basic-warrior")
    page.evaluate("window.nqAtTable.builder.idle()")
    start = build({"start": "basic-warrior"}, lang)
    box = page.locator(f"#nq-builder-{bonus}")
    assert box.is_visible() and not box.is_checked()
    box.tap()
    page.evaluate("window.nqAtTable.builder.idle()")
    ticked = build({"toml": start["toml"], "set": {bonus: True}}, lang)
    assert page.locator("#nq-builder-summary").inner_text() == ticked["summary"]
    cost = {"barding": barding_cost, "armoured_mount": armoured_mount_cost}[bonus]()
    assert ticked["points"]["json"]["points"] == start["points"]["json"]["points"] + cost
    assert box.is_checked()
    box.tap()
    page.evaluate("window.nqAtTable.builder.idle()")
    assert page.locator("#nq-builder-summary").inner_text() == start["summary"]
    assert not watched.errors, watched.errors
    page.context.close()
