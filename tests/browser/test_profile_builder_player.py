"""The profile builder as a player uses it, in Chromium: its summary (name, points, warnings)
stays on a phone's screen while any of its fields is edited; its printed card is the engine's
(the armour it prices, each weapon's line, as the army's roster prints them); the language switch
from the builder lands on the builder's heading, below the header.  Pictures at 390 and 1366 px,
light and dark, both languages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nqcompanion.bridge.web import build
from nqsphinx.messages import ui_text
from tests.browser.conftest import (
    PHONE,
    SETTLED,
    Site,
    _recorded,
    held_press,
    leave_with,
    screenshot,
    wait_until,
)
from tests.browser.test_at_table_state import (
    HEADER_BOTTOM,
    OTHER,
    _add_unit,
    _heading_under_header,
    _open,
    _settle,
)

HEADING = "section#calc-profile-builder > h2"
BOXES = "#nq-builder input[type=checkbox], #nq-army input[type=checkbox]"
#: The builder's fields a player edits: its text fields, lists and boxes.
FIELDS = """[...document.querySelectorAll('#nq-builder :is(input:not([type=file]), select)')]
  .filter((field) => field.getClientRects().length).map((field) => field.id)"""
#: Where the summary is, and whether the point at its middle is its own (nothing covers it).
SUMMARY_SEEN = """() => {
  const summary = document.getElementById('nq-builder-summary');
  const box = summary.getBoundingClientRect();
  const middle = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return { top: box.top, bottom: box.bottom, height: box.height, text: summary.textContent,
           own: summary.contains(middle), screen: window.innerHeight };
}"""


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("fr", "dark")])
def test_the_summary_stays_in_view_while_any_field_is_edited(
    browser: Any, site: Site, lang: str, scheme: str
) -> None:
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme),
    )
    start = build({"start": "human-men-at-arms"}, lang)
    # Several kept profiles, Men At Arms open among them: the list of profiles above the fields.
    others = [build({"start": key}, lang) for key in ("dwarf", "orc-bruiser", "")]
    listed = [start, *others]
    kept = {"profiles": [{"id": f"p{n}", "toml": p["toml"]} for n, p in enumerate(listed)]}
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('nq-profiles', {json.dumps(json.dumps(kept))})")
    page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(page)
    assert page.locator("#nq-builder-pick option").count() == len(listed)
    fields = page.evaluate(FIELDS)
    assert len(fields) > 12, fields
    for ident in fields:
        page.locator(f"#{ident}").focus()
        page.evaluate(SETTLED)
        seen = page.evaluate(SUMMARY_SEEN)
        header = page.evaluate(HEADER_BOTTOM)
        assert seen["height"] > 0 and seen["own"], (ident, seen)
        assert header - 1 <= seen["top"] and seen["bottom"] <= seen["screen"], (ident, seen)
        field = page.locator(f"#{ident}").bounding_box()
        assert field["y"] >= seen["bottom"] - 1, (ident, field, seen)  # not under it
    assert page.evaluate(SUMMARY_SEEN)["text"] == start["summary"]
    page.locator("#nq-builder-cc").focus()
    page.locator("#nq-builder-cc").fill("6")
    page.locator("#nq-builder-cc").dispatch_event("change")
    page.evaluate("window.nqAtTable.builder.idle()")
    changed = build({"toml": start["toml"], "set": {"cc": "6"}}, lang)
    assert page.evaluate(SUMMARY_SEEN)["text"] == changed["summary"]
    screenshot(page, f"builder-summary-390-{lang}-{scheme}")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.locator("#nq-builder-add-weapons").focus()
    page.evaluate(SETTLED)
    screenshot(page, f"builder-summary-1366-{lang}-{scheme}")
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_printed_card_is_the_engine_s(browser: Any, site: Site, lang: str) -> None:
    """Men At Arms: AR 3 (light armour and shield), Sword with its UC and ST, the armour's
    description, the special rules and the model type, as the engine's card says."""
    watched = _open(browser, site, "1366", lang)
    page = watched.page
    page.locator("#nq-builder-start").select_option("human-men-at-arms")
    page.evaluate("window.nqAtTable.builder.idle()")
    card = build({"start": "human-men-at-arms"}, lang)["card"]
    page.emulate_media(media="print")
    printed = page.locator(".nq-card-profile").inner_text()
    values = dict(zip(card["columns"], card["values"], strict=True))
    assert values[card["columns"][-1]] == "3"
    assert {"en": "Sword (UC4, ST+1)", "fr": "Épée (CU4, F+1)"}[lang] in printed, printed
    cells = page.locator(".nq-card-profile td").all_inner_texts()
    assert cells == card["values"], cells
    for label, text in card["details"]:
        assert label in printed and text in printed, (label, text, printed)
    page.emulate_media(media="screen")
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "screen", "scheme"), [("en", "1366", "light"), ("fr", "390", "dark")]
)
def test_a_mount_is_shown_changed_and_printed(
    browser: Any, site: Site, lang: str, screen: str, scheme: str
) -> None:
    """Player round thirty (F9): the Wight Lord On Zombie Dragon, named so, with the Dragon's RA,
    CC and ST in fields under its name; the Dragon's CC changed reaches the engine, and the card
    prints the Dragon's line under the Wight's, as the book prints it."""
    watched = _open(browser, site, screen, lang, scheme=scheme)
    page = watched.page
    dragon = page.locator('fieldset[data-element="element.1"]')
    assert dragon.is_hidden() and page.locator('fieldset[data-element="element.2"]').is_hidden()
    page.locator("#nq-builder-start").select_option("wight-lord-on-zombie-dragon")
    page.evaluate("window.nqAtTable.builder.idle()")
    start = build({"start": "wight-lord-on-zombie-dragon"}, lang)
    assert page.locator("#nq-builder-name").input_value() == start["fields"]["name"]
    assert dragon.is_visible() and dragon.locator("legend").inner_text() == "Dragon"
    assert page.locator('fieldset[data-element="element.2"]').is_hidden()
    dragon_cc = str(start["fields"]["element.1.cc"])
    assert page.locator("#nq-builder-element-1-cc").input_value() == dragon_cc
    page.locator("#nq-builder-element-1-cc").fill("8")
    page.locator("#nq-builder-element-1-cc").dispatch_event("change")
    page.evaluate("window.nqAtTable.builder.idle()")
    changed = build({"toml": start["toml"], "set": {"element.1.cc": "8"}}, lang)
    cells = page.locator(".nq-card-profile tr").last.locator("th, td").all_inner_texts()
    line = changed["card"]["elements"][0]
    assert cells == ["Dragon", *line["values"]], cells
    assert line["values"][2] == "8"
    assert page.locator("#nq-builder-summary").inner_text() == changed["summary"]
    dragon.scroll_into_view_if_needed()
    page.evaluate(SETTLED)
    screenshot(page, f"builder-mount-{screen}-{lang}-{scheme}")
    page.emulate_media(media="print")  # the card's head is printed only
    page.locator(".nq-card-profile").scroll_into_view_if_needed()
    screenshot(page, f"builder-mount-card-{screen}-{lang}-{scheme}")
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("en", "390"), ("fr", "1366")])
def test_a_mount_is_added_named_and_removed_on_a_new_profile(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """Player round 32 (F3, serious): a knight made from scratch could not be given his horse;
    "Add a mount or crew member" adds one, focused on its name; named "Warhorse" with CC 4, the
    card prints its line; a second fills the builder's room, and removed, the room is back."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    page.locator("#nq-builder-start").select_option("")
    page.evaluate("window.nqAtTable.builder.idle()")
    add = page.locator("#nq-builder-add-element")
    assert add.is_visible() and page.locator('fieldset[data-element="element.1"]').is_hidden()
    add.click()
    page.evaluate("window.nqAtTable.builder.idle()")
    assert page.evaluate("document.activeElement.id") == "nq-builder-element-1-name"
    mount = build({"element": "add", "toml": build({"start": ""}, lang)["toml"]}, lang)
    assert page.locator("#nq-builder-element-1-name").input_value() == mount["fields"]["element.1"]
    # its ST left empty: the whole model's, not "none, as for a chariot"
    note = ui_text("{field}: the whole model's (–). Type a number to give it its own.", lang)
    st = page.locator("label[for='nq-builder-element-1-st']").inner_text().strip()
    shown = page.locator("#nq-builder-element-1-st-error").inner_text()
    assert shown.replace("\u202f", " ").replace("\xa0", " ") == note.format(field=st).replace(
        "\u202f", " "
    ).replace("\xa0", " "), shown
    for field, value in (("name", "Warhorse"), ("cc", "4")):
        page.locator(f"#nq-builder-element-1-{field}").fill(value)
        page.locator(f"#nq-builder-element-1-{field}").dispatch_event("change")
        page.evaluate("window.nqAtTable.builder.idle()")
    named = build({"toml": mount["toml"], "set": {"element.1": "Warhorse"}}, lang)
    changed = build({"toml": named["toml"], "set": {"element.1.cc": "4"}}, lang)
    cells = page.locator(".nq-card-profile tr").last.locator("th, td").all_inner_texts()
    assert cells == ["Warhorse", *changed["card"]["elements"][0]["values"]], cells
    assert page.locator("#nq-builder-summary").inner_text() == changed["summary"]
    assert add.is_visible()
    add.click()
    page.evaluate("window.nqAtTable.builder.idle()")
    assert add.is_hidden() and page.locator('fieldset[data-element="element.2"]').is_visible()
    page.locator('fieldset[data-element="element.2"] button[data-remove-element]').click()
    page.evaluate("window.nqAtTable.builder.idle()")
    assert add.is_visible() and page.locator('fieldset[data-element="element.2"]').is_hidden()
    assert page.evaluate("document.activeElement.id") == "nq-builder-add-element"
    page.locator('fieldset[data-element="element.1"]').scroll_into_view_if_needed()
    page.evaluate(SETTLED)
    screenshot(page, f"builder-mount-added-{screen}-{lang}")
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_the_switch_from_the_builder_lands_on_its_heading(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """The player reads the builder's heading a little below the line the switch reads (the
    section above ends just above it): the other page opens at the builder, not the section
    above."""
    watched = _open(browser, site, screen, lang)
    page = watched.page
    heading = HEADING
    page.evaluate(
        f"""(h) => {{ const top = document.querySelector(h).getBoundingClientRect().top;
        window.scrollBy({{ top: top - {HEADER_BOTTOM} - 120, behavior: 'instant' }}); }}""",
        heading,
    )
    page.evaluate(SETTLED)
    link = page.locator(f"a.nq-lang-link[hreflang='{OTHER[lang]}']:visible").first
    link.dispatch_event("contextmenu")  # the address the switch takes the player to
    assert link.evaluate("(a) => a.hash") == "#calc-profile-builder"
    link.click()
    page.wait_for_url(f"**/{OTHER[lang]}/at-the-table.html*")
    _settle(page)
    assert page.url.endswith("#calc-profile-builder"), page.url
    _heading_under_header(page, heading)
    screenshot(page, f"builder-switch-{screen}-{OTHER[lang]}")
    page.context.close()


def test_every_checkbox_of_the_builders_is_one_size_on_a_french_phone(
    browser: Any, site: Site
) -> None:
    """« Porteur de bannière » wraps on two lines beside its box: the box keeps its size, the
    size of « Musicien »'s and of every other box of the builders."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme="dark"),
    )
    page = context.new_page()
    page.goto(site.page("fr/at-the-table.html"))
    _settle(page)
    _add_unit(page, "dwarf")
    sizes = page.evaluate(
        """(boxes) => [...document.querySelectorAll(boxes)]
          .filter((box) => box.getClientRects().length)
          .map((box) => { const r = box.getBoundingClientRect();
            return [box.id, Math.round(r.width), Math.round(r.height)]; })""",
        BOXES,
    )
    assert len(sizes) >= 3, sizes
    assert len({(w, h) for _, w, h in sizes}) == 1, sizes
    page.locator("#nq-army .nq-army-entry").first.scroll_into_view_if_needed()
    screenshot(page, "builder-checkboxes-390-fr-dark")
    context.close()


