"""The engine's files are fetched only once a question needs them or a builder is used: on a
first visit (a whole engine fetched unasked, to read one roll), and every time in a browser that
asks to save data (Save-Data: a phone on a metered plan; player round sixteen: 25 MB fetched
unasked on mobile data). Until then the tables answer, and the page says why the engine waits.
Once the engine has answered in a browser, the page starts it at once there (no download)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqcompanion.page.answers import answer_words
from tests.browser.conftest import PHONE, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY
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


#: Why the engine waits, by the words the page says it with: the status, and where it answers.
WHY = {"save-data": ("spared", "spared_here"), "first-visit": ("lazy", "lazy_here")}


@pytest.fixture(params=[(lang, why) for why in WHY for lang in ("en", "fr")], ids=str)
def sparing(
    request: pytest.FixtureRequest, browser: Any, site: Site
) -> Iterator[tuple[Any, str, int, str]]:
    lang, why = request.param
    # Save-Data waits even where the engine answered before; a first visit, where it never did.
    context = _recorded(
        site,
        browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, first_visit=why == "first-visit"
        ),
    )
    start = len(site.requests)  # the requests of this page only
    if why == "save-data":
        context.add_init_script(SAVE_DATA)
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(watched.page, TABLES_LOADED, timeout=60)
    yield watched, lang, start, why
    assert not watched.errors, watched.errors
    assert not watched.violations, watched.violations
    context.close()


def _engine_fetched(site: Site, start: int) -> list[str]:
    return [url for url in site.requests[start:] if ENGINE_FILES.search(url)]


def test_the_engine_waits_for_a_question_that_needs_it(
    sparing: tuple[Any, str, int, str], site: Site
) -> None:
    watched, lang, start, why = sparing
    page = watched.page
    time.sleep(2)  # the engine would have started once the tables were drawn
    assert _engine_fetched(site, start) == []
    words = answer_words(lang)
    status, here = (words[key] for key in WHY[why])
    assert page.locator(".nq-engine-status").inner_text() == status
    # a question no table holds, asked by the page itself: said, not sent to the engine
    assert page.evaluate(SHOWN, "attack")["lines"] == [here]
    assert page.locator(".nq-builder-points").inner_text() == here
    assert page.locator("#nq-army-summary").inner_text() == here
    page.evaluate(FILL, ["wound", {"strength": "6", "toughness": "4"}])
    assert page.evaluate(SHOWN, "wound")["source"] == "table"
    assert _engine_fetched(site, start) == []
    page.locator("#nq-hit").scroll_into_view_if_needed()
    screenshot(page, f"{why}-390-{lang}")
    page.evaluate(FILL, ["hit", ENGINE_QUESTION])
    wait_until(page, "document.getElementById('nq-hit').dataset.answer !== undefined", 180)
    shown = page.evaluate(SHOWN, "hit")
    assert shown["source"] == "engine" and shown["lines"] == ask(shown["argv"], lang)["text"]
    assert _engine_fetched(site, start)


def test_a_builder_used_starts_the_engine_and_the_next_visit_starts_it_at_once(
    browser: Any, site: Site
) -> None:
    context = _recorded(site, browser.new_context(viewport=PHONE, first_visit=True))
    page = context.new_page()
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.locator(".nq-builder select").first.focus()  # the builder used: its engine starts
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    start = len(site.requests)
    page.reload()  # no question asked, no builder used: started at once, from the cache
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    assert _engine_fetched(site, start)
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_book_profile_chosen_while_the_engine_loads_is_started(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round 31 (F4): a first visit's Dwarf, chosen at once with the keyboard's own
    change (no focus first), was dropped for "New profile" once the engine was ready."""
    from nqcompanion.bridge.web import build

    context = _recorded(site, browser.new_context(viewport=PHONE, first_visit=True))
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.locator("#nq-builder-start").evaluate(
        "(s) => { s.value = 'dwarf'; s.dispatchEvent(new Event('change', { bubbles: true })); }"
    )
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    page.evaluate("window.nqAtTable.profileStarted")
    page.evaluate("window.nqAtTable.builder.idle()")
    dwarf = build({"start": "dwarf"}, lang)
    assert page.locator("#nq-builder-name").input_value() == dwarf["fields"]["name"]
    assert page.locator("#nq-builder-start").input_value() == "dwarf"
    assert page.locator("#nq-builder-summary").inner_text() == dwarf["summary"]
    screenshot(page, f"builder-chosen-while-loading-390-{lang}")
    context.close()


#: Each line said where the whole attack waits for the engine, as the page shows it.
PROGRESS = """() => {
  window.nqSaid = [];
  const answer = document.querySelector("#nq-attack .nq-answer");
  new MutationObserver(() => window.nqSaid.push(answer.innerText)).observe(
    answer, { childList: true, subtree: true, characterData: true });
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_answer_waiting_for_the_engine_says_how_much_has_arrived(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round 31: a first whole attack on a throttled phone showed one unchanging line
    for 79 s; the waiting answer now says how much of the engine has arrived, up to all of it."""
    from nqcompanion.engine.bundle import engine_files

    words = answer_words(lang)
    context = _recorded(site, browser.new_context(viewport=PHONE, first_visit=True))
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.evaluate(PROGRESS)
    page.evaluate(FILL, ["attack", {"models": "2"}])  # a whole attack: only the engine answers
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    received = int(page.get_attribute(".nq-engine-status", "data-received") or 0)
    size = sum(len(data) for data in engine_files().values())
    said = [text for text in page.evaluate("window.nqSaid") if words["waiting"] in text]
    context.close()
    assert 0.9 * size <= received <= 1.1 * size, (received, size)
    before, _, after = words["engine_received"].partition("{received}")
    assert any(before in text and after in text for text in said), said


def test_a_question_typed_before_the_switch_is_answered_after_it(browser: Any, site: Site) -> None:
    """Player round 35: on a first visit, a question no table holds typed in English, the
    language switched before the engine had loaded: the French page kept the question and said
    the engine loads "as soon as you use it here", for good. The player's own kept question is
    asked: the engine starts and answers it in French; a Save-Data browser still waits."""
    context = _recorded(site, browser.new_context(viewport=PHONE, first_visit=True))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.evaluate(FILL, ["hit", ENGINE_QUESTION])  # kept as typed, the engine not yet loaded
    start = len(site.requests)
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, "document.getElementById('nq-hit').dataset.answer !== undefined", 180)
    shown = page.evaluate(SHOWN, "hit")
    assert shown["source"] == "engine" and shown["lines"] == ask(shown["argv"], "fr")["text"]
    assert _engine_fetched(site, start)
    assert not watched.errors, watched.errors
    saving = _recorded(site, browser.new_context(viewport=PHONE, first_visit=True))
    saving.add_init_script(SAVE_DATA)
    page = saving.new_page()
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.evaluate(FILL, ["hit", ENGINE_QUESTION])  # asked: its engine starts (on the way)
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    time.sleep(3)  # the engine, had the French page started it, would have answered
    assert page.evaluate(SHOWN, "hit")["lines"] == [answer_words("fr")["spared_here"]]
    saving.close()
    context.close()
