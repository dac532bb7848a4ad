"""The army builder as a player finds it, in both languages: "Add to the army" offers each kind
of entry the book's profiles it takes (by profile type, as the engine checks them), in groups,
by full names; an army never renamed is listed by the page's language's default name; Ctrl+Z
undoes in the builder used, not the other; one click prints once; a file given to the wrong
builder is said as what it is, with where it goes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, screenshot, wait_until
from tests.browser.test_at_the_table_army import _armies, _deleted, _settle
from tests.browser.test_at_the_table_army_undo import companion as _open

ARMY = Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml"
PROFILE = 'name = "Pyromancer"\ntype = "individual"\nac = 10\nra = 4\ncc = 5\nst = 4\nt = 4\n'
PROFILE += "w = 1\nco = 7\n"
GROUPS = "s => [...s.querySelectorAll('optgroup')].map(g => g.label)"
OFFERED = "s => Object.fromEntries([...s.options].map(o => [o.value, o.textContent]))"


def _listed(page: Any) -> list[str]:
    """The armies as the list names them, without their points."""
    texts = page.eval_on_selector_all("#nq-army-pick option", "os => os.map(o => o.textContent)")
    return [text.split(" · ")[0] for text in texts]


def _offered(page: Any, kind: str) -> dict[str, str]:
    """The add list's choices by value; the player's own profiles (``@mine:<id>``) as ``@mine``."""
    page.select_option("#nq-army-add-kind", kind)
    offered = page.eval_on_selector("#nq-army-add-profile", OFFERED)
    return {"@mine" if v.startswith("@mine:") else v: name for v, name in offered.items()}


@pytest.mark.parametrize(
    ("lang", "size", "scheme", "warlord"),
    [
        ("en", "1366", "light", "Orc Warlord on Dragon"),
        ("fr", "390", "dark", "Seigneur de guerre orque sur dragon"),
    ],
)
def test_each_kind_of_entry_offers_the_profiles_it_takes(
    browser: Any, site: Site, lang: str, size: str, scheme: str, warlord: str
) -> None:
    watched = _open(browser, site, lang, size, scheme)
    page = watched.page
    page.evaluate("window.nqAtTable.builder.idle()")
    # A first visit: the profile builder starts blank, as "New profile" does; nothing is the
    # player's own profile until they choose or change one.
    assert "@mine" not in _offered(page, "unit")
    assert page.input_value("#nq-builder-name") == ""
    assert page.get_attribute("#nq-builder-name", "placeholder")
    page.select_option("#nq-builder-start", "human-men-at-arms")
    page.evaluate("window.nqAtTable.builder.idle()")
    units = _offered(page, "unit")
    assert units["@mine"] == {"en": "Human Men At Arms", "fr": "Hommes d’armes"}[lang]
    assert {"dwarf", "skeleton-warrior", "basic-soldier"} <= set(units)
    assert not {"hero", "orc-warlord-on-dragon", "vampire-on-demon-beast"} & set(units)
    groups = page.eval_on_selector("#nq-army-add-profile", GROUPS)
    assert groups == [
        ui_text("Your profiles (profile builder)", lang),
        ui_text("Profiles of the book", lang),
        ui_text("Examples of the rules", lang),
    ]
    individuals = _offered(page, "individual")
    assert individuals["orc-warlord-on-dragon"] == warlord
    assert {"hero", "wight-lord-on-zombie-dragon"} <= set(individuals)
    assert not {"dwarf", "vampire-on-demon-beast", "@mine"} & set(individuals)
    assert list(_offered(page, "character")) == ["vampire-on-demon-beast"]
    assert page.eval_on_selector("#nq-army-add-profile", GROUPS) == [
        ui_text("Examples of the rules", lang)
    ]
    supports = _offered(page, "support")
    assert {"chariot-and-driver", "chariot-driver-weaponeer"} <= set(supports)
    # what is offered is added, and takes no warning about its type
    page.select_option("#nq-army-add-kind", "character")
    page.select_option("#nq-army-add-profile", "vampire-on-demon-beast")
    page.click("#nq-army-add")
    wait_until(page, "(window.nqAtTable.army.state.data.character || []).length === 1")
    page.evaluate("window.nqAtTable.army.idle()")
    assert "type" not in page.locator("#nq-army-character-0 .nq-army-breaches").inner_text()
    page.locator("#nq-army-add-kind").scroll_into_view_if_needed()
    screenshot(page, f"army-add-choices-{size}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "size", "scheme", "chaos"),
    [("en", "1366", "light", "Chaos Warrior"), ("fr", "390", "dark", "Guerrier du Chaos")],
)
def test_a_support_unit_is_offered_support_models_first(
    browser: Any, site: Site, lang: str, size: str, scheme: str, chaos: str
) -> None:
    """As a support unit, the support models (the chariots, whose Structure line says Support)
    come first, the first chosen; an elite model added as one is refused beside its entry,
    naming the profile and its Structure line, and the summary counts it."""
    watched = _open(browser, site, lang, size, scheme)
    page = watched.page
    page.evaluate("window.nqAtTable.army.idle()")
    page.select_option("#nq-army-add-profile", "dwarf")
    supports = list(_offered(page, "support"))
    assert supports[:2] == ["chariot-and-driver", "chariot-driver-weaponeer"]
    groups = page.eval_on_selector("#nq-army-add-profile", GROUPS)
    assert groups[0] == ui_text("Support models", lang)
    assert page.input_value("#nq-army-add-profile") == "chariot-and-driver"
    page.select_option("#nq-army-add-profile", "chaos-warrior")
    page.click("#nq-army-add")
    wait_until(page, "(window.nqAtTable.army.state.data.support || []).length === 1")
    page.evaluate("window.nqAtTable.army.idle()")
    said = page.locator("#nq-army-support-0 .nq-army-breaches").inner_text()
    assert ui_text("Refused:", lang) in said, said  # the entry's heading names the profile
    assert {"en": "a model of type elite", "fr": "une figurine de type élite"}[lang] in said
    assert {"en": "“Support weapon”", "fr": "« Arme de soutien »"}[lang] in said, said
    assert {"en": "1 refusal", "fr": "1 refus"}[lang] in page.inner_text("#nq-army-summary")
    page.locator("#nq-army-support-0").scroll_into_view_if_needed()
    screenshot(page, f"army-support-{size}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    page.context.close()


def test_an_untitled_army_is_listed_in_the_pages_language(browser: Any, site: Site) -> None:
    """Two armies made and never renamed on the English page: both "Mon armée" in the French
    list, the open one and the other, and "My army" again in English."""
    watched = _open(browser, site, "en", "390")
    page = watched.page
    page.click("#nq-army-new")
    _settle(page)
    assert _listed(page) == ["My army"] * 2
    page.goto(site.page("fr/at-the-table.html"))
    _settle(page)
    assert _listed(page) == ["Mon armée"] * 2
    screenshot(page, "army-untitled-390-fr")
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    assert _listed(page) == ["My army"] * 2
    assert not watched.errors, watched.errors
    page.context.close()


def test_ctrl_z_undoes_in_the_builder_used_only(browser: Any, site: Site) -> None:
    """An army deleted, its "Undo" bar shown: Ctrl+Z in the profile builder does not bring it
    back; back in the army builder, it does."""
    watched = _open(browser, site, "en")
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", ARMY.read_text(encoding="utf-8"))
    page.evaluate("window.nqAtTable.army.idle()")
    page.click("#nq-army-delete")
    page.click("#nq-army-confirm-delete")
    _deleted(page)
    assert "The Barrow Host" not in _armies(page)
    assert page.locator("#nq-army-undo").is_visible()
    page.focus("#nq-builder-start")
    page.keyboard.press("Control+z")
    page.evaluate("window.nqAtTable.army.idle()")
    assert "The Barrow Host" not in _armies(page)
    assert page.locator("#nq-army-undo").is_visible()
    page.focus("#nq-army-delete")
    page.keyboard.press("Control+z")
    _settle(page)
    assert "The Barrow Host" in _armies(page)
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_click_prints_once(browser: Any, site: Site, lang: str) -> None:
    """One click on "Print the card" or "Print the roster": one call of window.print."""
    watched = _open(browser, site, lang)
    page = watched.page
    page.evaluate("() => { window.nqPrinted = 0; window.print = () => { window.nqPrinted++; }; }")
    page.click("#nq-builder-print")
    page.evaluate("() => new Promise((done) => setTimeout(done, 500))")
    assert page.evaluate("window.nqPrinted") == 1
    page.click("#nq-army-print")
    page.evaluate("() => new Promise((done) => setTimeout(done, 500))")
    assert page.evaluate("window.nqPrinted") == 2
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_file_for_the_other_builder_says_where_it_goes(
    browser: Any, site: Site, lang: str, tmp_path: Path
) -> None:
    watched = _open(browser, site, lang)
    page = watched.page
    profile = tmp_path / "exported-profile.toml"
    profile.write_text(PROFILE, encoding="utf-8")
    page.set_input_files("#nq-army-import", str(profile))
    said = ui_text("This is a profile file: import it in the Profile Builder.", lang)
    wait_until(page, "document.getElementById('nq-army-import-error').textContent !== ''")
    assert page.locator("#nq-army-import-error").inner_text() == said
    page.set_input_files("#nq-builder-import", str(ARMY))
    said = ui_text("This is an army file: import it in the Army Builder.", lang)
    wait_until(page, "document.getElementById('nq-builder-import-error').textContent !== ''")
    assert page.locator("#nq-builder-import-error").inner_text() == said
    page.locator("#nq-builder-import-error").scroll_into_view_if_needed()
    screenshot(page, f"builder-army-file-1366-{lang}")
    binary = tmp_path / "notatoml.toml"
    binary.write_bytes(b"name = 1\0\0\0")
    page.set_input_files("#nq-builder-import", str(binary))
    binary_said = {
        "en": "a binary file, not a text file",
        "fr": "un fichier binaire, pas un fichier texte",
    }[lang]
    wait_until(
        page,
        f"document.getElementById('nq-builder-import-error').textContent.includes({binary_said!r})",
    )
    refusal, hint = page.locator("#nq-builder-import-error").inner_text().split("\n")
    assert "NUL" not in refusal and refusal.endswith(f"{binary_said}."), refusal  # its full stop
    assert hint == ui_text(
        "Choose instead a .toml file made with “Export the profile file (TOML)”.", lang
    )
    assert not watched.errors, watched.errors
    page.context.close()
