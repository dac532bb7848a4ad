"""When the At the table page starts its engine without a service worker: at once in a browser
that has none, and after its wait (``underServiceWorker`` in ``nqcompanion/static/nq-at-table.js``)
in one whose registration never takes the page (Playwright's ``service_workers="block"``).  The
other browser tests have no ``navigator.serviceWorker`` (tests/browser/conftest.py): this is the
one that sees the wait end."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, Site, _recorded, wait_until, watch
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
