"""The army builder's summary lists what it counts: every refusal and warning of an entry (a
unit of two ranked Skeletons led by a Hero, Ghouls made magic users) is linked under the
summary, grouped by entry, beside the army-wide ones; a link, followed by the keyboard, puts
the focus on the field the refusal is about.  Both languages, a phone and a desktop."""

from __future__ import annotations

from typing import Any

import pytest

from nqsphinx.messages import ui_text
from tests.browser.conftest import Site, screenshot
from tests.browser.test_accessibility import axe_script  # noqa: F401 - fixture
from tests.browser.test_at_the_table_army import _axe
from tests.browser.test_at_the_table_army_undo import companion as _open

ARMY = (
    """name = "Counted"
points = 2000

[[unit]]
name = "Skeletons"
profile = "skeleton-warrior"
models = 2
formation = "ranked"
leader = "hero"

[[unit]]
name = "Ghouls"
profile = "craven-ghouls"
models = 6
options = { traits = [{ key = "magic-user", level = "2" }] }
"""
    + "".join(
        f'\n[[unit]]\nname = "Chaos {n}"\nprofile = "chaos-warrior"\nmodels = 4\n'
        for n in (1, 2, 3)
    )
    + '\n[[individual]]\nname = "Lord"\nprofile = "hero"\ngeneral = true\n'
)

COUNTED = "s => [...s.matchAll(/(\\d+)/g)].map(m => Number(m[1])).slice(-2)"
LISTED = (
    "() => ['refusal', 'warning'].map(k => document.querySelectorAll("
    "`#nq-army-wide > .nq-army-${k}, #nq-army-found li li.nq-army-${k}`).length)"
)


@pytest.mark.parametrize(
    ("lang", "size", "scheme"), [("en", "1366", "light"), ("fr", "390", "dark")]
)
def test_the_summary_lists_every_refusal_and_warning_it_counts(
    browser: Any,
    site: Site,
    lang: str,
    size: str,
    scheme: str,
    axe_script: str,  # noqa: F811 - the fixture imported above
) -> None:
    watched = _open(browser, site, lang, size, scheme)
    page = watched.page
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", ARMY)
    page.evaluate("window.nqAtTable.army.idle()")
    summary = page.inner_text("#nq-army-summary")
    counted = page.evaluate(COUNTED, summary.split(" · ")[-1])
    assert counted[0] >= 2, summary  # the ranked unit of 2 (its entry), elite > core (the army)
    assert page.evaluate(LISTED) == counted, summary
    groups = page.locator("#nq-army-found > li > span").all_inner_texts()
    assert any(g.endswith("Skeletons") for g in groups), groups
    skeletons = page.locator("#nq-army-found > li", has_text="Skeletons")
    ranked = skeletons.locator("a[href='#nq-army-unit-0-formation']")
    assert ranked.count() == 1
    assert ranked.inner_text().startswith(ui_text("Refused:", lang))
    for colours in ("light", "dark"):  # the lists and what copying said, axe-clean
        page.emulate_media(color_scheme=colours)
        assert not _axe(page, axe_script), colours
    page.emulate_media(color_scheme=scheme)
    page.evaluate("document.getElementById('nq-army-found').scrollIntoView()")
    screenshot(page, f"army-found-list-{size}-{lang}-{scheme}")
    ranked.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "nq-army-unit-0-formation"
    page.locator("#nq-army-summary").scroll_into_view_if_needed()
    screenshot(page, f"army-found-{size}-{lang}-{scheme}")
    assert not watched.errors, watched.errors
    page.context.close()


LAST = ARMY.replace('name = "Skeletons"', 'name = "Bones"').split("[[individual]]")[0] + (
    '[[unit]]\nname = "Skeletons"\nprofile = "skeleton-warrior"\nmodels = 2\n'
    'formation = "ranked"\nleader = "hero"\n'
)
# Every drawing of a list (the found list, the army's own), as the links' targets of each item.
DRAWINGS = """(id) => { const drawn = (window.nqDrawn ||= {})[id] = [];
  const list = document.getElementById(id);
  const replace = list.replaceChildren.bind(list);
  list.replaceChildren = (...items) => { drawn.push(items.map(li =>
    [...li.querySelectorAll('a')].map(a => a.getAttribute('href')))); return replace(...items); };
}"""


def _drawings(page: Any, list_id: str, army: str) -> list[list[list[str]]]:
    """Every drawing of ``list_id`` while ``army`` is opened, but the empty army's."""
    page.evaluate(DRAWINGS, list_id)
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", army)
    page.evaluate("window.nqAtTable.army.idle()")
    drawings = [drawn for drawn in page.evaluate("id => window.nqDrawn[id]", list_id) if drawn]
    assert drawings, f"{list_id} was not drawn"
    return drawings


def test_a_link_of_an_entry_just_opened_goes_to_its_field(browser: Any, site: Site) -> None:
    """An army opened with more entries than the one shown before: from its first drawing, the
    refusal of its last entry links to that entry's field (not to the entry's heading, as when
    the list was drawn before the entries' fields); and so does the army's own list, of an
    army-wide breach (a second General just opened links to its General box)."""
    watched = _open(browser, site, "en", "1366", "light")
    page = watched.page
    for drawn in _drawings(page, "nq-army-found", LAST):
        assert "#nq-army-unit-5-formation" in drawn[-1], drawn
    second = LAST + "".join(
        f'\n[[individual]]\nname = "{name}"\nprofile = "hero"\ngeneral = true\n'
        for name in ("Lord", "King")
    )
    for drawn in _drawings(page, "nq-army-wide", second):
        hrefs = {href for links in drawn for href in links}
        assert {"#nq-army-individual-0-general", "#nq-army-individual-1-general"} <= hrefs, drawn
    assert not watched.errors, watched.errors
    page.context.close()
