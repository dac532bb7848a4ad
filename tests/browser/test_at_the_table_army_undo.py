"""The army builder's second chances and its refusals of a count, on a phone (390 px) and a
desktop (1366 px), light and dark, in both languages: a removed entry or a deleted army comes
back by "Undo" (a bar for some seconds, reached by the keyboard, Ctrl+Z too); a count typed
wrong is refused naming its field and its entry, beside the field and in the summary, and the
figures of the last valid army are hidden until it is valid again; a long army name imported
twice gets " (2)" and stays within its field and the list of armies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web_starting import starting_choices
from nqsphinx.messages import ui_text
from tests import covering
from tests.browser.conftest import Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_army import _answered, _armies, _deleted, _settle

ARMY = Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml"
SIZES = {"390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 900}}


def companion(
    browser: Any, site: Site, lang: str, size: str = "1366", scheme: str = "light"
) -> Any:
    """The At the table page in ``lang`` on a screen of ``size`` px and ``scheme``, settled."""
    phone = size == "390"
    context = _recorded(
        site,
        browser.new_context(
            viewport=SIZES[size], is_mobile=phone, has_touch=phone, color_scheme=scheme
        ),
    )
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(watched.page)
    return watched


def _opened(browser: Any, site: Site, lang: str, size: str, scheme: str) -> tuple[Any, Any]:
    watched = companion(browser, site, lang, size, scheme)
    army = ARMY.read_text(encoding="utf-8")
    watched.page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    watched.page.evaluate("window.nqAtTable.army.idle()")
    return watched.page.context, watched


CASES = [
    ("en", "390", "light"),
    ("fr", "390", "dark"),
    ("en", "1366", "dark"),
    ("fr", "1366", "light"),
]
#: Without ``--full``: each language, size and scheme once (tests/covering.py).
SOME_CASES = covering.each_once(("en", "fr"), ("390", "1366"), ("light", "dark"))


@covering.settings("lang,size,scheme", CASES, SOME_CASES)
def test_a_removed_entry_comes_back_by_undo(
    browser: Any, site: Site, lang: str, size: str, scheme: str
) -> None:
    context, watched = _opened(browser, site, lang, size, scheme)
    page = watched.page
    page.locator("#nq-army-unit-1 > button").last.click()
    _answered(page, "data.unit.length === 1")
    bar = page.locator("#nq-army-undo")
    ghouls = dict(starting_choices(lang))["craven-ghouls"]  # named by default: in the page's words
    assert bar.is_visible() and ghouls in bar.inner_text()
    button = page.locator("#nq-army-undo-button")
    assert button.inner_text() == ui_text("Undo", lang)
    box = bar.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
    screenshot(page, f"army-undo-entry-{size}-{lang}-{scheme}")
    page.keyboard.press("Control+z")
    _answered(page, "data.unit.length === 2")
    assert page.evaluate("window.nqAtTable.army.state.data.unit[1].name") == ghouls
    assert bar.is_hidden()
    # the button too, reached by Tab and pressed with Enter
    page.locator("#nq-army-unit-1 > button").last.click()
    _answered(page, "data.unit.length === 1")
    button.focus()
    page.keyboard.press("Enter")
    _answered(page, "data.unit.length === 2")
    assert bar.is_hidden()
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_deleted_army_comes_back_by_undo_reached_by_tab(
    browser: Any, site: Site, lang: str
) -> None:
    context, watched = _opened(browser, site, lang, "390", "light")
    page = watched.page
    page.focus("#nq-army-delete")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Delete the army"
    _deleted(page)
    assert "The Barrow Host" not in _armies(page)
    assert page.evaluate("document.activeElement.id") == "nq-army-delete"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "nq-army-undo-button"
    assert "The Barrow Host" in page.locator("#nq-army-undo").inner_text()
    screenshot(page, f"army-undo-delete-390-{lang}")
    page.keyboard.press("Enter")
    _settle(page)
    assert "The Barrow Host" in _armies(page)
    assert page.evaluate("window.nqAtTable.army.state.data.name") == "The Barrow Host"
    assert page.locator("#nq-army-undo").is_hidden()
    assert not watched.errors, watched.errors
    context.close()


@covering.settings("lang,size,scheme", CASES, SOME_CASES)
def test_a_count_typed_wrong_names_its_field_and_entry_and_hides_stale_figures(
    browser: Any, site: Site, lang: str, size: str, scheme: str
) -> None:
    context, watched = _opened(browser, site, lang, size, scheme)
    page = watched.page
    models = page.locator("#nq-army-unit-0-models")
    models.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    summary = page.locator("#nq-army-summary")
    named = f"{ui_text('Models', lang)} (Skeleton Warriors)"
    wait_until(page, f"document.getElementById('nq-army-summary').textContent.includes({named!r})")
    assert "1000" in summary.inner_text().replace(",", "").replace("\u202f", "")
    assert named in page.locator("#nq-army-unit-0-models-error").inner_text()
    # "Refused:" first in the field and in the summary alike (player round fourteen)
    refused = ui_text("Refused:", lang)
    assert page.locator("#nq-army-unit-0-models-error").inner_text().startswith(refused)
    assert summary.inner_text().startswith(refused), summary.inner_text()
    # emptied to type again: the refusal stays beside the field as in the summary (player
    # round 32: the summary kept it, the field's line was emptied)
    page.keyboard.press("Backspace")
    assert models.input_value() == ""
    assert named in page.locator("#nq-army-unit-0-models-error").inner_text()
    assert named in summary.inner_text()
    page.keyboard.type("0")
    for stale in ("#nq-army-unit-0 .nq-army-lines", "#nq-army-unit-1 .nq-army-lines"):
        assert page.locator(stale).is_hidden(), stale
    heading = page.locator("#nq-army-unit-1 h3").inner_text()
    assert "point" not in heading, heading
    assert page.locator("#nq-army-stale").is_visible()
    screenshot(page, f"army-stale-{size}-{lang}-{scheme}")
    # A profile kept in the builder above draws the army again: the count stays as typed,
    # refused, never put back without a word (player round ten).
    page.evaluate("document.addEventListener('nq-profile-kept', () => { window.nqKept = true; })")
    builder = page.locator("#nq-builder-cc")
    builder.fill("5")
    builder.press("Tab")  # its change sent once, as it is left: no answer comes in later
    wait_until(page, "window.nqKept === true")
    page.evaluate("window.nqAtTable.army.idle()")
    assert models.input_value() == "0"
    assert models.get_attribute("aria-invalid") == "true"
    assert named in summary.inner_text()
    # selected to be typed over, the count stays selected when the army is drawn again
    # meanwhile (the redraw had put the caret after "0": "12" typed made "012")
    models.focus()
    models.evaluate("field => field.select()")
    page.evaluate("document.dispatchEvent(new Event('nq-profile-kept'))")
    page.evaluate("window.nqAtTable.army.idle()")
    kept = "field => [document.activeElement === field, field.selectionStart, field.selectionEnd]"
    assert models.evaluate(kept) == [True, 0, 1]
    # the count typed over the refused one at once (Playwright's fill: focus, select all, type)
    models.fill("12")
    _answered(page, "data.unit[0].models === 12")
    assert models.input_value() == "12"
    # the army is drawn again once the answer is in: under load, a task or two after it
    try:
        wait_until(
            page,
            "!document.getElementById('nq-army-unit-0')?.closest('[data-stale]')"
            " && document.getElementById('nq-army-stale').hidden",
        )
    except AssertionError as error:  # once in CI (stop 45): what the page said, to find why
        seen = {"summary": summary.inner_text(), "models": models.input_value()}
        seen["invalid"] = page.evaluate(
            "[...document.querySelectorAll('[aria-invalid=true]')].map(e => e.id)"
        )
        raise AssertionError(f"{error}; the page showed {seen}") from None
    assert page.locator("#nq-army-unit-0 .nq-army-lines").is_visible()
    assert "point" in page.locator("#nq-army-unit-1 h3").inner_text()
    assert page.locator("#nq-army-stale").is_hidden()
    # the game's size, a field of the army: named alone
    points = page.locator("#nq-army-points")
    points.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    label = ui_text("Game size (points)", lang)
    wait_until(page, f"document.getElementById('nq-army-summary').textContent.includes({label!r})")
    assert summary.inner_text().startswith(refused), summary.inner_text()
    assert page.locator("#nq-army-points-error").inner_text().startswith(refused)
    # refused by the engine (not a whole number): placed the same way
    page.keyboard.press("Control+A")
    page.keyboard.type("1.5")
    page.wait_for_timeout(1000)  # the typing's pause, then the engine's answer
    page.evaluate("window.nqAtTable.army.idle()")
    assert summary.inner_text().startswith(refused), summary.inner_text()
    assert label in summary.inner_text(), summary.inner_text()
    assert page.locator("#nq-army-points-error").inner_text().startswith(refused)
    assert not watched.errors, watched.errors
    context.close()


@covering.settings("lang,size,scheme", CASES, SOME_CASES)
def test_a_long_army_name_imported_twice_stays_in_its_field_and_the_list(
    browser: Any, site: Site, lang: str, size: str, scheme: str, tmp_path: Path
) -> None:
    context, watched = _opened(browser, site, lang, size, scheme)
    page = watched.page
    long_name = "The Barrow Host of the Forgotten Kings Under the Hill " * 3
    text = ARMY.read_text(encoding="utf-8").replace("The Barrow Host", long_name.strip())
    path = tmp_path / "long.toml"
    path.write_text(text, encoding="utf-8")
    start = len(_armies(page))
    for count in (1, 2):
        page.set_input_files("#nq-army-import", str(path))
        if count == 2:  # asked, as an army of that name is kept: both kept
            wait_until(page, "document.getElementById('nq-army-same').open")
            page.click("#nq-army-same-both")
        wait_until(page, f"window.nqAtTable.army.kept().armies.length === {start + count}")
        _settle(page)
    wait_until(page, "window.nqAtTable.army.state.data.name.endsWith(' (2)')")
    name = page.locator("#nq-army-name")
    assert name.input_value().endswith(" (2)")  # whole in the field
    width = SIZES[size]["width"]
    for selector in ("#nq-army-name", "#nq-army-pick", "#nq-army"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, box)
    listed = page.locator("#nq-army-pick option:checked").inner_text()
    assert "…" in listed and listed.endswith("points"), listed  # cut in the list
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    name.scroll_into_view_if_needed()
    screenshot(page, f"army-long-name-{size}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_name_refused_then_corrected_is_no_longer_refused_beside_its_field(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round 32 (F9): a name of 3,000 characters refused beside the field and in the
    summary; corrected, the summary said 0 refusals and the field's refusal stayed."""
    context, watched = _opened(browser, site, lang, "390", "light")
    page = watched.page
    name = page.locator("#nq-army-name")
    error = page.locator("#nq-army-name-error")
    name.fill("x" * 3000)
    name.dispatch_event("change")
    page.evaluate("window.nqAtTable.army.idle()")
    wait_until(page, "!document.getElementById('nq-army-name-error').hidden")
    name.fill("Grimgor's Boyz")
    name.dispatch_event("change")
    page.evaluate("window.nqAtTable.army.idle()")
    wait_until(page, 'window.nqAtTable.army.state.data.name === "Grimgor\'s Boyz"')
    assert error.is_hidden() and name.get_attribute("aria-invalid") != "true", error.inner_text()
    assert not watched.errors, watched.errors
    context.close()


