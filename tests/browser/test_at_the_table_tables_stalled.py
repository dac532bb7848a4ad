"""A tables file that never comes (a connection that stalls) holds neither the engine nor the
player's question for good: once the engine is wanted it starts without the tables, and a
question asked while they load is answered by the engine."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_the_table import ENGINE_SECONDS
from tests.browser.test_at_the_table_asked_early import TABLES, held_page
from tests.browser.test_at_the_table_before_the_engine import FILL, SHOWN

#: The page's patience with the tables once the engine is wanted (nq-at-table.js), in seconds.
PATIENCE = 8


@pytest.mark.parametrize(
    ("lang", "form", "fields"),
    [
        ("en", "attack", {"attacker": "orc-bruiser", "target": "dwarf"}),
        ("fr", "hit", {"cc": "5", "mod": []}),
    ],
)
def test_a_question_asked_while_the_tables_stall_is_answered_by_the_engine(
    browser: Any, site: Site, lang: str, form: str, fields: dict[str, str]
) -> None:
    context, held, watched = held_page(browser, site, lang, TABLES)
    page = watched.page
    page.evaluate(FILL, [form, fields])
    wait_until(
        page,
        f"!!document.getElementById('nq-{form}').dataset.answer",
        timeout=ENGINE_SECONDS + PATIENCE,
    )
    assert held.routes and held.holding, "the tables came"
    shown = page.evaluate(SHOWN, form)
    assert shown["source"] == "engine" and "error" not in shown["answer"], shown
    assert not watched.errors, watched.errors
    context.close()
