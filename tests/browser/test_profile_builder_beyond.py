"""A characteristic typed beyond the book's cost table in the profile builder, in Chromium on a
phone (390 px, touch) and a desktop, both languages: the card no longer shows the points of the
value before (CC 5, Total 30 points) as if they counted; it says the engine's refusal, which
names where the limit comes from (the cost table of Creating A Profile), and the value typed is
still there after the language switch.  The characteristics open a phone's number pad: a
characteristic that may be none (RA, CC) is left empty for none, as no number pad has "-"."""

from __future__ import annotations

from typing import Any

import pytest

from nqcore.army.characteristics import characteristic_range
from nqcore.i18n import translator
from nqsphinx.messages import ui_text
from tests.browser.conftest import SETTLED, Site, screenshot
from tests.browser.test_at_table_state import OTHER, _open, _switch
from tests.browser.test_at_the_table import BEYOND

#: The builder's typed characteristics (AC ... CO) and the keyboard each opens.
MODES = """[...document.querySelectorAll('#nq-builder input[data-min]')]
  .map((field) => [field.id, field.inputMode])"""
CARD = "document.getElementById('nq-builder-card').innerText"


def _type(page: Any, ident: str, text: str) -> None:
    """The player types ``text`` in the field, and pauses."""
    field = page.locator(f"#{ident}")
    field.click()
    field.press("Control+a")
    field.press_sequentially(text)
    page.wait_for_timeout(600)  # the builder sends what was typed once the typing pauses
    page.evaluate("window.nqAtTable.builder.idle()")
    page.evaluate(SETTLED)


def _pictures(page: Any, name: str) -> None:
    """The card with its refusal, light and dark."""
    page.locator("#nq-builder-card").scroll_into_view_if_needed()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate(SETTLED)
        screenshot(page, f"{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def _refusal(lang: str) -> str:
    """CC 9's refusal as the engine says it, without a file's name (player round nine: the card
    and the field said "profile.toml: CC 9 is beyond ...", a file the player never chose)."""
    _ = translator(lang)
    allowed = characteristic_range("cc")
    said = _(BEYOND).format(name=_("CC"), value=9, low=allowed.start, high=allowed.stop - 1)
    return said.replace("\u00a0", " ").replace("\u202f", " ")


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _refused_as_seen(page: Any, lang: str) -> None:
    """The card's line and the field's own message say the refusal, the field marked."""
    line = page.locator("#nq-builder-card .nq-answer.nq-refused p").first.inner_text()
    refused = ui_text("The rules engine refused the question:", lang)
    assert _plain(line) == _plain(f"{refused} {_refusal(lang)}"), line
    assert ".toml" not in page.evaluate(CARD)
    said = f"{ui_text('Refused:', lang)} {_refusal(lang)}"  # as the army builder's (round 15)
    assert _plain(page.locator("#nq-builder-cc-error").inner_text()) == _plain(said)
    assert _plain(page.locator("#nq-builder-summary").inner_text()) == _plain(said)
    assert page.locator("#nq-builder-cc").get_attribute("aria-invalid") == "true"


@pytest.mark.parametrize(("lang", "screen"), [("fr", "390"), ("en", "1366")])
def test_a_value_beyond_the_cost_table_is_not_counted_and_stays(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    page.select_option("#nq-builder-start", "orc-bruiser")
    page.evaluate("window.nqAtTable.builder.idle()")
    before = page.evaluate(CARD)
    assert "30" in before, before
    _type(page, "nq-builder-cc", "9")
    card = page.evaluate(CARD)
    _refused_as_seen(page, lang)
    assert "30" not in card, card  # the points of CC 5 are not shown as the total
    assert page.locator("#nq-builder-card .nq-answer.nq-refused").count() == 1
    assert page.locator("#nq-builder-cc").input_value() == "9"
    _pictures(page, f"builder-beyond-{screen}-{lang}")
    _switch(page, lang)
    assert page.locator("#nq-builder-cc").input_value() == "9"
    _refused_as_seen(page, OTHER[lang])
    _pictures(page, f"builder-beyond-{screen}-{OTHER[lang]}")
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_characteristics_open_the_number_pad_and_empty_is_none(
    browser: Any, site: Site, lang: str
) -> None:
    watched = _open(browser, site, "390", lang)
    page = watched.page
    modes = dict(page.evaluate(MODES))
    assert set(modes) >= {f"nq-builder-{key}" for key in ("ac", "ra", "cc", "st", "t", "w", "co")}
    assert set(modes.values()) == {"numeric"}, modes
    page.select_option("#nq-builder-start", "orc-bruiser")
    page.evaluate("window.nqAtTable.builder.idle()")
    field = page.locator("#nq-builder-ra")
    field.click()
    field.press("Control+a")
    field.press("Backspace")
    page.wait_for_timeout(600)
    page.evaluate("window.nqAtTable.builder.idle()")
    assert page.locator("#nq-builder-ra").get_attribute("aria-invalid") != "true"
    page.locator("#nq-builder-cc").focus()  # leaving the emptied field: RA is none
    page.evaluate("window.nqAtTable.builder.idle()")
    page.evaluate(SETTLED)
    assert page.evaluate("window.nqAtTable.builder.state.toml").count('ra = "-"') == 1
    assert not watched.errors, watched.errors
    page.context.close()


def test_the_delete_dialog_names_the_name_typed_beside_a_refused_value(
    browser: Any, site: Site
) -> None:
    """Player round 16 (L3): CC 9 refused, then the profile renamed: the engine, refusing the
    CC, keeps the old name, but the list and the delete dialog name the profile the player sees
    in the field; "Keep" keeps it, under that name."""
    watched = _open(browser, site, "390", "fr")
    page = watched.page
    _type(page, "nq-builder-cc", "9")
    _type(page, "nq-builder-name", "Garde-moi")
    assert page.locator("#nq-builder-cc").get_attribute("aria-invalid") == "true"
    page.locator("#nq-builder-delete").click()
    asked = page.locator("#nq-builder-confirm-text").inner_text()
    assert "Garde-moi" in asked, asked
    screenshot(page, "profile-builder-delete-typed-name-fr-390")
    page.locator("#nq-builder-confirm-keep").click()
    listed = page.locator("#nq-builder-pick option:checked").inner_text()
    assert listed.startswith("Garde-moi"), listed
    assert page.locator("#nq-builder-name").input_value() == "Garde-moi"
