"""The army builder on a phone (390 px), in both languages: an army-wide breach (two Generals)
shown at the top and beside each entry it concerns, its fields marked; the game's size typed
grouped as the page's language writes it ("1,500", « 1 500 »), anything else refused beside the
field; a default name in the page's language; each army listed with its points; the leader's
profile named in French; an entry's heading brought into view below the sticky summary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, SETTLED, Site, screenshot, wait_until
from tests.browser.test_at_the_table_army import _phone, _settle, _type

ARMIES = Path(__file__).parents[2] / "examples" / "armies"
#: The Barrow Host with a second General: "2 Generals" for the whole army.
SECOND = '\n[[individual]]\nname = "Barrow King"\nprofile = "hero"\ngeneral = true\n'
#: How an entry's mark of an army-wide breach names what its link leads to.
UNDER_SUMMARY = {
    "en": ": for the whole army, see under its summary",  # player round ten: « celle de
    "fr": "\u00a0: pour toute l’armée, voir sous son résumé",  # l’armée, sous son résumé »
}


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "an army has one General; this one has 2"), ("fr", "une armée a un seul Général")],
)
def test_an_army_wide_breach_is_said_once_and_each_entry_it_concerns_marked(
    browser: Any, site: Site, lang: str, said: str
) -> None:
    """The army's list says the breach, with a link to each entry it concerns; each of those
    entries carries a mark with its words that links back to it, its field marked and described
    by that mark."""
    context, watched = _phone(browser, site, lang)
    page = watched.page
    army = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8") + SECOND
    army = army.replace("points = 1000", "points = 2000")  # the Barrow King fits the game
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    page.evaluate("window.nqAtTable.army.idle()")
    wide = page.locator("#nq-army-wide .nq-army-refusal")
    assert wide.count() == 1 and said in wide.inner_text()
    assert page.locator("#nq-army-summary, #nq-army-wide").all_inner_texts() != []
    wide_id = wide.get_attribute("id")
    for index in (0, 1):
        # to the field the breach is about, the entry's General box
        assert wide.locator(f'a[href="#nq-army-individual-{index}-general"]').count() == 1, index
        mark = page.locator(f"#nq-army-individual-{index} .nq-army-mark")
        assert mark.count() == 1 and said in mark.inner_text(), index
        assert mark.locator(f'a[href="#{wide_id}"]').count() == 1, index
        # the link says what it leads to: the army's own breach, under the summary
        assert mark.locator("a").inner_text().endswith(UNDER_SUMMARY[lang]), index
        general = page.locator(f"#nq-army-individual-{index}-general")
        assert general.get_attribute("aria-invalid") == "true"
        assert mark.get_attribute("id") in (general.get_attribute("aria-describedby") or "")
    assert page.locator("#nq-army-unit-0 .nq-army-mark").count() == 0
    wide.locator('a[href="#nq-army-individual-1-general"]').click()
    assert page.evaluate("document.activeElement.id") == "nq-army-individual-1-general"
    page.locator("#nq-army-individual-1 .nq-army-mark a").click()
    page.evaluate(SETTLED)
    assert page.evaluate("location.hash") == f"#{wide_id}"
    page.locator("#nq-army-wide").scroll_into_view_if_needed()
    screenshot(page, f"army-generals-390-{lang}")
    page.locator("#nq-army-individual-1").scroll_into_view_if_needed()
    screenshot(page, f"army-generals-marked-390-{lang}")
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize(
    ("lang", "typed", "refused", "shot"),
    [
        ("en", "1,500", "1.500", "en"),
        ("fr", "1\u202f500", "1,500", "fr"),
        ("fr", "1\u00a0500", "1,500", "fr-nbsp"),
    ],
)
def test_the_game_size_typed_as_the_language_groups_it(
    browser: Any, site: Site, lang: str, typed: str, refused: str, shot: str
) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    _type(page, "#nq-army-points", typed, "data.points === 1500")
    assert page.locator("#nq-army-points").get_attribute("aria-invalid") != "true"
    assert page.locator("#nq-army-points-error").is_hidden()
    _type(page, "#nq-army-points", refused)
    wait_until(page, "document.getElementById('nq-army-points-error').textContent !== ''")
    error = page.locator("#nq-army-points-error")
    assert error.is_visible() and refused in error.inner_text()
    assert "army.toml" not in error.inner_text()  # beside its field, the refusal names no place
    assert ("n’est pas un nombre entier" if lang == "fr" else "not a whole number") in (
        error.inner_text()
    )
    assert page.locator("#nq-army-points").get_attribute("aria-invalid") == "true"
    assert page.evaluate("window.nqAtTable.army.state.data.points") == 1500
    screenshot(page, f"army-points-390-{shot}")
    assert not watched.errors, watched.errors
    context.close()


LED = '\n[[unit]]\nname = "Guards"\nprofile = "orc-bruiser"\nmodels = 8\nleader = "hero"\n'


def test_an_english_army_found_on_the_french_page(browser: Any, site: Site) -> None:
    """Made in English, the army is "Mon armée" on the French page until renamed; the list
    shows each army's points; the leader's kind and profile are said in French; an entry's
    heading brought into view is not under the sticky summary."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    assert page.locator("#nq-army-pick option:checked").inner_text() == (
        "My army · 0 of 1,000 points"
    )
    army = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8") + LED
    army = army.replace('name = "The Barrow Host"', 'name = "My army"')
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    page.evaluate("window.nqAtTable.army.idle()")
    page.goto(site.page("fr/at-the-table.html"))
    _settle(page)
    page.evaluate("window.nqAtTable.army.idle()")
    assert page.evaluate("window.nqAtTable.army.state.data.name") == "Mon armée"
    picked = page.locator("#nq-army-pick option:checked").inner_text()
    assert picked.startswith("Mon armée · ") and picked.endswith(" sur 1\u202f000 points")
    lines = page.locator("#nq-army-unit-2 .nq-army-lines").inner_text()
    assert "Chef d’unité (Héros)" in lines, lines
    heading = page.locator("#nq-army-unit-2 h3")
    heading.evaluate("h => h.scrollIntoView()")
    page.evaluate(SETTLED)
    summary = page.locator("#nq-army-summary").bounding_box()
    top = heading.bounding_box()["y"]
    assert summary["y"] + summary["height"] <= top < PHONE["height"], (summary, top)
    screenshot(page, "army-heading-390-fr")
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    heading = page.locator("#nq-army-unit-2 h3")
    heading.evaluate("h => h.scrollIntoView()")
    page.evaluate(SETTLED)
    summary = page.locator("#nq-army-summary").bounding_box()
    assert summary["y"] + summary["height"] <= heading.bounding_box()["y"]
    assert page.evaluate("window.nqAtTable.army.state.data.name") == "My army"
    screenshot(page, "army-heading-390-en")
    assert not watched.errors, watched.errors
    context.close()