#: The Undo bar's lines of text, and its box and its button's, on the screen.
UNDO_BAR = """() => {
  const text = document.getElementById("nq-army-undo-text");
  const lines = text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight);
  const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
  return { lines, bar: box("nq-army-undo"), button: box("nq-army-undo-button") };
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_undo_bar_sits_whole_on_a_phone_in_two_lines(
    browser: Any, site: Site, lang: str
) -> None:
    """At 390 px, after an army of a long name is deleted or an entry of a long name removed,
    the bar is whole on the screen, its text in one or two lines, its button within it."""
    context, watched = _opened(browser, site, lang, "390", "light")
    page = watched.page
    long_name = "The Barrow Host of the Forgotten Kings Under the Hill of Sorrows"
    text = ARMY.read_text(encoding="utf-8").replace("Craven Ghouls", long_name)
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", text)
    _settle(page)
    page.locator("#nq-army-unit-1 > button").last.click()
    _answered(page, "data.unit.length === 1")
    removed = page.evaluate(UNDO_BAR)
    screenshot(page, f"army-undo-long-entry-390-{lang}")
    page.evaluate(
        "t => window.nqAtTable.army.ask({ data: { ...window.nqAtTable.army.state.data,"
        " name: t } })",
        long_name,
    )
    _settle(page)
    page.locator("#nq-army-delete").click()
    page.locator("#nq-army-confirm-delete").click()
    _deleted(page)
    deleted = page.evaluate(UNDO_BAR)
    screenshot(page, f"army-undo-long-army-390-{lang}")
    for said in (removed, deleted):
        bar, button = said["bar"], said["button"]
        assert 0 <= bar["left"] and bar["right"] <= 390 and bar["bottom"] <= 844, said
        assert bar["left"] <= button["left"] and button["right"] <= bar["right"], said
        assert round(said["lines"]) <= 2, said
    assert page.locator("#nq-army-undo-text").inner_text().count("…") == 1
    assert not watched.errors, watched.errors
    context.close()


#: The widest choice of each formation list against the list's own width (its arrow and padding
#: take about 2 rem): what a closed list shows of the choice.
FORMATION_FITS = """() => [...document.querySelectorAll("select[id$='-formation']")].map((s) => {
  const select = s;
  const context = document.createElement("canvas").getContext("2d");
  context.font = getComputedStyle(select).font;
  const widest = Math.max(...[...select.options].map((o) => context.measureText(o.text).width));
  return [select.id, Math.round(widest + 32), Math.round(select.getBoundingClientRect().width)];
})"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_formation_list_shows_its_choices_whole_on_a_phone(
    browser: Any, site: Site, lang: str
) -> None:
    """« Formation en ligne » and « … serrée » differ by their last words, which half a row cut
    off at 390 px (player round thirteen)."""
    context, watched = _opened(browser, site, lang, "390", "light")
    fits = watched.page.evaluate(FORMATION_FITS)
    assert fits, "no formation list"
    for ident, needed, width in fits:
        assert needed <= width, (ident, needed, width)
    watched.page.locator("#nq-army-unit-0-formation").scroll_into_view_if_needed()
    screenshot(watched.page, f"army-formation-390-{lang}")
    context.close()
