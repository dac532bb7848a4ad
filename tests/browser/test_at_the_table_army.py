"""The army builder of the At the table page in Chromium, on a phone (390 px) and by keyboard: an
army built from the book's profiles, a breach of the book's army rules shown beside its unit
with a link that lands on its rule's section, fixed; the army kept across a reload and found
again after switching language; a broken file's import refused naming its field, in French;
axe finds nothing on the builder, light and dark; pictures kept at 390 and 1366 px."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web_army import import_army
from nqsphinx.messages import ui_text
from tests.browser.conftest import (
    PHONE,
    SETTLED,
    Site,
    _recorded,
    screenshot,
    stored_before_load,
    text_is,
    wait_until,
    watch,
)
from tests.browser.test_accessibility import AXE_OPTIONS, axe_script  # noqa: F401 - fixture
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY

#: The army builder has answered the page's last change.
IDLE = "window.nqAtTable.army.idle().then(() => window.nqAtTable.army.state.answer !== null)"
UNIT = "#nq-army-unit-0"


def _settle(page: Any) -> None:
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    wait_until(page, IDLE, timeout=ENGINE_SECONDS)
    page.evaluate("window.nqAtTable.army.idle()")


def _deleted(page: Any) -> None:
    """Wait for a deletion confirmed in the dialog: the dialog's ``close`` event, which deletes,
    comes in a task after the key that closed it; the deletion says so in the status line."""
    wait_until(page, "document.getElementById('nq-army-status').textContent !== ''")
    _settle(page)


def _answered(page: Any, until: str) -> None:
    """Wait until the engine's answer holds what the change made (``until``, an expression on
    the army's tables, ``data``): a list's change event may come after the key that made it."""
    if until:
        wait_until(page, f"(data => !!data && ({until}))(window.nqAtTable.army.state.data)")
    page.evaluate("window.nqAtTable.army.idle()")


def _type(page: Any, selector: str, text: str, until: str = "") -> None:
    """Focus a field, replace its text by typing, and leave it with Tab (its change is sent)."""
    page.focus(selector)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.keyboard.press("Tab")
    _answered(page, until)


SHOWN = "s => s.selectedOptions.length ? s.selectedOptions[0].textContent.trim() : ''"


def _choose(page: Any, selector: str, label: str, until: str = "") -> None:
    """Pick a list's option with the arrow keys (type-ahead forgets what was typed after a
    second: on a loaded machine "Ranked" typed slowly chose "None"), then Tab."""
    page.focus(selector)
    page.keyboard.press("Home")
    for _ in range(200):
        if page.eval_on_selector(selector, SHOWN) == label:
            break
        page.keyboard.press("ArrowDown")
    else:
        raise AssertionError(f"{selector}: no option {label!r}")
    page.keyboard.press("Tab")
    _answered(page, until)


def _axe(page: Any, script: str) -> list[str]:
    if page.evaluate("typeof axe === 'undefined'"):
        page.evaluate(script)
    result = page.evaluate(
        "o => axe.run(document.getElementById('nq-army'), o)", dict(AXE_OPTIONS, preload=True)
    )
    return [f"{v['id']}: {[n['html'][:100] for n in v['nodes'][:3]]}" for v in result["violations"]]


def _pictures(page: Any, name: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator("#nq-army-summary").scroll_into_view_if_needed()
        page.evaluate(SETTLED)
        screenshot(page, f"{name}-{scheme}")
    page.emulate_media(color_scheme="light")


def _build_with_a_breach(page: Any, script: str) -> Any:
    """A ranked unit of Orc Bruisers, six as their profile fields at least, by keyboard: "Ranked
    Formation" refused beside it."""
    _type(page, "#nq-army-name", "Red Tusk", "data.name === 'Red Tusk'")
    _type(page, "#nq-army-points", "500", "data.points === 500")
    _choose(page, "#nq-army-add-kind", "Unit")
    _choose(page, "#nq-army-add-profile", "Orc Bruiser")
    page.focus("#nq-army-add")
    page.keyboard.press("Enter")
    _answered(page, "(data.unit || []).length === 1")
    assert page.locator(f"{UNIT} h3").inner_text().startswith("Unit · Orc Bruiser · ")
    _choose(
        page, "#nq-army-unit-0-formation", "Ranked Formation", "data.unit[0].formation === 'ranked'"
    )
    refusal = page.locator(f"{UNIT} .nq-army-refusal")
    assert refusal.count() == 1
    assert "a ranked unit must consist of 8 or more models" in refusal.inner_text()
    formation = page.locator("#nq-army-unit-0-formation")
    assert formation.get_attribute("aria-invalid") == "true"
    assert refusal.get_attribute("id") in formation.get_attribute("aria-describedby")
    summary = page.locator("#nq-army-summary").inner_text()
    assert summary.startswith("180 points of 500") and "1 refusal" in summary
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert not _axe(page, script), scheme
    page.emulate_media(color_scheme="light")
    return refusal


