"""The army builder as a player meets it, on a phone (390 px): the profile made in the profile
builder offered for every kind of entry, under its own heading and name, on a first visit
(before any list is opened) and after a reload."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web_starting import starting_choices
from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, screenshot, wait_until
from tests.browser.test_at_the_table_army import _answered, _phone, _settle

#: The add list's groups, each with its options' values and names.
GROUPS = """() => [...document.querySelectorAll('#nq-army-add-profile optgroup')].map((g) =>
  [g.label, [...g.children].map((o) => [o.value, o.textContent])])"""


def _own_group(page: Any, lang: str) -> list[Any]:
    groups = page.evaluate(GROUPS)
    heading = ui_text("Your profiles (profile builder)", lang)
    mine = [items for label, items in groups if label == heading]
    assert len(mine) == 1, groups
    assert all(value.startswith("@mine:") for value, _ in mine[0]), mine
    return [text for _, text in mine[0]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_players_own_profile_is_offered_for_the_kinds_that_take_it(
    browser: Any, site: Site, lang: str
) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("window.nqAtTable.builder.idle()")
    page.fill("#nq-builder-name", "Orc Shaman")
    page.dispatch_event("#nq-builder-name", "change")
    page.evaluate("window.nqAtTable.builder.idle()")
    # offered where its type is taken (a regular's profile: a unit, a support unit)
    for kind in ("unit", "support"):
        page.select_option("#nq-army-add-kind", kind)
        assert _own_group(page, lang) == ["Orc Shaman"], kind
    page.select_option("#nq-army-add-kind", "individual")  # a regular's profile is no individual
    assert ui_text("Your profiles (profile builder)", lang) not in str(page.evaluate(GROUPS))
    page.reload()
    page.evaluate("window.nqAtTable.drawn")
    page.select_option("#nq-army-add-kind", "unit")
    assert _own_group(page, lang) == ["Orc Shaman"]
    page.select_option("#nq-army-add-profile", label="Orc Shaman")
    page.click("#nq-army-add")
    _answered(page, "(data.unit || []).length === 1")
    heading = page.locator("#nq-army-unit-0 h3").inner_text()
    assert "Orc Shaman" in heading, heading
    page.locator("#nq-army-add").scroll_into_view_if_needed()
    screenshot(page, f"army-own-profile-390-{lang}")
    assert not watched.errors, watched.errors
    context.close()


HOST = (Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml").read_text(
    encoding="utf-8"
)


@pytest.mark.parametrize("typed", ["1O", "1001"])
def test_a_count_typed_wrong_keeps_the_army_on_the_screen(
    browser: Any, site: Site, typed: str
) -> None:
    """A count typed wrong ("1O", "1001": each begun by a count the file takes) is refused
    beside its field; the army kept, reopened after a reload and after the language switch,
    and exported, is the one the screen shows (11 ghouls), not the half-typed one."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", HOST)
    page.evaluate("window.nqAtTable.army.idle()")
    field = "#nq-army-unit-1-models"
    page.focus(field)
    page.keyboard.press("Control+A")
    page.keyboard.type(typed, delay=60)
    page.wait_for_timeout(600)  # longer than the pause that sends a count
    page.evaluate("window.nqAtTable.army.idle()")
    # its field and entry; the bound as the summary writes numbers (player round ten: "1000");
    # "Refused:" first, where the summary puts it (player round fourteen)
    said = "Refused: Models (Craven Ghouls): Enter a whole number from 1 to 1,000."
    assert page.locator(f"{field}-error").inner_text() == said
    assert page.evaluate("window.nqAtTable.army.state.data.unit[1].models") == 11
    kept = page.evaluate("window.nqAtTable.army.kept()")
    army = next(a for a in kept["armies"] if a["id"] == kept["current"])
    assert "models = 11" in army["toml"] and "typed" not in army, army
    page.reload()
    _settle(page)
    assert page.locator(field).input_value() == "11"
    assert page.evaluate("window.nqAtTable.army.state.data.unit[1].models") == 11
    assert page.locator("#nq-army-summary").inner_text().startswith("970 points of 1,000")
    assert not watched.errors, watched.errors
    context.close()


