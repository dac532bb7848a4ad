"""The At the table page before its engine has loaded (``nqcompanion/page/answers.py``): with
the engine's files held back (its worker, WebAssembly and zip never come), casting, to-hit, save,
wound, command test and movement answer at once from the tables, with the engine's words in both
languages, on a phone (390×844); a question no table holds (a whole attack, three modifiers)
says where its answer will be that it waits for the engine."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqcompanion.page.answers import answer_words
from nqcompanion.page.forms import page_messages
from nqsphinx.site.keep_offline import engine_offline_words
from tests.browser.conftest import PHONE, Held, Site, _recorded, screenshot, wait_until, watch

LANGS = ("en", "fr")
#: The engine's one folder (``_engine/``), or a site's own (``_static/nq-engine/``).
ENGINE_FILES = re.compile(r"/(_engine|nq-engine)/")
#: Sets the fields of a form (by name; a list ticks those boxes) and answers, as a player would.
FILL = """([command, values]) => {
  const form = document.getElementById(`nq-${command}`);
  for (const [name, value] of Object.entries(values)) {
    for (const element of form.querySelectorAll(`[name="${name}"]`)) {
      if (element.type === "checkbox") {
        element.checked = Array.isArray(value) ? value.includes(element.value) : !!value;
      } else {
        element.value = value;
      }
    }
  }
  form.dispatchEvent(new Event("input", { bubbles: true }));
}"""
#: What the page shows and keeps of a form's answer.
SHOWN = """(command) => {
  const form = document.getElementById(`nq-${command}`);
  return { argv: JSON.parse(form.dataset.argv || "null"), source: form.dataset.source,
           answer: form.dataset.answer ? JSON.parse(form.dataset.answer) : null,
           lines: [...form.querySelectorAll(".nq-answer p:not(.nq-readings)")]
             .map((p) => p.textContent),
           readings: [...form.querySelectorAll(".nq-readings a")].map((a) => a.textContent),
           summary: form.querySelector(".nq-summary").textContent };
}"""
TABLES_LOADED = "document.querySelector('#nq-wound').dataset.source === 'table'"

#: Questions per calculator: the fields' values; a refusal and a spell among them.
QUESTIONS: dict[str, list[dict[str, Any]]] = {
    "cast": [
        {"spell": "", "level": "5", "wizardry": "2", "concentrate": False, "chant": "0"},
        {"spell": "fireball", "wizardry": "1", "concentrate": True, "chant": "0"},
        {"spell": "", "level": "3", "wizardry": "0", "concentrate": False, "chant": "57"},
        {"spell": "", "level": "3", "wizardry": "2", "concentrate": False, "chant": "5"},
    ],
    "cancel": [{"spell": "", "level": "4", "concentrate": True}],
    "hit": [
        {"cc": "5", "mod": ["charging"]},
        {"cc": "3", "mod": ["charging", "target-prone"]},
        {"cc": "6", "mod": ["extra-attack"], "dice": "3"},
    ],
    "shoot": [{"ra": "5", "distance": "14", "weapon": "long-bow", "mod": []}],
    "save": [{"armour": "3", "strength": "4", "pm": "-1", "re": "1", "ranked": True}],
    "wound": [{"strength": "6", "toughness": "4"}, {"strength": "1", "toughness": "10"}],
    "command": [
        {"co": "5", "fear": "2", "battle_standard": True, "mod": ["banner"]},
        # not a fear test, the test most often taken (it waited for the engine)
        {"co": "7", "fear": "", "battle_standard": False, "mod": ["ranked-or-closed"]},
        # a leader's abilities, each and both
        {"co": "5", "fear": "", "great_leader": True, "inspiring_leadership": False, "mod": []},
        {"co": "6", "fear": "1", "great_leader": True, "inspiring_leadership": True, "mod": []},
    ],
    "move": [{"actions": "3", "ability": "cavalry"}],
}


@pytest.fixture(params=LANGS)
def held(request: pytest.FixtureRequest, browser: Any, site: Site) -> Iterator[tuple[Any, str]]:
    """The page on a phone, its engine's files held back: the engine is still loading."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    kept: list[Any] = []
    context.route(ENGINE_FILES, lambda route: kept.append(route))  # asked for, never answered
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{request.param}/at-the-table.html"))
    wait_until(watched.page, TABLES_LOADED, timeout=60)
    yield watched, request.param
    assert not watched.errors, watched.errors
    assert not watched.violations, watched.violations
    for route in kept:
        route.abort()
    context.close()


