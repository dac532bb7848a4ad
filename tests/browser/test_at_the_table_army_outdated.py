"""An entry made from the player's own profile, which the player then changes in the profile
builder: the entry keeps its copy and says so beside it, with a button that takes the profile as
it is now; pressed, the entry is priced from it and the focus goes to its heading (player round
fourteen, #5: the army silently kept the old profile)."""

from __future__ import annotations

from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, held_press, screenshot, wait_until
from tests.browser.test_at_the_table_army import _answered, _phone

ANSWER = "window.nqAtTable.army.state.answer"


def _builder_set(page: Any, field: str, value: str) -> None:
    page.fill(f"#nq-builder-{field}", value)
    page.dispatch_event(f"#nq-builder-{field}", "change")
    page.evaluate("window.nqAtTable.builder.idle()")


def _outdated(page: Any) -> tuple[int, int]:
    """A unit made from the builder's "Militia", whose CC and name then change there: the CC it
    was made with, and its points."""
    page.evaluate("window.nqAtTable.builder.idle()")
    _builder_set(page, "name", "Militia")
    cc = int(page.input_value("#nq-builder-cc"))
    page.select_option("#nq-army-add-kind", "unit")
    page.select_option("#nq-army-add-profile", label="Militia")
    page.click("#nq-army-add")
    _answered(page, "(data.unit || []).length === 1")
    points: int = page.evaluate(f"{ANSWER}.entries[0].points")
    assert page.locator("#nq-army-unit-0 .nq-army-outdated").count() == 0
    _builder_set(page, "cc", str(cc + 1))
    _builder_set(page, "name", "Veteran Militia")
    wait_until(page, f"{ANSWER}.entries[0].outdated.length === 1")
    page.evaluate("window.nqAtTable.army.idle()")
    return cc, points


def test_a_slow_press_on_use_just_after_typing_takes_the_profile(browser: Any, site: Site) -> None:
    """The press leaves the builder's name field, typed in and sent: the profile is kept again,
    unchanged, and the army asked again. Its entries were drawn anew under the held button, and
    its release clicked nothing (CI, a loaded machine: "Use ..." clicked, nothing taken)."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    cc, _ = _outdated(page)
    button = page.locator("#nq-army-unit-0 .nq-army-outdated button")
    # whatever leaving the builder's field asked, and the army asked again after it
    settled = "window.nqAtTable.builder.idle().then(() => window.nqAtTable.army.idle())"
    assert held_press(page, button, settled, "#nq-army-entries") == 0
    _answered(page, f"data.unit[0].profile.cc === {cc + 1}")
    assert page.evaluate(f"{ANSWER}.entries[0].outdated") == []
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_entry_of_a_changed_profile_says_so_and_takes_it_when_asked(
    browser: Any, site: Site, lang: str
) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    cc, points = _outdated(page)
    note = page.locator("#nq-army-unit-0 .nq-army-outdated")
    assert note.count() == 1
    name = "Veteran Militia"
    said = ui_text(
        "Your profile “{name}” has changed since this entry was made from it: the entry "
        "keeps the profile as it was.",
        lang,
    )
    assert note.inner_text().startswith(said.format(name=name)), note.inner_text()
    assert page.evaluate(f"{ANSWER}.entries[0].points") == points  # its copy, until asked
    assert page.evaluate("window.nqAtTable.army.state.data.unit[0].profile.cc") == cc
    note.scroll_into_view_if_needed()
    screenshot(page, f"army-outdated-390-{lang}")
    button = note.locator("button")
    assert button.inner_text() == ui_text("Use “{name}” as it is now", lang).format(name=name)
    button.click()
    _answered(page, f"data.unit[0].profile.cc === {cc + 1}")
    assert page.evaluate(f"{ANSWER}.entries[0].outdated") == []
    assert "Veteran Militia" in page.evaluate(f"{ANSWER}.roster_text")
    assert page.locator("#nq-army-unit-0 .nq-army-outdated").count() == 0
    focused = "document.activeElement.closest('li')?.id"
    assert page.evaluate(focused) == "nq-army-unit-0", page.evaluate(
        "[document.activeElement.outerHTML.slice(0, 300),"
        " document.getElementById('nq-army-said').textContent]"
    )
    said = ui_text("“{entry}” now uses your profile “{name}” as it is.", lang)
    assert page.locator("#nq-army-said").inner_text() == said.format(entry="Militia", name=name)
    assert not watched.errors, watched.errors
    context.close()