def _follow_and_fix(page: Any, refusal: Any) -> str:
    """The rule's link lands on its section; back, eight models fix the unit.  The kept army."""
    link = refusal.locator("a")
    assert link.inner_text() == "Ranked Formation"
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/formations.html#ranked-formation")
    page.evaluate(SETTLED)
    heading = page.locator("#ranked-formation")
    assert heading.is_visible() and heading.bounding_box()["y"] < PHONE["height"]
    page.go_back()
    _settle(page)
    _type(page, "#nq-army-unit-0-models", "8", "data.unit[0].models === 8")
    assert page.locator(f"{UNIT} .nq-army-refusal").count() == 0
    assert page.locator("#nq-army-unit-0-formation").get_attribute("aria-invalid") != "true"
    return str(page.evaluate("window.nqAtTable.army.state.toml"))


def _broken_import_in_french(page: Any, kept: str, tmp_path: Path) -> None:
    """A broken file is refused beside the import, naming its field, in French; the army stays."""
    broken = tmp_path / "broken.toml"
    broken.write_bytes(kept.replace("models = 8", "models = 0").encode())
    page.set_input_files("#nq-army-import", str(broken))
    said = ui_text("This file is not an army the rules engine can read: {refusal}.", "fr")
    choose = ui_text("Choose instead a .toml file made with “Export the army file (TOML)”.", "fr")
    refused = import_army(broken.read_bytes(), "fr", "broken.toml")["error"]
    assert refused == (
        "broken.toml, unité nº 1, champ models (nombre de figurines)"
        "\u00a0: il faut un nombre entier de 1 à 1000"
    )
    # player round nine: the French sentence ends with its full stop
    wait_until(page, text_is("nq-army-import-error", f"{said.format(refusal=refused)}\n{choose}"))
    assert page.locator("#nq-army-import").get_attribute("aria-invalid") == "true"
    assert page.evaluate("window.nqAtTable.army.state.toml") == kept


