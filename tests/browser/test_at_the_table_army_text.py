"""The roster as plain text, as a BattleScribe player shares one: "Copy the roster (text)" puts
the engine's text roster (the printed roster's content, in the page's language) on the
clipboard and says so; "Download the roster (.txt)" saves the same text in a file named after
the army.  Both from the keyboard, in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, screenshot, wait_until
from tests.browser.test_accessibility import axe_script  # noqa: F401 - fixture
from tests.browser.test_at_the_table_army import _axe
from tests.browser.test_at_the_table_army_undo import companion as _open

ARMY = Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml"
HEADING = {"en": "Army roster", "fr": "Liste d’armée"}


@pytest.mark.parametrize(
    ("lang", "size", "scheme"), [("en", "1366", "light"), ("fr", "390", "dark")]
)
def test_the_roster_is_copied_and_downloaded_as_text(
    browser: Any,
    site: Site,
    lang: str,
    size: str,
    scheme: str,
    axe_script: str,  # noqa: F811 - the fixture imported above
) -> None:
    watched = _open(browser, site, lang, size, scheme)
    page = watched.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", ARMY.read_text(encoding="utf-8"))
    page.evaluate("window.nqAtTable.army.idle()")
    text = page.evaluate("window.nqAtTable.army.state.answer.roster_text")
    assert text.startswith(f"The Barrow Host\n{HEADING[lang]} · "), text
    page.locator("#nq-army-copy").focus()
    page.keyboard.press("Enter")
    wait_until(page, "document.getElementById('nq-army-copied').textContent !== ''")
    assert page.inner_text("#nq-army-copied") == ui_text("The roster is copied as text.", lang)
    assert page.evaluate("navigator.clipboard.readText()") == text
    for colours in ("light", "dark"):  # the lists and what copying said, axe-clean
        page.emulate_media(color_scheme=colours)
        assert not _axe(page, axe_script), colours
    page.emulate_media(color_scheme=scheme)
    page.locator("#nq-army-text").focus()
    with page.expect_download() as info:
        page.keyboard.press("Enter")
    download = info.value
    assert download.suggested_filename == "the-barrow-host.txt"
    assert Path(download.path()).read_text(encoding="utf-8") == text
    page.locator("#nq-army-copy").scroll_into_view_if_needed()
    screenshot(page, f"army-text-{size}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    page.context.close()
