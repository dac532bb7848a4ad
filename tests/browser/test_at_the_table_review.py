"""What a player's review of the At the table page found, in Chromium: answers that say why
(the engine's lines, in the page's language), the page printed with Ctrl+P (the calculators'
answers, the profile's card and the army's roster; no field, button or navigation), the army
dialog's backdrop dimming the page in light and dark, and French numbers of thousands that never
break across a line.  Pictures at 390 and 1366 px, light and dark, and the printed page's PDF
are kept in _build/test-artifacts/."""

from __future__ import annotations

import io
import json
import re
import subprocess
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqsphinx.messages import ui_text
from tests.browser.conftest import SCREENSHOTS, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_army import _settle

LANGS = ("en", "fr")
WIDTHS = (390, 1366)
#: Questions whose answers must say why: the fields typed (field id -> value), the command line
#: the page asks, the engine's line that explains the answer (its index from the end).
EXPLAINED: dict[str, tuple[dict[str, Any], list[str]]] = {
    "save-no-armour": (
        {"save-armour": "0", "save-strength": "4"},
        ["save", "0", "4", "--pm", "0", "--re", "0"],
    ),
    "save-lucky": (
        {"save-armour": "2", "save-strength": "8"},
        ["save", "2", "8", "--pm", "0", "--re", "0"],
    ),
    "hit-fumble": ({"hit-cc": "5"}, ["hit", "5"]),
    "cast-chant": (
        {"cast-level": "3", "cast-wizardry": "0", "cast-chant": "5"},
        ["cast", "3", "--wizardry", "0", "--chant", "5"],
    ),
    "command-standard": (
        {"command-co": "7", "command-battle_standard": True},
        ["command", "7", "--battle-standard"],
    ),
}


def _page(browser: Any, site: Site, lang: str, width: int) -> tuple[Any, Any]:
    context = _recorded(site, browser.new_context(viewport={"width": width, "height": 900}))
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(watched.page)
    watched.page.evaluate("window.nqAtTable.builder.idle()")
    return context, watched


def _ask(page: Any, fields: dict[str, Any], argv: list[str]) -> list[str]:
    """Type ``fields`` as a player does and wait for the answer to ``argv``: its lines shown."""
    form = f"#nq-{argv[0]}"
    for ident, value in fields.items():
        if value is True:
            page.check(f"#nq-{ident}")
        else:
            page.fill(f"#nq-{ident}", value)
    wait_until(
        page,
        f"(f => f.dataset.argv === {json.dumps(json.dumps(argv, separators=(',', ':')))}"
        " && !!f.dataset.answer)"
        f"(document.querySelector('{form}'))",
    )
    return list(page.locator(f"{form} .nq-answer p").all_inner_texts())


@pytest.mark.parametrize("lang", LANGS)
def test_answers_that_say_why_are_the_engines(browser: Any, site: Site, lang: str) -> None:
    """Each question's answer on the page ends with the engine's line saying why (no armour,
    the optional Lucky Save, the fumble, the capped chant, the battle standard), in the page's
    language; pictures of each at 390 and 1366 px, light and dark."""
    for width in WIDTHS:
        context, watched = _page(browser, site, lang, width)
        page = watched.page
        for name, (fields, argv) in EXPLAINED.items():
            shown = _ask(page, fields, argv)
            answer = ask(argv, lang)
            assert shown == answer["text"], (name, shown)
            notes = answer["json"]["notes"]
            assert notes and all(note in shown for note in notes), (name, shown)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                page.locator(f"#nq-{argv[0]} .nq-answer").scroll_into_view_if_needed()
                screenshot(page, f"review-{name}-{width}-{lang}-{scheme}")
            page.emulate_media(color_scheme="light")
        assert not watched.errors, watched.errors
        context.close()


def _visible(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).first.is_visible())


