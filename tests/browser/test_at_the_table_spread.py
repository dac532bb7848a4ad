"""The calculators' answers as a player reads them on a phone, in Chromium, in both languages: a
whole attack of 30 models says its average and a short spread of wounds, every count folded
under "every count" (a ``<details>``, closed); morale over the turns answers up to the turn its
unit is destroyed; and a link to a calculator (``#calc-panic``) lands with its heading at the
top of the view, under the sticky header, with no empty space under the forms.  Geometry at
390 and 1366 px; screenshots, light and dark."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from tests import covering
from tests.browser.conftest import Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table_before_the_engine import FILL, SHOWN

READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"
CHAOS = {"attacker": "chaos-warrior", "target": "human-men-at-arms", "models": "30"}
WIDTHS = {
    390: {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    1366: {"viewport": {"width": 1366, "height": 900}},
}


@pytest.fixture(params=[(390, "dark", "en"), (1366, "light", "fr"), (390, "light", "fr")])
def ready(request: pytest.FixtureRequest, browser: Any, site: Site) -> Iterator[tuple[Any, str]]:
    """The page with its engine loaded, at a width, in a colour scheme and a language."""
    width, scheme, lang = request.param
    context = _recorded(site, browser.new_context(**WIDTHS[width], color_scheme=scheme))
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(watched.page, READY, timeout=120)
    yield watched.page, f"{width}-{scheme}-{lang}"
    assert not watched.errors, watched.errors
    context.close()


def _answer(page: Any, command: str, values: dict[str, Any]) -> dict[str, Any]:
    # the answer shown before is no sign of this one's: waited for once it is drawn
    page.evaluate("c => { delete document.querySelector(`#nq-${c}`).dataset.answer; }", command)
    page.evaluate(FILL, [command, values])
    wait_until(
        page,
        f"(f => !!f.dataset.answer && f.dataset.source === 'engine')"
        f"(document.querySelector('#nq-{command}'))",
        timeout=60,
    )
    shown: dict[str, Any] = page.evaluate(SHOWN, command)
    return shown


EVERY = """() => {
  const every = document.querySelector("#nq-attack .nq-answer details");
  return every && { open: every.open, summary: every.querySelector("summary").textContent,
                    lines: [...every.querySelectorAll("li")].map((li) => li.textContent) };
}"""


def test_thirty_models_read_in_a_few_lines(ready: tuple[Any, str]) -> None:
    page, name = ready
    lang = name.rsplit("-", 1)[1]
    shown = _answer(page, "attack", CHAOS)
    engine = ask(shown["argv"], lang)
    visible = shown["lines"]
    assert visible == engine["text"]
    one = "at least one wound" if lang == "en" else "au moins une blessure"
    assert "\n".join(visible).count(one) == 1
    every = page.evaluate(EVERY)
    assert every == {"open": False, "summary": engine["every"][0], "lines": engine["every"][1:]}
    # the spread's line takes at most four lines of the phone (player round fourteen: it says
    # "for example" before its counts, « Blessures, par exemple : »)
    (line,) = [line for line in visible if line.startswith(("Wounds", "Blessures"))]
    # player round nine: what the spread counts first ("30 models, 30 attacks: ..."), then the
    # spread; that line the summary's; no colon doubled anywhere ("38.0%: a natural 1")
    together = visible.index(engine["summary"])
    assert together < visible.index(line), visible
    assert page.locator("#nq-attack .nq-summary").text_content() == engine["summary"]
    for said in [*visible, *every["lines"], every["summary"], engine["summary"]]:
        plain = said.replace("\u00a0", " ").replace("\u202f", " ")
        assert "::" not in plain and ": :" not in plain and "%:" not in plain, said
    spread = page.locator("#nq-attack .nq-answer > p", has_text=line).first
    box = spread.bounding_box()
    assert box and box["height"] <= 4 * 24, box
    page.locator("#nq-attack .nq-answer").scroll_into_view_if_needed()
    screenshot(page, f"calc-attack-spread-{name}")
    page.locator("#nq-attack .nq-answer summary").click()
    assert page.evaluate(EVERY)["open"]
    page.locator("#nq-attack .nq-answer details li").last.scroll_into_view_if_needed()
    screenshot(page, f"calc-attack-every-count-{name}")
    # a question with no count to list has no "every count"
    _answer(page, "attack", {"models": "1"})
    assert page.evaluate(EVERY) is None


def test_morale_answers_up_to_the_units_destruction(ready: tuple[Any, str]) -> None:
    page, name = ready
    lang = name.rsplit("-", 1)[1]
    shown = _answer(page, "morale", {"starting": "10", "casualties": "5 5 3"})
    engine = ask(["morale", "10", "5", "5", "3"], lang)
    assert "error" not in engine
    assert shown["lines"] == engine["text"]
    assert page.locator("#nq-morale .nq-answer.nq-refused").count() == 0
    assert page.locator("#nq-morale-casualties").get_attribute("aria-invalid") != "true"
    page.locator("#nq-morale .nq-answer").scroll_into_view_if_needed()
    screenshot(page, f"calc-morale-destroyed-{name}")
    # a turn's casualties beyond the models left is refused beside its field
    page.evaluate(FILL, ["morale", {"starting": "10", "casualties": "5 7"}])
    wait_until(page, "!document.querySelector('#nq-morale-casualties-error').hidden", timeout=60)
    assert "7" in page.locator("#nq-morale-casualties-error").inner_text()


#: Where a calculator's heading is, against the sticky header's bottom (0 without one), and the
#: empty space between each calculator's last line and its form's bottom edge.
PLACE = """(id) => {
  const heading = document.getElementById(id).querySelector(":scope > :is(h2, h3)");
  const bars = [".mobile-header", ".nq-top-bar"].map((s) => document.querySelector(s))
    .filter((bar) => bar && getComputedStyle(bar).position === "sticky"
      && getComputedStyle(bar).display !== "none");
  const header = Math.max(0, ...bars.map((bar) => bar.getBoundingClientRect().bottom));
  const gaps = [...document.querySelectorAll("form.nq-calc")].map((form) => {
    const rule = form.querySelector(".nq-rule").getBoundingClientRect();
    return Math.round(form.getBoundingClientRect().bottom - rule.bottom);
  });
  return { top: Math.round(heading.getBoundingClientRect().top), header, gaps };
}"""


CALCULATOR_ANCHORS = ("calc-panic", "calc-whole-attack", "calc-terrain")


@covering.settings(
    "anchor,width",
    covering.every_one(CALCULATOR_ANCHORS, list(WIDTHS)),
    covering.each_once(CALCULATOR_ANCHORS, list(WIDTHS)),
)
def test_a_link_to_a_calculator_lands_on_its_heading(
    browser: Any, site: Site, width: int, anchor: str
) -> None:
    context = _recorded(site, browser.new_context(**WIDTHS[width]))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"en/at-the-table.html#{anchor}"))
    wait_until(page, "document.querySelector('#nq-panic').dataset.source === 'table'", timeout=60)
    wait_until(page, READY, timeout=120)
    page.wait_for_timeout(3500)  # the answers the engine draws once loaded, and the page still
    place = page.evaluate(PLACE, anchor)
    assert place["header"] <= place["top"] <= place["header"] + 24, place
    assert max(place["gaps"]) < 40, place
    screenshot(page, f"calc-deep-link-{anchor}-{width}")
    assert not watched.errors, watched.errors
    context.close()


def test_the_answers_json_says_where_every_count_is() -> None:
    """The page's worker gives "every" beside the answer's lines, as the bridge does."""
    argv = ["attack", "--attacker", "chaos-warrior", "--target", "dwarf", "--models", "2"]
    answer = ask(argv, "en")
    assert json.dumps(answer["every"]).startswith('["Every count of wounds:"')


#: Where a deep link's target is against what sticks at the top (the header, the army's summary
#: once stuck) and the window's bottom.
TARGET = """(id) => {
  const target = document.getElementById(id).getBoundingClientRect();
  const bars = [".mobile-header", ".nq-top-bar", ".nq-army-summary"]
    .map((s) => document.querySelector(s))
    .filter((bar) => bar && getComputedStyle(bar).position === "sticky"
      && getComputedStyle(bar).display !== "none")
    .map((bar) => bar.getBoundingClientRect());
  // a bar above the target's top, stuck or not: the target must start below its bottom
  const covered = Math.max(0, ...bars.filter((bar) => bar.top <= target.top)
    .map((bar) => bar.bottom));
  return { top: Math.round(target.top), bottom: Math.round(target.bottom),
           covered: Math.round(covered), height: innerHeight };
}"""


ARMY_ANCHORS = ("nq-army", "nq-army-points", "nq-army-add-kind")


@covering.settings(
    "anchor,width",
    covering.every_one(ARMY_ANCHORS, list(WIDTHS)),
    covering.each_once(ARMY_ANCHORS, list(WIDTHS)),
)
def test_a_deep_link_into_the_army_builder_lands_in_view(
    browser: Any, site: Site, width: int, anchor: str
) -> None:
    """Player round nine: at-the-table.html#nq-army-add-kind landed on the Army Builder's
    heading, the field far below it (off the phone's screen); the target lands below the header
    and the army's summary stuck under it, whole where it fits in the window."""
    context = _recorded(site, browser.new_context(**WIDTHS[width]))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"en/at-the-table.html#{anchor}"))
    wait_until(page, READY, timeout=120)
    page.evaluate("window.nqAtTable.army.idle()")
    page.wait_for_timeout(3500)  # the answers the engine draws once loaded, and the page still
    place = page.evaluate(TARGET, anchor)
    assert place["covered"] <= place["top"], place
    if place["bottom"] - place["top"] <= place["height"] - place["covered"]:
        assert place["bottom"] <= place["height"], place  # it fits: whole in the window
    else:
        assert place["top"] <= place["covered"] + 48, place  # taller: from its top (2.5rem)
    screenshot(page, f"army-deep-link-{anchor}-{width}")
    assert not watched.errors, watched.errors
    context.close()
