"""The army builder's "Print the roster" in Chromium: the page printed (page.pdf, the print
stylesheet) on A4 and US Letter is the roster alone, in the page's language: every entry with
its points and profile line, the total against the game's size and the warnings; no button,
form field or other part of the page.  The PDFs are kept in _build/test-artifacts/."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web_army import army
from nqsphinx.messages import ui_text
from tests.browser.conftest import SCREENSHOTS, Site, watch
from tests.browser.test_at_the_table_army import _settle

ARMY = Path(__file__).parents[2] / "examples" / "armies" / "barrow-host.toml"
#: The page's own words that must not reach the paper: its buttons and fields' labels.
PAGE_WORDS = (
    "Print the roster",
    "Export the army file (TOML)",
    "Delete this army",
    "Add to the army",
    "Remove this entry",
    "Game size (points)",
    "Casting A Spell",
)


def _printed(page: Any, path: Path, paper: str) -> str:
    page.evaluate("window.print = () => {}")  # no dialog: the page is printed by page.pdf
    page.locator("#nq-army-print").click()
    assert page.evaluate("document.documentElement.dataset.nqPrintAlone") == "roster"
    page.pdf(path=str(path), format=paper, print_background=True)
    shown = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return _spaced(shown)


def _spaced(text: str) -> str:
    """``text`` with its spaces (narrow, no-break, runs of them) as one plain space each."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


@pytest.mark.parametrize(("lang", "paper"), [("en", "A4"), ("fr", "Letter")])
def test_the_printed_page_is_the_roster_alone(
    browser: Any, site: Site, lang: str, paper: str
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    watched = watch(context.new_page())
    page = watched.page
    page.goto(site.page(f"{lang}/at-the-table.html"))
    _settle(page)
    text = ARMY.read_text(encoding="utf-8").replace("general = true\n", "")  # a warning
    page.evaluate("t => window.nqAtTable.army.ask({ toml: t })", text)
    page.evaluate("window.nqAtTable.army.idle()")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdf = SCREENSHOTS / f"army-roster-{lang}-{paper.lower()}.pdf"
    shown = _printed(page, pdf, paper)
    # the file as the page holds it: its entries named after a book profile in the page's
    # language ("Craven Ghouls" is « Goules » on the French page)
    kept = page.evaluate("window.nqAtTable.army.state.toml")
    roster = json.loads(
        _spaced(json.dumps(army({"toml": kept}, lang)["roster"], ensure_ascii=False))
    )
    assert shown.startswith(f"{roster['title']} {roster['heading']} · {roster['game']}")
    for entry in roster["entries"]:
        assert f"{entry['kind']} · {entry['name']} {entry['points']}" in shown, entry["name"]
        assert " ".join([entry["profiles"][0]["name"], *entry["profiles"][0]["values"]]) in shown
        for element in entry["profiles"][0]["elements"]:  # the Wight Lord's Dragon: its line
            assert " ".join([element["name"], *element["values"]]) in shown, element
        for line in entry["lines"]:
            assert line in shown
    assert any(entry["profiles"][0]["elements"] for entry in roster["entries"])
    assert roster["total"] in shown
    (general,) = roster["breaches"]
    assert f"{general['label']}{roster['colon']}{general['text']}" in shown
    for words in PAGE_WORDS:
        assert ui_text(words, lang) not in shown, words
    assert "Rules engine" not in shown and "nq army" not in shown
    pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    size = {"A4": "595.92 x 842.88", "Letter": "612 x 792"}[paper]
    assert size in pages.stdout, pages.stdout
    # Once printed, the page is the page again.
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert page.evaluate("document.documentElement.dataset.nqPrintAlone") is None
    assert not page.locator(".nq-print-alone").count()
    assert not watched.errors, watched.errors
    context.close()
