"""The answer in short pinned at the bottom of a phone's screen (``.nq-summary``): it is the
answer of the calculator being worked, named, never another calculator's whose form has just
come onto the screen below it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nqcore.i18n import colon, translator
from tests.browser.conftest import PHONE, SETTLED, Site, _recorded, screenshot, wait_until
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY

#: The summaries a reader sees: shown, not empty, on the screen; each its form, the name before
#: it and its text.
SEEN = """() => [...document.querySelectorAll("form.nq-calc .nq-summary")].filter((summary) => {
  const rect = summary.getBoundingClientRect();
  return getComputedStyle(summary).visibility === "visible" && summary.textContent !== ""
    && rect.bottom > 0 && rect.top < window.innerHeight;
}).map((summary) => [summary.closest("form").id,
  getComputedStyle(summary, "::before").content, summary.textContent])"""


def _pinned_when_shown(page: Any) -> Any:
    """The summaries seen once one shows, or after 5 s: the page's intersection observer
    answers the scroll a few frames later, later still on a loaded machine (CI saw none after
    100 ms)."""
    try:
        wait_until(page, f"({SEEN})().length > 0", timeout=5)
    except AssertionError:
        pass  # the assertion that follows says what was seen
    return page.evaluate(SEEN)


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("fr", "dark")])
def test_the_pinned_answer_is_the_worked_calculator_s(
    browser: Any, site: Site, lang: str, scheme: str
) -> None:
    """AR 3 against ST 6 typed in Armour Save, its answer on the screen and Wounding's form
    coming up below it: no other calculator's answer is pinned; scrolled back to its fields, its
    answer off the screen, the pinned answer is Armour Save's, named so."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme),
    )
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, "document.querySelector('#nq-wound .nq-answer p.nq-question') !== null")
    for name, value in (("armour", "3"), ("strength", "6")):
        field = page.locator(f"#nq-save-{name}")
        field.focus()
        field.fill(value)
    wait_until(page, "document.querySelector('#nq-save .nq-answer').innerText.includes('6')")
    page.evaluate("document.querySelector('#nq-save .nq-rule').scrollIntoView({ block: 'center' })")
    page.evaluate(SETTLED)
    page.wait_for_timeout(100)
    seen = page.evaluate(SEEN)
    assert all(form == "nq-save" for form, _, _ in seen), seen
    screenshot(page, f"at-table-summary-answer-{lang}-{scheme}")
    page.locator("#nq-save-armour").focus()
    page.evaluate(SETTLED)  # focus's own smooth scroll ended before ours (a loaded CI machine)
    # the field low on the screen, the answer below it: the pinned summary stands in for it
    page.evaluate(
        "window.scrollTo({ top: document.querySelector('#nq-save-armour')"
        ".getBoundingClientRect().top + window.scrollY - 500, behavior: 'instant' })"
    )
    page.evaluate(SETTLED)
    seen = _pinned_when_shown(page)
    assert [form for form, _, _ in seen] == ["nq-save"], seen
    heading = page.evaluate(
        "document.querySelector('#nq-save').closest('section').querySelector('h2')"
        ".firstChild.textContent.trim()"
    )
    assert heading in seen[0][1], seen
    assert "1" in seen[0][2], seen
    screenshot(page, f"at-table-summary-fields-{lang}-{scheme}")
    context.close()


