"""The answers of the At the table page as a player on a phone (390×844) meets them: a greyed
field shows the value in use or nothing, the answer in short stays on the screen while any field
of any calculator is edited, and the engine's loading state is shown where the answers will be."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqcompanion.page import directive
from nqcompanion.page.answers import answer_words
from tests.browser.conftest import PHONE, SETTLED, Site, _recorded, screenshot, wait_until, watch

LANGS = ("en", "fr")
ENGINE_SECONDS = 90
READY = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"


@pytest.fixture(scope="module", params=LANGS)
def phone_table(request: pytest.FixtureRequest, browser: Any, site: Site) -> Iterator[Any]:
    """The page in one language on a phone, its engine loaded."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
    )
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{request.param}/at-the-table.html"))
    wait_until(watched.page, READY, timeout=ENGINE_SECONDS)
    yield watched
    assert not watched.errors, watched.errors
    context.close()


#: What each disabled field of a form shows: its id and its value as seen ("" for a list with
#: no option chosen; a field left empty shows its placeholder), and its value.
GREYED = """(form) => [...document.querySelectorAll(`#nq-${form} input:disabled, #nq-${form}
  select:disabled`)].map((control) => [control.id, control.tagName === "SELECT"
    ? (control.selectedIndex < 0 ? "" : control.options[control.selectedIndex].text)
    : control.value || control.placeholder, control.value])"""


def _answered(page: Any, form: str) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(
        f"window.nqAtTable.compute(document.getElementById('nq-{form}'))"
    )
    return got


def test_greyed_fields_show_the_value_in_use_or_nothing(phone_table: Any) -> None:
    """An Orc Bruiser against a Dwarf: the numbers below the profiles are greyed, read-only, and
    show the profiles' (CC 5, ST 5, T 6, AR 3, RE 0: the engine's, not the ST 4 typed); the Long
    Bow chosen, the ranges do not show the Bow's 10/20/30. Used again, a field shows what it
    held."""
    page = phone_table.page
    page.locator("#nq-attack-st").fill("4")
    page.select_option("#nq-attack-attacker", "orc-bruiser")
    page.select_option("#nq-attack-target", "dwarf")
    got = _answered(page, "attack")
    assert "error" not in got["answer"], got
    greyed = page.evaluate(GREYED, "attack")
    assert {name for name, _, _ in greyed} == {
        f"nq-attack-{name}" for name in ("skill", "st", "t", "armour", "re")
    }
    shown = {name.removeprefix("nq-attack-"): seen for name, seen, _ in greyed}
    assert shown == {"skill": "5", "st": "5", "t": "6", "armour": "3", "re": "0"}, shown
    assert all(value == "" for _, _, value in greyed), greyed  # shown, not held
    page.select_option("#nq-shoot-weapon", "long-bow")
    _answered(page, "shoot")
    assert page.evaluate(GREYED, "shoot") == [["nq-shoot-ranges", "", ""]]
    page.select_option("#nq-attack-attacker", "")
    page.select_option("#nq-attack-target", "")
    _answered(page, "attack")
    assert page.locator("#nq-attack-st").input_value() == "4"  # as it was before
    assert page.evaluate(GREYED, "attack") == []
    page.select_option("#nq-shoot-weapon", "")
    # the example is the placeholder, not a value typing would add to
    assert page.locator("#nq-shoot-ranges").input_value() == ""
    assert page.locator("#nq-shoot-ranges").get_attribute("placeholder") == "10/+1 20/+0 30/-1"
    page.select_option("#nq-shoot-weapon", "bow")


@pytest.mark.every_language
def test_ranges_typed_with_commas_are_read(phone_table: Any) -> None:
    """ "12/+1, 24/0, 36/-1", as a player copies a weapon's ranges: read as 12/+1 24/0 36/-1."""
    page = phone_table.page
    page.select_option("#nq-shoot-weapon", "")
    page.locator("#nq-shoot-distance").fill("12")
    page.locator("#nq-shoot-ranges").fill("12/+1, 24/0, 36/-1")
    got = _answered(page, "shoot")
    assert got["answer"] and "error" not in got["answer"], got
    assert got["argv"][-4:] == ["--ranges", "12/+1", "24/0", "36/-1"], got["argv"]
    assert page.locator("#nq-shoot-ranges-error").is_hidden()
    page.locator("#nq-shoot-ranges").fill("10/+1 20/+0 30/-1")
    page.select_option("#nq-shoot-weapon", "bow")