def _spaced(text: str) -> str:
    """A text shown in French with its no-break spaces as the catalogue types them."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


FOCUSED = "document.activeElement.id || document.activeElement.tagName"


def _press(page: Any, selector: str) -> None:
    """Focus a button and press Enter, as a keyboard does; wait for the army's answer."""
    page.focus(selector)
    page.keyboard.press("Enter")
    page.evaluate("window.nqAtTable.army.idle()")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_focus_goes_on_after_a_removal_or_an_addition(
    browser: Any, site: Site, lang: str
) -> None:
    """By keyboard: removing an entry moves the focus to the next entry's heading; adding an
    option to every model keeps it on "Add"; removing that option moves it to the option list;
    removing the profile builder's weapon moves it to the next weapon's button or the list of
    weapons. Each removal is said to a screen reader."""
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", HOST)
    page.evaluate("window.nqAtTable.army.idle()")
    # The army battle standard is offered to an individual, never to every model of a unit.
    standard = "option[value='equipment:army-battle-standard']"
    assert page.locator(f"#nq-army-unit-0-options {standard}").count() == 0
    assert page.locator(f"#nq-army-individual-0-options {standard}").count() == 1
    _press(page, "#nq-army-unit-0 > button")
    heading = page.evaluate(
        "document.activeElement.closest('li')?.id + ' ' + document.activeElement.tagName"
    )
    assert heading == "nq-army-unit-0 H3", heading
    ghouls = dict(starting_choices(lang))["craven-ghouls"]  # named by default: in the page's words
    assert ghouls in page.evaluate("document.activeElement.textContent")
    said = page.locator("#nq-army-said")
    assert said.get_attribute("role") == "status"
    removed = ui_text("The entry “{name}” was removed from the army.", lang)
    assert _spaced(said.inner_text()) == removed.format(name="Skeleton Warriors")
    page.select_option("#nq-army-unit-0-options", index=0)
    _press(page, "#nq-army-unit-0-options-add")
    assert page.evaluate(FOCUSED) == "nq-army-unit-0-options-0-remove"  # the option added
    assert page.locator("#nq-army-unit-0 .nq-builder-list li").count() == 1
    _press(page, "#nq-army-unit-0-options-0-remove")
    assert page.evaluate(FOCUSED) == "nq-army-unit-0-options"
    assert page.locator("#nq-army-unit-0 .nq-builder-list li").count() == 0
    screenshot(page, f"army-focus-after-removal-390-{lang}")
    # The profile builder: two weapons, the first removed, then the last.
    builder = "window.nqAtTable.builder.idle()"
    page.evaluate(builder)
    weapons = "ul.nq-builder-list[data-list='weapons']"
    for _ in range(2 - page.locator(f"{weapons} li").count()):
        page.select_option("#nq-builder-add-weapons", index=1)
        page.locator("button[data-add='weapons']").click()
        page.evaluate(builder)
    page.focus(f"{weapons} li:first-child button")
    page.keyboard.press("Enter")
    page.evaluate(builder)
    assert page.locator(f"{weapons} li").count() == 1
    assert page.evaluate(
        f'document.activeElement === document.querySelector("{weapons} li button")'
    )
    assert page.locator("#nq-builder-said").inner_text()
    page.keyboard.press("Enter")
    page.evaluate(builder)
    assert page.evaluate(FOCUSED) == "nq-builder-add-weapons"
    assert not watched.errors, watched.errors
    context.close()


