"""A start of the engine cut off by the network (its WebAssembly's connection reset) ends, and
the page tries again: once cut off, the engine comes on the next try; always cut off, the page
says it could not be loaded, never "loading" for good (player round 37)."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.page.forms import page_messages
from tests.browser.conftest import PHONE, Site, _recorded, wait_until, watch
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY

FAILED = "document.querySelector('.nq-engine-status.nq-engine-failed') !== null"
SETTLED = f"({READY}) || ({FAILED})"


@pytest.mark.parametrize(
    ("cut", "fresh_engine"), [("once", False), ("always", False), ("once", True), ("always", True)]
)
def test_a_start_cut_off_is_tried_again(
    browser: Any, site: Site, cut: str, fresh_engine: bool
) -> None:
    """``fresh_engine``: no memory kept, Python starts anew, where Pyodide catches the failed
    fetch itself and only warns of it (the start hung for good before the worker read it)."""
    phone = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
    context = _recorded(site, browser.new_context(fresh_engine=fresh_engine, **phone))
    asked: list[str] = []

    def wasm(route: Any) -> None:
        asked.append(route.request.url)
        if cut == "always" or len(asked) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()

    context.route("**/pyodide.asm.wasm", wasm)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, SETTLED, timeout=ENGINE_SECONDS)
    if cut == "once":
        assert page.evaluate(READY) and len(asked) == 2, asked
    else:
        assert page.evaluate(FAILED) and len(asked) == 3, asked  # tried three times
        said = page.locator(".nq-engine-status").inner_text()
        assert said == page_messages("en")["failed"], said
    context.close()


def test_back_online_the_page_says_to_reload(browser: Any, site: Site) -> None:
    """The engine out of reach (its server gone: the page says there is no network), then the
    network back: the page says to reload, not « le réseau manque » for good (player round 37)."""
    from nqsphinx.site.keep_offline import engine_offline_words
    from tests.browser.test_at_the_table_before_the_engine import ENGINE_FILES

    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    context.route(ENGINE_FILES, lambda route: route.abort())
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, FAILED, timeout=ENGINE_SECONDS)
    assert page.locator(".nq-engine-status").inner_text() == engine_offline_words("fr")
    context.set_offline(True)
    context.set_offline(False)
    back = page_messages("fr")["back_online"]
    wait_until(page, f"document.querySelector('.nq-engine-status').textContent === {back!r}", 10)
    assert page.locator("#nq-attack .nq-answer").inner_text() == back
    context.close()
