"""Two tabs of the At the table page (two pages of one browser, one localStorage): what each
keeps (armies, profiles: nq-kept.js) is kept with what the other kept, never written over; an
army deleted in one tab is gone in the other too, and stays gone when that one keeps its list."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, Site, _recorded, wait_until, watch
from tests.browser.test_at_table_state import _settle

#: The names in each kept list, as a tab holds it and as localStorage holds it.
LISTS = """() => ({
  armies: window.nqAtTable.army.kept().armies.map((a) => a.name),
  profiles: window.nqAtTable.builder.kept().profiles.map((p) => p.name),
  stored: [JSON.parse(localStorage.getItem('nq-army-builder')).armies.map((a) => a.name),
           JSON.parse(localStorage.getItem('nq-profiles')).profiles.map((p) => p.name)],
})"""


def _named(page: Any, kind: str, name: str) -> None:
    """A new army or profile, named ``name`` (typed, then its change sent)."""
    page.locator(f"#nq-{kind}-new").click()
    page.evaluate("Promise.all([window.nqAtTable.army.idle(), window.nqAtTable.builder.idle()])")
    page.locator(f"#nq-{kind}-name").fill(name)
    page.locator(f"#nq-{kind}-name").dispatch_event("change")
    state = {"army": "army.state.data.name", "builder": "builder.state.name"}[kind]
    wait_until(page, f"window.nqAtTable.{state} === {json.dumps(name)}")
    page.evaluate("Promise.all([window.nqAtTable.army.idle(), window.nqAtTable.builder.idle()])")


def _lists(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(LISTS))


@pytest.mark.parametrize("lang", ["en"])
def test_two_tabs_keep_each_other_s_armies_and_profiles(
    browser: Any, site: Site, lang: str
) -> None:
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    watched = watch(context.new_page())  # the policy's violations and errors of both pages
    one, two = watched.page, context.new_page()
    two.on("pageerror", lambda error: watched.errors.append(f"second tab: {error}"))
    for tab in (one, two):
        tab.goto(site.page(f"{lang}/at-the-table.html"))
        _settle(tab)
    _named(one, "army", "First tab's army")
    _named(two, "army", "Second tab's army")
    _named(one, "builder", "First tab's profile")
    _named(two, "builder", "Second tab's profile")
    for tab in (one, two):
        wait_until(tab, "window.nqAtTable.army.kept().armies.length === 3")
        wait_until(tab, "window.nqAtTable.builder.kept().profiles.length === 3")
        lists = _lists(tab)
        for name in ("First tab's army", "Second tab's army"):
            assert name in lists["armies"] and name in lists["stored"][0], lists
        for name in ("First tab's profile", "Second tab's profile"):
            assert name in lists["profiles"] and name in lists["stored"][1], lists
    # Deleted in the first tab (asked first), the second tab's army is gone from the second tab,
    # whose open army it was; the second tab then keeps a change, and the army stays gone.
    one.select_option("#nq-army-pick", label=_option(one, "Second tab's army"))
    one.evaluate("window.nqAtTable.army.idle()")
    one.locator("#nq-army-delete").click()
    one.locator("#nq-army-confirm-delete").click()
    wait_until(two, "window.nqAtTable.army.kept().armies.length === 2")
    two.evaluate("window.nqAtTable.army.idle()")
    _named(two, "army", "Second tab's other army")
    for tab in (one, two):
        wait_until(tab, "window.nqAtTable.army.kept().armies.length === 3")
        lists = _lists(tab)
        assert "Second tab's army" not in lists["armies"] + lists["stored"][0], lists
        assert "Second tab's other army" in lists["armies"], lists
    assert not watched.errors and not watched.violations, watched.errors + watched.violations
    context.close()


def _option(page: Any, name: str) -> str:
    """The list's label of the army named ``name`` (its points after it)."""
    labels = page.locator("#nq-army-pick option").all_inner_texts()
    return next(label for label in labels if label.startswith(name))


#: In the open tab: the open profile priced again (the engine asked), and while the engine
#: answers, another tab's version of that profile (its W 3) stored, its storage event come or
#: not yet (``announced``); then the profile this tab holds and the one stored. Microtasks run
#: before any message of the engine's worker: the request is sent, not yet answered, when the
#: other tab's version comes.
CHANGED_WHILE_ASKED = """async (announced) => {
  const made = window.nqAtTable.builder;
  const id = made.kept().current;
  const asked = made.ask({});
  for (let hop = 0; hop < 50; hop += 1) await null;
  const stored = JSON.parse(localStorage.getItem('nq-profiles'));
  const theirs = stored.profiles.find((item) => item.id === id);
  theirs.toml = theirs.toml.replace(/^w = .*$/m, 'w = 3');
  theirs.at = Date.now();
  localStorage.setItem('nq-profiles', JSON.stringify(stored));
  if (announced) window.dispatchEvent(new StorageEvent('storage', { key: 'nq-profiles' }));
  await asked;
  await made.idle();
  const kept = JSON.parse(localStorage.getItem('nq-profiles')).profiles;
  return [made.state.toml, kept.find((item) => item.id === id).toml];
}"""