def test_a_count_typed_just_before_the_language_switch_is_kept(browser: Any, site: Site) -> None:
    """The count is kept as it is typed, not after the 0.3 s pause that sends it: the language
    switched at once finds it, priced on the other page."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    army = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8")
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    page.evaluate("window.nqAtTable.army.idle()")
    page.focus("#nq-army-unit-1-models")
    page.keyboard.press("Control+A")
    page.keyboard.type("14")
    # at once, the field still focused: no change event, the 0.3 s pause not over
    page.evaluate("location.assign(document.querySelector(\"a.nq-lang-link[hreflang='fr']\").href)")
    page.wait_for_url("**/fr/at-the-table.html*")
    _settle(page)
    page.evaluate("window.nqAtTable.army.idle()")
    assert page.evaluate("window.nqAtTable.army.state.data.unit[1].models") == 14
    assert page.locator("#nq-army-unit-1-models").input_value() == "14"
    assert "14 figurines × " in page.locator("#nq-army-unit-1 .nq-army-lines").inner_text()
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_character_of_magic_level_4_links_its_erratum(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round 27: a character at Magic User level 4 broke nothing, and the army linked no
    erratum where the 2007 book's "Named characters only" applies; its entry links it."""
    from nqcompanion.bridge.web_army import army, army_toml
    from tests.engine.test_web_army import CORE, data, mage

    archmage = mage("Archmage", "fireball", 4)
    archmage["profile"] = {**archmage["profile"], "type": "character"}
    toml = army_toml(data(CORE, character=[archmage]))
    [reading] = next(
        e
        for e in army({"data": data(CORE, character=[archmage])}, lang)["entries"]
        if e["kind"] == "character"
    )["readings"]
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", toml)
    page.evaluate("window.nqAtTable.army.idle()")
    link = page.locator("#nq-army-character-0 .nq-army-readings a")
    assert link.count() == 1
    assert link.inner_text() == reading["subject"]
    assert (link.get_attribute("href") or "").endswith("#erratum-named-characters-wizardry-4")
    assert not watched.errors, watched.errors
    context.close()