def test_an_army_imported_twice_is_told_apart_and_files_are_named_after_their_army(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    """The same army file imported twice, both kept when asked: the second is "The Barrow Host
    (2)" in the list (its file's name too), not a second "The Barrow Host". The army's and the
    profile's exports are named after them ("the-barrow-host.toml"), not army.toml and
    profile.toml."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    host = tmp_path / "barrow-host.toml"
    host.write_text(HOST, encoding="utf-8")
    for count in (1, 2):
        page.set_input_files("#nq-army-import", str(host))
        if count == 2:  # asked, as an army of that name is kept: both kept
            wait_until(page, "document.getElementById('nq-army-same').open")
            page.click("#nq-army-same-both")
        wait_until(
            page,
            "window.nqAtTable.army.kept().armies.filter((a) => a.name.startsWith("
            f"'The Barrow Host')).length === {count}",
        )
        page.evaluate("window.nqAtTable.army.idle()")
    wait_until(page, "window.nqAtTable.army.state.data.name === 'The Barrow Host (2)'")
    names = page.eval_on_selector_all("#nq-army-pick option", "os => os.map((o) => o.textContent)")
    assert [n.split(" · ")[0] for n in names if "Barrow" in n] == [
        "The Barrow Host",
        "The Barrow Host (2)",
    ], names
    with page.expect_download() as army_file:
        page.click("#nq-army-export")
    assert army_file.value.suggested_filename == "the-barrow-host-2.toml"
    page.evaluate("window.nqAtTable.builder.idle()")
    # a blank profile's name is the field's placeholder ("New profile")
    name = page.input_value("#nq-builder-name") or page.get_attribute(
        "#nq-builder-name", "placeholder"
    )
    with page.expect_download() as profile_file:
        page.click("#nq-builder-export")
    expected = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    assert profile_file.value.suggested_filename == f"{expected}.toml"
    assert not watched.errors, watched.errors
    context.close()


def _builder_add(page: Any, listed: str, value: str) -> None:
    page.select_option(f"#nq-builder-add-{listed}", value)
    page.locator(f"button[data-add='{listed}']").click()
    page.evaluate("window.nqAtTable.builder.idle()")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_opposed_wizards_made_on_the_page_are_refused_in_one_army(
    browser: Any, site: Site, lang: str
) -> None:
    """A fire wizard made in the profile builder (Magic User (2), Fireball) and added to the
    army, then made a water wizard (Flood) and added again: the army refuses the two opposed
    aspects (Magic Relationships) once, in the army's list, with a link to each entry; each
    entry carries a mark that links back to it."""
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("window.nqAtTable.builder.idle()")
    page.select_option("#nq-builder-start", "hero")
    page.evaluate("window.nqAtTable.builder.idle()")
    _builder_add(page, "traits", "magic-user|2")
    _builder_add(page, "spells", "fireball")
    spells = "ul.nq-builder-list[data-list='spells'] li"
    assert page.locator(spells).count() == 1
    page.locator("#nq-builder-add-spells").scroll_into_view_if_needed()
    screenshot(page, f"builder-spells-390-{lang}")
    for count in (1, 2):
        page.select_option("#nq-army-add-kind", "individual")
        page.select_option("#nq-army-add-profile", index=0)  # the builder's one profile
        page.click("#nq-army-add")
        _answered(page, f"(data.individual || []).length === {count}")
        if count == 1:
            page.focus(f"{spells} button")
            page.keyboard.press("Enter")
            page.evaluate("window.nqAtTable.builder.idle()")
            _builder_add(page, "spells", "flood")
    refusals = page.evaluate(
        "window.nqAtTable.army.state.answer.breaches.filter((b) => b.kind === 'refusal')"
        ".map((b) => b.rule)"
    )
    assert refusals == ["opposed-magic"], refusals
    wide = page.locator("#nq-army-wide .nq-army-refusal")
    assert wide.count() == 1
    wide_id = wide.get_attribute("id")
    for index in (0, 1):
        assert wide.locator(f'a[href="#nq-army-individual-{index}"]').count() == 1, index
        assert page.locator(f"#nq-army-individual-{index} .nq-army-refusal").count() == 0
        mark = page.locator(f"#nq-army-individual-{index} .nq-army-mark")
        assert mark.count() == 1 and mark.locator(f'a[href="#{wide_id}"]').count() == 1, index
    page.locator("#nq-army-individual-1").scroll_into_view_if_needed()
    screenshot(page, f"army-opposed-magic-390-{lang}")
    assert not watched.errors, watched.errors
    context.close()


def test_an_import_clears_the_refusal_of_the_file_chosen_before(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    """A refused file, then another: the first's refusal goes at once, the page says it reads
    the new one, and only the last file chosen is said (player round 29: a larger file read for
    2 s under the refusal of the one before, which then showed under both)."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    refused = tmp_path / "proto.toml"
    refused.write_text('name = "X"\n[__proto__]\n', encoding="utf-8")
    page.set_input_files("#nq-army-import", str(refused))
    error = page.locator("#nq-army-import-error")
    error.wait_for(state="visible")
    assert "proto.toml" in error.inner_text()
    host = tmp_path / "barrow-host.toml"
    host.write_text(HOST, encoding="utf-8")
    page.evaluate("""() => { window.nqSaid = []; new MutationObserver(() => window.nqSaid.push(
      document.getElementById('nq-army-status').textContent)).observe(
      document.getElementById('nq-army-status'), { childList: true, characterData: true,
      subtree: true }); }""")
    page.set_input_files("#nq-army-import", str(host))
    assert error.is_hidden() or "proto.toml" not in error.inner_text()
    wait_until(page, "window.nqAtTable.army.state.data.name === 'The Barrow Host'")
    assert "Reading barrow-host.toml…" in page.evaluate("window.nqSaid")
    assert error.is_hidden()
    assert not watched.errors, watched.errors
    context.close()
