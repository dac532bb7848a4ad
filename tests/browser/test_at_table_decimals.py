"""A decimal the player typed on one language's page is given back on the other's with that
page's decimal sign: "12,5" typed in French reads "12.5" in English, "17.5" reads « 17,5 »
(player round 36: each kept the other language's sign)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, Site, _recorded, wait_until, watch
from tests.browser.test_at_the_table_asked_early import LISTENING

FIELD = "#nq-shoot-distance"


def _open(page: Any, site: Site, lang: str) -> None:
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, LISTENING, timeout=60)


def test_a_typed_decimal_takes_the_page_s_decimal_sign(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    watched = watch(context.new_page())
    page = watched.page
    for typed, there, shown in (("12,5", "en", "12.5"), ("17.5", "fr", "17,5"), ("9", "en", "9")):
        _open(page, site, "fr" if there == "en" else "en")
        page.locator(FIELD).fill(typed)
        page.locator(FIELD).dispatch_event("change")
        _open(page, site, there)
        assert page.input_value(FIELD) == shown, (typed, there)
    assert not watched.errors, watched.errors
    context.close()
