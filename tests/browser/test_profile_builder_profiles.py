"""The profile builder keeps several named profiles, as the army builder keeps armies, in Chromium:
the one profile kept by an earlier version carried into the list; a new profile, each listed by
its name and points, opened from the list; a deletion asked first in a modal dialog by keyboard,
and undone; the profiles kept across a reload and the language switch (a book profile left as
the book gives it named in the page's language, in the list too); every profile offered to the
army builder; axe finds nothing on the builder.  Pictures at 390 and 1366 px, both languages,
light and dark."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web import build
from nqcore.army.characteristics import BLANK_NAME
from nqcore.i18n import translator
from nqsphinx.messages import ui_text
from tests.browser.conftest import PHONE, Site, _recorded, screenshot, text_is, wait_until, watch
from tests.browser.test_accessibility import AXE_OPTIONS, axe_script  # noqa: F401 - fixture
from tests.browser.test_at_table_state import OTHER, WIDE, _change, _settle, _switch

#: The list of kept profiles as it reads: each option's words.
LISTED = "[...document.querySelectorAll('#nq-builder-pick option')].map((o) => o.textContent)"
#: The army's add list: the options of the player's own profiles, value and words.
OWN = """() => [...document.querySelectorAll('#nq-army-add-profile option')]
  .filter((o) => o.value.startsWith('@mine')).map((o) => o.textContent)"""


def _listed(key: str, lang: str, name: str | None = None) -> str:
    """A book profile as the list names it: its name (or ``name``) and its points, in ``lang``."""
    summary = build({"start": key}, lang)["summary"].split(" · ")
    return f"{name or summary[0]} · {summary[1]}"


def _idle(page: Any) -> None:
    page.evaluate("window.nqAtTable.builder.idle()")
    page.evaluate("window.nqAtTable.builder.idle()")


def _axe(page: Any, script: str, where: str) -> list[str]:
    if page.evaluate("typeof axe === 'undefined'"):
        page.evaluate(script)
    result = page.evaluate(
        f"o => axe.run(document.getElementById('{where}'), o)", dict(AXE_OPTIONS, preload=True)
    )
    return [f"{v['id']}: {[n['html'][:100] for n in v['nodes'][:3]]}" for v in result["violations"]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_profile_kept_by_an_earlier_version_is_carried_into_the_list(
    browser: Any, site: Site, lang: str
) -> None:
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    kept = build({"start": "dwarf"}, lang)["toml"]
    page.evaluate(
        "(toml) => { localStorage.clear(); localStorage.setItem('nq-profile-builder', toml); }",
        kept,
    )
    page.reload()
    _settle(page)
    assert page.evaluate(LISTED) == [_listed("dwarf", lang)]
    assert (
        page.locator("#nq-builder-name").input_value()
        == build({"start": "dwarf"}, lang)["fields"]["name"]
    )
    assert page.evaluate(OWN) == [build({"start": "dwarf"}, lang)["fields"]["name"]]
    page.reload()
    _settle(page)
    assert page.evaluate(LISTED) == [_listed("dwarf", lang)]
    assert not watched.errors, watched.errors
    context.close()


def _new_profile(page: Any, name: str) -> None:
    page.focus("#nq-builder-new")
    page.keyboard.press("Enter")
    _idle(page)
    page.focus("#nq-builder-name")
    page.keyboard.press("Control+A")
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    _idle(page)


def _delete_and_undo(page: Any, lang: str, name: str, script: str) -> None:
    """Delete asks first, its focus on "Keep": Escape keeps; Tab, Enter deletes; Undo."""
    dialog = page.locator("#nq-builder-confirm")
    page.focus("#nq-builder-delete")
    page.keyboard.press("Enter")
    assert dialog.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.id") == "nq-builder-confirm-keep"
    assert page.locator("#nq-builder-confirm-title").inner_text() == ui_text(
        "Delete this profile?", lang
    )
    assert name in page.locator("#nq-builder-confirm-text").inner_text()
    assert not _axe(page, script, "nq-builder-confirm")
    screenshot(page, f"builder-delete-390-{lang}")
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.id") == "nq-builder-delete"
    assert any(item.startswith(name) for item in page.evaluate(LISTED))
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "nq-builder-confirm-delete"
    page.keyboard.press("Enter")
    deleted = ui_text("The profile “{name}” was deleted.", lang).format(name=name)
    wait_until(page, text_is("nq-builder-status", deleted))  # once the dialog has closed
    _idle(page)
    assert not any(item.startswith(name) for item in page.evaluate(LISTED))
    assert page.evaluate("document.activeElement.id") == "nq-builder-delete"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "nq-builder-undo-button"
    screenshot(page, f"builder-undo-390-{lang}")
    page.keyboard.press("Enter")
    _idle(page)
    assert any(item.startswith(name) for item in page.evaluate(LISTED))
    assert page.locator("#nq-builder-name").input_value() == name
    assert page.locator("#nq-builder-undo").is_hidden()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_several_profiles_made_kept_deleted_and_offered_to_the_army(
    browser: Any,
    site: Site,
    lang: str,
    axe_script: str,  # noqa: F811 - the fixture imported above
) -> None:
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    page.evaluate("localStorage.clear()")
    page.reload()
    _settle(page)
    page.select_option("#nq-builder-start", "human-men-at-arms")
    _idle(page)
    _new_profile(page, "Orc Shaman")
    listed = page.evaluate(LISTED)
    assert listed[0] == _listed("human-men-at-arms", lang)
    assert listed[1].startswith("Orc Shaman · ") and len(listed) == 2, listed
    assert page.locator("#nq-builder-pick").input_value() == page.evaluate(
        "window.nqAtTable.builder.kept().current"
    )
    book = build({"start": "human-men-at-arms"}, lang)["fields"]["name"]
    assert page.evaluate(OWN) == [book, "Orc Shaman"]
    page.select_option("#nq-builder-pick", index=0)
    _idle(page)
    assert page.locator("#nq-builder-name").input_value() == book
    assert page.locator("#nq-builder-start").input_value() == "human-men-at-arms"
    page.select_option("#nq-builder-pick", index=1)
    _idle(page)
    assert page.locator("#nq-builder-name").input_value() == "Orc Shaman"
    assert not _axe(page, axe_script, "nq-builder")
    _delete_and_undo(page, lang, "Orc Shaman", axe_script)
    page.reload()
    _settle(page)
    assert len(page.evaluate(LISTED)) == 2
    assert page.locator("#nq-builder-name").input_value() == "Orc Shaman"
    _switch(page, lang)
    other = OTHER[lang]
    listed = page.evaluate(LISTED)
    assert listed[0] == _listed("human-men-at-arms", other), listed
    assert listed[1].startswith("Orc Shaman · "), listed
    page.select_option("#nq-builder-pick", index=0)
    _idle(page)
    named = build({"start": "human-men-at-arms"}, other)["fields"]["name"]
    assert page.locator("#nq-builder-name").input_value() == named
    assert page.evaluate(OWN) == [named, "Orc Shaman"]
    page.select_option("#nq-army-add-kind", "unit")  # a regular's profile: offered for a unit
    page.select_option("#nq-army-add-profile", label="Orc Shaman")
    page.click("#nq-army-add")
    page.evaluate("window.nqAtTable.army.idle()")
    assert page.evaluate("(window.nqAtTable.army.state.data.unit || []).length") == 1
    assert "Orc Shaman" in page.locator("#nq-army-unit-0 h3").inner_text()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert not _axe(page, axe_script, "nq-builder"), scheme
        for size, viewport in (("390", PHONE), ("1366", WIDE)):
            page.set_viewport_size(viewport)
            page.locator("#nq-builder-pick").scroll_into_view_if_needed()
            screenshot(page, f"builder-profiles-{size}-{other}-{scheme}")
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.every_language
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_profile_never_named_is_shown_untitled_in_the_other_language(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round nine: a blank profile made on the English page, never named, stayed "New
    profile" on the French page (its list, its card, the army's list, the deletion's question);
    each page says it by its own word for an untitled profile, the name field left empty with
    that word as its placeholder."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True),
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    page.evaluate("localStorage.clear()")
    page.reload()
    _settle(page)
    _change(page, "#nq-builder-w", "2")  # the first visit's blank profile, changed: kept
    _switch(page, lang)
    _idle(page)
    other = OTHER[lang]
    untitled = translator(other)(BLANK_NAME)
    mine = translator(lang)(BLANK_NAME)
    (listed,) = page.evaluate(LISTED)
    assert listed.startswith(f"{untitled} · ") and mine not in listed, listed
    assert page.locator("#nq-builder-name").input_value() == ""
    assert page.locator("#nq-builder-name").get_attribute("placeholder") == untitled
    assert page.locator("#nq-builder-card .nq-card-name").inner_text() == untitled
    assert page.evaluate(OWN) == [untitled]
    page.click("#nq-builder-delete")
    asked = page.locator("#nq-builder-confirm-text").inner_text()
    assert untitled in asked and mine not in asked, asked
    page.keyboard.press("Escape")
    assert not watched.errors, watched.errors
    context.close()
