"""Offline without "Keep for offline": the calculators start the engine from the browser's own
cache when it still holds it from a visit (a server that lets it keep the files, as hosts do), and
otherwise say it is not kept and how to keep it, in the page's language (player round thirteen:
the page refused at once in flight mode, and told a player who had just opened it online to open
it once online first)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from nqsphinx.site.keep_offline import engine_offline_words
from tests.browser.conftest import (
    CHROMIUM_ARGS,
    NO_SERVICE_WORKER,
    PHONE,
    Site,
    _SiteHandler,
    chromium_path,
    wait_until,
    watch,
)
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY


class _Cached(_SiteHandler):
    """The site's files, which the browser may keep for an hour."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()


@pytest.fixture(scope="module")
def cached_site(site: Site) -> Iterator[str]:
    handler = partial(_Cached, directory=str(site.root), served=[])
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _profile(browser: Any, folder: Path) -> Any:
    """A browser profile on disk: a private context's cache keeps no file over about a megabyte,
    and the engine's WebAssembly is ten."""
    context = browser.browser_type.launch_persistent_context(
        folder,
        executable_path=chromium_path(),
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        service_workers="block",
    )
    context.add_init_script(NO_SERVICE_WORKER)
    return context


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_offline_the_engine_starts_from_the_browsers_cache(
    browser: Any, cached_site: str, lang: str, tmp_path: Path
) -> None:
    context = _profile(browser, tmp_path)
    watched = watch(context.new_page())
    page = watched.page
    page.goto(f"{cached_site}/{lang}/at-the-table.html")
    wait_until(page, "window.nqAtTable !== undefined")
    page.evaluate("window.nqAtTable.start()")  # a first visit: the engine used once
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    context.set_offline(True)
    try:
        page.goto(f"{cached_site}/{lang}/at-the-table.html")  # a reload would revalidate
        wait_until(page, READY, timeout=ENGINE_SECONDS)
        answer = page.evaluate("window.nqAtTable.ask({ argv: ['hit', '5'] })")
        assert "error" not in answer and answer["json"], answer
    finally:
        context.set_offline(False)
    assert not watched.errors, watched.errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_offline_and_never_kept_the_page_says_how_to_keep_it(
    browser: Any, site: Site, cached_site: str, lang: str
) -> None:
    """The page is in the browser's cache, the engine never was: the words say to keep it
    next time, not to open the page online "first"."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.route("**/_engine/**", lambda route: route.abort())
    page.goto(f"{cached_site}/{lang}/at-the-table.html")
    page.unroute("**/_engine/**")
    context.set_offline(True)
    try:
        page.goto(f"{cached_site}/{lang}/at-the-table.html")
        said = engine_offline_words(lang)
        wait_until(page, f"document.querySelector('.nq-engine-status').innerText === {said!r}")
        assert "“" in said or "«" in said
        assert "first" not in said and "une fois en ligne" not in said
    finally:
        context.set_offline(False)
    context.close()