def test_tables_answer_with_the_engines_words(held: tuple[Any, str]) -> None:
    page, lang = held[0].page, held[1]
    words = page_messages(lang)
    assert page.locator(".nq-engine-status").inner_text() == answer_words(lang)["tables"]
    assert page.locator(".nq-engine-status.nq-engine-ready").count() == 0  # still loading
    for command, questions in QUESTIONS.items():
        for values in questions:
            page.evaluate(FILL, [command, values])
            shown = page.evaluate(SHOWN, command)
            assert shown["source"] == "table", (command, values, shown)
            engine = ask(shown["argv"], lang)
            assert shown["answer"] == engine, (command, values)
            if "error" in engine:
                assert shown["lines"] == [f"{words['refused']} {engine['error']}"]
            else:
                assert shown["lines"] == engine["text"], (command, values)
                subjects = [reading["subject"] for reading in engine.get("readings", [])]
                assert shown["readings"] == subjects, (command, values)
                notes = engine["json"].get("notes", [])  # they stay in the answer
                figures = [line for line in engine["text"] if line not in notes]
                # an answer that cannot succeed keeps its reason, the line before its figures
                none = engine["json"].get("chance", {}).get("value") == 0 and len(figures) > 3
                # a re-rolled test keeps its first roll too (player round 22)
                kept = (3 if none else 2) + ("reroll" in engine["json"])
                assert shown["summary"] == " · ".join(figures[1:][-kept:])


def test_other_answers_wait_for_the_engine_where_they_will_be(held: tuple[Any, str]) -> None:
    """A whole attack, and a to-hit with three modifiers ticked: no table holds them."""
    page, lang = held[0].page, held[1]
    waiting = answer_words(lang)["waiting"]
    page.evaluate(FILL, ["attack", {"attacker": "orc-bruiser", "target": "dwarf"}])
    assert page.evaluate(SHOWN, "attack")["lines"] == [waiting]
    assert page.evaluate(SHOWN, "attack")["summary"] == waiting
    page.evaluate(FILL, ["hit", {"cc": "5", "mod": ["charging", "higher-ground", "ram"]}])
    shown = page.evaluate(SHOWN, "hit")
    assert (shown["source"], shown["lines"], shown["answer"]) == ("engine", [waiting], None)
    page.evaluate(FILL, ["hit", {"cc": "5", "mod": ["charging"]}])  # back in the table
    assert page.evaluate(SHOWN, "hit")["source"] == "table"


def test_the_builders_say_the_engine_is_loading(held: tuple[Any, str]) -> None:
    """The profile and army builders need the engine: until it is ready their answers say it
    loads (they were blank, the army's list and fields empty, with nothing said)."""
    page, lang = held[0].page, held[1]
    loading = page_messages(lang)["loading"]
    assert page.locator("#nq-army-summary").inner_text() == loading
    assert page.locator(".nq-builder-points").inner_text() == answer_words(lang)["waiting"]
    # at the builder's top too, above the list still empty (player round twelve)
    assert page.locator("#nq-builder-summary").inner_text() == loading


def test_a_file_imported_while_the_engine_loads_says_it_waits(held: tuple[Any, str]) -> None:
    """Player round fourteen: an army or a profile file chosen before the engine is ready said
    nothing for seconds; its field says it will be read when the engine is ready."""
    page, lang = held[0].page, held[1]
    said = page_messages(lang)["import_waiting"]
    for kind in ("army", "builder"):
        page.set_input_files(
            f"#nq-{kind}-import",
            files=[{"name": "broken.toml", "mimeType": "text/plain", "buffer": b"[[unit]\n"}],
        )
        wait_until(page, f"!document.getElementById('nq-{kind}-import-error').hidden", timeout=10)
        assert page.locator(f"#nq-{kind}-import-error").inner_text() == said
        assert page.locator(f"#nq-{kind}-import").get_attribute("aria-invalid") != "true"


