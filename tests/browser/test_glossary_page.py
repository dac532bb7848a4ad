"""A player uses the glossary page in a real browser: the filter box, the A–Z bar, a term link
that lands on its entry, on a phone and a desktop, in both languages, with and without
JavaScript."""

from __future__ import annotations

import re
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
    """The entries whose term, other-language term or definition holds ``typed``; not the
    label of the other term ("FR:", « EN : »), which every entry has."""
    other = "fr" if lang == "en" else "en"
    return sum(
        _fold(typed) in _fold(f"{t.label(lang)} {t.label(other)} {t.definitions[lang]}")
        for t in TERMS
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
        shown = [text.rstrip("#") for text in page.locator(VISIBLE_TERMS).all_inner_texts()]
        assert "Élan d’attaque" in shown
    screenshot(page, f"glossary-{lang}-{width}-filtered")
    box.fill("zzzz")
    none = "Aucun terme ne correspond." if lang == "fr" else "No term matches."
    assert page.locator(".nq-glossary-status").inner_text() == none
    box.fill("")
    assert page.locator(VISIBLE_TERMS).count() == len(TERMS)
    assert page.locator(".nq-glossary-status").inner_text() == ""


@pytest.mark.parametrize("lang,typed", [("en", "fr"), ("fr", "en"), ("en", "FR:")])
def test_the_filter_skips_the_other_terms_label(
    site: Site, desktop: Any, lang: str, typed: str
) -> None:
    """Every entry says "FR:" (« EN : ») before the other term: typing it kept them all."""
    page = desktop
    page.goto(site.page(f"{lang}/glossary.html"))
    page.locator("#nq-glossary-filter").fill(typed)
    expected = _matching(typed, lang)
    assert expected < len(TERMS)
    assert page.locator(VISIBLE_TERMS).count() == expected
    # A word found only in definitions keeps their entries.
    word = "relever" if lang == "fr" else "opponent"
    page.locator("#nq-glossary-filter").fill(word)
    assert 1 <= page.locator(VISIBLE_TERMS).count() == _matching(word, lang)


TERMS_BY_KEY = {term.key: term for term in TERMS}
#: Terms whose names differ between the languages, one at each end of a page and between.
SWITCHED = ("momentum-attack", "armour-modifier", "penetration-modifier", "prone", "upkeep")


@pytest.mark.parametrize("start,other", [("en", "fr"), ("fr", "en")])
def test_the_language_switch_keeps_the_term(
    site: Site, sized: tuple[Any, str], start: str, other: str
) -> None:
    """From an entry (by its address, or scrolled to), the switch opens the same entry in the
    other language: its anchor is term-<key> in both, not the glossary's section at a block
    number (the entries' order differs: that lands on « À terre » for Momentum Attack)."""
    page, width = sized
    switch = "a.nq-lang-header" if width == "390" else "a.nq-lang-content"
    for key in SWITCHED:
        page.goto(site.page(f"{start}/glossary.html#term-{key}"))
        page.evaluate(SETTLED)
        page.locator(switch).click()
        page.wait_for_url(re.compile(rf"/{other}/glossary\.html#term-{key}$"))
        page.evaluate(SETTLED)
        entry = page.locator(f"#term-{key}")
        name = entry.evaluate("(term) => term.firstChild.textContent")
        assert name == TERMS_BY_KEY[key].label(other)
        box = entry.bounding_box()
        assert box is not None and 0 <= box["y"] < page.viewport_size["height"] / 2, key
    screenshot(page, f"glossary-switched-{start}-{other}-{width}")
    # Tapped while the browser still scrolls to the entry (elsewhere on the page): that entry.
    page.goto(site.page(f"{start}/glossary.html#term-upkeep"))
    page.evaluate(SETTLED)
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.locator(switch).click()
    page.wait_for_url(re.compile(rf"/{other}/glossary\.html#term-upkeep$"))
    # Scrolled to an entry, no anchor in the address: that entry.
    page.goto(site.page(f"{start}/glossary.html"))
    top = page.evaluate(
        "document.getElementById('term-fear').getBoundingClientRect().top + scrollY"
    )
    bar = ".mobile-header" if width == "390" else ".nq-top-bar"
    header = page.evaluate(f"document.querySelector('{bar}').getBoundingClientRect().bottom")
    page.evaluate(f"window.scrollTo({{top: {top} - {header} - 10, behavior: 'instant'}})")
    page.evaluate(SETTLED)
    page.locator(switch).click()
    page.wait_for_url(re.compile(rf"/{other}/glossary\.html#term-fear$"))


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