def _hero(browser: Any, site: Site, screen: str, lang: str) -> Any:
    """The page opened, its builder started from the book's Hero."""
    watched = _open(browser, site, screen, lang)
    watched.page.locator("#nq-builder-start").select_option("hero")
    watched.page.evaluate("window.nqAtTable.builder.idle()")
    return watched


def _add(page: Any, listed: str, value: str) -> None:
    page.locator(f"#nq-builder-add-{listed}").select_option(value)
    page.locator(f'#nq-builder button[data-add="{listed}"]').click()
    page.evaluate("window.nqAtTable.builder.idle()")


@pytest.mark.parametrize(("lang", "screen"), [("en", "1366"), ("fr", "390")])
def test_spells_of_two_aspects_are_warned_of_where_the_spell_is_added(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """A Magic User (2) given Fireball (Fire), then Flood (Water): under the list of spells, the
    engine's warning that a wizard uses one aspect, as the army refuses it; none before."""
    watched = _hero(browser, site, screen, lang)
    page = watched.page
    _add(page, "traits", "magic-user|2")
    _add(page, "spells", "fireball")
    warnings = page.locator("#nq-builder-add-spells-warnings")
    assert warnings.is_hidden()
    _add(page, "spells", "flood")
    made = build({"start": "hero"}, lang)
    for listed, value in (("traits", "magic-user|2"), ("spells", "fireball"), ("spells", "flood")):
        made = build({"toml": made["toml"], "add": [listed, value]}, lang)
    assert warnings.is_visible()
    assert warnings.inner_text() == made["beside"]["spells"][0]
    assert {"en": "(Fire, Water)", "fr": "(Feu, Eau)"}[lang] in warnings.inner_text()
    warnings.scroll_into_view_if_needed()
    page.evaluate(SETTLED)
    screenshot(page, f"builder-two-aspects-{screen}-{lang}")
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("en", "390"), ("fr", "1366")])
def test_add_moves_the_focus_to_the_new_item(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """Keyboard only: an ability chosen, Tab to "Add", Enter: the focus is on the new item's
    "Remove", as the army builder's Add moves it to the new entry; the next Tab leaves it."""
    watched = _hero(browser, site, screen, lang)
    page = watched.page
    for listed, value in (
        ("abilities", "agile"),
        ("traits", "magic-user|2"),
        ("spells", "fireball"),
    ):
        page.locator(f"#nq-builder-add-{listed}").select_option(value)
        page.locator(f"#nq-builder-add-{listed}").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.add") == listed
        page.keyboard.press("Enter")
        page.evaluate("window.nqAtTable.builder.idle()")
        wait_until(page, "document.activeElement.closest('ul.nq-builder-list') !== null")
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        shown = page.locator(f'#nq-builder ul.nq-builder-list[data-list="{listed}"] li').last
        assert label.split(": ", 1)[1] in shown.inner_text(), (label, shown.inner_text())
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "screen"), [("fr", "390"), ("en", "1366")])
def test_another_level_replaces_the_one_taken(
    browser: Any, site: Site, lang: str, screen: str
) -> None:
    """Player round 26: Fear (2) added after Fear (0) was refused as "taken twice" and the points
    went; it takes Fear (0)'s place in the list, the points follow, and the page says so."""
    watched = _hero(browser, site, screen, lang)
    page = watched.page
    _add(page, "abilities", "fear|0")
    _add(page, "abilities", "fear|2")
    made = build({"start": "hero"}, lang)
    for value in ("fear|0", "fear|2"):
        made = build({"toml": made["toml"], "add": ["abilities", value]}, lang)
    items = page.locator('#nq-builder ul.nq-builder-list[data-list="abilities"] li')
    assert items.count() == len(made["picks"]["abilities"])
    assert made["picks"]["abilities"][-1] in items.last.inner_text()
    said = page.locator("#nq-builder-said").text_content()
    words = json.loads(page.locator("#nq-builder").get_attribute("data-words"))
    assert said == words["replaced"].format(**made["replaced"])
    assert {"en": "replaced by", "fr": "remplacé par"}[lang] in said
    assert not page.locator("#nq-builder .nq-refused").count()
    assert not watched.errors, watched.errors
    page.context.close()