def test_ready_is_said_once_every_calculator_answers(browser: Any, site: Site) -> None:
    """Player round fourteen: "The rules engine is ready" stood seconds before the army builder
    and the whole attack answered, and an army file imported then waited unsaid. The file chosen
    while the engine is held back says it waits; once the engine comes, it is read (refused, a
    table never closed), and "ready" is said when the army and the whole attack have answered."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    held = Held(context, ENGINE_FILES)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.evaluate(FILL, ["attack", {"attacker": "orc-bruiser", "target": "dwarf"}])
    page.set_input_files(
        "#nq-army-import",
        files=[{"name": "broken.toml", "mimeType": "text/plain", "buffer": b"[[unit]\n"}],
    )
    waits = page_messages("en")["import_waiting"]
    wait_until(page, "!document.getElementById('nq-army-import-error').hidden", timeout=10)
    assert page.locator("#nq-army-import-error").inner_text() == waits
    held.let_go()
    ready = "document.querySelector('.nq-engine-status.nq-engine-ready') !== null"
    wait_until(page, ready, timeout=120)
    shown = page.evaluate(
        """() => [document.getElementById("nq-army-summary").textContent,
          document.querySelector("#nq-attack").dataset.answer || null,
          document.getElementById("nq-army-import-error").textContent]"""
    )
    assert shown[0] != page_messages("en")["loading"], shown
    assert shown[1] is not None, shown  # the whole attack has answered
    assert shown[2] and shown[2] != waits, shown  # read: refused, and said why
    assert not watched.errors, watched.errors
    context.close()


def test_before_the_engine_loads_the_page_says_what_it_costs(held: tuple[Any, str]) -> None:
    """On a phone's mobile data the engine's first download (about 15 MB) is not free: where
    an answer needs it, the page says its size before it arrives, and nothing of the other
    answers (it said they were ready beside a to-hit in heavy cover that was not: player round
    ten)."""
    page, lang = held[0].page, held[1]
    from nqcompanion.engine.bundle import engine_files
    from nqcompanion.page.answers import megabytes

    # to one decimal, the figure the "Keep for offline" box gives (player round fifteen)
    size = megabytes(sum(len(data) for data in engine_files().values()), lang)
    said = {
        "en": f"This answer needs the rules engine ({size}), which is loading",
        "fr": f"Cette réponse demande le moteur de règles ({size}), qui se charge",
    }[lang]
    page.evaluate(FILL, ["attack", {"attacker": "orc-bruiser", "target": "dwarf"}])
    assert page.evaluate(SHOWN, "attack")["lines"][0].startswith(said), page.evaluate(
        SHOWN, "attack"
    )
    assert page.locator(".nq-builder-points").inner_text().startswith(said)


def _refused_but_the_probe(route: Any) -> None:
    """The engine's files refused, its server still answering the page's question whether it is
    there (a HEAD): a browser that cannot load it, not a network out of reach."""
    if route.request.method == "HEAD":
        route.continue_()
    else:
        route.abort()


@pytest.mark.parametrize(("lang", "reachable"), [(lang, r) for lang in LANGS for r in (1, 0)])
def test_engine_blocked_screenshots(browser: Any, site: Site, lang: str, reachable: int) -> None:
    """The engine's files refused: the tables' answers stay, the rest says the engine could not
    load in this browser, or, its server out of reach too, that it is not kept and there is no
    network; pictures at 390 and 1366 px to look at."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    context.route(ENGINE_FILES, _refused_but_the_probe if reachable else lambda r: r.abort())
    page = context.new_page()
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, "document.querySelector('.nq-engine-status.nq-engine-failed') !== null", 60)
    wait_until(page, TABLES_LOADED, timeout=60)
    said = page_messages(lang)["failed"] if reachable else engine_offline_words(lang)
    assert page.locator("#nq-attack .nq-answer").inner_text() == said
    assert page.locator(".nq-engine-status").inner_text() == said
    cast = page.locator("#nq-cast .nq-answer").inner_text()
    assert (
        cast.splitlines()[-1]
        == ask(["cast", "5", "--wizardry", "0", "--chant", "0"], lang)["text"][-1]
    )
    page.locator("#nq-cast").scroll_into_view_if_needed()
    if not reachable:
        context.close()
        return
    screenshot(page, f"at-table-no-engine-phone-{lang}")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.locator("#nq-command").scroll_into_view_if_needed()
    screenshot(page, f"at-table-no-engine-wide-{lang}")
    context.close()


