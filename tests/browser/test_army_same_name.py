"""An army renamed as another of the browser's list is said to share its name, as an import of
that name asks first (player round 39: a copy renamed "The Barrow Host" beside the original, the
list telling them apart by their points alone, nothing said)."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.page.army import _words
from tests.browser.conftest import Site, wait_until
from tests.browser.test_at_the_table_army import _armies, _phone, _settle, _type

STATUS = "document.getElementById('nq-army-status').textContent"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_rename_to_a_kept_armys_name_is_said(browser: Any, site: Site, lang: str) -> None:
    context, watched = _phone(browser, site, lang)
    page = watched.page
    _type(page, "#nq-army-name", "The Barrow Host", "data.name === 'The Barrow Host'")
    page.locator("#nq-army-duplicate").click()
    wait_until(page, "window.nqAtTable.army.kept().armies.length === 2")
    _settle(page)
    _type(page, "#nq-army-name", "The Barrow Host", "data.name === 'The Barrow Host'")
    wait_until(page, f"{STATUS}.includes('The Barrow Host')")
    said = _words(lang)["same_named"].format(name="The Barrow Host")
    assert page.evaluate(STATUS) == said
    assert _armies(page) == ["The Barrow Host", "The Barrow Host"]
    assert not watched.errors, watched.errors
    context.close()
