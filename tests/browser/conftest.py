"""A real browser on the built sites: Debian's Chromium driven by playwright, over a local web
server on 127.0.0.1 that serves the two sites side by side as ``make html`` lays them out.

Playwright never downloads a browser here: it starts ``/usr/bin/chromium``.  Without Chromium
the browser tests are skipped, saying so (``./dev test`` installs it).  Every request the pages
make is recorded; a test fails if one leaves the local server.  Screenshots are kept in
``_build/test-artifacts/screenshots/``.  The site's service worker (``nqsphinx/site/offline.py``) is
blocked unless a test asks for it (``service_workers="allow"``): in every context it would fetch
both sites whole.  Blocked, the pages see a browser without service workers
(:data:`NO_SERVICE_WORKER`).
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from nqsphinx.site.archive import archive_all
from nqsphinx.site.root_page import write_root
from tests.building import ROOT

#: Debian's Chromium headless shell first: the same Blink and V8 as the browser, without its
#: windowing layers, which Chromium's own ``--headless`` mode keeps (a plain page opened in a new
#: context: 0.4-0.5 s of CPU against 1.7-2.5 s; the At the table page with its engine: 4.3-4.6 s
#: against 7.5 s). The full browser if the shell is missing.
CHROMIUM_CANDIDATES = (
    "/usr/bin/chromium-headless-shell",
    "chromium-headless-shell",
    "/usr/bin/chromium",
    "chromium",
    "chromium-browser",
)
#: ``--liftoff-only``: V8 runs the engine's WebAssembly (Pyodide) with its baseline compiler only,
#: not recompiling hot functions with TurboFan: the same results (a tier changes speed, never
#: what the code computes), and an At the table start takes 2.2-2.3 s of CPU against 3.5 s; a test
#: whose engine computes for long runs a little slower (undo's file 64 -> 45 s, the answers' 56 ->
#: 57 s).  ``--wasm-lazy-compilation``: each function is compiled when first called, not all of
#: Pyodide's at load; most are never called by the page (an At the table start 1.72 -> 1.46 s of
#: CPU, five starts each, session 60).
CHROMIUM_ARGS = [
    "--js-flags=--liftoff-only --wasm-lazy-compilation",
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "_build" / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def chromium_path() -> str | None:
    for candidate in CHROMIUM_CANDIDATES:
        found = shutil.which(candidate)
        if found:
            return found
    return None


class _SiteHandler(SimpleHTTPRequestHandler):
    """Static files; a missing page under /en/ or /fr/ gets that language's 404 page, as the
    README's web server configuration does."""

    def __init__(
        self,
        *args: Any,
        served: list[str],
        suite_files: dict[str, bytes] | None = None,
        **kwargs: Any,
    ) -> None:
        self.served = served  # before the base class handles the request
        self.suite_files = suite_files or {}
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 - the base's name
        body = self.suite_files.get(self.path)
        if body is not None:  # the suite's own, not the site's: not recorded as served
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.served.append(self.path)
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        lang = self.path.lstrip("/").split("/", 1)[0]
        page = Path(self.directory) / lang / "404.html"
        if code == 404 and lang in ("en", "fr") and page.is_file():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)


@dataclass
class Site:
    root: Path
    url: str
    requests: list[str] = field(default_factory=list)
    #: The paths the server sent (what went over the network, a service worker's fetches too).
    served: list[str] = field(default_factory=list)
    #: Files the suite serves beside the site (the engine's memory, :func:`_engine_memory`).
    suite_files: dict[str, bytes] = field(default_factory=dict)

    def page(self, path: str) -> str:
        return f"{self.url}/{path}"


