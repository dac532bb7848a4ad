"""When the At the table page starts its engine without a service worker: at once in a browser
that has none, and after its wait (``underServiceWorker`` in ``nqcompanion/static/nq-at-table.js``)
in one whose registration never takes the page (Playwright's ``service_workers="block"``).  The
other browser tests have no ``navigator.serviceWorker`` (tests/browser/conftest.py): this is the
one that sees the wait end."""

from __future__ import annotations

import json
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


def _started(browser: Any, site: Site, lang: str, refuse_snapshot: bool) -> tuple[Any, Any]:
    context = _recorded(site, browser.new_context(viewport=PHONE))
    if refuse_snapshot:
        context.route("**/nq-engine.snapshot", lambda route: route.fulfill(status=404))
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    wait_until(watched.page, READY, timeout=ENGINE_SECONDS)
    return context, watched


def test_the_engine_is_restored_from_the_builds_snapshot_and_starts_without_it(
    browser: Any, site: Site
) -> None:
    """The worker restores the memory the build kept (nqcompanion/engine/snapshot.py); where it
    cannot be had, Python starts as it did before, and the answers are the same."""
    answers = []
    for lang, refused, start in (("fr", False, "snapshot"), ("fr", True, "start")):
        context, watched = _started(browser, site, lang, refused)
        page = watched.page
        assert page.locator(".nq-engine-status").get_attribute("data-start") == start
        argv = ["command", "6", "--mod", "ranked-or-closed", "--mod", "banner", "--battle-standard"]
        answers.append(page.evaluate("argv => window.nqAtTable.ask({ argv })", argv))
        assert "error" not in answers[-1], answers[-1]
        said = json.dumps(answers[-1], ensure_ascii=False)
        assert "98,0\u202f%" in said, said  # the book's chance, in French
        assert not watched.errors, watched.errors
        context.close()
    assert answers[0] == answers[1]
