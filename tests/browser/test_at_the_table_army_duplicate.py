"""A copy of an army, as BattleScribe and New Recruit players make one: "Duplicate this army",
pressed from the keyboard, keeps the army and opens a copy of it named "… (2)", with the same
entries, the focus on its name so that it can be renamed at once.  Both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, screenshot, wait_until
from tests.browser.test_at_the_table_army_undo import companion as _open

ARMY = Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml"


@pytest.mark.parametrize(
    ("lang", "size", "scheme"), [("en", "1366", "light"), ("fr", "390", "dark")]
)
def test_an_army_is_duplicated_from_the_keyboard(
    browser: Any, site: Site, lang: str, size: str, scheme: str
) -> None:
    watched = _open(browser, site, lang, size, scheme)
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", ARMY.read_text(encoding="utf-8"))
    page.evaluate("window.nqAtTable.army.idle()")
    before = page.evaluate("window.nqAtTable.army.state.data")
    button = page.locator("#nq-army-duplicate")
    assert button.inner_text() == ui_text("Duplicate this army", lang)
    button.focus()
    page.keyboard.press("Enter")
    wait_until(page, "window.nqAtTable.army.kept().armies.length === 2")
    page.evaluate("window.nqAtTable.army.idle()")
    names = [a["name"] for a in page.evaluate("window.nqAtTable.army.kept().armies")]
    assert sorted(names) == ["The Barrow Host", "The Barrow Host (2)"]
    copy = page.evaluate("window.nqAtTable.army.state.data")
    assert copy["name"] == "The Barrow Host (2)"
    assert {k: v for k, v in copy.items() if k != "name"} == {
        k: v for k, v in before.items() if k != "name"
    }
    assert page.evaluate("document.activeElement.id") == "nq-army-name"
    assert page.input_value("#nq-army-name") == "The Barrow Host (2)"
    said = page.inner_text("#nq-army-said")
    assert "The Barrow Host (2)" in said
    screenshot(page, f"army-duplicate-{size}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    page.context.close()
