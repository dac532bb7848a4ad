"""The profile builder says which weapon is the primary, at full points, and which are at half
(Weapon Selection), and any other can be made the primary (player round 40: the first added
was, unsaid, and could only be changed by removing it)."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web import build
from nqcompanion.page.builder import _builder_words
from tests.browser.conftest import Site
from tests.browser.test_at_table_state import _open
from tests.browser.test_profile_builder_player import _add

WEAPONS = "#nq-builder ul.nq-builder-list[data-list='weapons'] li"


def build_names(lang: str) -> list[str]:
    """The sword's and the long bow's names in ``lang``, as the builder lists them."""
    start = build({"start": "basic-warrior"}, lang)
    sword = build({"toml": start["toml"], "add": ["weapons", "sword"]}, lang)
    return list(
        build({"toml": sword["toml"], "add": ["weapons", "long-bow"]}, lang)["picks"]["weapons"]
    )


@pytest.mark.parametrize(("lang", "screen"), [("en", "390"), ("fr", "1366")])
def test_the_primary_weapon_is_said_and_chosen(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    words = _builder_words(lang)
    watched = _open(browser, site, screen, lang)
    page = watched.page
    page.locator("#nq-builder-start").select_option("basic-warrior")
    page.evaluate("window.nqAtTable.builder.idle()")
    _add(page, "weapons", "sword")
    _add(page, "weapons", "long-bow")
    items = page.locator(WEAPONS)
    names = build_names(lang)
    assert items.nth(0).inner_text().startswith(f"{names[0]} ({words['primary_said']})")
    assert items.nth(1).inner_text().startswith(f"{names[1]} ({words['second_said']})")
    assert items.nth(0).locator("button").count() == 1  # Remove only
    items.nth(1).locator("button", has_text=words["primary"]).click()
    page.evaluate("window.nqAtTable.builder.idle()")
    start = build({"start": "basic-warrior"}, lang)
    sword = build({"toml": start["toml"], "add": ["weapons", "sword"]}, lang)
    both = build({"toml": sword["toml"], "add": ["weapons", "long-bow"]}, lang)
    bow = build({"toml": both["toml"], "primary": 1}, lang)
    assert page.locator("#nq-builder-summary").inner_text() == bow["summary"]
    first = page.locator(WEAPONS).nth(0).inner_text()
    assert first.startswith(f"{names[1]} ({words['primary_said']})")
    said = words["made_primary"].format(name=both["picks"]["weapons"][1])
    assert page.locator("#nq-builder-said").text_content() == said
    assert not watched.errors, watched.errors
    page.context.close()