def test_the_blank_start_clears_the_builder(phone_table: Any) -> None:
    """ "—" under "Start from a profile of the book" after Men At Arms: the engine's blank
    profile (a new name, CC 1), not the fields of the profile before."""
    page = phone_table.page
    idle = "window.nqAtTable.builder.idle().then(() => true)"
    page.select_option("#nq-builder-start", "human-men-at-arms")
    page.evaluate(idle)
    assert page.locator("#nq-builder-cc").input_value() == "5"
    page.select_option("#nq-builder-start", "")
    page.evaluate(idle)
    expected = {"en": "New profile", "fr": "Nouveau profil"}[
        page.evaluate("document.documentElement.lang")
    ]
    # the new name is the field's placeholder, the field empty for the player's own
    assert page.locator("#nq-builder-name").input_value() == ""
    assert page.locator("#nq-builder-name").get_attribute("placeholder") == expected
    assert page.locator("#nq-builder-cc").input_value() == "1"
    assert page.locator("#nq-builder-start").input_value() == ""


#: The lines of figures a summary keeps (``SUMMARY_LINES`` in nq-at-table.js): the roll needed
#: and the chance, or the panic table's four results.  The panic summary is seldom seen on a
#: phone (its whole answer fits there, the summary hidden); seen, it has its four.
SUMMARY_LINES = {"panic": 4}

#: The geometry of a calculator's field being edited and of its answer: the field's box, the
#: summary's (when shown) and the answer's, in the viewport's coordinates.
GEOMETRY = """(selector) => {
  const control = document.querySelector(selector);
  const form = control.closest("form");
  const box = (element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  };
  const summary = form.querySelector(".nq-summary");
  const shown = getComputedStyle(summary).visibility === "visible" && summary.textContent !== "";
  const answer = form.querySelector(".nq-answer");
  return {
    field: box(control), summary: shown ? box(summary) : null, text: summary.textContent,
    answer: box(answer), lines: [...answer.querySelectorAll("p")].map((p) => p.textContent),
    figures: [...answer.querySelectorAll("p:not(.nq-note)")].map((p) => p.textContent),
    height: window.innerHeight,
  };
}"""

#: Every control a player edits in a form, by the selector of the element to edit.
EDITABLE = """(form) => [...document.querySelectorAll(`#nq-${form} input, #nq-${form} select`)]
  .filter((control) => !control.disabled && !control.closest(".nq-unused"))
  .map((control, index) => [control.id || `${control.name}@${index}`, control.type || "select",
    control.id ? `#${CSS.escape(control.id)}` : `#nq-${form} input[value="${control.value}"]`])"""


def _edit(page: Any, selector: str, kind: str) -> None:
    """One edit as a finger makes it: the page scrolls to the field, which changes."""
    field = page.locator(selector)
    # scrolled to as a browser scrolls to the field it focuses (the page's scroll padding)
    field.evaluate(
        "(control) => { control.scrollIntoView({ block: 'nearest' }); control.focus(); }"
    )
    if kind == "checkbox":
        field.click()
        field.click()  # as it was: two modifiers ticked may be refused together
    elif kind == "select-one":
        options = field.evaluate("(s) => [...s.options].map((o) => o.value)")
        current = field.input_value()
        field.select_option(options[(options.index(current) + 1) % len(options)])
        field.select_option(current)
    else:
        field.press("End")
        field.type(" ")
        field.press("Backspace")