def test_an_army_built_by_keyboard_kept_and_found_in_the_other_language(
    browser: Any,
    site: Site,
    axe_script: str,  # noqa: F811 - the fixture imported above
    tmp_path: Path,
) -> None:
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    refusal = _build_with_a_breach(page, axe_script)
    _pictures(page, "army-390-en")
    kept = _follow_and_fix(page, refusal)
    page.reload()
    _settle(page)
    assert page.evaluate("window.nqAtTable.army.state.toml") == kept
    # listed with its points as last priced (240 of the 500)
    assert page.locator("#nq-army-pick option:checked").inner_text() == (
        "Red Tusk · 240 of 500 points"
    )
    # The other language's page finds the same army, said in French: the unit named by default
    # after its profile is named as the French page names the profile.
    page.locator("a.nq-lang-link[hreflang='fr']:visible").first.click()
    page.wait_for_url("**/fr/at-the-table.html*")
    _settle(page)
    kept = kept.replace('"Orc Bruiser"', '"Cogneur orque"')
    assert page.evaluate("window.nqAtTable.army.state.toml") == kept
    assert page.locator("#nq-army-unit-0-models").input_value() == "8"
    assert page.locator(f"{UNIT} h3").inner_text().startswith("Unité · Cogneur orque · ")
    assert page.locator("#nq-army-summary").inner_text().startswith("240 points sur 500")
    _pictures(page, "army-390-fr")
    _broken_import_in_french(page, kept, tmp_path)
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_builder_on_a_wide_screen(browser: Any, site: Site, lang: str) -> None:
    """Pictures at 1366 px, light and dark: the sample skirmish force, imported, with a warning."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(page)
    army = (Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml").read_text()
    army = army.replace("general = true\n", "")  # no General: a warning for the whole army
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    page.evaluate("window.nqAtTable.army.idle()")
    wide = page.locator("#nq-army-wide .nq-army-warning")
    assert wide.count() == 1
    assert json.loads(page.locator("#nq-army").get_attribute("data-army"))["sections"]
    _pictures(page, f"army-1366-{lang}")
    assert not watched.errors, watched.errors
    context.close()


def _phone(browser: Any, site: Site, lang: str) -> tuple[Any, Any]:
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
    )
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(watched.page)
    return context, watched


def _armies(page: Any) -> list[str]:
    return list(page.evaluate("window.nqAtTable.army.kept().armies.map((a) => a.name)"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_deleting_an_army_asks_first_by_keyboard(
    browser: Any,
    site: Site,
    lang: str,
    axe_script: str,  # noqa: F811 - the fixture imported above
) -> None:
    """ "Delete this army" opens a modal dialog naming the army, its focus on "Keep": Escape
    keeps the army, and so does Enter; Tab then Enter on "Delete" deletes it, says so, and the
    focus comes back to the delete button.  The dialog is named by its title for a screen
    reader, axe-clean, in the page's language."""
    context, watched = _phone(browser, site, lang)
    page = watched.page
    _type(page, "#nq-army-name", "Red Tusk", "data.name === 'Red Tusk'")
    page.focus("#nq-army-new")
    page.keyboard.press("Enter")
    _answered(page, "data.name !== 'Red Tusk'")
    listed = page.eval_on_selector_all(
        "#nq-army-pick option",
        "os => os.map((o) => o.textContent).filter((t) => t.startsWith('Red'))",
    )
    points = "0 of 1,000" if lang == "en" else "0 sur 1\u202f000"
    assert listed == [f"Red Tusk · {points} points"]  # each army listed with its points
    _choose(page, "#nq-army-pick", listed[0])
    _settle(page)
    assert _armies(page)[-2:] == ["Red Tusk", ui_text("My army", lang)]
    dialog = page.locator("#nq-army-confirm")
    for keep in ("Escape", "Enter"):
        page.focus("#nq-army-delete")
        page.keyboard.press("Enter")
        assert dialog.evaluate("d => d.open") and dialog.get_attribute("aria-labelledby")
        assert page.evaluate("document.activeElement.id") == "nq-army-confirm-keep"
        title = page.locator("#nq-army-confirm-title").inner_text()
        assert title == ui_text("Delete this army?", lang)
        assert "Red Tusk" in page.locator("#nq-army-confirm-text").inner_text()
        if keep == "Escape":
            assert not _axe_dialog(page, axe_script)
            screenshot(page, f"army-delete-390-{lang}")
        page.keyboard.press(keep)
        assert not dialog.evaluate("d => d.open")
        assert "Red Tusk" in _armies(page)
        assert page.evaluate("document.activeElement.id") == "nq-army-delete"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "nq-army-confirm-delete"
    page.keyboard.press("Enter")
    _deleted(page)
    assert "Red Tusk" not in _armies(page)
    deleted = ui_text("The army “{name}” was deleted.", lang).format(name="Red Tusk")
    assert page.locator("#nq-army-status").inner_text() == deleted
    assert page.locator("#nq-army-status").get_attribute("role") == "status"
    assert page.evaluate("document.activeElement.id") == "nq-army-delete"
    assert not watched.errors, watched.errors
    context.close()


def _axe_dialog(page: Any, script: str) -> list[str]:
    if page.evaluate("typeof axe === 'undefined'"):
        page.evaluate(script)
    result = page.evaluate(
        "o => axe.run(document.getElementById('nq-army-confirm'), o)",
        dict(AXE_OPTIONS, preload=True),
    )
    return [f"{v['id']}: {[n['html'][:100] for n in v['nodes'][:3]]}" for v in result["violations"]]


#: The boxes, in CSS pixels, of the army's summary, the focused control and the site's header
#: (the lowest edge of the boxes fixed or sticky across the top of the screen, but the summary).
BOXES = """() => {
  const box = (node) => node.getBoundingClientRect().toJSON();
  const summary = document.getElementById('nq-army-summary');
  const fixed = [...document.querySelectorAll('body *')].filter((node) => {
    const style = getComputedStyle(node);
    const r = node.getBoundingClientRect();  // on the screen, across its top (not a drawer)
    return node !== summary && ['fixed', 'sticky'].includes(style.position)
      && style.display !== 'none' && r.top <= 0.5 && r.height > 0
      && r.height < innerHeight / 2 && r.right > 0 && r.left < innerWidth
      && !summary.contains(node);
  });
  const header = Math.max(0, ...fixed.map((node) => node.getBoundingClientRect().bottom));
  const middle = box(summary);
  const seen = document.elementFromPoint(middle.x + middle.width / 2, middle.y + middle.height / 2);
  return { summary: middle, focused: box(document.activeElement), header,
           text: summary.innerText, seen: summary.contains(seen) };
}"""


