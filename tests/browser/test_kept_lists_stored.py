"""What the At the table page finds in its storage is the origin's: another page of the site, an
older version or a hand may have written anything under the builders' keys. The builders keep
what they can use of it and are drawn; nothing breaks the page at every load (attack twelve: a
``null`` item left both builders empty until the storage was cleared)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, Site, _recorded, stored_before_load, wait_until, watch
from tests.browser.test_at_table_state import _settle

GOOD_PROFILE = {"id": "kgood", "name": "Kept Dwarf", "at": 1}
GOOD_ARMY = {"id": "kgoodarmy", "name": "Kept Army", "at": 1}

PLANTS = {
    "null items": {
        "nq-profiles": {"profiles": [None, GOOD_PROFILE], "current": "kgood"},
        "nq-army-builder": {"armies": [None, GOOD_ARMY], "current": "kgoodarmy"},
    },
    "items of other kinds": {
        "nq-profiles": {"profiles": ["x", 1, True, [], GOOD_PROFILE], "current": {"a": 1}},
        "nq-army-builder": {"armies": ["x", 1, True, GOOD_ARMY], "gone": "soon"},
    },
    "fields of other kinds": {
        "nq-profiles": {
            "profiles": [{"id": {"a": 1}, "name": {"a": 1}, "toml": 5}, GOOD_PROFILE | {"toml": 5}]
        },
        "nq-army-builder": {"armies": [GOOD_ARMY | {"name": ["x"], "toml": {"a": 1}}]},
    },
}


@pytest.mark.parametrize("plant", list(PLANTS))
def test_a_hostile_stored_list_leaves_the_builders_drawn(
    browser: Any, site: Site, plant: str
) -> None:
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    stored = {key: json.dumps(value) for key, value in PLANTS[plant].items()}
    stored_before_load(context, stored)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    profiles = page.locator("#nq-builder-pick option").all_inner_texts()
    armies = page.locator("#nq-army-pick option").all_inner_texts()
    assert profiles and armies, (profiles, armies)
    assert page.evaluate("window.nqAtTable.builder.state.toml")  # a profile drawn by the engine
    kept = page.evaluate("JSON.parse(localStorage.getItem('nq-profiles')).profiles")
    assert all(isinstance(item, dict) and isinstance(item["id"], str) for item in kept), kept
    armies_kept = page.evaluate("JSON.parse(localStorage.getItem('nq-army-builder')).armies")
    assert all(isinstance(item, dict) and isinstance(item["id"], str) for item in armies_kept)
    assert not watched.errors, watched.errors
    context.close()


#: Times no tab has lived yet: an item changed "in 1e308 ms" wins every merge, a deletion dated
#: then deletes its item for good; "toString" is an id the storage may hold like any other.
FUTURE = {
    "nq-profiles": {
        "profiles": [
            GOOD_PROFILE | {"at": 1e308},
            {"id": "ktwo", "name": "Second Dwarf", "at": 1},
            {"id": "toString", "name": "Third Dwarf", "at": 1},
        ],
        "current": "kgood",
        "gone": {"ktwo": 1e308, "constructor": 5},
    },
}


def test_times_from_the_future_are_not_believed(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    stored_before_load(context, {key: json.dumps(value) for key, value in FUTURE.items()})
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    page.select_option("#nq-builder-pick", "ktwo")  # a change of this tab's, stored (merged)
    _settle(page)
    kept = page.evaluate("JSON.parse(localStorage.getItem('nq-profiles'))")
    now = page.evaluate("Date.now()")
    assert {item["id"] for item in kept["profiles"]} >= {"kgood", "ktwo", "toString"}, kept
    assert all(item.get("at", 0) <= now for item in kept["profiles"]), kept
    assert all(when <= now for when in kept.get("gone", {}).values()), kept
    assert len(page.locator("#nq-builder-pick option").all()) == 3
    assert not watched.errors, watched.errors
    context.close()


#: A list as long as another page of the origin may write: each a profile the engine prices.
MANY = 120
PROFILE_FILE = (
    'name = "{name}"\ntype = "individual"\nac = 10\nra = 4\ncc = 5\nst = 4\nt = 4\nw = 1\nco = 7\n'
)


def test_a_long_list_holds_no_change_back(browser: Any, site: Site) -> None:
    """Every kept profile is priced again on load; the player's change is answered before the
    rest of a long list, not after it (2,000 profiles held a change for minutes)."""
    many = [
        {"id": f"k{n}", "name": f"Mage {n}", "toml": PROFILE_FILE.format(name=f"Mage {n}")}
        for n in range(MANY)
    ]
    kept = {"profiles": many, "current": "k0"}
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    stored_before_load(context, {"nq-profiles": json.dumps(kept)})
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    priced = (
        "[...document.querySelectorAll('#nq-builder-pick option')]"
        ".filter((o) => o.textContent.includes(' · ')).length"
    )
    wait_until(page, f"{priced} >= 1", timeout=120)
    answer = page.evaluate(
        "window.nqAtTable.builder.ask({ set: { co: '8' } }).then((r) => !r.error)"
    )
    when_answered = page.evaluate(priced)
    assert answer
    assert when_answered < MANY, when_answered
    assert not watched.errors, watched.errors
    context.close()


def test_a_list_of_thousands_keeps_its_latest(browser: Any, site: Site) -> None:
    """Another page of the origin wrote 20,000 armies: the builder keeps its latest 500 (the
    most any player keeps; 300,000 froze the page at every load) and answers."""
    armies = [{"id": f"a{n}", "name": f"Army {n}", "at": n + 1} for n in range(20000)]
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    stored_before_load(context, {"nq-army-builder": json.dumps({"armies": armies})})
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    listed = page.locator("#nq-army-pick option").all_inner_texts()
    assert 1 <= len(listed) <= 501, len(listed)
    assert any(text.startswith("Army 19999") for text in listed)
    assert not any(text.startswith("Army 0 ") or text == "Army 0" for text in listed)
    assert not watched.errors, watched.errors
    context.close()