def _phone_page(browser: Any, site: Site, lang: str, scheme: str) -> tuple[Any, Any]:
    """A phone's context and the companion page in ``lang``, its engine ready."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme=scheme),
    )
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    return context, page


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("fr", "dark")])
def test_the_whole_attacks_pinned_answer_is_its_overall_chance(
    browser: Any, site: Site, lang: str, scheme: str
) -> None:
    """Pinned, the whole attack says what its chance is of, its name and the engine's words for
    the figure ("chance to wound: 30.0%"), not the roll to wound beside it (read as the roll to
    hit): the rolls are in the full answer."""
    context, page = _phone_page(browser, site, lang, scheme)
    field = page.locator("#nq-attack-hit_modifier")
    field.focus()
    field.select_option("1")
    wait_until(page, "document.querySelector('#nq-attack').dataset.source === 'engine'")
    wait_until(page, "document.querySelector('#nq-attack .nq-answer').innerText.includes('+1')")
    page.evaluate(
        "window.scrollTo({ top: document.querySelector('#nq-attack-hit_modifier')"
        ".getBoundingClientRect().top + window.scrollY - 300, behavior: 'instant' })"
    )
    page.evaluate(SETTLED)
    page.wait_for_timeout(100)
    figures = page.locator("#nq-attack .nq-answer p:not(.nq-note)").all_text_contents()
    chance = re.search(r"[0-9][0-9.,]*[\u202f\u00a0]?%", figures[-1])
    assert chance is not None, figures
    summary = page.locator("#nq-attack .nq-summary")
    said = translator(lang)("Chance to wound")
    expected = f"{said[:1].lower()}{said[1:]}{colon(lang)}{chance[0]}"
    assert summary.text_content() == expected, (summary.text_content(), figures)
    name = summary.evaluate("s => getComputedStyle(s, '::before').content")
    assert (
        page.locator("#nq-attack").evaluate(
            "f => f.closest('section').querySelector('h2').firstChild.textContent.trim()"
        )
        in name
    )
    screenshot(page, f"at-table-summary-attack-{lang}-{scheme}")
    context.close()


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("fr", "dark")])
def test_the_pinned_answer_names_the_refused_field_and_why_nothing_succeeds(
    browser: Any, site: Site, lang: str, scheme: str
) -> None:
    """Player round fourteen: pinned, a refusal names the field (two inch fields share one
    message), as the answer box does; an answer that cannot succeed keeps its reason (the Bow
    at 40", beyond long range), not only "no roll can succeed"."""
    context, page = _phone_page(browser, site, lang, scheme)
    field = page.locator("#nq-move-cost-difficult")
    field.focus()
    field.fill("-2")
    wait_until(page, "document.querySelector('#nq-move-cost-difficult-error').hidden === false")
    page.wait_for_timeout(300)
    label = page.locator("label[for='nq-move-cost-difficult']").inner_text().strip()
    refusal = page.locator("#nq-move-cost-difficult-error").inner_text().strip()
    summary = page.locator("#nq-move-cost .nq-summary").text_content() or ""
    answer = page.locator("#nq-move-cost .nq-answer").inner_text()
    assert label in summary and refusal in summary, (summary, label)
    assert summary.strip() == answer.strip(), (summary, answer)
    distance = page.locator("#nq-shoot-distance")
    distance.focus()
    distance.fill("40")
    page.locator("#nq-shoot-weapon").select_option("bow")
    reason = {"en": "Beyond long range", "fr": "Au-delà de la portée longue"}[lang]
    answered = f"document.querySelector('#nq-shoot .nq-answer').innerText.includes({reason!r})"
    wait_until(page, answered)
    page.wait_for_timeout(300)
    summary = page.locator("#nq-shoot .nq-summary").text_content() or ""
    assert reason in summary, summary
    assert summary.endswith(page.locator("#nq-shoot .nq-answer p").last.inner_text()), summary
    screenshot(page, f"at-table-summary-refused-{lang}-{scheme}")
    context.close()


@pytest.mark.parametrize(("lang", "scheme"), [("en", "dark"), ("fr", "light")])
def test_a_tap_on_the_pinned_answer_brings_the_whole_answer_and_its_errata_link(
    browser: Any, site: Site, lang: str, scheme: str
) -> None:
    """Player round 25, F7: a grenade thrown by indirect fire is refused "(this edition's
    reading: see the errata)" in the pinned bar, which led nowhere; a tap on it brings the
    whole answer, with its "In the errata:" link, onto the screen."""
    context, page = _phone_page(browser, site, lang, scheme)
    page.locator("#nq-shoot-weapon").select_option("grenade")
    box = page.locator("#nq-shoot input[value='indirect-fire']")
    box.scroll_into_view_if_needed()
    box.tap()
    link = page.locator("#nq-shoot .nq-readings a")
    link.wait_for(state="attached")
    page.evaluate("document.querySelector('#nq-shoot-ra').scrollIntoView({ block: 'start' })")
    page.evaluate(SETTLED)
    summary = page.locator("#nq-shoot .nq-summary")
    wait_until(page, "!document.querySelector('#nq-shoot .nq-summary.nq-answer-seen')")
    assert "errata" in (summary.text_content() or ""), summary.text_content()
    assert not _on_screen(page, "#nq-shoot .nq-readings a")
    summary.tap()
    wait_until(page, f"({ON_SCREEN})('#nq-shoot .nq-readings a')", timeout=5)
    assert (link.get_attribute("href") or "").endswith("#erratum-grenade-indirect-fire")
    screenshot(page, f"at-table-summary-tapped-{lang}-{scheme}")
    context.close()


#: Whether the element the selector names is within the viewport.
ON_SCREEN = """(selector) => {
  const rect = document.querySelector(selector).getBoundingClientRect();
  return rect.top >= 0 && rect.bottom <= window.innerHeight;
}"""


def _on_screen(page: Any, selector: str) -> bool:
    return bool(page.evaluate(ON_SCREEN, selector))