@pytest.mark.parametrize("form", list(directive.CALCULATORS))
def test_the_answer_stays_on_screen_while_a_field_is_edited(phone_table: Any, form: str) -> None:
    """At 390×844, whatever field of the calculator is being edited, the answer is on the
    screen: the whole answer, or its summary (its last lines) at the bottom, not over the field."""
    page = phone_table.page
    page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })")
    for name, kind, selector in page.evaluate(EDITABLE, form):
        _edit(page, selector, kind)
        _answered(page, form)
        page.evaluate(SETTLED)  # the page's smooth scrolling to the field, then the observer
        page.wait_for_timeout(50)
        seen = page.evaluate(GEOMETRY, selector)
        height = seen["height"]
        field, summary, answer = seen["field"], seen["summary"], seen["answer"]
        assert 0 <= field["top"] and field["bottom"] <= height, (form, name, seen)
        # half a pixel: layout in fractions of a pixel (CI: a bottom at 844.047 of 844)
        answer_seen = 0 <= answer["top"] and answer["bottom"] <= height + 0.5
        if summary is None:
            assert answer_seen and seen["lines"], (form, name, seen)
            continue
        assert 0 <= summary["top"] and summary["bottom"] <= height + 0.5, (form, name, seen)
        assert field["bottom"] <= summary["top"] + 0.5, (form, name, seen)  # not hidden under it
        assert seen["text"], (form, name, seen)
        if len(seen["lines"]) > 1 and form == "attack":  # the overall chance, named
            said = seen["text"].replace("\u202f", " ").replace("\u00a0", " ")
            shown = " ".join(seen["figures"]).replace("\u202f", " ").replace("\u00a0", " ")
            figure = re.search(r"[0-9][0-9.,]* ?%$", said)
            assert figure and figure[0] in shown, (form, name, seen)
        elif len(seen["lines"]) > 1:  # an answer: its last figures (not the notes)
            kept = SUMMARY_LINES.get(form, 2)
            assert seen["text"] == " · ".join(seen["figures"][1:][-kept:]), (form, name, seen)


def test_the_panic_summary_holds_the_four_results(phone_table: Any) -> None:
    """A panic field at the bottom of the screen, its answer below it: the summary shows the
    table's four results, each with its chance, not the last two."""
    page = phone_table.page
    selector = "#nq-panic input"
    page.locator(selector).first.evaluate(
        "(control) => { control.scrollIntoView({ block: 'end', behavior: 'instant' });"
        " control.focus({ preventScroll: true }); }"
    )
    _answered(page, "panic")
    page.evaluate(SETTLED)
    page.wait_for_timeout(50)
    seen = page.evaluate(GEOMETRY, selector)
    assert seen["summary"] is not None, seen
    results = seen["figures"][-4:]
    assert all(re.search(r"[0-9] ?%$", line.replace("\u202f", " ")) for line in results), seen
    assert seen["text"] == " · ".join(results), seen


@pytest.mark.parametrize("lang", LANGS)
def test_the_loading_state_is_where_the_answers_will_be(
    browser: Any, site: Site, lang: str
) -> None:
    """While the engine loads, each answer box and its summary say so (not a blank box, the
    words 6,400 px higher); if it cannot load, they say that.  The answer tables are held back
    too: with them, most boxes answer at once (test_at_the_table_before_the_engine.py)."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    context.route("**/nq-answers.json", lambda route: route.abort())
    waiting: list[Any] = []
    refusing = [False]  # held, then refused: each try of the page's (it tries three times)

    def engine(route: Any) -> None:
        if refusing[0]:
            route.abort()
        else:
            waiting.append(route)

    context.route("**/nq-engine-worker.js", engine)  # the engine never comes
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"), wait_until="domcontentloaded")
    words = directive.page_messages(lang)
    loading = json.dumps(words["loading"])  # the tables missing: said once they are found so
    wait_until(page, f"document.querySelector('#nq-move .nq-answer').textContent === {loading}")
    answers = page.locator(".nq-calc .nq-answer").all_inner_texts()
    assert answers == [words["loading"]] * len(directive.CALCULATORS), answers
    summaries = page.locator(".nq-calc .nq-summary").all_text_contents()
    assert summaries == [words["loading"]] * len(directive.CALCULATORS), summaries
    page.locator("#nq-move-actions").focus()  # the last calculator's first field, at the bottom
    assert (
        page.locator("#nq-move .nq-summary").is_visible()
        or page.locator("#nq-move .nq-answer").is_visible()
    )
    # The engine starts once the site's service worker controls the page (4 s at most): its
    # worker is asked for a little later than the page.
    deadline = time.monotonic() + 15
    while not waiting and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert waiting, "the engine's worker was never asked for"
    refusing[0] = True
    for route in waiting:
        route.abort()
    wait_until(page, "document.querySelector('.nq-engine-status.nq-engine-failed') !== null", 60)
    assert page.locator("#nq-cast .nq-answer").inner_text() == words["failed"]
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_while_the_tables_load_the_answers_say_so_not_the_engine(
    browser: Any, site: Site, lang: str
) -> None:
    """Player round eighteen: while the 3 MB of answers loaded, each box said the answer "needs
    the rules engine (22 MB)"; a question asked then waits for the tables, and the table
    answers it."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    held: list[Any] = []
    context.route("**/nq-answers.json", lambda route: held.append(route))
    context.route("**/nq-engine-worker.js", lambda route: route.abort())  # no engine at all
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"), wait_until="domcontentloaded")
    said = answer_words(lang)["answers_loading"]
    assert "MB" in said or "Mo" in said, said
    assert answer_words(lang)["waiting"] != said
    wait_until(
        page, f"document.querySelector('#nq-cast .nq-answer').textContent === {json.dumps(said)}"
    )
    page.locator("#nq-cast-level").fill("3")  # asked before the tables are read
    page.wait_for_timeout(300)
    assert page.locator("#nq-cast .nq-answer").inner_text() == said
    assert page.locator(".nq-engine-status").inner_text() == said
    deadline = time.monotonic() + 15
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "the answers were never asked for"
    held[0].continue_()
    wait_until(page, "document.querySelector('#nq-cast').dataset.source === 'table'")
    assert page.locator("#nq-cast .nq-answer").inner_text() != said
    context.close()