def test_the_armys_summary_stays_on_a_phones_screen_while_a_unit_is_edited(
    browser: Any, site: Site
) -> None:
    """At 390 x 844, with four entries (several screens long), the total and the count of
    refusals and warnings stay on the screen below the header, uncovered, while the last
    entry's fields are edited by keyboard, and the field edited is not under them."""
    context, watched = _phone(browser, site, "en")
    page = watched.page
    army = (Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml").read_text()
    army = army.replace("points = 1000", "points = 2000")
    army += '\n[[unit]]\nname = "Men at Arms"\nprofile = "human-men-at-arms"\nmodels = 12\n'
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    page.evaluate("window.nqAtTable.army.idle()")
    last = "#nq-army-unit-2-models"
    for selector in ("#nq-army-unit-0-models", last, "#nq-army-unit-2-formation"):
        page.focus(selector)
        page.evaluate(SETTLED)
        boxes = page.evaluate(BOXES)
        summary, focused = boxes["summary"], boxes["focused"]
        assert boxes["seen"], (selector, boxes)
        assert boxes["header"] - 1 <= summary["top"] and summary["bottom"] <= PHONE["height"]
        assert summary["bottom"] <= focused["top"] and focused["bottom"] <= PHONE["height"]
    assert page.evaluate("window.scrollY") > 2 * PHONE["height"]  # far below the summary's place
    _type(page, last, "3", "data.unit[2].models === 3")
    boxes = page.evaluate(BOXES)
    # three Men at Arms: the profile's own "6+ per unit" in the book, which says its unit's least
    # (the Barrow Host's profiles are the book's as printed: no warning of the guidelines)
    assert boxes["seen"] and boxes["text"].endswith("0 refusals, 1 warning")
    assert boxes["text"] == page.locator("#nq-army-summary").inner_text()
    screenshot(page, "army-sticky-summary-390-en")
    assert not watched.errors, watched.errors
    context.close()


def test_an_army_file_naming_a_profile_file_is_refused_beside_the_import(
    browser: Any, site: Site
) -> None:
    """A browser has no folder: orc-warband.toml's leader ``{ file = "orc-captain.toml" }`` is
    refused beside the import, in French, naming the entry and the field; the army stays."""
    context, watched = _phone(browser, site, "fr")
    page = watched.page
    kept = page.evaluate("window.nqAtTable.army.state.toml")
    warband = Path(__file__).parents[2] / "examples" / "armies" / "orc-warband.toml"
    page.set_input_files("#nq-army-import", str(warband))
    said = ui_text("This file is not an army the rules engine can read: {refusal}.", "fr")
    choose = ui_text("Choose instead a .toml file made with “Export the army file (TOML)”.", "fr")
    refused = import_army(warband.read_bytes(), "fr", "orc-warband.toml")["error"]
    assert "orc-captain.toml" in refused and "navigateur" in refused
    wait_until(
        page,
        "document.getElementById('nq-army-import-error').textContent === "
        + json.dumps(f"{said.format(refusal=refused)}\n{choose}"),
    )
    assert page.locator("#nq-army-import-error").is_visible()
    assert page.locator("#nq-army-import").get_attribute("aria-invalid") == "true"
    assert page.evaluate("window.nqAtTable.army.state.toml") == kept
    assert not watched.errors, watched.errors
    context.close()


def test_armies_kept_without_their_points_are_priced_when_the_page_opens(
    browser: Any, site: Site
) -> None:
    """Armies kept by an earlier version of the page, as their files only, are each listed
    with their points against their game's as soon as the engine is ready, not once opened."""
    host = (Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml").read_text(
        encoding="utf-8"
    )
    smaller = re.sub(r"(?m)^points = .*$", "points = 750", host)
    smaller = re.sub(r'(?m)^name = ".*"$', 'name = "Small Host"', smaller, count=1)
    armies = [
        {"id": f"a{n}", "name": tomllib.loads(toml)["name"], "toml": toml}
        for n, toml in enumerate([host, smaller])
    ]
    kept = json.dumps({"armies": armies, "current": armies[0]["id"]})
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
    )
    stored_before_load(context, {"nq-army-builder": kept})
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    _settle(page)
    options = "#nq-army-pick option"
    wait_until(
        page,
        f"[...document.querySelectorAll({json.dumps(options)})]"
        ".every((o) => o.textContent.endsWith(' points'))",
    )
    listed = page.eval_on_selector_all(options, "os => os.map((o) => o.textContent)")
    for army, shown in zip(armies, listed, strict=True):
        total = import_army(army["toml"].encode("utf-8"), "en")
        said = f"{total['total']:,} of {total['points']:,} points"
        assert shown == f"{army['name']} · {said}", shown
    assert listed[0] != listed[1]
    assert not watched.errors, watched.errors
    context.close()