@pytest.mark.parametrize("lang", LANGS)
def test_printing_the_page_shows_the_answers_the_card_and_the_roster(
    browser: Any, site: Site, lang: str
) -> None:
    """Ctrl+P prints what a player takes to the table: every calculator's current answer, the
    profile's card with its line, the army's roster; no field, button, engine status or
    navigation.  The PDF's text holds the answers; pictures of the print view kept."""
    context, watched = _page(browser, site, lang, 1366)
    page = watched.page
    _ask(page, *EXPLAINED["save-no-armour"])
    keep = page.locator("#nq-keep")
    page.evaluate("document.getElementById('nq-keep').hidden = false")  # as a served page offers it
    assert keep.is_visible()
    page.emulate_media(media="print")
    assert not keep.is_visible()  # player round ten: « Garder hors ligne » on paper
    forms = page.locator("form.nq-calc")
    assert forms.count() >= 10
    for index in range(forms.count()):
        form = forms.nth(index)
        assert form.locator(".nq-answer").is_visible(), form.get_attribute("id")
        assert not form.locator(".nq-field").first.is_visible(), form.get_attribute("id")
        assert not form.locator(".nq-summary").is_visible()
    for shown in ("#nq-builder-card", ".nq-card-profile", "#nq-army-roster", "article h1"):
        assert _visible(page, shown), shown
    hidden = (
        ".nq-engine-status",
        ".nq-example-check",  # player round eleven: « Vérifier avec le moteur » on paper
        "#nq-builder-start",
        "#nq-builder-print",
        "#nq-army-name",
        "#nq-army-print",
        ".sidebar-drawer",
        ".toc-drawer",
        ".mobile-header",
        ".nq-search-box",
    )
    for gone in hidden:
        assert page.locator(gone).count() == 0 or not _visible(page, gone), gone
    path = SCREENSHOTS.parent / f"at-the-table-printed-{lang}.pdf"
    page.pdf(path=str(path), format="A4")
    printed = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(printed.replace("\u202f", " ").replace("\u00a0", " ").split())
    said = ask(EXPLAINED["save-no-armour"][1], lang)["text"]
    for line in [said[0], said[-1]]:
        assert " ".join(line.replace("\u202f", " ").split()) in flat, line
    roster = page.locator("#nq-army-roster .nq-roster-total").inner_text()
    assert " ".join(roster.replace("\u202f", " ").split()) in flat
    # a button's or a field's words are printed only where the page's prose names them
    prose = " ".join(" ".join(page.locator("article p").all_inner_texts()).split())
    for words in ("Print the card", "Game size (points)", "Add to the army"):
        said = ui_text(words, lang)
        assert flat.count(said) == prose.replace("\u00a0", " ").count(said), words
    for width in (390, 1366):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(media="print", color_scheme=scheme)
            page.locator("#nq-save .nq-answer").scroll_into_view_if_needed()
            screenshot(page, f"review-print-{width}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    context.close()


#: The alpha of a computed colour (``rgba(0, 0, 0, 0.55)``; ``rgb(...)`` is opaque).
def _alpha(colour: str) -> float:
    found = re.fullmatch(r"rgba?\(([^)]*)\)", colour.strip())
    assert found, colour
    parts = [p.strip() for p in re.split(r"[,/ ]+", found[1]) if p.strip()]
    return float(parts[3]) if len(parts) == 4 else 1.0


def _brightness(png: bytes) -> float:
    """The mean grey level of a picture, 0 to 255."""
    from PIL import Image, ImageStat

    return float(ImageStat.Stat(Image.open(io.BytesIO(png)).convert("L")).mean[0])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_army_dialogs_backdrop_dims_and_blurs_the_page(
    browser: Any, site: Site, scheme: str
) -> None:
    """The delete dialog's backdrop is seen in both themes: a veil of at least half opacity
    (stronger on the dark theme's near-black page) and a blur; the page behind is darker where
    the dialog is not."""
    context, watched = _page(browser, site, "en", 390)
    page = watched.page
    page.emulate_media(color_scheme=scheme)
    page.locator("#nq-army-delete").scroll_into_view_if_needed()
    before = page.screenshot(clip={"x": 0, "y": 0, "width": 390, "height": 60})
    page.focus("#nq-army-delete")
    page.keyboard.press("Enter")
    assert page.locator("#nq-army-confirm").evaluate("d => d.open")
    style = page.evaluate(
        "() => { const s = getComputedStyle(document.getElementById('nq-army-confirm'), "
        "'::backdrop'); return { colour: s.backgroundColor, filter: s.backdropFilter }; }"
    )
    least = 0.7 if scheme == "dark" else 0.5
    assert _alpha(style["colour"]) >= least, style
    assert "blur" in style["filter"], style
    after = page.screenshot(clip={"x": 0, "y": 0, "width": 390, "height": 60})
    assert _brightness(after) < 0.6 * _brightness(before), scheme
    screenshot(page, f"review-army-dialog-390-{scheme}")
    page.keyboard.press("Escape")
    assert not watched.errors, watched.errors
    context.close()


def test_french_thousands_never_break_across_a_line(browser: Any, site: Site) -> None:
    """« 1 000 » on the French page is held together by a no-break space (narrow or full),
    never a space a line may break at."""
    context = _recorded(site, browser.new_context(viewport={"width": 390, "height": 900}))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("fr/at-the-table.html"))
    text = page.locator("article").inner_text()
    assert re.search(r"1[\u202f\u00a0]000 points", text), "no 1 000 points on the page"
    assert not re.findall(r"(?<![\d,.])\d{1,3} \d{3}(?!\d)", text)
    context.close()


def test_the_grenade_s_line_of_sight_box_shows_what_the_answer_counts(
    browser: Any, site: Site
) -> None:
    """Player round 26, F11: with the grenade chosen and its box unticked, the answer counted
    "Grenade thrown with line of sight +1"; the box is now ticked with the grenade, the other
    of the two unticks it, and another weapon unticks both."""
    context, watched = _page(browser, site, "en", 1366)
    page = watched.page
    checked = """() => ["grenade-line-of-sight", "grenade-no-line-of-sight"].map((value) =>
      document.querySelector(`#nq-shoot input[name=mod][value="${value}"]`).checked)"""
    page.fill("#nq-shoot-distance", "5")
    page.select_option("#nq-shoot-weapon", "grenade")
    assert page.evaluate(checked) == [True, False]
    page.locator("#nq-shoot input[value='grenade-no-line-of-sight']").check()
    assert page.evaluate(checked) == [False, True]
    wait_until(page, "document.querySelector('#nq-shoot .nq-answer').innerText.includes('−1')")
    page.select_option("#nq-shoot-weapon", "bow")
    assert page.evaluate(checked) == [False, False]
    assert not watched.errors, watched.errors
    context.close()