@pytest.mark.parametrize("announced", [True, False], ids=["event-come", "event-to-come"])
def test_an_answer_for_an_older_version_never_writes_over_another_tab_s(
    browser: Any, site: Site, announced: bool
) -> None:
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    shown, stored = page.evaluate(CHANGED_WHILE_ASKED, announced)
    assert "\nw = 3\n" in stored, stored
    assert shown == stored
    assert page.locator("#nq-builder-w").input_value() == "3"
    assert not watched.errors and not watched.violations, watched.errors + watched.violations
    context.close()


#: The open army's first unit's models, as stored.
STORED_MODELS = """() => { const kept = JSON.parse(localStorage.getItem('nq-army-builder'));
  const army = kept.armies.find((a) => a.id === kept.current) || kept.armies[0];
  return army.toml.match(/models = (\\d+)/)[1]; }"""


def test_a_count_typed_in_one_tab_is_not_taken_mid_typing_by_the_other(
    browser: Any, site: Site
) -> None:
    """ "14" typed at a player's pace in the second tab, then the game's size changed in the
    first: the army is kept with 14 models, and the second tab's field was never reset (the
    first took the "1" of "14" as it was typed, stored it back, reset the second's field, and
    its own later change wrote the "1" over the 14: player round nineteen)."""
    from tests.browser.test_at_table_state import _add_unit

    context, watched, one, two = _two_tabs(browser, site)
    _add_unit(one, "dwarf")
    two.goto(site.page("en/at-the-table.html"))
    _settle(two)
    models = two.locator("#nq-army-unit-0-models")
    models.focus()
    two.keyboard.press("Control+A")
    two.keyboard.type("14", delay=150)
    wait_until(two, "window.nqAtTable.army.state.data.unit[0].models === 14")
    assert models.input_value() == "14"
    two.evaluate("window.nqAtTable.army.idle()")
    wait_until(one, "window.nqAtTable.army.state.data.unit[0].models === 14")
    points = one.locator("#nq-army-points")
    points.fill("1500")
    points.press("Tab")
    wait_until(one, "window.nqAtTable.army.state.data.points === 1500")
    one.evaluate("window.nqAtTable.army.idle()")
    two.evaluate("window.nqAtTable.army.idle()")
    assert one.evaluate(STORED_MODELS) == "14"
    wait_until(two, "window.nqAtTable.army.state.data.points === 1500")
    assert models.input_value() == "14"
    assert not watched.errors, watched.errors
    context.close()


#: The storage events a page hears from now on, counted on ``window.nqStored``.
COUNT_STORED = """() => { window.nqStored = 0; window.addEventListener('storage',
  (e) => { if (e.key === 'nq-army-builder') window.nqStored++; }); }"""
#: The open army's entries' profiles, as stored.
STORED_PROFILES = """() => { const kept = JSON.parse(localStorage.getItem('nq-army-builder'));
  const army = kept.armies.find((a) => a.id === kept.current) || kept.armies[0];
  return [...army.toml.matchAll(/^profile = "([^"]+)"/gm)].map((m) => m[1]); }"""


def test_an_english_tab_and_a_french_tab_never_undo_each_other(browser: Any, site: Site) -> None:
    """The English page and the French one open in two tabs: a unit added in one stays, in
    both tabs and as stored; each tab names the army's entries in its own language, and neither
    writes the army back when the other stored it (player round 29: the French tab wrote its
    empty army over the unit, then the two renamed the entries back and forth, ~9 writes a
    second)."""
    from tests.browser.test_at_table_state import _add_unit

    context, watched, one, two = _two_tabs(browser, site)
    two.goto(site.page("fr/at-the-table.html"))
    _settle(two)
    for tab in (one, two):
        tab.evaluate(COUNT_STORED)
    _add_unit(one, "craven-ghouls")
    one.evaluate("window.nqAtTable.army.idle()")
    wait_until(two, "(window.nqAtTable.army.state.data.unit || []).length === 1")
    _add_unit(one, "skeleton-warrior")
    one.evaluate("window.nqAtTable.army.idle()")
    wait_until(two, "(window.nqAtTable.army.state.data.unit || []).length === 2")
    two.wait_for_timeout(3000)  # what a tab would write back, and back again
    for tab in (one, two):
        tab.evaluate("window.nqAtTable.army.idle()")
        assert tab.evaluate("window.nqAtTable.army.state.data.unit.length") == 2
    assert one.evaluate(STORED_PROFILES) == ["craven-ghouls", "skeleton-warrior"]
    assert one.evaluate("window.nqStored") == 0, "the French tab wrote the army back"
    assert two.evaluate("window.nqStored") == 2  # the English tab's two additions, no more
    names = two.evaluate("window.nqAtTable.army.state.data.unit.map((u) => u.name)")
    assert names == ["Goules", "Guerrier squelette"], names
    names = one.evaluate("window.nqAtTable.army.state.data.unit.map((u) => u.name)")
    assert names == ["Craven Ghouls", "Skeleton Warrior"], names
    assert not watched.errors, watched.errors
    context.close()


def _two_tabs(browser: Any, site: Site) -> tuple[Any, Any, Any, Any]:
    """Two pages of one browser, the first on the English calculators, settled: the context,
    the first page watched (the second's errors counted with it), the two pages."""
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    watched = watch(context.new_page())
    one, two = watched.page, context.new_page()
    two.on("pageerror", lambda error: watched.errors.append(f"second tab: {error}"))
    one.goto(site.page("en/at-the-table.html"))
    _settle(one)
    return context, watched, one, two
