"""The army builder as a player's eighth review found it, in Chromium, both languages: a core
model added as a support unit is refused once on its entry, saying what to do, linked to the
"Support weapon" field; an imported army keeps its file's name, and one of a kept army's name is
asked about (replace it, or keep both as "… (2)"), the roster titled with the army's name; the
focus goes to an option just added (its Remove); "None" agrees with each list's field in French;
the game size offers the usual sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Site, screenshot, wait_until
from tests.browser.test_at_the_table_army import _answered, _phone

#: What the refusal says, in each language (the engine's words: nqcore/data/army_rules.toml).
SUPPORT_SAID = {
    "en": "a model of type core can be a support unit only as the crew of a support weapon",
    "fr": "une figurine de type régulier ne peut être une unité de soutien que comme servant",
}

#: What the builder says to do about it, beside its entry; never on the printed roster.
REMEDY = {
    "en": "choose one in “Support weapon”",
    "fr": "choisissez-en une dans « Arme de soutien »",
}


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _add(page: Any, kind: str, profile: str) -> None:
    count = page.evaluate(f"(window.nqAtTable.army.state.data.{kind} || []).length")
    page.select_option("#nq-army-add-kind", kind)
    page.select_option("#nq-army-add-profile", profile)
    page.click("#nq-army-add")
    _answered(page, f"(data.{kind} || []).length === {count + 1}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_core_model_as_a_support_unit_is_refused_once_saying_what_to_do(
    browser: Any, site: Site, lang: str
) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    _add(page, "support", "human-men-at-arms")
    entry = page.locator("#nq-army-support-0")
    said = SUPPORT_SAID[lang]
    assert entry.inner_text().count(said) == 1, entry.inner_text()
    assert entry.locator(".nq-army-refusal").count() == 1
    link = page.locator("#nq-army-found a", has_text=said)
    assert link.get_attribute("href") == "#nq-army-support-0-weapon"
    link.click()
    assert page.evaluate("document.activeElement.id") == "nq-army-support-0-weapon"
    screenshot(page, f"army-support-refused-390-{lang}")
    # player round nine: the printed roster says the refusal, not the builder's field to choose
    # in ("choose one in “Support weapon”"), which its entry, beside the field, says
    remedy = REMEDY[lang]
    assert remedy in _plain(entry.inner_text())
    roster = _plain(page.locator("#nq-army-roster").text_content() or "")
    assert said in roster and remedy not in roster, roster
    assert not watched.errors, watched.errors
    context.close()


def _names(page: Any) -> list[str]:
    return list(page.evaluate("window.nqAtTable.army.kept().armies.map((a) => a.name)"))


def test_an_imported_army_keeps_its_name_and_one_of_a_kept_name_is_asked_about(
    browser: Any, site: Site, tmp_path: Path
) -> None:
    context, watched = _phone(browser, site, "en")
    page = watched.page
    page.fill("#nq-army-name", "The Barrow Host")
    page.locator("#nq-army-name").dispatch_event("change")
    _answered(page, "data.name === 'The Barrow Host'")
    _add(page, "unit", "dwarf")
    army = tmp_path / "barrow.toml"
    army.write_text(page.evaluate("window.nqAtTable.army.state.toml"), encoding="utf-8")
    other = tmp_path / "other.toml"
    other.write_text(army.read_text(encoding="utf-8").replace("The Barrow Host", "Raiders"))
    page.set_input_files("#nq-army-import", str(other))
    _answered(page, "data.name === 'Raiders'")
    assert _names(page) == ["The Barrow Host", "Raiders"]
    assert not page.locator("#nq-army-same").evaluate("d => d.open")
    # The same name: asked, "Keep both" first (Enter loses nothing).
    page.set_input_files("#nq-army-import", str(army))
    wait_until(page, "document.getElementById('nq-army-same').open")
    assert "“The Barrow Host”" in page.inner_text("#nq-army-same-text")
    assert page.evaluate("document.activeElement.id") == "nq-army-same-both"
    screenshot(page, "army-import-same-390-en")
    page.click("#nq-army-same-both")
    _answered(page, "data.name === 'The Barrow Host (2)'")
    assert _names(page) == ["The Barrow Host", "Raiders", "The Barrow Host (2)"]
    # Replaced: the kept army of that name is the file's, open, its roster titled by its name.
    page.set_input_files("#nq-army-import", str(army))
    wait_until(page, "document.getElementById('nq-army-same').open")
    page.click("#nq-army-same-replace")
    _answered(page, "data.name === 'The Barrow Host'")
    assert _names(page) == ["The Barrow Host", "Raiders", "The Barrow Host (2)"]
    # Escape: nothing imported, and said; the focus back on the import (player round eleven)
    page.set_input_files("#nq-army-import", str(army))
    wait_until(page, "document.getElementById('nq-army-same').open")
    page.keyboard.press("Escape")
    wait_until(page, "document.activeElement.id === 'nq-army-import'")
    assert page.inner_text("#nq-army-status") == "Import cancelled: no army was changed."
    assert _names(page) == ["The Barrow Host", "Raiders", "The Barrow Host (2)"]
    opened = page.evaluate("window.nqAtTable.army.kept().current")
    assert opened == page.evaluate("window.nqAtTable.army.kept().armies[0].id")
    assert page.locator("#nq-army-roster h2").inner_text() == "The Barrow Host"
    assert not watched.errors, watched.errors
    context.close()


def test_the_small_points_of_the_review(browser: Any, site: Site) -> None:
    """In French on a phone: the game size's usual sizes; « Aucune » formation, support weapon
    and joined unit; the focus on the Remove of an option just added."""
    context, watched = _phone(browser, site, "fr")
    page = watched.page
    sizes = page.evaluate(
        "[...document.getElementById('nq-army-points').list.options].map((o) => o.value)"
    )
    assert sizes == ["500", "1000", "1500", "2000"]
    _add(page, "unit", "dwarf")
    _add(page, "support", "dwarf")
    _add(page, "individual", "hero")
    first = "(id) => document.getElementById(id).options[0].textContent"
    for ident in ("unit-0-formation", "support-0-weapon", "individual-0-joins"):
        assert page.evaluate(first, f"nq-army-{ident}") == "Aucune", ident
    assert page.evaluate(first, "nq-army-unit-0-leader") == "Aucun"
    leaders = page.evaluate(
        "[...document.getElementById('nq-army-unit-0-leader').options].map((o) => o.value)"
    )
    assert "hero" in leaders, leaders
    assert not {"wight-lord-on-zombie-dragon", "orc-warlord-on-dragon"} & set(leaders), leaders
    page.select_option("#nq-army-unit-0-options", index=2)
    named = page.evaluate(
        "document.getElementById('nq-army-unit-0-options').selectedOptions[0].textContent"
    )
    page.click("#nq-army-unit-0-options-add")
    _answered(page, "Object.values(data.unit[0].options || {}).flat().length === 1")
    wait_until(page, "document.activeElement.tagName === 'BUTTON'")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    # French spacing before the colon (player round ten: « Retirer: Attaque agressive »)
    assert label == f"Retirer\u00a0: {named}" and page.evaluate(
        "document.activeElement.closest('li') !== null"
    ), label
    add = page.locator("#nq-army-unit-0-options-add").get_attribute("aria-label")
    # not « Ajouter: Ajouter une… »
    assert add == "Ajouter une option à chaque figurine du profil de l’unité", add
    screenshot(page, "army-option-added-390-fr")
    assert not watched.errors, watched.errors
    context.close()


#: The army builder's focusable controls in document order (what Tab walks), shown and enabled,
#: each with its place on the screen.
FOCUSABLE = """() => [...document.querySelectorAll(
    '#nq-army :is(a[href], button, input, select, textarea, [tabindex])')]
  .filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0)
  .map((e) => ({ id: e.id, text: e.textContent.trim().slice(0, 40),
                 top: e.getBoundingClientRect().top, bottom: e.getBoundingClientRect().bottom }))"""
ACTIVE = """(() => { const a = document.activeElement;
  return { id: a.id, text: a.textContent.trim().slice(0, 40) }; })()"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tab_from_the_game_size_goes_on_in_reading_order(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round nine: from the army's "Game size" field, Tab goes to the next control in
    reading order (the army-wide warning's rule link under it, then the list of kinds to add),
    and Shift+Tab back: checked, no jump."""
    context, watched = _phone(browser, site, lang)
    page = watched.page
    page.evaluate("window.nqAtTable.army.idle()")
    walk = page.evaluate(FOCUSABLE)
    at = next(i for i, item in enumerate(walk) if item["id"] == "nq-army-points")
    page.focus("#nq-army-points")
    for expected in walk[at + 1 : at + 4]:
        page.keyboard.press("Tab")
        shown = page.evaluate(ACTIVE)
        assert (shown["id"], shown["text"]) == (expected["id"], expected["text"]), walk
    # that order is the reading order: each next one below (or beside) the one before
    tops = [item["top"] for item in walk[at : at + 4]]
    assert tops == sorted(tops), walk[at : at + 4]
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "nq-army-points"
    assert not watched.errors, watched.errors
    context.close()
