"""The calculators as a player fills them, in Chromium: an optional number left blank counts as
none (0) and the answer says so; the extra attack's level chosen first applies the extra attack;
the answer pinned at the bottom of a phone's screen stays above the on-screen keyboard (the
visual viewport)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, _recorded, screenshot, wait_until, watch

#: A field left blank, the command line its form then asks (the field as 0), and its label.
BLANK = {
    "save-re": (["save", "3", "4", "--pm", "0", "--re", "0"], "Armour resilience (RE)"),
    "cast-chant": (["cast", "5", "--wizardry", "0", "--chant", "0"], "Initiates chanting"),
}


def _open(browser: Any, site: Site, lang: str, width: int = 1366) -> tuple[Any, Any]:
    context = _recorded(site, browser.new_context(viewport={"width": width, "height": 900}))
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(watched.page, "document.querySelector('#nq-wound .nq-answer p.nq-question')")
    return context, watched


def _asked(page: Any, form: str, argv: list[str], timeout: float = 15) -> None:
    wait_until(
        page,
        f"(f => f.dataset.argv === {json.dumps(json.dumps(argv, separators=(',', ':')))}"
        f" && !!f.dataset.answer)(document.querySelector('#nq-{form}'))",
        timeout,
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_optional_number_left_blank_counts_as_none(browser: Any, site: Site, lang: str) -> None:
    context, watched = _open(browser, site, lang)
    page = watched.page
    for ident, (argv, label) in BLANK.items():
        page.fill(f"#nq-{ident}", "")
        _asked(page, argv[0], argv)
        assert page.locator(f"#nq-{ident}-error").is_hidden(), ident
        assert page.locator(f"#nq-{ident}").get_attribute("aria-invalid") != "true", ident
        lines = page.locator(f"#nq-{argv[0]} .nq-answer p").all_inner_texts()
        said = ui_text("Left blank, counted as 0 (none): {fields}.", lang)
        assert said.format(fields=ui_text(label, lang)) in lines[-1], (ident, lines)
    page.fill("#nq-command-fear", "")  # no fear test, not a fear (0) one: no --fear at all
    _asked(page, "command", ["command", "7"])
    blank = ui_text("Left blank, counted as 0 (none): {fields}.", lang).split("{")[0]
    assert not any(
        blank in line for line in page.locator("#nq-command .nq-answer p").all_inner_texts()
    )
    page.locator("#nq-save-re").scroll_into_view_if_needed()
    screenshot(page, f"calc-blank-counts-as-none-{lang}")
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_extra_attack_level_chosen_first_applies_the_extra_attack(
    browser: Any, site: Site, lang: str
) -> None:
    context, watched = _open(browser, site, lang, 390)
    page = watched.page
    page.fill("#nq-hit-cc", "6")
    box = page.locator("#nq-hit-mod input[value='extra-attack']")
    assert not box.is_checked()
    page.select_option("#nq-hit-dice", "3", timeout=5000)
    assert box.is_checked()
    _asked(page, "hit", ["hit", "6", "--mod", "extra-attack", "--dice", "3"])
    box.uncheck()
    _asked(page, "hit", ["hit", "6"])
    # "—" chosen again in the list after a level: no extra attack, not an empty --dice the
    # engine refuses (player round 31, F1), and the next change answered too
    page.select_option("#nq-hit-dice", "2", timeout=5000)
    _asked(page, "hit", ["hit", "6", "--mod", "extra-attack", "--dice", "2"])
    page.select_option("#nq-hit-dice", "", timeout=5000)
    assert not box.is_checked()
    _asked(page, "hit", ["hit", "6"])
    answer = page.locator("#nq-hit .nq-answer").inner_text()
    assert "--dice" not in answer and "nq hit" not in answer, answer
    page.fill("#nq-hit-cc", "7")
    _asked(page, "hit", ["hit", "7"])
    page.locator("#nq-hit-dice").scroll_into_view_if_needed()
    screenshot(page, f"calc-extra-attack-level-first-{lang}")
    assert not watched.errors, watched.errors
    context.close()


#: Resolves after two frames: an intersection observer's verdict on the last layout delivered.
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

#: Where the pinned answer is, and the visual viewport's bottom (the on-screen keyboard's top).
PINNED = """() => {
  const summary = document.querySelector('#nq-hit .nq-summary');
  const box = summary.getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, visible: getComputedStyle(summary).visibility,
    seen: visualViewport.offsetTop + visualViewport.height, scale: visualViewport.scale }; }"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pinned_answer_stays_above_the_on_screen_keyboard(
    browser: Any, site: Site, lang: str
) -> None:
    """A phone's keyboard shrinks the visual viewport, not the layout viewport the pinned answer
    sticks to: with the visual viewport made smaller (zoomed in twice, in Chromium), the pinned
    answer of the field being typed in is inside it, at its bottom, not under the keyboard."""
    context = _recorded(
        site,
        browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True),
    )
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, "document.querySelector('#nq-hit .nq-answer p.nq-question')")
    field = page.locator("#nq-hit-cc")
    field.focus()
    page.evaluate(
        "window.scrollTo({ top: document.querySelector('#nq-hit-cc').getBoundingClientRect().top"
        " + window.scrollY - 150, behavior: 'instant' })"
    )
    field.fill("6")
    # the engine's answer, not "Working on it" (under load, a short answer wholly on the screen,
    # whose summary is rightly hidden), then two frames for the intersection observer's verdict
    _asked(page, "hit", ["hit", "6"], timeout=60)  # the engine may still be starting
    page.evaluate(FRAMES)
    before = page.evaluate(PINNED)
    assert before["visible"] == "visible" and abs(before["bottom"] - before["seen"]) < 2, before
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 2})
    wait_until(page, "visualViewport.scale === 2")
    page.wait_for_timeout(300)
    pinned = page.evaluate(PINNED)
    assert pinned["seen"] < before["seen"] - 100, pinned  # the keyboard's place
    assert pinned["visible"] == "visible", pinned
    assert pinned["top"] > 0 and abs(pinned["bottom"] - pinned["seen"]) < 2, pinned
    screenshot(page, f"calc-pinned-above-the-keyboard-{lang}")
    cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 1})
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_value_refused_is_said_in_the_answer_with_its_field(
    browser: Any, site: Site, lang: str
) -> None:
    """The answer box names the field that holds it back and says why, in the page's language
    (player round thirteen: RE -1 left an empty box, the reason only beside the field)."""
    context, watched = _open(browser, site, lang, width=390)
    page = watched.page
    page.fill("#nq-save-re", "-1")
    refusal = ui_text("Enter a whole number from {min} to {max}.", lang).format(min=0, max=3)
    said = ui_text("{field}: {refusal}", lang).format(
        field=ui_text("Armour resilience (RE)", lang), refusal=refusal
    )
    answer = "document.querySelector('#nq-save .nq-answer')"
    wait_until(page, f"{answer}.innerText.trim() === {said!r}")
    assert "nq-refused" in (page.locator("#nq-save .nq-answer").get_attribute("class") or "")
    page.fill("#nq-save-re", "1")
    wait_until(page, f"!{answer}.classList.contains('nq-refused') && {answer}.innerText !== ''")
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_tap_after_a_refused_entry_ticks_the_box_tapped(
    browser: Any, site: Site, lang: str
) -> None:
    """20 casualties typed in the morale triggers (refused: 16 models), then a tap on a Panic
    box: its focus and click came after the release, once the field left had changed and the
    refusal's summary above had gone; the click fell beside the box (player round 31)."""
    context = _recorded(
        site,
        browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True),
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, "document.querySelector('#nq-wound .nq-answer p.nq-question')")
    field = page.locator("#nq-morale-casualties")
    field.scroll_into_view_if_needed()
    field.tap()
    field.fill("20")
    wait_until(page, "document.querySelector('#nq-morale .nq-answer.nq-refused')")
    box = page.locator("#nq-panic-failed_rally")
    box.scroll_into_view_if_needed()
    box.tap()
    wait_until(page, "document.querySelector('#nq-panic-failed_rally').checked")
    assert not watched.errors, watched.errors
    context.close()
