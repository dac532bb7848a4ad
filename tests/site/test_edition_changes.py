"""The "What changed since the French v2.4b" page, built, in both languages: one entry per record,
each linking to its section, in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.book.edition_changes import edition_changes
from nqcore.i18n import translator


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_lists_every_change_with_a_link(html_sites: dict[str, Path], lang: str) -> None:
    html = (html_sites[lang] / "edition-changes.html").read_text(encoding="utf-8")
    entries = re.findall(r'<div class="[^"]*nq-edition-change[^"]*" id="change-([\w-]+)">', html)
    assert entries == [c.key for c in edition_changes()]
    for change in edition_changes():
        entry = html[html.index(f'id="change-{change.key}"') :].split("nq-edition-change", 1)[0]
        assert f'#{change.section}"' in entry, change.key  # the link to its section
        # where the 2007 book also prints another reading: a link to its erratum
        assert (f'#erratum-{change.erratum}"' in entry) == bool(change.erratum), change.key
    text = translator(lang)
    first = edition_changes()[0]
    assert text(first.new_reading).split(" ")[0] in html
    heading = "Ce qui a changé" if lang == "fr" else "What Changed Since"
    assert heading in html
