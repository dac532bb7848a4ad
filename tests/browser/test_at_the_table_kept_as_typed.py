"""Both builders of the At the table page keep what the player types, on the item it was typed
for: a name typed without leaving its field stays with its army or profile when another is
picked, a new one made, or the page reloaded; Ctrl+Z outside a text field undoes the builder's
last change (never the game's size behind the player's back), a removed weapon of a profile as a
removed entry of an army; default names are placeholders, the name applied when the field is left
empty; the leader's list offers the profiles that may lead a unit, grouped as the add form groups
them, and a profile that may not is said beside the field; an army-wide breach says its words on
each entry it concerns; a refused import says what to choose instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web_army import army as army_answer
from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_the_table_army import _answered, _armies, _settle, _type
from tests.browser.test_at_the_table_army_undo import companion
from tests.browser.test_profile_builder_profiles import LISTED

ARMIES = Path(__file__).parents[2] / "examples" / "armies"
BUILDER_IDLE = "window.nqAtTable.builder.idle()"


def _names(page: Any) -> list[str]:
    return [name.split(" · ")[0] for name in page.evaluate(LISTED)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_name_typed_stays_with_its_army(browser: Any, site: Site, lang: str) -> None:
    watched = companion(browser, site, lang)
    page = watched.page
    page.focus("#nq-army-name")
    page.keyboard.type("Gamma")  # no Tab: the field keeps the focus
    page.click("#nq-army-new")
    _settle(page)
    assert sorted(_armies(page)) == sorted(["Gamma", ui_text("My army", lang)])
    page.focus("#nq-army-name")
    page.keyboard.type("Delta")
    page.select_option("#nq-army-pick", index=0)  # the field is never left
    _settle(page)
    assert page.evaluate("window.nqAtTable.army.state.data.name") == "Gamma"
    assert page.input_value("#nq-army-name") == "Gamma"
    assert sorted(_armies(page)) == ["Delta", "Gamma"]
    page.focus("#nq-army-name")
    page.keyboard.press("Control+A")
    page.keyboard.type("Epsilon")
    page.reload()
    _settle(page)
    assert sorted(_armies(page)) == ["Delta", "Epsilon"]
    assert not watched.errors, watched.errors
    watched.page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_name_typed_stays_with_its_profile(browser: Any, site: Site, lang: str) -> None:
    watched = companion(browser, site, lang, "390")
    page = watched.page
    page.evaluate(BUILDER_IDLE)
    # The first visit's profile is blank: listed by its placeholder ("New profile")
    first = page.input_value("#nq-builder-name") or page.get_attribute(
        "#nq-builder-name", "placeholder"
    )
    page.click("#nq-builder-new")
    page.evaluate(BUILDER_IDLE)
    page.focus("#nq-builder-name")
    page.keyboard.type("Ranger")
    page.select_option("#nq-builder-pick", index=0)
    page.evaluate(BUILDER_IDLE)
    page.evaluate(BUILDER_IDLE)
    assert page.input_value("#nq-builder-name") in ("", first)
    assert sorted(_names(page)) == sorted([first, "Ranger"])
    page.reload()
    _settle(page)
    page.evaluate(BUILDER_IDLE)
    assert sorted(_names(page)) == sorted([first, "Ranger"])
    assert not watched.errors, watched.errors
    watched.page.context.close()


def test_ctrl_z_undoes_the_last_change_not_the_game_size(browser: Any, site: Site) -> None:
    watched = companion(browser, site, "en")
    page = watched.page
    _type(page, "#nq-army-points", "600", "data.points === 600")
    page.select_option("#nq-army-add-profile", "skeleton-warrior")
    page.click("#nq-army-add")
    _answered(page, "(data.unit || []).length === 1")
    before = page.evaluate("window.nqAtTable.army.state.data.unit[0].models")
    _type(page, "#nq-army-unit-0-models", "10", "data.unit[0].models === 10")
    assert page.evaluate("document.activeElement.id") == "nq-army-unit-0-leader"
    page.keyboard.press("Control+z")
    _answered(page, f"data.unit[0].models === {before}")
    page.wait_for_timeout(500)  # a native undo's input in the size field would be sent by now
    page.evaluate("window.nqAtTable.army.idle()")
    assert page.evaluate("window.nqAtTable.army.state.data.points") == 600
    assert page.input_value("#nq-army-points") == "600"
    assert not watched.errors, watched.errors
    watched.page.context.close()


def test_ctrl_z_brings_back_a_removed_weapon(browser: Any, site: Site) -> None:
    watched = companion(browser, site, "en")
    page = watched.page
    page.select_option("#nq-builder-start", "dwarf")
    page.evaluate(BUILDER_IDLE)
    weapons = "ul.nq-builder-list[data-list='weapons']"
    assert page.locator(weapons).inner_text().startswith("Axe")
    page.locator(f"{weapons} button").focus()
    page.keyboard.press("Enter")
    wait_until(page, f'!document.querySelector("{weapons} li")')
    page.keyboard.press("Control+z")
    wait_until(page, f'!!document.querySelector("{weapons} li")')
    page.evaluate(BUILDER_IDLE)
    assert page.locator(weapons).inner_text().startswith("Axe")
    assert not watched.errors, watched.errors
    watched.page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_default_names_are_placeholders(browser: Any, site: Site, lang: str) -> None:
    watched = companion(browser, site, lang)
    page = watched.page
    name = page.locator("#nq-army-name")
    assert name.input_value() == ""
    assert name.get_attribute("placeholder") == ui_text("My army", lang)
    _type(page, "#nq-army-name", "Beta", "data.name === 'Beta'")
    page.focus("#nq-army-name")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.press("Tab")
    _answered(page, f"data.name === {ui_text('My army', lang)!r}")
    assert name.input_value() == ""
    profile = page.locator("#nq-builder-name")
    page.click("#nq-builder-new")
    page.evaluate(BUILDER_IDLE)
    assert profile.input_value() == ""
    assert profile.get_attribute("placeholder") == ui_text("New profile", lang)
    ranges = page.locator("#nq-shoot-ranges")
    page.select_option("#nq-shoot-weapon", "")
    assert ranges.input_value() == ""
    assert ranges.get_attribute("placeholder") == "10/+1 20/+0 30/-1"
    assert not watched.errors, watched.errors
    watched.page.context.close()


LED_BY = '\n[[unit]]\nname = "Guards"\nprofile = "orc-bruiser"\nmodels = 8\nleader = "{key}"\n'


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_leaders_list_offers_leaders_and_says_why_beside_another(
    browser: Any, site: Site, lang: str
) -> None:
    watched = companion(browser, site, lang, "390")
    page = watched.page
    text = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8")
    text += LED_BY.format(key="vampire-on-demon-beast")
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", text)
    page.evaluate("window.nqAtTable.army.idle()")
    index = page.evaluate("window.nqAtTable.army.state.data.unit.length") - 1
    leader = f"#nq-army-unit-{index}-leader"
    offered = page.eval_on_selector_all(
        f"{leader} option[data-type]", "os => os.map((o) => o.dataset.type)"
    )
    assert offered and set(offered) <= {"unit-leader", "individual"}, offered
    loose = page.eval_on_selector_all(
        f"{leader} > option", "os => os.filter((o) => o.value && o.value !== '@kept').length"
    )
    assert loose == 1  # the vampire chosen, not offered: kept listed, outside the groups
    data = page.evaluate("window.nqAtTable.army.state.data")
    said = [
        b["said"]
        for b in army_answer({"file": "army.toml", "data": data}, lang)["breaches"]
        if b.get("field") == "leader"
    ]
    assert said, "the engine warns of a leader that may not lead"
    described = page.eval_on_selector(
        leader,
        "c => (c.getAttribute('aria-describedby') || '').split(' ')"
        ".map((id) => document.getElementById(id)?.textContent || '').join(' ')",
    )
    assert said[0] in described
    assert not watched.errors, watched.errors
    watched.page.context.close()


SECOND = '\n[[individual]]\nname = "Barrow King"\nprofile = "hero"\ngeneral = true\n'


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "an army has one General; this one has 2"), ("fr", "une armée a un seul Général")],
)
def test_an_army_wide_breach_says_its_words_on_the_entry(
    browser: Any, site: Site, lang: str, said: str
) -> None:
    watched = companion(browser, site, lang, "390", "dark")
    page = watched.page
    text = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8") + SECOND
    text = text.replace("points = 1000", "points = 2000")  # the Barrow King fits the game
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", text)
    page.evaluate("window.nqAtTable.army.idle()")
    marks = page.locator("#nq-army-entries .nq-army-mark")
    assert marks.count() >= 2
    for n in range(marks.count()):
        assert marks.nth(n).locator("a").count() == 1  # the link to the army's list kept
    concerned = [marks.nth(n) for n in range(marks.count()) if said in marks.nth(n).inner_text()]
    assert len(concerned) == 2  # the two Generals, each with the breach's words
    assert not watched.errors, watched.errors
    watched.page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_import_says_what_to_choose(
    browser: Any, site: Site, lang: str, tmp_path: Path
) -> None:
    watched = companion(browser, site, lang)
    page = watched.page
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\x00\x01\x02\xff")
    for field, export in (
        ("nq-builder-import", "Export the profile file (TOML)"),
        ("nq-army-import", "Export the army file (TOML)"),
    ):
        page.set_input_files(f"#{field}", str(binary))
        wait_until(page, f"document.getElementById('{field}-error').textContent !== ''")
        error = page.locator(f"#{field}-error").inner_text()
        assert ui_text(export, lang) in error, error
        assert "binary.toml" in error, error
    assert not watched.errors, watched.errors
    watched.page.context.close()
