"""A browser that asks to save data (Save-Data: a phone on a metered plan) gets the engine's
files only once a question needs them or a builder is used; until then the tables answer, and
the page says why the engine waits (player round sixteen: 25 MB fetched unasked on mobile data,
where a player wanted one to-hit number)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqcompanion.page.answers import answer_words
from tests.browser.conftest import PHONE, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_before_the_engine import (
    ENGINE_FILES,
    FILL,
    SHOWN,
    TABLES_LOADED,
)

SAVE_DATA = """
Object.defineProperty(Navigator.prototype, "connection", {
  get: () => ({ saveData: true, effectiveType: "4g", addEventListener() {} }),
});
"""
#: A question no table holds: three modifiers.
ENGINE_QUESTION = {"cc": "5", "mod": ["charging", "higher-ground", "ram"]}


@pytest.fixture(params=["en", "fr"])
def sparing(
    request: pytest.FixtureRequest, browser: Any, site: Site
) -> Iterator[tuple[Any, str, int]]:
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    start = len(site.requests)  # the requests of this page only
    context.add_init_script(SAVE_DATA)
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{request.param}/at-the-table.html"))
    wait_until(watched.page, TABLES_LOADED, timeout=60)
    yield watched, request.param, start
    assert not watched.errors, watched.errors
    assert not watched.violations, watched.violations
    context.close()


def _engine_fetched(site: Site, start: int) -> list[str]:
    return [url for url in site.requests[start:] if ENGINE_FILES.search(url)]


def test_the_engine_waits_for_a_question_that_needs_it(
    sparing: tuple[Any, str, int], site: Site
) -> None:
    page, lang, start = sparing[0].page, sparing[1], sparing[2]
    time.sleep(2)  # the engine would have started once the tables were drawn
    assert _engine_fetched(site, start) == []
    words = answer_words(lang)
    assert page.locator(".nq-engine-status").inner_text() == words["spared"]
    # a question no table holds, asked by the page itself: said, not sent to the engine
    assert page.evaluate(SHOWN, "attack")["lines"] == [words["spared_here"]]
    assert page.locator(".nq-builder-points").inner_text() == words["spared_here"]
    page.evaluate(FILL, ["wound", {"strength": "6", "toughness": "4"}])
    assert page.evaluate(SHOWN, "wound")["source"] == "table"
    assert _engine_fetched(site, start) == []
    page.locator("#nq-hit").scroll_into_view_if_needed()
    screenshot(page, f"save-data-390-{lang}")
    page.evaluate(FILL, ["hit", ENGINE_QUESTION])
    wait_until(page, "document.getElementById('nq-hit').dataset.answer !== undefined", 180)
    shown = page.evaluate(SHOWN, "hit")
    assert shown["source"] == "engine" and shown["lines"] == ask(shown["argv"], lang)["text"]
    assert _engine_fetched(site, start)
