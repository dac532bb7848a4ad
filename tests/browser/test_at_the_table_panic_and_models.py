"""Two calculators players of dice tools expect, in Chromium, in both languages: the panic table's
results (``nq panic``), answered from the page's tables before the engine has loaded, its answer
in view on a phone; and the whole attack of several models (``--models``), whose answer says the
wounds to expect and the chance of at least each number of wounds, a bad number of models refused
at its field.  Screenshots at 390 and 1366 px, light and dark."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from tests import covering
from tests.browser.conftest import PHONE, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_before_the_engine import ENGINE_FILES, FILL, SHOWN

LANGS = ("en", "fr")
PANIC = {"failed_rally": True, "infamous_fighters": False, "inspiring_leadership": False}
PANIC_ARGV = ["panic", "--failed-rally"]
READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"


@pytest.fixture(params=LANGS)
def held(request: pytest.FixtureRequest, browser: Any, site: Site) -> Iterator[tuple[Any, str]]:
    """The page on a phone, its engine's files held back: the engine is still loading."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    context.route(ENGINE_FILES, lambda route: None)  # asked for, never answered
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{request.param}/at-the-table.html"))
    wait_until(watched.page, "document.querySelector('#nq-panic').dataset.source === 'table'")
    yield watched, request.param
    assert not watched.errors, watched.errors
    context.close()


def _answered(page: Any, form: str, argv: list[str]) -> dict[str, Any]:
    wanted = json.dumps(json.dumps(argv, separators=(",", ":")))
    wait_until(
        page,
        f"(f => f.dataset.argv === {wanted} && !!f.dataset.answer)"
        f"(document.querySelector('#nq-{form}'))",
        timeout=120,
    )
    shown: dict[str, Any] = page.evaluate(SHOWN, form)
    return shown


def test_the_panic_table_answers_before_the_engine(held: tuple[Any, str]) -> None:
    watched, lang = held
    page = watched.page
    page.evaluate(FILL, ["panic", PANIC])
    shown = _answered(page, "panic", PANIC_ARGV)
    engine = ask(PANIC_ARGV, lang)
    assert shown["source"] == "table"
    assert shown["answer"] == engine
    assert shown["lines"] == engine["text"]
    assert shown["summary"] == " · ".join(engine["text"][-4:])  # every result with its chance
    destroyed = engine["text"][-1]
    assert destroyed.startswith("Destroyed (10)" if lang == "en" else "Détruite (10)")
    assert "20,0" in destroyed or "20.0" in destroyed
    # the answer in view on the phone: its last line, or the summary pinned at the bottom
    last = page.locator("#nq-panic .nq-answer p").last
    page.locator("#nq-panic-failed_rally").scroll_into_view_if_needed()
    box = last.bounding_box()
    summary = page.locator("#nq-panic .nq-summary")
    assert (box and box["y"] + box["height"] <= PHONE["height"]) or (
        summary.is_visible() and destroyed in summary.inner_text()
    ), (box, summary.inner_text())
    screenshot(page, f"calc-panic-phone-{lang}")


SCREENS = [(390, "dark"), (1366, "light")]


@covering.settings(
    "lang,width,scheme",
    [(lang, *screen) for lang in LANGS for screen in SCREENS],
    [(lang, *screen) for lang, screen in zip(LANGS, SCREENS, strict=True)],
)
def test_several_models_attack_together(
    browser: Any, site: Site, lang: str, width: int, scheme: str
) -> None:
    context = _recorded(
        site, browser.new_context(viewport={"width": width, "height": 844}, color_scheme=scheme)
    )
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, READY, timeout=120)
    models = page.locator("#nq-attack-models")
    assert models.input_value() == "1"
    models.fill("3")
    argv = json.loads(page.locator("#nq-attack").get_attribute("data-argv") or "[]")
    assert argv[-2:] == ["--models", "3"], argv
    shown = _answered(page, "attack", argv)
    engine = ask(argv, lang)
    assert shown["lines"] == engine["text"]
    several = "3 models, 3 attacks" if lang == "en" else "3 figurines, 3 attaques"
    assert any(line.startswith(several) for line in shown["lines"]), shown["lines"]
    assert shown["summary"].startswith(several), shown["summary"]
    models.scroll_into_view_if_needed()
    screenshot(page, f"calc-attack-models-{width}-{scheme}-{lang}")
    page.locator("#nq-attack .nq-answer p").last.scroll_into_view_if_needed()
    screenshot(page, f"calc-attack-models-answer-{width}-{scheme}-{lang}")
    for bad in ("0", "51", "x"):
        models.fill(bad)
        error = page.locator("#nq-attack-models-error")
        wait_until(page, "!document.querySelector('#nq-attack-models-error').hidden")
        said = error.inner_text()
        assert "50" in said, (bad, said)
        assert models.get_attribute("aria-invalid") == "true"
    screenshot(page, f"calc-attack-models-refused-{width}-{scheme}-{lang}")
    page.locator("#nq-panic").scroll_into_view_if_needed()
    page.evaluate(FILL, ["panic", PANIC])
    _answered(page, "panic", PANIC_ARGV)
    page.locator("#nq-panic .nq-answer").scroll_into_view_if_needed()
    screenshot(page, f"calc-panic-{width}-{scheme}-{lang}")
    assert not watched.errors, watched.errors
    context.close()
