"""Time to the first answer on the At the table page, as a phone gets it (``tools/bench.py``,
``--only at-table``): Chromium with its CPU slowed four times and the network throttled to
9 Mbit/s with 150 ms of latency (the DevTools protocol's emulation), the site served gzipped as a
web server sends it, with an hour of caching.  A first visit (empty cache) and a repeat visit
(the same browser, its HTTP cache filled by the first one, the engine loaded once), each from
navigation until a calculator shows an answer; then the engine, asked for at once (a builder
used), until it is ready and the army builder's summary is drawn.  The baseline, measured in
the same run: the same visits with the answer tables refused, so that the first answer is the
engine's, as it was before the tables (``nqcompanion/page/answers.py``).  Also the tables'
transfer, gzipped.  Measurements, not tests: nothing here fails on a time.
"""

from __future__ import annotations

import gzip
import shutil
import threading
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

PAGE = "at-the-table.html"
TABLES = "_static/nq-answers.json"
#: A phone on a mobile network, as Lighthouse's "slow 4G" and DevTools' CPU throttling set it.
CPU_SLOWDOWN = 4
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 9_000_000 / 8,
    "uploadThroughput": 9_000_000 / 8,
}
#: The moment a form first holds an answer (``data-answer``), from navigation; recorded by the
#: page itself, so that no polling from here slows the throttled page.
RECORD_FIRST_ANSWER = """
new MutationObserver((records, observer) => {
  if (document.querySelector("form.nq-calc[data-answer]")) {
    window.nqFirstAnswer = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-answer"] });
"""
#: The army builder's moments, from navigation: the engine ready (its status says so), and the
#: army's summary drawn from the engine's answer (the builder idle, its summary no longer the
#: loading line). Between them: the army's first answer and its drawing.
RECORD_ARMY = """
new MutationObserver((records, observer) => {
  const status = document.querySelector(".nq-engine-status.nq-engine-ready");
  if (status && !window.nqEngineReady) window.nqEngineReady = performance.now();
  const army = document.getElementById("nq-army");
  if (army && army.dataset.state === "done" && !window.nqArmySummary) {
    window.nqArmySummary = performance.now();
  }
  if (window.nqEngineReady && window.nqArmySummary) observer.disconnect();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class", "data-state"] });
"""
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt")
TIMEOUT_MS = 240_000


class _Gzipped(SimpleHTTPRequestHandler):
    """The built site, text and WebAssembly gzipped when the browser accepts it, cached an hour."""

    packed: dict[Path, bytes] = {}

    def log_message(self, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - the base's name
        path = Path(self.translate_path(self.path))
        if not (path.is_file() and path.suffix in COMPRESSED):
            super().do_GET()
            return
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            super().do_GET()
            return
        if path not in self.packed:
            self.packed[path] = gzip.compress(path.read_bytes(), 6)
        body = self.packed[path]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@dataclass
class Visits:
    lang: str
    first: float  # seconds from navigation to the first answer, empty cache
    repeat: float  # the same, the cache filled by the first visit
    engine: float = 0.0  # the first visit: seconds from navigation to the engine ready
    army: float = 0.0  # and to the army builder's summary, priced by the engine


def _visits(browser: Any, url: str, lang: str, tables: bool) -> Visits:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, service_workers="block"
    )
    if not tables:
        context.route(f"**/{TABLES}", lambda route: route.abort())
    context.add_init_script(RECORD_FIRST_ANSWER)
    context.add_init_script(RECORD_ARMY)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    times, army = [], []
    for _visit in ("first", "repeat"):
        page.goto(url, wait_until="commit")
        page.locator("form.nq-calc[data-answer]").first.wait_for(
            state="attached", timeout=TIMEOUT_MS
        )
        times.append(page.evaluate("window.nqFirstAnswer") / 1000)
        # A builder used (on a first visit the engine waits for that, or a question only it
        # answers): the engine loaded, its files in the cache for the repeat visit, which starts
        # it unasked.
        page.evaluate("window.nqAtTable.start()")
        page.locator(".nq-engine-status.nq-engine-ready").wait_for(
            state="attached", timeout=TIMEOUT_MS
        )
        page.locator('#nq-army[data-state="done"]').wait_for(state="attached", timeout=TIMEOUT_MS)
        army.append(page.evaluate("[window.nqEngineReady, window.nqArmySummary]"))
    context.close()
    engine, summary = (moment / 1000 for moment in army[0])
    return Visits(lang, times[0], times[1], engine, summary)


def first_answers(html: Path) -> tuple[list[Visits], list[Visits]] | str:
    """Each language's visits with the tables, then without (the baseline); or why none."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright not installed: no time to the first answer"
    if not Path(chromium).is_file():
        return "Chromium not found: no time to the first answer"
    langs = [lang for lang in ("en", "fr") if (html / lang / PAGE).is_file()]
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Gzipped, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--headless", "--no-sandbox"]
            )
            tabled = [_visits(browser, f"{base}/{lang}/{PAGE}", lang, True) for lang in langs]
            engine = [_visits(browser, f"{base}/{lang}/{PAGE}", lang, False) for lang in langs]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return tabled, engine


def tables_size(html: Path, lang: str) -> tuple[int, int]:
    """The tables of ``lang``: gzipped as a server sends them, and as a file."""
    data = (html / lang / TABLES).read_bytes()
    return len(gzip.compress(data, 6)), len(data)


def report(html: Path) -> str:
    lines = [
        f"At the table, time to the first answer (Chromium, CPU {CPU_SLOWDOWN}x slower, "
        f"{NETWORK['downloadThroughput'] * 8 / 1e6:.0f} Mbit/s, {NETWORK['latency']} ms; "
        "from navigation; baseline: the tables refused, the engine answers first):"
    ]
    for lang in ("en", "fr"):
        if (html / lang / TABLES).is_file():
            gzipped, raw = tables_size(html, lang)
            size = f"{gzipped / 1024:.1f} KB gzipped ({raw / 1024:.0f} KB as a file)"
            lines.append(f"  {lang}/{TABLES}: {size}")
    measured = first_answers(html)
    if isinstance(measured, str):
        return "\n".join([*lines, f"  {measured}"])
    for tabled, engine in zip(*measured, strict=True):
        lines.append(
            f"  {tabled.lang}: first visit {tabled.first:.2f} s (baseline {engine.first:.1f} s, "
            f"ratio {tabled.first / engine.first:.2f}, goal 2 s); repeat visit "
            f"{tabled.repeat:.2f} s (baseline {engine.repeat:.1f} s, ratio "
            f"{tabled.repeat / engine.repeat:.2f}, goal 1 s)"
        )
        lines.append(
            f"  {tabled.lang}: army builder, first visit: engine ready {tabled.engine:.2f} s, "
            f"army summary {tabled.army:.2f} s (the army's answer and drawing "
            f"{tabled.army - tabled.engine:.2f} s)"
        )
    return "\n".join(lines)
