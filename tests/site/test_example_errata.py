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


@pytest.mark.parametrize("lang,lead", [("en", "see the erratum"), ("fr", "voir l’erratum")])
def test_example_errata_are_linked(html_sites: dict[str, Path], lang: str, lead: str) -> None:
    for page, ids in named_errata().items():
        html = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        boxes = _LINKS.findall(html)
        linked = re.findall(r'href="errata\.html#erratum-([a-z0-9-]+)"', "".join(boxes))
        assert linked == ids, f"{lang}/{page}.html"
        assert any(lead in box for box in boxes), f"{lang}/{page}.html"


@pytest.mark.parametrize(
    "lang,words", [("en", "The rules give <strong>"), ("fr", "Les règles donnent <strong>")]
)
def test_a_result_printed_wrong_gets_no_check_mark(
    html_sites: dict[str, Path], lang: str, words: str
) -> None:
    """ "✓ Checked with the rules engine: 3" over "the printed result is wrong" read as verified,
    then wrong: such an example says what the rules give, in bold, what the 2007 book printed,
    and where the erratum is."""
    seen = given = 0
    for page in named_errata():
        html = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
        for box in html.split('class="admonition')[1:]:
            if "nq-example-erratum" in box:
                seen += 1
                assert "nq-check-mark" not in box, f"{lang}/{page}.html"
                line = _LINKS.search(box)
                assert line is not None, f"{lang}/{page}.html"
                given += words in line[1]
    assert seen >= 5 and given >= 3


@pytest.mark.parametrize(
    "lang,given",
    [
        (
            "en",
            "The rules give <strong>Warlord 6 or less, Dragon 5 or less</strong>. "
            "The 2007 book printed “7 or less” and “6 or less”; see the errata:",
        ),
        (
            "fr",
            "Les règles donnent <strong>Seigneur de Guerre 6 ou moins, Dragon 5 ou "
            "moins</strong>. Le livre de 2007 imprimait «\u00a07 ou moins\u00a0» et "
            "«\u00a06 ou moins\u00a0»\u202f; voir les errata\u00a0:",
        ),
    ],
)
def test_a_corrected_line_gives_every_result_and_names_the_book(
    html_sites: dict[str, Path], lang: str, given: str
) -> None:
    """Inside a printed book "the printed result" is this book's: the line says what the 2007
    book printed, in the erratum's words; and where two results are corrected (the Warlord's and
    the Dragon's), it gives both, not the last one alone."""
    html = (html_sites[lang] / "creating-a-profile.html").read_text(encoding="utf-8")
    lines = [re.sub(r"[ \t\r\n]+", " ", line) for line in _LINKS.findall(html)]
    assert any(line.startswith(given) for line in lines), lines
