"""What the player set in the profile builder before the engine was ready (a book's profile to
start from, a name) survives the language switch made before it arrives: the engine, once there,
starts that profile under that name on the other page (player round 36: a "New profile" of 9
points on the French page). And what said the engine waits to be asked says, once asked, that it
loads."""

from __future__ import annotations

from typing import Any

from nqcompanion.page.answers import answer_words
from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY
from tests.browser.test_at_the_table_asked_early import LISTENING, held_page
from tests.browser.test_at_the_table_before_the_engine import ENGINE_FILES

NAME = "Grukk the Mid-Typ"


def test_the_builder_s_early_choices_survive_the_switch(browser: Any, site: Site) -> None:
    context, held, watched = held_page(browser, site, "en", ENGINE_FILES)
    page = watched.page
    page.select_option("#nq-builder-start", "orc-bruiser")
    page.locator("#nq-builder-name").fill(NAME)
    page.locator("#nq-builder-name").dispatch_event("change")
    # asked for: the builder no longer says the engine waits to be asked
    lazy = answer_words("en")["lazy_here"]
    wait_until(page, "document.querySelector('.nq-builder-points').textContent !== ''", 10)
    page.wait_for_timeout(600)
    assert lazy not in page.locator(".nq-builder-points").inner_text()
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, LISTENING, timeout=60)
    assert page.input_value("#nq-builder-start") == "orc-bruiser"
    assert page.input_value("#nq-builder-name") == NAME
    held.let_go()
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    page.evaluate("window.nqAtTable.profileStarted")
    page.evaluate("window.nqAtTable.builder.idle()")
    toml = page.evaluate("window.nqAtTable.builder.state.toml")
    assert f'name = "{NAME}"' in toml and "Cogneur orque" in toml and "cc = 5" in toml, toml
    assert page.evaluate("localStorage.getItem('nq-builder-early')") is None
    assert not watched.errors, watched.errors
    context.close()