#: Extra Attack (x2) at CC 5 ("Extra Attack Fumbles"): each die 4 or less; what the answer says
#: of both dice, in each language.
EXTRA_ATTACK = {
    "en": (
        "2 dice: at least one hit 64.0%, 2 hits 16.0%; average number of hits 0.8",
        "a natural 10 on at least one of the 2 dice (19.0%)",
    ),
    "fr": (
        "2 dés\u00a0: au moins une touche 64,0\u202f%, 2 touches 16,0\u202f%\u202f; "
        "nombre moyen de touches 0,8",
        "un 10 naturel sur au moins un des 2 dés (19,0\u202f%)",
    ),
}


def test_an_extra_attack_answers_for_both_dice(phone_table: Any) -> None:
    """The box "Extra attack (every die)" ticked: the answer and its summary say the chance of
    at least one hit, of two, the hits to expect, and the fumble on either die (19 %), not one
    die's 10 %."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")[:2]
    page.locator("#nq-hit-cc").fill("5")
    box = page.locator('#nq-hit input[value="extra-attack"]')
    box.check()
    volley, fumble = EXTRA_ATTACK[lang]
    shown = "document.querySelector('#nq-hit .nq-answer').innerText"
    wait_until(page, f"{shown}.includes({volley!r})")
    text = page.locator("#nq-hit .nq-answer").inner_text()
    assert fumble in text, text
    assert volley in (page.locator("#nq-hit .nq-summary").text_content() or "")
    page.locator("#nq-hit").scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-extra-attack")
    box.uncheck()


#: Extra Attack (x3) at CC 6: three dice at 5 or less; what the answer says of them, and of two
#: natural 10s or more (the open question extra-attack-several-natural-tens).
THREE_DICE = {
    "en": (
        "3 dice: at least one hit 87.5%, at least 2 hits 50.0%, 3 hits 12.5%; average number of "
        "hits 1.5",
        "two or more natural 10s (2.8%) give the enemy one free attack at CC+1",
        "Extra Attack (x3)",
    ),
    "fr": (
        "3 dés\u00a0: au moins une touche 87,5\u202f%, au moins 2 touches 50,0\u202f%, "
        "3 touches 12,5\u202f%\u202f; nombre moyen de touches 1,5",
        "deux 10 naturels ou plus (2,8\u202f%) donnent à l’ennemi une seule attaque gratuite à "
        "CC+1",
        "Attaque supplémentaire (x3)",
    ),
}


def test_an_extra_attack_answers_for_its_level(phone_table: Any) -> None:
    """The extra attack's level, named by the engine's ability data, is used only with the box
    "Extra attack (every die)" ticked (greyed without it, yet open to a choice, which ticks the
    box); Extra Attack (x3) answers for its three dice."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")[:2]
    volley, fumbles, level = THREE_DICE[lang]
    page.locator("#nq-hit-cc").fill("6")
    dice = page.locator("#nq-hit-dice")
    unused = "document.getElementById('nq-hit-dice').closest('.nq-field.nq-unused') !== null"
    assert page.evaluate(unused) and dice.is_enabled()
    options = dice.locator("option").all_inner_texts()
    assert options[2] == level and len(options) == 4, options
    # unused, it shows "—", not an empty box (player round 16, L7); "—" is no choice
    assert dice.evaluate("(s) => s.options[s.selectedIndex].text") == "—"
    assert dice.locator("option[hidden]").all_inner_texts() == ["—"]
    box = page.locator('#nq-hit input[value="extra-attack"]')
    box.check()
    wait_until(page, f"!{unused}")
    page.select_option("#nq-hit-dice", "3")
    shown = "document.querySelector('#nq-hit .nq-answer').innerText"
    wait_until(page, f"{shown}.includes({volley!r})")
    text = page.locator("#nq-hit .nq-answer").inner_text()
    assert fumbles in text, text
    assert volley in (page.locator("#nq-hit .nq-summary").text_content() or "")
    dice.scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-extra-attack-x3")
    box.uncheck()
    wait_until(page, unused)
    assert dice.evaluate("(s) => s.options[s.selectedIndex].text") == "—"


