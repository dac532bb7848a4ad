"""An example whose printed result is wrong links each erratum it names, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_worked_examples import _ERRATUM, PAGES, examples

_LINKS = re.compile(r'<p class="[^"]*nq-example-erratum[^"]*">(.*?)</p>', re.DOTALL)


def named_errata() -> dict[str, list[str]]:
    """The errata named by the examples of each page, in order."""
    found: dict[str, list[str]] = {}
    for page in PAGES:
        ids = [
            i
            for _, body in examples(page)
            for m in _ERRATUM.finditer(body)
            for i in m[1].replace(",", " ").split()
        ]
        if ids:
            found[page.stem] = ids
    return found


def test_some_examples_name_several_errata() -> None:
    assert "combination-example-dragon-to-hit" in named_errata()["creating-a-profile"]


@pytest.mark.parametrize(
    "lang,lead",
    [
        ("en", "Corrected from the 2007 printing: see the err"),
        ("fr", "Corrigé par rapport au livre de 2007\u00a0: voir "),
    ],
)
def test_example_errata_are_linked(html_sites: dict[str, Path], lang: str, lead: str) -> None:
    """Each erratum an example names is linked under it, unless a table of the example already
    notes it (the basic warrior's points: the correction is said once)."""
    noted = {"basic-warrior-toughness-cost"}
    for page, ids in named_errata().items():
        html = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        boxes = _LINKS.findall(html)
        linked = re.findall(r'href="errata\.html#erratum-([a-z0-9-]+)"', "".join(boxes))
        assert linked == [i for i in ids if i not in noted], f"{lang}/{page}.html"
        assert all(box.startswith(lead) for box in boxes), f"{lang}/{page}.html"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_corrected_example_carries_no_misprint_nor_test_log(
    html_sites: dict[str, Path], lang: str
) -> None:
    """The example gives the right working; the line under it says it was corrected and where
    the erratum is, never "the rules give" (a test log) nor what the 2007 book printed (the
    erratum's record says it). The engine's check is folded as for every example."""
    seen = 0
    for page in named_errata():
        html = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        for box in html.split('class="admonition')[1:]:
            if "nq-example-erratum" in box:
                seen += 1
                line = _LINKS.search(box)
                assert line is not None, f"{lang}/{page}.html"
                for words in ("The rules give", "Les règles donnent", "printed “", "imprimait"):
                    assert words not in line[1], f"{lang}/{page}.html"
    assert seen >= 6
    html = (html_sites[lang] / "creating-a-profile.html").read_text(encoding="utf-8")
    line = next(line for line in _LINKS.findall(html) if "errata" in line)
    assert "combination-example-warlord-to-hit" in line
    assert "combination-example-dragon-to-hit" in line
