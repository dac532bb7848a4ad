"""A player uses the glossary page in a real browser: the filter box, the A–Z bar, a term link
that lands on its entry, on a phone and a desktop, in both languages, with and without
JavaScript."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest

from nqsphinx.directives.glossary import GLOSSARY_FILE, initial, load_terms
from tests.browser.conftest import SETTLED, Site, _recorded, screenshot
from tests.building import ROOT

TERMS = load_terms(ROOT / "docs" / GLOSSARY_FILE)
VIEWPORTS = {"390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 768}}
VISIBLE_TERMS = "dl.nq-glossary > dt:not([hidden])"


def _fold(text: str) -> str:
    bare = unicodedata.normalize("NFD", text)
    return "".join(c for c in bare if not unicodedata.combining(c)).lower()


def _matching(typed: str, lang: str) -> int:
    other = "fr" if lang == "en" else "en"
    return sum(
        _fold(typed) in _fold(f"{t.label(lang)} {other.upper()}: {t.label(other)}") for t in TERMS
    )


@pytest.fixture(params=sorted(VIEWPORTS))
def sized(request: pytest.FixtureRequest, browser: Any, site: Site) -> Iterator[tuple[Any, str]]:
    """A page at 390 px (a phone, touch) or 1366 px (a desktop) wide, and that width."""
    phone = request.param == "390"
    context = _recorded(
        site,
        browser.new_context(
            viewport=VIEWPORTS[request.param],
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
        ),
    )
    yield context.new_page(), request.param
    context.close()


@pytest.mark.parametrize("lang,typed", [("en", "combat"), ("fr", "ELAN")])
def test_the_filter_keeps_the_matching_terms(
    site: Site, sized: tuple[Any, str], lang: str, typed: str
) -> None:
    page, width = sized
    page.goto(site.page(f"{lang}/glossary.html"))
    screenshot(page, f"glossary-{lang}-{width}-top")
    box = page.locator("#nq-glossary-filter")
    assert box.is_visible()
    assert page.locator(VISIBLE_TERMS).count() == len(TERMS)
    box.fill(typed)
    expected = _matching(typed, lang)
    assert 1 <= expected < len(TERMS)
    assert page.locator(VISIBLE_TERMS).count() == expected
    assert page.locator("dl.nq-glossary > dd:not([hidden])").count() == expected
    if lang == "fr":  # accents aside: ELAN finds Élan d’attaque
        assert page.locator(VISIBLE_TERMS).first.inner_text().startswith("Élan d’attaque")
    screenshot(page, f"glossary-{lang}-{width}-filtered")
    box.fill("zzzz")
    none = "Aucun terme ne correspond." if lang == "fr" else "No term matches."
    assert page.locator(".nq-glossary-status").inner_text() == none
    box.fill("")
    assert page.locator(VISIBLE_TERMS).count() == len(TERMS)
    assert page.locator(".nq-glossary-status").inner_text() == ""


def test_a_letter_shows_its_terms_even_when_filtered(site: Site, desktop: Any) -> None:
    page = desktop
    page.goto(site.page("fr/glossary.html"))
    page.locator("#nq-glossary-filter").fill("zzzz")
    page.locator(".nq-glossary-az a", has_text="E").click()
    page.evaluate(SETTLED)
    assert page.locator("#nq-glossary-filter").input_value() == ""
    first_e = page.locator("#term-momentum-attack")  # Élan d’attaque, filed under E
    assert first_e.is_visible()
    assert 0 <= first_e.bounding_box()["y"] < 200


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_term_link_lands_on_its_entry(site: Site, phone: Any, lang: str) -> None:
    page = phone
    page.goto(site.page(f"{lang}/glossary.html#term-close-combat"))
    page.evaluate(SETTLED)
    term = page.locator("#term-close-combat")
    header = page.evaluate(
        "document.querySelector('.mobile-header').getBoundingClientRect().bottom"
    )
    assert header <= term.bounding_box()["y"] < header + 100
    assert term.locator("a.headerlink").get_attribute("href") == "#term-close-combat"
    screenshot(page, f"phone-{lang}-glossary-term")


def test_without_javascript_the_filter_box_is_absent(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(java_script_enabled=False))
    page = context.new_page()
    page.goto(site.page("fr/glossary.html"))
    assert not page.locator(".nq-glossary-filter").is_visible()
    assert page.locator(".nq-glossary-az a").count() == len({initial(t.names["fr"]) for t in TERMS})
    assert page.locator("dl.nq-glossary > dt").count() == len(TERMS)
    context.close()