#: The whole attack of the Wight Lord (Extra Attack (x2)) against an Orc Bruiser, and of the
#: Wood Elf Archer (a long bow only): what the answer says, in each language.
WHOLE = {
    "en": (
        "2 dice: at least one wound 59.0%; average number of wounds 0.7",
        "2 dice: at least one wound 59.0%; average number of wounds 0.7",
        "give the distance to the target for the Long Bow",
        "Weapon: Long Bow",
    ),
    "fr": (
        "2 dés\u00a0: au moins une blessure 59,0\u202f%\u202f; nombre moyen de blessures 0,7",
        "2 dés\u00a0: au moins une blessure 59,0\u202f%\u202f; nombre moyen de blessures 0,7",
        "donnez la distance de la cible pour l’arme Arc long",
        "Arme\u00a0: Arc long",
    ),
}


def test_a_whole_attack_rolls_the_attackers_dice_and_weapon(phone_table: Any) -> None:
    """The Wight Lord rolls its extra attack's two dice: the chance that at least one wounds,
    in the answer and its summary (the engine's line of the dice). The Wood Elf Archer shoots
    its long bow: the distance is asked beside its field, never an improvised attack shown; the
    attacker picks its own weapon in the list where the list offers it ("Improvised" among
    them)."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")[:2]
    wounds, summary, distance, weapon = WHOLE[lang]
    page.select_option("#nq-attack-attacker", "wight-lord-on-zombie-dragon")
    page.select_option("#nq-attack-target", "orc-bruiser")
    got = _answered(page, "attack")
    assert wounds in got["answer"]["text"], got
    assert page.locator("#nq-attack .nq-summary").text_content() == summary
    assert page.locator("#nq-attack-weapon").input_value() == ""  # the Wight Sword: not listed
    page.select_option("#nq-attack-attacker", "craven-ghouls")  # no weapon: an improvised attack
    assert page.locator("#nq-attack-weapon").input_value() == "improvised"
    page.select_option("#nq-attack-attacker", "wood-elf-archer")
    assert page.locator("#nq-attack-weapon").input_value() == "long-bow"  # picked, and shown
    got = _answered(page, "attack")
    assert got["answer"]["error"] == distance, got
    assert page.locator("#nq-attack-distance-error").inner_text() == distance
    improvised = page.locator('#nq-attack-weapon option[value="improvised"]').inner_text()
    assert improvised not in page.locator("#nq-attack .nq-answer").inner_text()
    page.locator("#nq-attack-distance").scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-shooter-asks-distance")
    page.locator("#nq-attack-distance").fill("12")
    got = _answered(page, "attack")
    assert weapon in got["answer"]["text"], got
    page.locator("#nq-attack-distance").fill("")
    page.select_option("#nq-attack-attacker", "")
    assert page.locator("#nq-attack-weapon").input_value() == ""
    page.select_option("#nq-attack-target", "")
    _answered(page, "attack")


def test_the_ranges_field_shows_its_format_before_any_mistake(phone_table: Any) -> None:
    """The weapon set to "—": the ranges field, in use, shows its example once emptied and its
    hint under it, before anything wrong is typed; greyed again (a weapon chosen), no example."""
    page = phone_table.page
    field = page.locator("#nq-shoot-ranges")
    page.select_option("#nq-shoot-weapon", "")
    field.fill("")
    assert field.get_attribute("placeholder") == "10/+1 20/+0 30/-1"
    hint = page.locator("#nq-shoot-ranges-hint")
    assert hint.is_visible() and "10/+1 20/+0 30/-1" in hint.inner_text()
    lang = page.evaluate("document.documentElement.lang")[:2]
    field.scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-ranges-hint")
    field.fill("10/+1 20/+0 30/-1")
    page.select_option("#nq-shoot-weapon", "bow")
    wait_until(page, "document.getElementById('nq-shoot-ranges').disabled")
    assert field.get_attribute("placeholder") == ""


#: A siege weapon at a very large target: the note's rule section, as each site heads it.
VERY_LARGE_TARGET = {
    "en": (
        "Attacks Against Very Large Targets",
        "close-combat.html#attacks-against-very-large-targets",
    ),
    "fr": (
        "Attaques contre les cibles très grandes",
        "close-combat.html#attacks-against-very-large-targets",
    ),
}


def test_a_rule_an_answer_names_in_brackets_is_a_link_to_it(phone_table: Any) -> None:
    """The cannon at a castle wall (the very large target box): 9 or less whatever the RA, and
    the note's "(Attacks Against Very Large Targets)" a link to that section (review round 26:
    rule names in the answers were plain text); the box says its roll, not "+0"."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")[:2]
    heading, href = VERY_LARGE_TARGET[lang]
    page.select_option("#nq-shoot-weapon", "cannon")
    page.locator("#nq-shoot-ra").fill("3")
    page.locator("#nq-shoot-distance").fill("40")
    box = page.locator('#nq-shoot input[value="very-large-target"]')
    label = page.locator("#nq-shoot label", has=page.locator('input[value="very-large-target"]'))
    assert ("9 or less" if lang == "en" else "9 ou moins") in label.inner_text()
    box.check()
    link = page.locator(f'#nq-shoot .nq-answer a[href$="{href}"]')
    link.wait_for(state="attached", timeout=60_000)
    assert link.inner_text() == heading
    text = page.locator("#nq-shoot .nq-answer").inner_text()
    assert ("9 or less" if lang == "en" else "9 ou moins") in text and f"({heading})" in text
    page.locator("#nq-shoot .nq-answer").scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-very-large-target")
    box.uncheck()
    page.select_option("#nq-shoot-weapon", "bow")


