"""The army builder used before its engine is ready, and faster than it answers, on a phone
(390 px): a unit added and a name and size typed while the engine loads are all kept once it
is ready (none lost, no message of Python's); two edits of a unit made before the engine
answers the first are both kept; Tab from "Game size (points)" goes on to the next control,
whatever the summary redraws meanwhile."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import PHONE, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_army import ENGINE_SECONDS, IDLE, _answered, _phone
from tests.browser.test_at_the_table_before_the_engine import ENGINE_FILES, TABLES_LOADED

#: Words of Python's that a player never reads.
PYTHONS = ("NoneType", "iterable", "object is not", "Traceback", "KeyError")
ENGINE_READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"
#: What the army builder shows the player: its summary and every message beside a field.
SHOWN = """() => [document.getElementById("nq-army-summary").textContent,
  ...[...document.querySelectorAll("#nq-army .nq-field-error")].map((p) => p.textContent)]"""
#: The control after the game size in the tab order, as the page is now (none has a tabindex).
FOLLOWING = """() => {
  const all = [...document.querySelectorAll(`#nq-army input, #nq-army select, #nq-army button,
    #nq-army a[href]`)].filter((e) => e.offsetParent !== null);
  return all[all.indexOf(document.getElementById("nq-army-points")) + 1];
}"""
#: Models 10, then Musician ticked, both before the engine has answered the first.
QUICK = """() => {
  const models = document.getElementById("nq-army-unit-0-models");
  models.value = "10";
  models.dispatchEvent(new Event("change", { bubbles: true }));
  document.getElementById("nq-army-unit-0-musician").click();
}"""


@pytest.fixture
def held(browser: Any, site: Site) -> Iterator[tuple[Any, Any, list[Any]]]:
    """The English page on a phone, its engine's files held back until the test lets them go."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    kept: list[Any] = []

    def hold(route: Any) -> None:  # held while kept is open (None at its end: let go)
        if kept and kept[-1] is None:
            route.continue_()
        else:
            kept.append(route)

    context.route(ENGINE_FILES, hold)
    watched = watch(context.new_page())
    watched.page.goto(site.page("en/at-the-table.html"))
    wait_until(watched.page, TABLES_LOADED, timeout=60)
    yield watched, context, kept
    context.close()


def test_what_is_done_while_the_engine_loads_is_kept(held: tuple[Any, Any, list[Any]]) -> None:
    watched, context, kept = held
    page = watched.page
    page.locator("#nq-army-add").scroll_into_view_if_needed()
    page.select_option("#nq-army-add-kind", "unit")
    page.select_option("#nq-army-add-profile", "dwarf")
    page.click("#nq-army-add")
    page.focus("#nq-army-name")
    page.keyboard.press("Control+A")
    page.keyboard.type("Test Host")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("600")
    page.wait_for_timeout(500)  # longer than the pause that sends a count
    assert page.evaluate("window.nqAtTable.army.state.data") is None  # still loading
    held_back = list(kept)
    kept.append(None)  # the requests after this one go straight through
    for route in held_back:
        route.continue_()
    wait_until(page, ENGINE_READY, timeout=ENGINE_SECONDS)
    wait_until(page, IDLE, timeout=ENGINE_SECONDS)
    _answered(page, "data.name === 'Test Host' && data.points === 600 && (data.unit || []).length")
    data = page.evaluate("window.nqAtTable.army.state.data")
    assert [unit["profile"] for unit in data["unit"]] == ["dwarf"], data
    assert page.input_value("#nq-army-name") == "Test Host"
    assert page.input_value("#nq-army-points") == "600"
    shown = page.evaluate(SHOWN)
    assert not [text for text in shown if any(word in text for word in PYTHONS)], shown
    assert shown[0].startswith("234 points of 600"), shown
    screenshot(page, "army-added-while-loading-390-en")
    assert not watched.errors, watched.errors


def test_two_quick_edits_of_a_unit_are_both_kept(browser: Any, site: Site) -> None:
    """Models 10, then Musician ticked at once, before the engine answers: the second change
    is made to the army the first one made, not to the army before it."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    page.select_option("#nq-army-add-kind", "unit")
    page.select_option("#nq-army-add-profile", "skeleton-warrior")
    page.click("#nq-army-add")
    _answered(page, "(data.unit || []).length === 1")
    page.evaluate(QUICK)
    _answered(page, "(data.unit[0].specialists || []).includes('musician')")
    unit = page.evaluate("window.nqAtTable.army.state.data.unit[0]")
    assert unit["models"] == 10 and unit["specialists"] == ["musician"], unit
    assert page.input_value("#nq-army-unit-0-models") == "10"
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_tab_from_the_game_size_goes_on_to_the_next_control(
    browser: Any, site: Site, width: int
) -> None:
    """The army has army-wide breaches (no General), whose rule links follow the game size:
    the summary is redrawn once the size is sent, after Tab, and the focus stays on the first
    link (it fell to the page's body)."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    page.set_viewport_size({**PHONE, "width": width})
    page.select_option("#nq-army-add-profile", "dwarf")
    page.click("#nq-army-add")
    _answered(page, "(data.unit || []).length === 1")
    page.focus("#nq-army-points")
    page.keyboard.press("Control+A")
    page.keyboard.type("600")
    page.keyboard.press("Tab")
    _answered(page, "data.points === 600")
    page.wait_for_timeout(400)
    assert page.evaluate("document.activeElement !== document.body")
    assert page.evaluate(f"({FOLLOWING})() === document.activeElement")
    assert page.evaluate("document.activeElement.closest('#nq-army-wide') !== null")
    assert not watched.errors, watched.errors
    context.close()


def test_what_the_profile_builder_adds_while_the_engine_loads_is_kept(
    held: tuple[Any, Any, list[Any]],
) -> None:
    """Player round 26, F12: Dodge, Fear (1) and a Bow added to a first visit's profile while
    the engine loaded were gone once it was ready (its blank start replaced the profile)."""
    watched, context, kept = held
    page = watched.page
    for listed, value in (("abilities", "dodge"), ("abilities", "fear|1"), ("weapons", "bow")):
        page.select_option(f"#nq-builder-add-{listed}", value)
        page.locator(f'#nq-builder button[data-add="{listed}"]').click()
    said = page.locator("#nq-builder-said").text_content() or ""
    assert "Bow: added once the rules engine is ready" in said, said
    pending = page.locator("#nq-builder .nq-builder-pending")
    assert pending.count() == 3 and pending.first.is_visible()
    held_back = list(kept)
    kept.append(None)
    for route in held_back:
        route.continue_()
    wait_until(page, ENGINE_READY, timeout=ENGINE_SECONDS)
    chosen = """() => ["abilities", "weapons"].map((listed) => [...document.querySelectorAll(
      `#nq-builder ul.nq-builder-list[data-list="${listed}"] li`)].map((li) => li.textContent))"""
    wait_until(page, f"({chosen})().flat().length === 3", timeout=ENGINE_SECONDS)
    abilities, weapons = page.evaluate(chosen)
    assert page.locator("#nq-builder .nq-builder-pending").count() == 0
    assert [a.split(" Remove")[0] for a in abilities] == ["Dodge", "Fear (1)"], abilities
    assert [w.split(" Remove")[0] for w in weapons] == ["Bow"], weapons
    assert not watched.errors, watched.errors
