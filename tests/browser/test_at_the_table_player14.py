"""Player round fourteen, what only the page shows: a man sized unit is not offered a support
weapon (#3); renaming a unit keeps its character joined, removing it says he joins none (#4);
the distance and ranges fields read 12½, 12 1/2 and the armoury's minus sign (#6, #9), and
an inch mark after a distance (12", 12 po; player round eighteen)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_the_table_army import _answered, _phone, _type

ARMY = """name = "Test"
points = 2000

[[unit]]
name = "Human Men At Arms"
profile = "human-men-at-arms"
models = 10

[[character]]
name = "Vampire"
profile = "vampire-on-demon-beast"
general = true
joins = "Human Men At Arms"
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_support_weapons_rename_and_removal(browser: Any, site: Site, lang: str) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", ARMY)
    page.evaluate("window.nqAtTable.army.idle()")
    offered = page.evaluate(
        "[...document.querySelectorAll('#nq-army-unit-0-options option')].map((o) => o.value)"
    )
    assert "weapons:spear" in offered and "weapons:cannon" not in offered, offered
    assert "weapons:trebuchet" not in offered
    _type(page, "#nq-army-unit-0-name", "Spears", "data.unit[0].name === 'Spears'")
    _answered(page, "data.character[0].joins === 'Spears'")
    assert page.locator("#nq-army-character-0-joins").input_value() == "Spears"
    assert page.locator("#nq-army-character-0 .nq-army-refusal").count() == 0
    page.locator("#nq-army-unit-0 > button").last.click()
    _answered(page, "!(data.unit || []).length")
    assert page.locator("#nq-army-character-0-joins").input_value() == ""
    status = page.locator("#nq-army-status").inner_text()
    assert "Vampire" in status and "Spears" in status, status
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize(
    ("typed", "sent"),
    [("12½", "25/2"), ("12 1/2", "25/2"), ('12½"', "25/2"), ("12,5 po", "12.5"), ("13″", "13")],
)
def test_half_inches_and_the_minus_sign_are_read(
    browser: Any, site: Site, typed: str, sent: str
) -> None:
    context, watched = _phone(browser, site, "en")
    page = watched.page
    page.select_option("#nq-shoot-weapon", "")
    page.locator("#nq-shoot-ranges").fill("10/+1 20/+0 30/\u22121")
    page.locator("#nq-shoot-distance").fill(typed)
    wait_until(page, f"document.getElementById('nq-shoot').dataset.argv.includes('{sent}')")
    argv = json.loads(page.locator("#nq-shoot").get_attribute("data-argv"))
    assert "30/-1" in argv and sent in argv, argv
    page.locator("#nq-shoot-ranges").fill("10 20 30")
    error = page.locator("#nq-shoot-ranges-error")
    error.wait_for(state="visible")
    assert "modifier after a slash" in error.inner_text()
    assert not watched.errors, watched.errors
    context.close()
