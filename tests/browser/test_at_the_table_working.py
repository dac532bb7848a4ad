"""A question the engine takes a moment over, once it has loaded: the answer of the question
before is not left beside the new one (player round sixteen: "20,5" typed in the distance sat
beside the 12" answer for four seconds, "5 or less · 50 %"; "20." refused stayed beside "20.5").
After a quarter of a second the answer says the engine is working it out, then the engine's
answer replaces it.  The engine is made slow by holding each question back in the page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqcompanion.page.forms import page_messages
from tests.browser.conftest import DESKTOP, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_before_the_engine import FILL, SHOWN

#: Every question the page sends its engine waits ``window.nqSlow`` ms first (0: none).
SLOW_ENGINE = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (...args) {
  const wait = window.nqSlow || 0;
  if (wait) setTimeout(() => post.apply(this, args), wait);
  else post.apply(this, args);
};
"""
QUESTION = {"ra": "5", "distance": "14", "weapon": "bow", "mod": []}


@pytest.fixture(params=["en", "fr"])
def slow(request: pytest.FixtureRequest, browser: Any, site: Site) -> Iterator[tuple[Any, str]]:
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    context.add_init_script(SLOW_ENGINE)
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{request.param}/at-the-table.html"))
    watched.page.evaluate("window.nqAtTable.ready")
    yield watched, request.param
    assert not watched.errors, watched.errors
    assert not watched.violations, watched.violations
    context.close()


def test_a_new_questions_answer_is_never_the_last_ones(slow: tuple[Any, str]) -> None:
    page, lang = slow[0].page, slow[1]
    working = page_messages(lang)["working"]
    page.evaluate(FILL, ["shoot", QUESTION])
    wait_until(page, "document.getElementById('nq-shoot').dataset.answer !== undefined")
    before = page.evaluate(SHOWN, "shoot")
    page.evaluate("window.nqSlow = 5000")
    distance = "20,5" if lang == "fr" else "20.5"
    page.evaluate(FILL, ["shoot", {**QUESTION, "distance": distance}])
    said = wait_until(
        page, f"document.querySelector('#nq-shoot .nq-summary').textContent === {working!r}", 2
    )
    assert said
    shown = page.evaluate(SHOWN, "shoot")
    assert shown["lines"] == [working] and shown["lines"] != before["lines"]
    page.locator("#nq-shoot .nq-answer").scroll_into_view_if_needed()
    screenshot(page, f"working-1366-{lang}")
    wait_until(page, "document.getElementById('nq-shoot').dataset.answer !== undefined", 20)
    shown = page.evaluate(SHOWN, "shoot")
    assert shown["lines"] == ask(shown["argv"], lang)["text"]
    assert "20.5" in shown["argv"]
