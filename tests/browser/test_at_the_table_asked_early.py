"""A question the tables cannot answer, asked while they are still loading (a slow phone's first
seconds), is the player's: once the tables arrive the engine starts for it and answers, on a
first visit and with Save-Data alike (player round 36: the page asked the whole attack again as
its own first question, which waits to be asked, and the player's answer never came)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import PHONE, Held, Site, _recorded, wait_until, watch
from tests.browser.test_at_the_table import ENGINE_SECONDS
from tests.browser.test_at_the_table_before_the_engine import FILL, SHOWN
from tests.browser.test_at_the_table_save_data import SAVE_DATA

#: The answer tables, held back until the question is asked.
TABLES = re.compile(r"/nq-answers\.json")
#: The page's script has drawn its forms and listens to them.
LISTENING = "!!(window.nqAtTable && document.getElementById('nq-attack'))"
ANSWERED = "!!document.getElementById('nq-attack').dataset.answer"


def held_page(
    browser: Any, site: Site, lang: str, pattern: Any, script: str = ""
) -> tuple[Any, Held, Any]:
    """A first visit on a phone (``script`` run in it first), the requests to ``pattern`` held
    back, once the page's script listens: its context, the held requests and the page."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, first_visit=True),
    )
    if script:
        context.add_init_script(script)
    held = Held(context, pattern)
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(watched.page, LISTENING, timeout=60)
    return context, held, watched


@pytest.mark.parametrize(("lang", "why"), [("en", "first-visit"), ("fr", "save-data")])
def test_an_engine_question_asked_before_the_tables_is_answered(
    browser: Any, site: Site, lang: str, why: str
) -> None:
    script = SAVE_DATA if why == "save-data" else ""
    context, held, watched = held_page(browser, site, lang, TABLES, script)
    page = watched.page
    wait_until(page, "true", timeout=1)
    page.evaluate(FILL, ["attack", {"attacker": "orc-bruiser", "target": "dwarf"}])
    assert held.routes, "the tables came before the question"
    held.let_go()
    wait_until(page, ANSWERED, timeout=ENGINE_SECONDS)
    shown = page.evaluate(SHOWN, "attack")
    assert shown["source"] == "engine" and "error" not in shown["answer"], shown
    assert "orc-bruiser" in shown["argv"], shown
    assert not watched.errors, watched.errors
    context.close()
