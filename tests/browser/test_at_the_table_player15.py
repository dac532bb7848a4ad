"""Player round fifteen, what only the page shows: a value the profile builder's form refuses
takes the place of the engine's last answer, whose card cannot be printed meanwhile (#3); the
builder's refusals start with "Refused:" and name their field, as the army builder's (#6); a
refusal links its rule by its heading, in the page's language (#5); a count the army builder
refused stays typed and refused across the language switch (#4)."""

from __future__ import annotations

from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, screenshot
from tests.browser.test_at_table_state import OTHER, _open, _switch
from tests.browser.test_at_the_table_army import _phone
from tests.browser.test_at_the_table_army_player import HOST
from tests.browser.test_profile_builder_beyond import CARD, _plain, _type

PRINT = "#nq-builder-print"


def _card(page: Any) -> str:
    return str(page.evaluate(CARD)).strip()


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_a_value_the_form_refuses_takes_the_answer_s_place(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """AC 7, then "x": the card of AC 7 and its total gave way to nothing, "Print the card"
    active under them; AC 0 (the engine's refusal), then "x": the refusal of 0 stayed."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    page.select_option("#nq-builder-start", "orc-bruiser")
    page.evaluate("window.nqAtTable.builder.idle()")
    _type(page, "nq-builder-ac", "7")
    priced = _card(page)
    assert page.locator(PRINT).is_enabled()
    _type(page, "nq-builder-ac", "x")
    summary = page.locator("#nq-builder-summary").inner_text().strip()
    assert _card(page) == summary, (_card(page), summary)
    assert page.locator("#nq-builder-card .nq-answer.nq-refused").count() == 1
    assert page.locator(PRINT).is_disabled()
    page.locator("#nq-builder-card").scroll_into_view_if_needed()
    screenshot(page, f"builder-form-refusal-{screen}-{lang}")
    _type(page, "nq-builder-ac", "0")  # the engine's refusal
    assert "0" in _card(page)
    _type(page, "nq-builder-ac", "x")
    assert _card(page) == page.locator("#nq-builder-summary").inner_text().strip()
    _type(page, "nq-builder-ac", "7")  # the engine answers again: the card is back
    assert _card(page) == priced
    assert page.locator(PRINT).is_enabled()
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("en", "390"), ("fr", "1366")])
def test_the_builder_s_refusals_say_refused_and_the_field_first(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """The form's refusal (AC "x") and the engine's (AC 13) start with "Refused:" beside the
    field and in the summary, as the army builder's do; the form's names the field."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    refused = ui_text("Refused:", lang)
    page.select_option("#nq-builder-start", "orc-bruiser")
    page.evaluate("window.nqAtTable.builder.idle()")
    label = page.locator("label[for='nq-builder-ac']").inner_text().strip()
    _type(page, "nq-builder-ac", "x")
    field = page.locator("#nq-builder-ac-error").inner_text()
    assert field.startswith(f"{refused} {label}"), field
    assert page.locator("#nq-builder-summary").inner_text() == field
    _type(page, "nq-builder-ac", "13")
    field = page.locator("#nq-builder-ac-error").inner_text()
    assert field.startswith(f"{refused} {label} 13"), field
    assert page.locator("#nq-builder-summary").inner_text() == field
    screenshot(page, f"builder-refused-{screen}-{lang}")
    assert not watched.errors, watched.errors
    page.context.close()


HEADING = {"en": "Support Weapons", "fr": "Armes de soutien"}


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_a_refusal_links_its_rule_by_its_heading(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """A Bolt Thrower on a man sized model: the refusal ends with "Rule:" and the rule's heading
    in the page's language, a link to its section, as the army builder's; no section label."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    page.select_option("#nq-builder-start", "")
    page.evaluate("window.nqAtTable.builder.idle()")
    page.select_option("#nq-builder-add-weapons", "bolt-thrower")
    page.locator("button[data-add='weapons']").click()
    page.evaluate("window.nqAtTable.builder.idle()")
    link = page.locator("#nq-builder-card .nq-answer p .nq-builder-rule a")
    assert link.count() == 1
    assert link.inner_text() == HEADING[lang]
    assert link.get_attribute("href").endswith("#support-weapons"), link.get_attribute("href")
    refusal = page.locator("#nq-builder-card .nq-answer p", has=page.locator(".nq-builder-rule"))
    line = _plain(refusal.inner_text())
    assert line.startswith(_plain(ui_text("Refused:", lang))), line
    assert line.endswith(_plain(f"{ui_text('Rule:', lang)} {HEADING[lang]}")), line
    assert "support-weapons" not in page.evaluate(CARD)
    page.locator("#nq-builder-card").scroll_into_view_if_needed()
    screenshot(page, f"builder-rule-link-{screen}-{lang}")
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "field", "typed"),
    [("en", "nq-army-points", "-5"), ("fr", "nq-army-unit-1-models", "0")],
)
def test_a_count_refused_stays_typed_and_refused_across_the_switch(
    browser: Any, site: Site, lang: str, field: str, typed: str
) -> None:
    """Game size "-5" or Models "0", refused, then the language switch: the field held the last
    accepted value (1000, 11) without a word. It holds what was typed, refused in the other
    language, beside the field and in the summary, as a calculator's field is (#4)."""
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", HOST)
    page.evaluate("window.nqAtTable.army.idle()")
    page.focus(f"#{field}")
    page.keyboard.press("Control+A")
    page.keyboard.type(typed, delay=60)
    page.wait_for_timeout(600)  # longer than the pause that sends a count
    page.evaluate("window.nqAtTable.army.idle()")
    said = page.locator(f"#{field}-error").inner_text()
    assert said.startswith(ui_text("Refused:", lang)), said
    _switch(page, lang)
    there = OTHER[lang]
    assert page.locator(f"#{field}").input_value() == typed
    error = page.locator(f"#{field}-error").inner_text()
    assert error.startswith(ui_text("Refused:", there)) and error != said, (error, said)
    assert page.locator("#nq-army-summary").inner_text() == error
    assert page.locator(f"#{field}").get_attribute("aria-invalid") == "true"
    page.locator(f"#{field}").scroll_into_view_if_needed()
    screenshot(page, f"army-refused-switched-{there}")
    assert not watched.errors, watched.errors
    context.close()
