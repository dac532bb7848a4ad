"""The calculators' fields are kept in this browser (a reload finds them); "Reset the fields" puts
back the page's own values, asks again and keeps those (player round seventeen: a leftover
"terrified" tick, out of sight on a phone, changed every answer after a reload)."""

from __future__ import annotations

from nqsphinx.messages import ui_text
from tests.browser.conftest import wait_until
from tests.browser.test_at_the_table import (  # noqa: F401 - the page, per language
    ENGINE_SECONDS,
    READY,
    Table,
    table,
)

ANSWER = "document.querySelector('#nq-hit .nq-answer').textContent"


def test_reset_puts_back_the_pages_values_and_keeps_them(table: Table) -> None:  # noqa: F811
    page, lang = table.page, table.lang
    cc, box = page.locator("#nq-hit-cc"), page.locator("#nq-hit input[type=checkbox]").first
    default = cc.get_attribute("value")
    wait_until(page, f"{ANSWER}.length > 0", timeout=ENGINE_SECONDS)
    fresh = page.evaluate(ANSWER)
    cc.fill("7" if default != "7" else "3")
    box.check()
    wait_until(page, f"{ANSWER} !== {fresh!r}", timeout=ENGINE_SECONDS)
    page.reload()
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    assert cc.input_value() != default and box.is_checked()  # kept in this browser
    reset = page.locator("#nq-hit .nq-reset")
    assert reset.inner_text() == ui_text("Reset the fields", lang)
    reset.click()
    wait_until(page, f"{ANSWER} === {fresh!r}", timeout=ENGINE_SECONDS)
    assert cc.input_value() == default and not box.is_checked()
    page.reload()
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    assert cc.input_value() == default and not box.is_checked()  # the reset is kept too
    assert not table.errors, table.errors
