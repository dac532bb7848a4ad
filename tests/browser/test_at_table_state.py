"""The work at the table is one for both languages, in Chromium on a phone (390 px) and a desktop
(1366 px): the calculators' values, the built profile and the army found again after switching
language with the header's link, the page landing on the section the player was in (its heading
under the sticky header); a unit named by default after its profile named in the page's language;
the army's sticky summary below the desktop's header; the army's total following typing, and a
refused value leaving no stale total shown as current.  Pictures at 390 and 1366 px, both
languages, light and dark."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web_starting import starting_choices
from tests import covering
from tests.browser.conftest import PHONE, SETTLED, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY

WIDE = {"width": 1366, "height": 768}
SCREENS = {"390": PHONE, "1366": WIDE}
OTHER = {"en": "fr", "fr": "en"}
#: The bottom of what stays at the top of the window: a phone's header, a desktop's strip.
HEADER_BOTTOM = """(() => Math.max(0, ...['.mobile-header', '.nq-top-bar']
  .map((s) => document.querySelector(s))
  .filter((b) => b && getComputedStyle(b).display !== 'none'
    && getComputedStyle(b).position === 'sticky')
  .map((b) => b.getBoundingClientRect().bottom)))()"""
#: The calculators' values the player types (field id: text).
TYPED = {
    "nq-cast-level": "3",
    "nq-cast-wizardry": "2",
    "nq-shoot-ra": "4",
    "nq-shoot-distance": "22",
    "nq-command-co": "8",
}


def _open(browser: Any, site: Site, screen: str, lang: str, scheme: str = "light") -> Any:
    phone = screen == "390"
    context = _recorded(
        site,
        browser.new_context(
            viewport=SCREENS[screen],
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2,
            color_scheme=scheme,
        ),
    )
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(watched.page)
    return watched


def _settle(page: Any) -> None:
    """The engine loaded, the builder and the army drawn as they were kept."""
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    wait_until(page, "window.nqAtTable.drawn.then(() => true)", timeout=ENGINE_SECONDS)
    page.evaluate("window.nqAtTable.drawn")
    page.evaluate("Promise.all([window.nqAtTable.builder.idle(), window.nqAtTable.army.idle()])")
    page.evaluate(SETTLED)


def _switch(page: Any, lang: str) -> None:
    """The header's language link, as the player taps it."""
    page.locator(f"a.nq-lang-link[hreflang='{OTHER[lang]}']:visible").first.click()
    page.wait_for_url(f"**/{OTHER[lang]}/at-the-table.html*")
    _settle(page)


def _change(page: Any, selector: str, text: str) -> None:
    page.locator(selector).fill(text)
    page.locator(selector).dispatch_event("change")
    page.evaluate("window.nqAtTable.builder.idle()")


def _scroll_to(page: Any, heading: str) -> None:
    """The player scrolls until a section's heading is a little below the header."""
    page.evaluate(
        f"""(h) => {{ const top = document.querySelector(h).getBoundingClientRect().top;
        window.scrollBy({{ top: top - {HEADER_BOTTOM} - 60, behavior: 'instant' }}); }}""",
        heading,
    )
    page.evaluate(SETTLED)


def _heading_under_header(page: Any, heading: str) -> None:
    page.wait_for_timeout(3500)  # the page may still be drawing answers: the place is kept
    page.evaluate(SETTLED)
    box = page.locator(heading).bounding_box()
    header = page.evaluate(HEADER_BOTTOM)
    assert box is not None and page.evaluate("window.scrollY") > 0
    assert header - 1 <= box["y"] <= header + 80, (box, header)


#: Each case switches to the other language and back: each language and each screen is a start
#: once, and every switch is made both ways on each screen (the engine loads three times a case).
SWITCHES = [("en", "390"), ("fr", "1366")]
#: The languages and screens of a matrix (tests/covering.py).
LANG_SCREEN = (("en", "fr"), ("390", "1366"))