def test_a_slow_press_on_remove_just_after_typing_the_name_removes(
    browser: Any, site: Site
) -> None:
    """The name typed, sent as the typing paused; then a press held on an ability's "Remove":
    the press leaves the name field, which the profile already holds, so nothing is asked and
    nothing drawn anew under the held button, and its release removes the ability (the
    answer to the same name sent again drew the list anew under the press: its click was
    lost)."""
    watched = _hero(browser, site, "1366", "en")
    page = watched.page
    _add(page, "abilities", "agile")
    listed = '#nq-builder ul.nq-builder-list[data-list="abilities"] li'
    items = page.locator(listed)
    count = items.count()
    page.locator("#nq-builder-name").fill("")
    page.locator("#nq-builder-name").type("Hero of the Ford")
    wait_until(page, "window.nqAtTable.builder.state.name === 'Hero of the Ford'")
    page.evaluate("window.nqAtTable.builder.idle()")
    remove = items.last.locator("button")
    idle = "window.nqAtTable.builder.idle()"
    assert held_press(page, remove, idle, "#nq-builder ul.nq-builder-list") == 0
    page.evaluate("window.nqAtTable.builder.idle()")
    wait_until(page, f"document.querySelectorAll({listed!r}).length === {count - 1}")
    assert not watched.errors, watched.errors
    page.context.close()


