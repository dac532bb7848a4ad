"""When the At the table page starts its engine without a service worker: at once in a browser
that has none, and after its wait (``underServiceWorker`` in ``nqcompanion/static/nq-at-table.js``)
in one whose registration never takes the page (Playwright's ``service_workers="block"``).  The
other browser tests have no ``navigator.serviceWorker`` (tests/browser/conftest.py): this is the
one that sees the wait end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import PHONE, Site, _recorded, screenshot, wait_until, watch
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY


def test_the_suites_pages_see_no_service_worker(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(viewport=PHONE))
    page = context.new_page()
    page.goto(site.page("en/index.html"))
    assert page.evaluate("'serviceWorker' in navigator") is False
    context.close()


def test_the_engine_starts_when_no_service_worker_takes_the_page(browser: Any, site: Site) -> None:
    context = _recorded(site, browser.new_context(viewport=PHONE, service_workers="block"))
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page("en/at-the-table.html"))
    assert page.evaluate("'serviceWorker' in navigator && !navigator.serviceWorker.controller")
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    answer = page.evaluate("window.nqAtTable.ask({ argv: ['hit', '5'] })")
    assert "error" not in answer and answer["json"], answer
    assert not watched.errors, watched.errors
    context.close()


#: How many memories of the engine this browser keeps (nq-engine-worker.js).
MEMORIES = "caches.open('nq-engine-memory').then((cache) => cache.keys()).then((k) => k.length)"


def test_a_later_visit_restores_the_memory_the_first_one_made(browser: Any, site: Site) -> None:
    """The site ships no memory: the first visit starts Python and, once the page is quiet,
    keeps the engine's memory in the browser's cache; the next visit restores it, and the
    answers are the same."""
    context = _recorded(site, browser.new_context(viewport=PHONE, fresh_engine=True))
    watched = watch(context.new_page())
    page = watched.page
    answers, starts = [], []
    argv = ["command", "6", "--mod", "ranked-or-closed", "--mod", "banner", "--battle-standard"]
    start = len(site.served)
    for visit in range(2):
        page.goto(site.page("fr/at-the-table.html"))
        wait_until(page, READY, timeout=ENGINE_SECONDS)
        starts.append(page.locator(".nq-engine-status").get_attribute("data-start"))
        answers.append(page.evaluate("argv => window.nqAtTable.ask({ argv })", argv))
        assert "error" not in answers[-1], answers[-1]
        said = json.dumps(answers[-1], ensure_ascii=False)
        assert "98,0\u202f%" in said, said  # the book's chance, in French
        if not visit:
            wait_until(page, f"{MEMORIES}.then((n) => n === 1)", timeout=ENGINE_SECONDS)
    assert starts == ["start", "snapshot"]
    assert answers[0] == answers[1]
    assert not [path for path in site.served if "snapshot" in path or "memory" in path]
    # only "Keep for offline" fetches the rest of the standard library (with the whole engine)
    assert not [path for path in site.served[start:] if "python_stdlib_rest" in path]
    assert not watched.errors, watched.errors
    context.close()


#: Records each question the page sends its engine's worker (the arguments of a calculator's).
SENT = """window.nqSent = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message) {
  if (message && message.request && message.request.argv) {
    window.nqSent.push(JSON.stringify(message.request.argv));
  }
  return post.apply(this, arguments);
};"""


@pytest.mark.parametrize(("lang", "size"), [("en", "390"), ("fr", "1366")])
def test_the_first_questions_are_asked_once_and_answered_at_ready(
    browser: Any, site: Site, lang: str, size: str
) -> None:
    """Each calculator's first question, asked as the answer tables arrive and again before
    "ready", reaches the engine once; at "ready" every answer box holds an answer."""
    viewport = PHONE if size == "390" else {"width": 1366, "height": 900}
    context = _recorded(site, browser.new_context(viewport=viewport))
    context.add_init_script(SENT)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    sent = page.evaluate("window.nqSent")
    assert sent and len(sent) == len(set(sent)), sent
    empty = page.evaluate(
        "[...document.querySelectorAll('form.nq-calc')].filter((f) => !f.dataset.answer)"
        ".map((f) => f.id)"
    )
    assert not empty, empty
    screenshot(page, f"engine-ready-{lang}-{size}")
    assert not watched.errors, watched.errors
    context.close()


#: A worker of the test's own, served beside the engine: Pyodide started from the engine's folder
#: as the page's worker starts it, then an import of a module the page's questions never load.
REST_WORKER = """import { loadPyodide } from "./pyodide.mjs";
const here = new URL("./", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL: here, lockFileURL: here + "pyodide-lock.json" });
const zip = await (await fetch(here + "nq-engine.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip", { extractDir: "/nq-engine" });
const rest = JSON.stringify(here + "python_stdlib_rest.zip");
self.postMessage(pyodide.runPython(`
import sys
sys.path.insert(0, "/nq-engine")
from nqcompanion.bridge.stdlib_rest import install
finder = install(${rest}, "/nq-engine/nq-stdlib-rest.json")
import email.utils
email.utils.quote('a"') + " " + " ".join(finder.served)
`));
"""


def test_a_module_the_page_never_loads_is_fetched_when_imported(browser: Any, site: Site) -> None:
    """The page's worker never asks for the rest of the standard library (the test above: two
    visits, questions asked, the memory kept); an import of one of its modules fetches it at
    once, synchronously, as only a worker may, and the module works."""
    context = _recorded(site, browser.new_context(viewport=PHONE))
    context.route(
        "**/_engine/nq-test-rest.js",
        lambda route: route.fulfill(body=REST_WORKER, content_type="text/javascript"),
    )
    page = context.new_page()
    page.goto(site.page("en/index.html"))
    said = page.evaluate(
        """url => new Promise((resolve, reject) => {
          const worker = new Worker(url, { type: "module" });
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = (event) => reject(new Error(event.message));
        })""",
        site.page("_engine/nq-test-rest.js"),
    )
    assert said.startswith('a\\" email'), said  # and what email.utils imports: urllib...
    assert [path for path in site.served if "python_stdlib_rest" in path]
    context.close()


def test_the_suites_engines_start_from_a_kept_memory(browser: Any, site: Site) -> None:
    """The suite's contexts hold the memory a first start kept (tests/browser/conftest.py), as a
    returning player's browser does: their engine restores it; one asked to start afresh
    does not."""
    starts = []
    for fresh in (False, True):
        context = _recorded(site, browser.new_context(viewport=PHONE, fresh_engine=fresh))
        page = context.new_page()
        page.goto(site.page("en/at-the-table.html"))
        wait_until(page, READY, timeout=ENGINE_SECONDS)
        starts.append(page.locator(".nq-engine-status").get_attribute("data-start"))
        context.close()
    assert starts == ["snapshot", "start"]
