"""The site's root page sends a reader to the language they chose with the switch, before the
language of their browser: a French reader on a phone set in English was sent to the English
site each time they opened the site's address."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import DESKTOP, Site, _recorded, wait_until


def test_the_root_page_follows_the_language_chosen_with_the_switch(
    browser: Any, site: Site
) -> None:
    context = _recorded(site, browser.new_context(viewport=DESKTOP, locale="en-GB"))
    page = context.new_page()
    page.goto(site.page(""))
    wait_until(page, "location.pathname.endsWith('/en/index.html')")
    page.goto(site.page("en/magic.html"))
    page.locator("a.nq-lang-link:visible").first.click()
    wait_until(page, "location.pathname.endsWith('/fr/magic.html')")
    page.goto(site.page(""))
    wait_until(page, "location.pathname.endsWith('/fr/index.html')")
    page.locator("a.nq-lang-link:visible").first.click()  # back to English: followed too
    wait_until(page, "location.pathname.endsWith('/en/index.html')")
    page.goto(site.page(""))
    wait_until(page, "location.pathname.endsWith('/en/index.html')")
    context.close()