def test_a_name_put_back_while_the_change_is_answered_is_kept(browser: Any, site: Site) -> None:
    """The profile's name changed and put back before the engine answers the change: the profile
    ends with the name put back (a value left as the profile has it asks nothing only when
    nothing is still being answered)."""
    watched = _hero(browser, site, "1366", "en")
    page = watched.page
    name = page.evaluate("window.nqAtTable.builder.state.name")
    leave_with(page, "nq-builder-name", f"{name} of the Ford", name)
    page.evaluate("window.nqAtTable.builder.idle()")
    assert page.evaluate("window.nqAtTable.builder.state.name") == name
    assert page.input_value("#nq-builder-name") == name
    assert not watched.errors, watched.errors
    page.context.close()


def test_a_characteristic_refused_then_put_back_is_taken_again(browser: Any, site: Site) -> None:
    """CC made "5x" (refused by the page: the card says so, Print is off), then put back as it
    was and left: the page asks again, and the refusal goes (a value left as the profile has it
    asks nothing, unless something was refused since)."""
    watched = _hero(browser, site, "1366", "en")
    page = watched.page
    cc = page.input_value("#nq-builder-cc")
    # each value left at once, as it is set: no typing pause sends it first
    leave_with(page, "nq-builder-cc", f"{cc}x")
    wait_until(page, "document.getElementById('nq-builder-print').disabled")
    leave_with(page, "nq-builder-cc", cc)
    page.evaluate("window.nqAtTable.builder.idle()")
    wait_until(page, "!document.getElementById('nq-builder-print').disabled")
    assert f"{cc}x" not in page.locator("#nq-builder-summary").inner_text()
    assert page.locator("#nq-builder-cc").get_attribute("aria-invalid") != "true"
    assert not watched.errors, watched.errors
    page.context.close()
