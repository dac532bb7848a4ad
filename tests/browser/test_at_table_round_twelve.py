"""What the player's round twelve lost at the table, in Chromium: a profile made replaced by the
book profile chosen to start another; a mouse's click on a box lost while the page moved under
it; a characteristic emptied counted only once its field was left (the card and the exported
file kept the old value)."""

from __future__ import annotations

from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import SETTLED, Site
from tests.browser.test_at_table_state import _change, _open

#: The names "Your profiles" lists, without their points.
LISTED = """() => [...document.querySelectorAll('#nq-builder-pick option')]
  .map((option) => option.textContent.split(' · ')[0])"""


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_starting_from_a_book_profile_never_replaces_one_the_player_made(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """A profile named and changed stays when another book profile is chosen to start from: a
    new one opens beside it; a book profile started and left as it was is replaced by the next
    (looking through the book's profiles makes no list of them); the arrow keys on the closed
    list, which Chromium applies as a change, lose nothing either."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate("window.nqAtTable.builder.idle()")
    _change(page, "#nq-builder-name", "Ironbeards")
    _change(page, "#nq-builder-cc", "6")
    page.select_option("#nq-builder-start", "orc-bruiser")
    page.evaluate("window.nqAtTable.builder.idle()")
    listed = page.evaluate(LISTED)
    assert "Ironbeards" in listed and len(listed) == 2, listed
    page.select_option("#nq-builder-start", "dwarf")  # the Orc Bruiser looked at, replaced
    page.evaluate("window.nqAtTable.builder.idle()")
    assert len(page.evaluate(LISTED)) == 2, page.evaluate(LISTED)
    page.select_option("#nq-builder-pick", index=page.evaluate(LISTED).index("Ironbeards"))
    page.evaluate("window.nqAtTable.builder.idle()")
    toml = page.evaluate("window.nqAtTable.builder.state.toml")
    assert 'name = "Ironbeards"' in toml and "cc = 6" in toml, toml
    if screen == "1366":  # a keyboard: Tab to the list, Down once
        page.locator("#nq-builder-start").focus()
        page.keyboard.press("ArrowDown")
        page.evaluate("window.nqAtTable.builder.idle()")
        assert "Ironbeards" in page.evaluate(LISTED), page.evaluate(LISTED)
    page.reload()
    page.evaluate("window.nqAtTable.drawn")
    assert "Ironbeards" in page.evaluate(LISTED)
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "typed", "box"),
    [
        ("fr", "#nq-cast-level", "#nq-cancel-concentrate"),
        ("en", "#nq-wound-strength", "#nq-command-battle_standard"),
    ],
)
def test_a_mouse_click_on_a_box_of_the_next_calculator_ticks_it(
    browser: Any, site: Site, lang: str, typed: str, box: str
) -> None:
    """On a desktop, a number typed in one calculator, then one click with the mouse on a box
    of a calculator below: the box is ticked (the summary of the first one went as the focus
    left it, 38 px between the press and the release, and the click landed beside the box)."""
    watched = _open(browser, site, "1366", lang)
    page = watched.page
    page.locator(typed).fill("6")
    page.evaluate(SETTLED)
    page.locator(box).scroll_into_view_if_needed()
    before = page.locator(box).bounding_box()
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(100)  # the press held as a hand holds it
    page.mouse.up()
    assert page.locator(box).is_checked(), (box, before, page.locator(box).bounding_box())
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_characteristic_emptied_counts_as_none_without_leaving_its_field(
    browser: Any, site: Site, lang: str
) -> None:
    """Its field says "or leave it empty for none": emptied, the card and the profile follow
    once the typing pauses, and an export at once writes what the field shows."""
    watched = _open(browser, site, "1366", lang)
    page = watched.page
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate("window.nqAtTable.builder.idle()")
    field = page.locator("#nq-builder-ra")
    field.fill("4")
    field.dispatch_event("change")
    page.evaluate("window.nqAtTable.builder.idle()")
    assert "ra = 4" in page.evaluate("window.nqAtTable.builder.state.toml")
    field.fill("")  # still focused
    with page.expect_download() as download:
        page.locator("#nq-builder-export").click()
    exported = download.value.path().read_text(encoding="utf-8")
    assert "ra = 4" not in exported, exported
    field.fill("3")
    field.dispatch_event("change")
    page.evaluate("window.nqAtTable.builder.idle()")
    assert "ra = 3" in page.evaluate("window.nqAtTable.builder.state.toml")
    field.focus()
    field.fill("")
    page.wait_for_timeout(900)  # the pause
    page.evaluate("window.nqAtTable.builder.idle()")
    assert "ra = 3" not in page.evaluate("window.nqAtTable.builder.state.toml")
    assert page.evaluate("document.activeElement.id") == "nq-builder-ra"
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_builder_s_summary_never_speaks_of_a_value_no_longer_in_its_field(
    browser: Any, site: Site, lang: str
) -> None:
    """CC 0 refused by the engine, then 5.5 typed: the summary said "CC 0 is beyond its cost
    table" above a field holding 5.5 (player round twelve); it says the field's own refusal."""
    watched = _open(browser, site, "390", lang)
    page = watched.page
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate("window.nqAtTable.builder.idle()")
    _change(page, "#nq-builder-cc", "0")
    summary = page.locator("#nq-builder-summary")
    assert "0" in summary.inner_text(), summary.inner_text()
    page.locator("#nq-builder-cc").fill("5.5")
    said = page.locator("#nq-builder-cc-error").inner_text()
    assert said and summary.inner_text() == said, (summary.inner_text(), said)
    # "Refused:" first, then the field (player round fifteen)
    assert summary.inner_text().startswith(f"{ui_text('Refused:', lang)} CC"), summary.inner_text()
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_characteristic_left_empty_says_it_is_none(browser: Any, site: Site, lang: str) -> None:
    """Player round eighteen: CC emptied became "–" on the card without a word; beside the
    field, not as a refusal, it says none and how to give one; a number typed takes it away."""
    watched = _open(browser, site, "390", lang)
    page = watched.page
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate("window.nqAtTable.builder.idle()")
    _change(page, "#nq-builder-cc", "")
    page.evaluate("window.nqAtTable.builder.idle()")
    note = page.locator("#nq-builder-cc-error")
    said = ui_text(
        "{field}: none (–), as for a chariot. Type a number to give it one.", lang
    ).format(
        field=page.evaluate(
            "document.querySelector(\"label[for='nq-builder-cc']\").textContent.trim()"
        )
    )
    assert note.is_visible() and note.inner_text() == said, note.inner_text()
    assert page.locator("#nq-builder-cc").get_attribute("aria-invalid") != "true"
    toml = page.evaluate("window.nqAtTable.builder.state.toml")
    assert "cc = " not in toml or 'cc = "-"' in toml, toml
    _change(page, "#nq-builder-cc", "5")
    page.evaluate("window.nqAtTable.builder.idle()")
    assert not note.is_visible(), note.inner_text()
    assert not watched.errors, watched.errors
    page.context.close()
