"""A browser that keeps nothing for the site (its storage full, or blocked as by Chrome's "Block
all cookies") loses every army and profile when the page is closed: each builder says so under
its list and points to its file's export, and the page's scripts run without an error (player
round 39: an army built with the storage full was gone at the reload, nothing said; with the
storage blocked, two uncaught errors and the theme's script stopped)."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.page.army import _words as army_words
from nqcompanion.page.builder import _kept_words as builder_words
from tests.browser.conftest import PHONE, Site, _recorded, wait_until, watch
from tests.browser.test_at_the_table import ENGINE_SECONDS, READY

#: Site data blocked: every use of either storage throws, as Chromium's own refusal does (its
#: accessors are configurable, as here).
BLOCKED = """for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true,
    get() { throw new DOMException("Access is denied for this document.", "SecurityError"); } });
}"""
#: The storage full: the builders' lists cannot be written.
FULL = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (/^nq-(army-builder|profiles)$/.test(String(key))) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return set.call(this, key, value);
  };
})();"""
SAID = "(id) => document.getElementById(id).hidden ? null : document.getElementById(id).textContent"


def _page(browser: Any, site: Site, lang: str, script: str) -> Any:
    context = _recorded(site, browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    context.add_init_script(script)
    watched = watch(context.new_page())
    watched.page.goto(site.page(f"{lang}/at-the-table.html"))
    return watched


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_with_the_storage_blocked_the_builders_say_nothing_is_kept(
    browser: Any, site: Site, lang: str
) -> None:
    watched = _page(browser, site, lang, BLOCKED)
    page = watched.page
    page.locator("#nq-army-name").focus()  # a builder used: the engine starts
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    wait_until(page, "!document.getElementById('nq-army-not-kept').hidden", timeout=10)
    assert page.evaluate(SAID, "nq-army-not-kept") == army_words(lang)["not_kept"]
    assert page.evaluate(SAID, "nq-builder-not-kept") == builder_words(lang)["not_kept"]
    assert page.evaluate("document.body.classList.contains('nq-served')")
    assert not watched.errors, watched.errors
    page.context.close()


def test_with_the_storage_full_the_army_builder_says_the_army_is_not_kept(
    browser: Any, site: Site
) -> None:
    watched = _page(browser, site, "en", FULL)
    page = watched.page
    name = page.locator("#nq-army-name")
    name.focus()
    wait_until(page, READY, timeout=ENGINE_SECONDS)
    name.fill("Unsaved host")
    name.press("Tab")
    wait_until(page, "!document.getElementById('nq-army-not-kept').hidden", timeout=20)
    assert page.evaluate(SAID, "nq-army-not-kept") == army_words("en")["not_kept"]
    assert not watched.errors, watched.errors
    page.context.close()