#: The moment a form first holds an answer, recorded by the page (tools/bench_first_answer.py).
FIRST_ANSWER = """
new MutationObserver((records, observer) => {
  if (document.querySelector("form.nq-calc[data-answer]")) {
    window.nqFirstAnswer = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-answer"] });
"""
#: When each of the page's requests started, by the end of its address (without its ``?v=``).
STARTED = """() => Object.fromEntries(performance.getEntriesByType("resource")
  .map((entry) => [entry.name.split("/").pop().split("?")[0],
    [entry.startTime, entry.initiatorType]]))"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_come_first_and_the_engine_after_the_first_answer(
    browser: Any, site: Site, lang: str
) -> None:
    """The tables are asked for as the page is read (a preload in its head), not once its script
    has run; the engine's 6 MB, which would take the network and the processor from the first
    answer on a phone, only once the tables' answers are drawn."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True))
    context.add_init_script(FIRST_ANSWER)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, "document.querySelector('.nq-engine-status.nq-engine-ready')", timeout=120)
    started = page.evaluate(STARTED)
    first = page.evaluate("window.nqFirstAnswer")
    assert started["nq-answers.json"][1] == "link", started["nq-answers.json"]
    assert started["nq-answers.json"][0] < started["nq-at-table.js"][0] + 1
    assert first is not None and started["nq-engine-worker.js"][0] > first, (first, started)
    assert not watched.errors, watched.errors
    context.close()


#: Each answer line (``.nq-answer p``) whose line, at any width of the answer from 120 px to its
#: own, starts with ``: ; ! ?``: the line breaks then fall everywhere a space allows one.
SIGN_STARTS_A_LINE = """() => {
  const found = new Set();
  for (const p of document.querySelectorAll("form.nq-calc .nq-answer p")) {
    const full = p.getBoundingClientRect().width;
    for (let width = 120; width <= full; width += 3) {
      p.style.width = `${width}px`;
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let top = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let at = 0; at < node.length; at++) {
          if (/\\s/.test(node.data[at])) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          if (top !== null && rect.top > top + 2 && /[:;!?]/.test(node.data[at])) {
            found.add(p.textContent);
          }
          top = rect.top;
        }
      }
    }
    p.style.width = "";
  }
  return [...found];
}"""


def test_no_line_of_a_french_answer_starts_with_a_colon(browser: Any, site: Site) -> None:
    """At 390 px, the French answers (the tables', before the engine) keep ``: ; ! ?`` on the
    line of the word before them: the space before them is a no-break one."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True))
    context.route(ENGINE_FILES, lambda route: route.abort())
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("fr/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    questions = {
        "hit": {"cc": "3", "mod": ["charging", "target-prone"]},
        "save": {"armour": "1", "strength": "10", "pm": "-3", "re": "1", "ranked": False},
        "command": {"co": "1", "fear": "2", "battle_standard": True, "mod": []},
        "shoot": {"ra": "5", "distance": "14", "weapon": "long-bow", "mod": []},
    }
    for command, values in questions.items():
        page.evaluate(FILL, [command, values])
    lines = [line for command in questions for line in page.evaluate(SHOWN, command)["lines"]]
    assert any("\u00a0:" in line for line in lines), lines
    assert not [line for line in lines if re.search(r"[ \t][:;!?]", line)], lines
    assert page.evaluate(SIGN_STARTS_A_LINE) == []
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_what_is_typed_before_the_engine_is_kept(browser: Any, site: Site, lang: str) -> None:
    """The profile builder's fields take typing at once: a name and an AC set while the engine
    loads are the profile's once it is ready, not the blank start's (player round seven)."""
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    held: list[Any] = []
    releasing: list[bool] = []
    context.route(ENGINE_FILES, lambda r: r.continue_() if releasing else held.append(r))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, TABLES_LOADED, timeout=60)
    page.fill("#nq-builder-name", "Earth Mage")
    page.fill("#nq-builder-ac", "8")
    page.locator("#nq-builder-ac").dispatch_event("change")
    releasing.append(True)
    for route in held:
        route.continue_()
    page.evaluate("window.nqAtTable.ready")
    wait_until(page, "window.nqAtTable.drawn.then(() => true)", timeout=120)
    page.evaluate("window.nqAtTable.builder.idle()")
    assert page.input_value("#nq-builder-name") == "Earth Mage"
    assert page.input_value("#nq-builder-ac") == "8"
    assert "Earth Mage" in page.evaluate("window.nqAtTable.builder.state.toml")
    assert not watched.errors, watched.errors
    context.close()