#: The whole attack's words for a named modifier counted, and for one of the other kind.
WHOLE_ATTACK_MODIFIERS = {
    "en": ("Charging (all attacks on the turn the model charges) +1", "Not counted with a ranged"),
    "fr": ("Charge (toutes les attaques du tour où la figurine charge) +1", "Non comptés avec"),
}


def test_a_whole_attack_names_the_modifiers_it_counts(phone_table: Any) -> None:
    """The whole attack's boxes (player round 29: one number, named "Other to-hit modifier"):
    Charging with a sword is named and counted; with a bow it is said not counted, with a link
    to the close combat modifiers."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")[:2]
    counted, apart = WHOLE_ATTACK_MODIFIERS[lang]
    page.select_option("#nq-attack-attacker", "")
    page.select_option("#nq-attack-weapon", "sword")
    box = page.locator('#nq-attack input[value="charging"]')
    box.check()
    answer = page.locator("#nq-attack .nq-answer")
    wait_until(
        page, f"document.querySelector('#nq-attack .nq-answer').innerText.includes({counted!r})"
    )
    page.select_option("#nq-attack-weapon", "bow")
    page.locator("#nq-attack-distance").fill("10")
    wait_until(
        page, f"document.querySelector('#nq-attack .nq-answer').innerText.includes({apart!r})"
    )
    assert counted not in answer.inner_text()
    link = answer.locator('a[href$="close-combat.html#close-combat-modifiers"]')
    assert link.count() == 1, answer.inner_html()
    answer.scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-whole-attack-modifiers")
    box.uncheck()
    page.locator("#nq-attack-distance").fill("")
    page.select_option("#nq-attack-weapon", "")


#: A grenade's miss: its rule section, as each site heads it.
DEVIATING = {"en": "Deviating Grenades", "fr": "Déviation des grenades"}


def test_a_whole_attack_throws_a_grenade_in_line_of_sight(phone_table: Any) -> None:
    """The grenade in the whole attack's weapons (player round 29: only the ranged calculator
    threw one): chosen, its line of sight box ticks itself, the answer is the engine's for the
    page's question (its reach, +1, the grenade's ST 4 to wound) and names its rules."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")[:2]
    deviating = DEVIATING[lang]
    for name, value in (("skill", "4"), ("st", "4"), ("t", "4"), ("distance", "5")):
        page.locator(f"#nq-attack-{name}").fill(value)
    page.select_option("#nq-attack-weapon", "grenade")
    sight = page.locator('#nq-attack input[value="grenade-line-of-sight"]')
    assert sight.is_checked()
    got = _answered(page, "attack")
    assert "--weapon" in got["argv"] and "grenade" in got["argv"], got
    assert "grenade-line-of-sight" in got["argv"], got
    assert got["answer"]["text"] == ask(got["argv"], lang)["text"]
    assert got["answer"]["json"]["reach"] == {"inches": 6, "strength": 4}
    assert page.locator(f'#nq-attack .nq-answer a:text-is("{deviating}")').count() == 1
    page.locator("#nq-attack .nq-answer").scroll_into_view_if_needed()
    screenshot(page, f"phone-{lang}-whole-attack-grenade")
    page.select_option("#nq-attack-weapon", "")
    assert not sight.is_checked()
    page.locator("#nq-attack-distance").fill("")