@pytest.mark.parametrize(("lang", "screen"), SWITCHES)
def test_the_work_and_the_place_survive_the_language_switch(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    for ident, text in TYPED.items():
        page.locator(f"#{ident}").fill(text)
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate("window.nqAtTable.builder.idle()")
    _change(page, "#nq-builder-name", "Thorin")
    _change(page, "#nq-builder-cc", "6")
    page.select_option("#nq-builder-add-weapons", "battle-axe")
    page.locator("button[data-add='weapons']").click()
    page.evaluate("window.nqAtTable.builder.idle()")
    profile = page.evaluate("window.nqAtTable.builder.state.toml")
    assert 'name = "Thorin"' in profile and "cc = 6" in profile and "battle-axe" in profile
    heading = "#calc-command-test > h2"
    _scroll_to(page, heading)
    _switch(page, lang)
    assert page.url.endswith("#calc-command-test"), page.url
    for ident, text in TYPED.items():
        assert page.locator(f"#{ident}").input_value() == text, ident
    assert page.evaluate("window.nqAtTable.builder.state.toml") == profile
    assert page.locator("#nq-builder-name").input_value() == "Thorin"
    assert page.locator("#nq-builder-cc").input_value() == "6"
    _heading_under_header(page, heading)
    # The answers are the other language's, on the player's values.
    assert page.locator("#nq-command .nq-answer").inner_text().strip()
    # From the army builder, the switch lands on the army builder.
    _scroll_to(page, "#calc-army-builder > h2")
    _switch(page, OTHER[lang])
    assert page.url.endswith("#calc-army-builder"), page.url
    _heading_under_header(page, "#calc-army-builder > h2")
    assert page.locator("#nq-command-co").input_value() == "8"
    assert not watched.errors, watched.errors
    page.context.close()


def _add_unit(page: Any, profile: str) -> None:
    count = page.evaluate("(window.nqAtTable.army.state.data.unit || []).length")
    page.select_option("#nq-army-add-kind", "unit")
    page.select_option("#nq-army-add-profile", profile)
    page.locator("#nq-army-add").click()
    wait_until(page, f"(window.nqAtTable.army.state.data.unit || []).length === {count + 1}")
    page.evaluate("window.nqAtTable.army.idle()")


def _unit_names(page: Any) -> list[str]:
    names: list[str] = page.evaluate(
        "(window.nqAtTable.army.state.data.unit || []).map((u) => u.name)"
    )
    return names


@pytest.mark.parametrize(("lang", "screen"), SWITCHES)
def test_a_unit_named_after_its_profile_is_named_in_the_page_language(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    here, there = dict(starting_choices(lang)), dict(starting_choices(OTHER[lang]))
    _add_unit(page, "dwarf")
    _add_unit(page, "dwarf")
    _add_unit(page, "dwarf")
    page.locator("#nq-army-unit-2-name").fill("Grim")
    page.locator("#nq-army-unit-2-name").dispatch_event("change")
    wait_until(page, "window.nqAtTable.army.state.data.unit[2].name === 'Grim'")
    assert _unit_names(page) == [here["dwarf"], f"{here['dwarf']} 2", "Grim"]
    _switch(page, lang)
    wait_until(page, f"window.nqAtTable.army.state.data.unit[0].name === {there['dwarf']!r}")
    assert _unit_names(page) == [there["dwarf"], f"{there['dwarf']} 2", "Grim"]
    title = page.locator("#nq-army-unit-0 h3").inner_text()
    assert f"· {there['dwarf']} ·" in title
    _switch(page, OTHER[lang])
    wait_until(page, f"window.nqAtTable.army.state.data.unit[0].name === {here['dwarf']!r}")
    assert _unit_names(page) == [here["dwarf"], f"{here['dwarf']} 2", "Grim"]
    assert not watched.errors, watched.errors
    page.context.close()


def _summary_box(page: Any) -> dict[str, float]:
    box: dict[str, float] | None = page.locator("#nq-army-summary").bounding_box()
    assert box is not None
    return box


@covering.settings(
    "lang,screen", covering.every_one(*LANG_SCREEN), covering.each_once(*LANG_SCREEN)
)
def test_the_army_summary_stays_below_the_header(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    watched = _open(browser, site, screen, lang)
    page = watched.page
    for _ in range(3):
        _add_unit(page, "dwarf")
    page.locator("#nq-army-unit-2-models").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy({ top: 200, behavior: 'instant' })")
    page.evaluate(SETTLED)
    header = page.evaluate(HEADER_BOTTOM)
    box = _summary_box(page)
    assert header - 1 <= box["y"] <= header + 2, (box, header)
    # Nothing covers it: the point at its middle is the summary's.
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate(
        "([x, y]) => document.getElementById('nq-army-summary')"
        ".contains(document.elementFromPoint(x, y))",
        list(middle),
    )
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate(SETTLED)
        screenshot(page, f"at-table-state-summary-{screen}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    page.context.close()


def _models_selected(browser: Any, site: Site, lang: str) -> tuple[Any, Any, str]:
    """A unit of dwarves added on a desktop, its Models field's text selected as a player
    selects it to type over; the page, the army's summary and what it says."""
    watched = _open(browser, site, "1366", lang)
    page = watched.page
    _add_unit(page, "dwarf")
    summary = page.locator("#nq-army-summary")
    before = summary.inner_text()
    page.locator("#nq-army-unit-0-models").focus()
    page.keyboard.press("Control+A")
    return watched, summary, before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_army_total_follows_typing(browser: Any, site: Site, lang: str) -> None:
    watched, summary, before = _models_selected(browser, site, lang)
    page = watched.page
    models = page.locator("#nq-army-unit-0-models")
    page.keyboard.type("30")
    # No blur: the total follows once the typing pauses, the field still the player's.
    wait_until(page, "window.nqAtTable.army.state.data.unit[0].models === 30")
    page.evaluate("window.nqAtTable.army.idle()")
    after = summary.inner_text()
    assert after != before
    assert page.evaluate("document.activeElement.id") == "nq-army-unit-0-models"
    assert models.input_value() == "30"
    # Refused: the field says so, and the summary shows the refusal, not the last total.
    page.keyboard.press("Control+A")
    page.keyboard.type("2000")
    page.locator("#nq-army-unit-0-models-error").wait_for(state="visible")
    page.wait_for_timeout(600)
    page.evaluate("window.nqAtTable.army.idle()")
    assert summary.inner_text() != after
    assert "nq-refused" in (summary.get_attribute("class") or "")
    assert page.evaluate("window.nqAtTable.army.state.data.unit[0].models") == 30
    # Fixed by typing: the total again.
    page.keyboard.press("Backspace")
    wait_until(page, "window.nqAtTable.army.state.data.unit[0].models === 200")
    page.evaluate("window.nqAtTable.army.idle()")
    assert summary.inner_text() not in (after, before)
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), SWITCHES)
def test_a_book_profile_is_named_in_the_page_language_both_ways(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """The builder started from the Dwarf is the French sample's « Nain » after the switch, and
    the Dwarf again after the switch back, still the book's profile (its key kept); a profile
    the player changed is renamed too, and a name the player typed stays."""
    from nqcompanion.bridge.web_starting import starting_choices

    watched = _open(browser, site, screen, lang)
    page = watched.page
    names = {code: dict(starting_choices(code)) for code in (lang, OTHER[lang])}
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate("window.nqAtTable.builder.idle()")
    assert page.locator("#nq-builder-name").input_value() == names[lang]["dwarf"]
    for code in (OTHER[lang], lang):
        _switch(page, OTHER[code])
        assert page.locator("#nq-builder-name").input_value() == names[code]["dwarf"], code
        assert page.locator("#nq-builder-start").input_value() == "dwarf", code
    _change(page, "#nq-builder-cc", "6")  # the player's now, made from the Dwarf
    _switch(page, lang)
    assert page.locator("#nq-builder-name").input_value() == names[OTHER[lang]]["dwarf"]
    assert page.locator("#nq-builder-cc").input_value() == "6"
    _change(page, "#nq-builder-name", "Thorin")
    _switch(page, OTHER[lang])
    assert page.locator("#nq-builder-name").input_value() == "Thorin"
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_count_emptied_is_refused_beside_its_field_once_left(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round eighteen: Models emptied, the summary said it was refused while the field's
    own line stayed empty. Emptied while typing, neither refuses (the number is on its way);
    left empty, both do, the field's line first."""
    watched, summary, before = _models_selected(browser, site, lang)
    page = watched.page
    error = page.locator("#nq-army-unit-0-models-error")
    page.keyboard.press("Backspace")
    page.wait_for_timeout(600)
    page.evaluate("window.nqAtTable.army.idle()")
    assert not error.is_visible() and summary.inner_text() == before, summary.inner_text()
    page.keyboard.press("Tab")
    error.wait_for(state="visible")
    said = error.inner_text()
    assert said.strip() and said in summary.inner_text(), (said, summary.inner_text())
    assert not watched.errors, watched.errors
    page.context.close()