@pytest.fixture(scope="session")
def site(html_sites: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The built sites laid out as ``_build/html``: root page, ``en/``, ``fr/``, archives."""
    root = tmp_path_factory.mktemp("served") / "html"
    for lang, built in html_sites.items():
        shutil.copytree(built, root / lang, ignore=shutil.ignore_patterns(".buildinfo"))
    write_root(root)
    archive_all(root)
    served: list[str] = []
    suite_files: dict[str, bytes] = {}
    handler = partial(_SiteHandler, directory=str(root), served=served, suite_files=suite_files)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield Site(root, url, served=served, suite_files=suite_files)
    finally:
        server.shutdown()
        server.server_close()


#: A browser without service workers, as the pages meet it in a private window of some browsers:
#: no ``navigator.serviceWorker``.  Playwright's ``service_workers="block"`` alone leaves the
#: container and makes ``register`` do nothing, so that no worker ever takes the page: the At the
#: table page then waits its 4 s for one (``nq-at-table.js``, ``underServiceWorker``) before it
#: starts the engine, on every load of every test.  :func:`_Browser.new_context` hides it unless
#: the test asks for ``service_workers`` itself (tests/browser/test_engine_start.py: that wait).
NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"


#: A browser where the At the table page's engine answered before: the page starts it at once
#: (``nq-at-table.js``, ``USED``), as for a returning player. On a first visit it waits for a
#: question only it answers, or a builder used (tests/browser/test_at_the_table_first_visit.py).
ENGINE_USED = "try { localStorage.setItem('nq-engine-used', '1'); } catch (error) { }"


#: Where the suite serves the engine's memory, beside the site (not a file of the site).
MEMORY_PATH = "/_nq-suite/engine-memory"
#: The At the table page's engine keeps its memory in the browser's cache after its first start
#: and restores it on later visits (``nq-engine-worker.js``): 1.3 s to "ready" instead of 4 s
#: here.  Each context is a new browser, which would start Python every time: this script puts
#: the memory a first start made (:func:`_engine_memory`) in its cache before the page looks,
#: as a returning player's browser holds it.  The page's script starts the engine only once its
#: answer tables are drawn; should the memory still be on its way, the engine starts Python, as
#: on a first visit, and answers the same.
SEED_MEMORY = """(() => {
  if (!location.protocol.startsWith("http") || typeof caches === "undefined"
      || !/\\/at-the-table\\.html$/.test(location.pathname)) return;
  caches.open("nq-engine-memory").then(async (cache) => {
    if (await cache.match(KEY)) return;
    const response = await fetch(PATH);
    if (response.ok) await cache.put(KEY, response);
  }).catch(() => {});
})();"""


class _Browser:
    """Playwright's browser whose new contexts have no service workers, and whose At the table
    page starts its engine at once from the memory of an earlier start, unless told otherwise
    (``first_visit=True``: the engine waits to be asked; ``fresh_engine=True``: it starts
    Python).  A context with a service worker of its own (``service_workers=...``) is a new
    browser in every way."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self.seed = ""  # the script that puts the engine's memory in a context's cache

    def new_context(
        self, first_visit: bool = False, fresh_engine: bool = False, **options: Any
    ) -> Any:
        if "service_workers" in options:
            context = self._browser.new_context(**options)
        else:
            context = self._browser.new_context(service_workers="block", **options)
            context.add_init_script(NO_SERVICE_WORKER)
            if self.seed and not (first_visit or fresh_engine):
                context.add_init_script(self.seed)
        if not first_visit:
            context.add_init_script(ENGINE_USED)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


#: The memory the engine kept, as the worker keeps it: its key and its gzip bytes in base64.
READ_MEMORY = """async () => {
  const cache = await caches.open("nq-engine-memory");
  const [request] = await cache.keys();
  if (!request) return null;
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return [request.url, btoa(text)];
}"""


def _engine_memory(browser: _Browser, site: Site) -> str:
    """Starts the engine once, as a first visit does, and returns the script that seeds each
    later context with the memory it kept ("" if it kept none: the engines then start Python)."""
    context = browser.new_context(fresh_engine=True, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(site.page("en/at-the-table.html"))
        deadline = time.monotonic() + 90
        kept = None
        while kept is None and time.monotonic() < deadline:
            time.sleep(0.25)
            kept = page.evaluate(READ_MEMORY)
    finally:
        context.close()
    if kept is None:
        return ""
    key, body = kept
    site.suite_files[MEMORY_PATH] = base64.b64decode(body)
    return SEED_MEMORY.replace("KEY", json.dumps(key)).replace("PATH", json.dumps(MEMORY_PATH))


@pytest.fixture(scope="session")
def browser(site: Site) -> Iterator[Any]:
    executable = chromium_path()
    if executable is None:
        pytest.skip(
            "Chromium not found (Debian: apt-get install chromium-headless-shell; "
            "./dev test installs it)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        browser = _Browser(launched)
        browser.seed = _engine_memory(browser, site)
        yield browser
        launched.close()


class Held:
    """The requests of ``context`` to URLs matching ``pattern``, held back until :meth:`let_go`
    (an engine or a file that is slow to come), then let through, and those after it too."""

    def __init__(self, context: Any, pattern: Any) -> None:
        self.routes: list[Any] = []
        self.holding = True
        context.route(pattern, self._hold)

    def _hold(self, route: Any) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def let_go(self) -> None:
        self.holding = False
        for route in self.routes:
            route.continue_()


def _recorded(site: Site, context: Any) -> Any:
    context.on("request", lambda request: site.requests.append(request.url))
    return context


@pytest.fixture
def desktop(browser: Any, site: Site) -> Iterator[Any]:
    """A desktop page (mouse, 1280×800)."""
    context = _recorded(site, browser.new_context(viewport=DESKTOP))
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Any, site: Site) -> Iterator[Any]:
    """A phone page (touch, 390×844)."""
    context = _recorded(
        site,
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
    )
    yield context.new_page()
    context.close()


@pytest.fixture(autouse=True)
def _no_request_leaves_the_site(site: Site) -> Iterator[None]:
    """Whatever a browser test does, every request goes to the local server (or is inline)."""
    start = len(site.requests)
    yield
    outside = [
        url
        for url in site.requests[start:]
        if not url.startswith((site.url + "/", "data:", "blob:", "about:", "file://"))
    ]
    assert not outside, f"requests that left the site: {outside}"


#: Reports each policy violation of any page of the context to Python, across navigations.
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (event) =>
  window.nqViolation(`${event.effectiveDirective} ${event.blockedURI}`));"""


@dataclass
class Watched:
    """A page whose policy violations, console errors and uncaught errors are recorded."""

    page: Any
    violations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    #: The paths the server sent (what went over the network, a service worker's fetches too).
    served: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)  # by the policy, before the network
    sent_out: list[str] = field(default_factory=list)  # to the network, not the local server


def watch(page: Any) -> Watched:
    watched = Watched(page)
    page.context.expose_function("nqViolation", lambda text: watched.violations.append(text))
    page.context.add_init_script(REPORT_VIOLATIONS)

    def console(message: Any) -> None:
        # The browser asks every site for /favicon.ico; this one has none.
        if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
            watched.errors.append(f"{message.location['url']}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: watched.errors.append(f"uncaught: {error}"))
    page.on("request", lambda request: watched.requests.append(request.url))
    return watched


#: Resolves once the page has stopped scrolling (smooth scrolling to an anchor takes a moment).
SETTLED = """() => new Promise((resolve) => {
  let last = -1, still = 0;
  const check = () => {
    still = window.scrollY === last ? still + 1 : 0;
    last = window.scrollY;
    if (still >= 5) resolve(true); else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})"""


#: Polls a JavaScript expression inside the page every 50 ms until it is truthy (its value, or a
#: function's that it is, as ``page.evaluate`` takes either) or ``timeout`` seconds have passed:
#: one call over the debugging protocol for the whole wait, where a call for each poll kept the
#: browser, Playwright's driver and pytest busy (0.07 s of CPU a second of waiting; the suite's
#: browser tests wait for the engine for minutes).  ``EXPRESSION`` is replaced by the expression.
POLL = """async (timeout) => {
  const probe = async () => {
    const value = await (
EXPRESSION
    );
    return typeof value === "function" ? await value() : value;
  };
  const deadline = performance.now() + timeout * 1000;
  for (;;) {
    const value = await probe();
    if (value) return [true, value];
    if (performance.now() > deadline) return [false, null];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}"""
#: What Playwright says when a navigation replaces the document an evaluation runs in.
NAVIGATED = ("Execution context was destroyed", "navigation")


def wait_until(page: Any, expression: str, timeout: float = 15.0) -> Any:
    """Wait until a JavaScript expression is true in the page, and return its value.

    Playwright's ``wait_for_function`` runs the expression with ``eval`` inside the page, which
    the pages' Content-Security-Policy refuses; ``page.evaluate`` goes through the browser's
    debugging protocol, which the policy does not govern: the expression is written into the
    function :data:`POLL` that it calls.  A navigation during the wait starts it again in the
    new document, with the time left."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout
    while True:
        left = max(0.0, deadline - time.monotonic())
        try:
            done, value = page.evaluate(POLL.replace("EXPRESSION", expression), left)
        except Error as error:
            if not any(text in str(error) for text in NAVIGATED) or left <= 0:
                raise
            continue
        if done:
            return value
        raise AssertionError(f"still false after {timeout} s: {expression}")


def text_is(element_id: str, text: str) -> str:
    """The expression, for :func:`wait_until`, that an element's text is exactly ``text``."""
    return f"document.getElementById({json.dumps(element_id)}).textContent === {json.dumps(text)}"


def screenshot(page: Any, name: str) -> Path:
    """Keep a picture of what the reader sees, once the page is still."""
    page.evaluate(SETTLED)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    assert path.stat().st_size > 1000
    return path


#: The control is shown once the service worker has answered with its parts and their sizes.
KEEP_SHOWN = (
    "(() => { const box = document.querySelector('.nq-keep'); return box && !box.hidden; })()"
)


def stored_before_load(context: Any, values: dict[str, str]) -> None:
    """``values`` in the site's localStorage before the first page of ``context`` loads, once
    (a reload finds what the page kept since)."""
    context.add_init_script(
        "if (!sessionStorage.getItem('nq-test-stored')) {"
        " sessionStorage.setItem('nq-test-stored', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(values)}))"
        " localStorage.setItem(k, v); }"
    )


#: Counts, in ``window.nqDrawn``, the times the children of the elements matching a selector
#: are replaced from now on (a list drawn anew).
COUNT_DRAWS = """(selector) => { window.nqDrawn = 0;
  for (const list of document.querySelectorAll(selector)) {
    new MutationObserver(() => { window.nqDrawn += 1; }).observe(list, { childList: true }); } }"""


def held_press(page: Any, target: Any, settled: str, lists: str) -> int:
    """Press the middle of ``target`` with the mouse and hold it until ``settled`` (a promise in
    the page: what leaving the focused field asked) and 0.3 s more, then release: the times the
    ``lists`` (a selector) were drawn anew while it was held."""
    page.evaluate(COUNT_DRAWS, lists)
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate(settled)
    page.wait_for_timeout(300)
    drawn: int = page.evaluate("window.nqDrawn")
    page.mouse.up()
    return drawn


#: Values set one after the other in a field, each left at once (its ``change``), with no typing
#: and no pause between them: the later ones are left while the first is still being answered.
LEFT_AT_ONCE = """([id, values]) => {
  const field = document.getElementById(id);
  for (const value of values) {
    field.value = value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  } }"""


def leave_with(page: Any, field: str, *values: str) -> None:
    """Set each of ``values`` in the field of id ``field``, leaving it at once (LEFT_AT_ONCE)."""
    page.evaluate(LEFT_AT_ONCE, [field, list(values)])


def keep_for_offline(page: Any, parts: set[str]) -> None:
    """Open the control, choose ``parts``, keep them and wait until the worker says it is done."""
    page.locator(".nq-keep summary").click()
    for box in page.locator(".nq-keep-groups input").all():
        box.set_checked(box.get_attribute("value") in parts)
    page.evaluate(SAID_WHILE_KEEPING)
    page.locator(".nq-keep-button").click()
    words = json.loads(page.locator(".nq-keep").get_attribute("data-words"))
    status = page.locator(".nq-keep-status")
    wait_until(
        page,
        f"document.querySelector('.nq-keep-status').innerText === {json.dumps(words['done'])}",
        timeout=120,
    )
    assert status.inner_text() == words["done"]
    # Each word of the way: the start, then "12 of 345 files" with numbers as the language
    # writes them (it began « 0 fichiers sur …… »: player round eleven).
    counted = re.escape(words["keeping"]).replace(r"\{done\}", NUMBER)
    counted = counted.replace(r"\{total\}", NUMBER)
    for said in page.evaluate("window.nqKeepSaid"):
        assert said in (words["starting"], words["done"]) or re.fullmatch(counted, said), said


#: A count of files as a language writes it: digits grouped by a comma or a (narrow) space.
NUMBER = "[0-9\u00a0\u202f,]+"
#: Records every text the keep control's status shows.
SAID_WHILE_KEEPING = """() => {
  window.nqKeepSaid = [];
  const status = document.querySelector('.nq-keep-status');
  new MutationObserver(() => window.nqKeepSaid.push(status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
}"""


def all_results(page: Any, query: str, where: str = "content") -> None:
    """By keyboard: ``query`` typed into the header's field, Arrow Up chooses the last option
    (all the results), Enter opens the search page with the words."""
    field = page.locator(f"#nq-search-{where}-q")
    field.focus()
    page.keyboard.type(query)
    listed = f"document.getElementById('nq-search-{where}-list')"
    wait_until(page, f"!{listed}.hidden && {listed}.dataset.query === {query!r}")
    page.keyboard.press("ArrowUp")
    chosen = f"nq-search-{where}-all"
    wait_until(  # a list drawn again for the same words (results that came later) keeps it
        page,
        f"document.getElementById('nq-search-{where}-q')"
        f".getAttribute('aria-activedescendant') === {chosen!r}",
    )
    page.keyboard.press("Enter")
    page.wait_for_url("**/search.html?q=*")
    wait_until(page, "document.querySelector('#search-results .nq-search-summary')?.innerText")