def test_a_charge_says_the_actions_and_attacks_of_its_momentum_attack(phone_table: Any) -> None:
    """Player round 31: no calculator answered a charge. The book's example typed as a player
    would (10 AC, 7", a UC4 sword; the decimal comma in French): the engine's answer, ending
    with one attack with the sword or two at base strength; ticked "something else before",
    no momentum attack."""
    page = phone_table.page
    lang = page.evaluate("document.documentElement.lang")
    page.locator("#nq-charge-actions").fill("10")
    page.locator("#nq-charge-distance").fill("7")
    page.locator("#nq-charge-use-cost").fill("4")
    got = _answered(page, "charge")
    assert got["argv"] == ["charge", "10", "7", "--use-cost", "4", "--ability", "normal"], got
    lines = page.locator("#nq-charge .nq-answer p").all_inner_texts()
    assert lines == ask(got["argv"], lang)["text"], lines
    summary = page.locator("#nq-charge .nq-summary").text_content() or ""
    assert summary.endswith(lines[-1]), summary
    page.locator("#nq-charge-not-first").check()
    got = _answered(page, "charge")
    assert got["argv"][-1] == "--not-first"
    assert (
        page.locator("#nq-charge .nq-answer p").all_inner_texts()[-1]
        == (ask(got["argv"], lang)["text"][-1])
    )
    page.locator("#nq-charge-distance").fill("6,5" if lang == "fr" else "6.5")
    got = _answered(page, "charge")
    assert got["argv"][2] in ("6.5", "6,5") and "error" not in got["answer"], got
    # "1,000": a thousand in English, read as 1" (attacker round 31): refused beside the field
    page.locator("#nq-charge-distance").fill("1,000")
    got = _answered(page, "charge")
    assert got["argv"] is None and page.locator("#nq-charge-distance-error").is_visible(), got
    page.locator("#nq-charge-distance").fill("7")
    page.locator("#nq-charge-not-first").uncheck()


HALF_TICKED = """[...document.querySelectorAll('#nq-attack input[name=mod]')]
  .filter((box) => box.indeterminate).map((box) => box.value)"""


def test_a_modifier_the_target_brings_shows_its_box_half_ticked(phone_table: Any) -> None:
    """Men At Arms against the Wolverine Predator: its size (+1) and its dodge (−1) are counted,
    and their boxes say so, half-ticked; the target ranked, the dodge is not counted and its box
    is clear (player round 33: both boxes stood unticked beside an answer counting them)."""
    page = phone_table.page
    page.select_option("#nq-attack-attacker", "human-men-at-arms")
    page.select_option("#nq-attack-target", "wolverine-predator")
    _answered(page, "attack")
    assert page.evaluate(HALF_TICKED) == ["large-target", "target-dodges"]
    page.locator("#nq-attack-ranked").check()
    _answered(page, "attack")
    assert page.evaluate(HALF_TICKED) == ["large-target"]
    page.locator("#nq-attack-ranked").uncheck()
    page.select_option("#nq-attack-attacker", "")
    page.select_option("#nq-attack-target", "")
    _answered(page, "attack")
    assert page.evaluate(HALF_TICKED) == []
