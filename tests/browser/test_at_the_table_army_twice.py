"""The army builder when one character is bought twice, on a phone (390 px): the profile made in
the profile builder added as an individual and chosen as a unit's leader. The engine's warning
(nqcore.army.army_rules, "character-twice") is said once in the army's list and marked beside
both entries; the leader's list names that profile once; its spells are refused once against
an opposed wizard. Adding an entry moves the focus to the new entry's name and says so."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Site, screenshot
from tests.browser.test_at_the_table_army import _answered, _phone

FOCUSED = "document.activeElement.id || document.activeElement.tagName"


def _builder_add(page: Any, listed: str, value: str) -> None:
    page.select_option(f"#nq-builder-add-{listed}", value)
    page.locator(f"button[data-add='{listed}']").click()
    page.evaluate("window.nqAtTable.builder.idle()")


def _add(page: Any, kind: str, profile: str, until: str) -> None:
    page.select_option("#nq-army-add-kind", kind)
    page.select_option("#nq-army-add-profile", profile)
    page.focus("#nq-army-add")
    page.keyboard.press("Enter")
    _answered(page, until)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_character_bought_twice_is_warned_beside_both_entries(
    browser: Any, site: Site, lang: str
) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("window.nqAtTable.builder.idle()")
    page.select_option("#nq-builder-start", "hero")
    page.evaluate("window.nqAtTable.builder.idle()")
    _builder_add(page, "traits", "magic-user|1")
    _builder_add(page, "spells", "stone-armour")
    name = "Earth Mage"
    page.locator("#nq-builder-name").fill(name)
    page.locator("#nq-builder-name").dispatch_event("change")
    page.evaluate("window.nqAtTable.builder.idle()")
    mine = page.evaluate("window.nqAtTable.builder.kept().current")
    _add(page, "individual", f"@mine:{mine}", "(data.individual || []).length === 1")
    # The new entry's name has the focus, and its addition is said.
    assert page.evaluate(FOCUSED) == "nq-army-individual-0-name"
    assert name in page.locator("#nq-army-said").inner_text()
    _add(page, "unit", "dwarf", "(data.unit || []).length === 1")
    assert page.evaluate(FOCUSED) == "nq-army-unit-0-name"
    page.select_option("#nq-army-unit-0-leader", f"@mine:{mine}")
    _answered(page, "!!(data.unit[0].leader)")
    rules = page.evaluate("window.nqAtTable.army.state.answer.breaches.map((b) => b.rule)")
    assert rules.count("character-twice") == 1, rules
    wide = page.locator("#nq-army-wide .nq-army-warning").filter(has_text=name)
    assert wide.count() == 1
    wide_text = page.evaluate(
        "window.nqAtTable.army.state.answer.breaches.find((b) => b.rule === 'character-twice').said"
        " || window.nqAtTable.army.state.answer.breaches.find("
        "(b) => b.rule === 'character-twice').text"
    )
    for entry in ("individual-0", "unit-0"):
        mark = page.locator(f"#nq-army-{entry} .nq-army-mark").filter(has_text=wide_text)
        assert mark.count() == 1, entry
    # The leader's list names the profile once, under the player's own profiles.
    leaders = page.eval_on_selector_all(
        "#nq-army-unit-0-leader option", "os => os.map((o) => o.textContent)"
    )
    assert leaders.count(name) == 1, leaders
    assert page.input_value("#nq-army-unit-0-leader") == f"@mine:{mine}"
    page.locator("#nq-army-unit-0").scroll_into_view_if_needed()
    screenshot(page, f"army-character-twice-390-{lang}")
    assert not watched.errors, watched.errors
    context.close()
