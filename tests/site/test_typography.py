"""The site's typography is the books': curly quotes in English prose (a typed "1" is “1”, never
“1"), the inch and foot marks after a figure straight (12"), and a modifier's minus sign U+2212 in
both languages (-1, 30/-1 and "from -2" are −1, 30/−1, from −2), code excepted
(:mod:`nqsphinx.languages.typography`)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

#: What is not prose: code, scripts, styles, drawings, and the calculators' forms (the At The
#: Table page's controls, drawn by the engine's page, not typeset text).
_NOT_PROSE = re.compile(
    r"<(script|style|pre|code|kbd|samp|svg|details|select|form)\b.*?</\1>", re.S | re.I
)
_FORMS = {"at-the-table.html"}
_TOOLTIP = re.compile(r'<span[^>]*role="tooltip"[^>]*>.*?</span>', re.S)
#: A quote opened curly and closed straight: “1" (an inch mark inside quotes ends with ”).
_MISMATCHED = re.compile(r"“[^”\"\n]{0,40}\"(?!”)")
#: A straight quote that is neither an inch nor a foot mark (after a figure, a fraction, or the
#: n of a distance of n inches: the ability "multiple hits (Dn")").
_STRAIGHT = re.compile(r"(?<![\d½¼¾])(?<!\bDn)[\"']")
#: A hyphen before a figure after a space, a bracket, a slash or a quote: a modifier.
_HYPHEN_MINUS = re.compile(r"(?<=[\s(\[/“‘«])-\d")


def prose(page: Path) -> str:
    """The text of a page's article, as a reader sees it."""
    html = page.read_text(encoding="utf-8")
    match = re.search(r"<article\b[^>]*>(.*?)</article>", html, re.S)
    body = _NOT_PROSE.sub(" ", match.group(1) if match else html)
    body = _TOOLTIP.sub("", body)  # a term's hidden definition: not between D10 and its "
    return unescape(re.sub(r"<[^>]+>", "", body))


def _pages(site: Path) -> list[Path]:
    return [page for page in sorted(site.glob("*.html")) if page.name not in _FORMS]


def _around(text: str, match: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", text[max(0, match.start() - 30) : match.end() + 10])


def test_english_prose_has_curly_quotes(html_sites: dict[str, Path]) -> None:
    pages = _pages(html_sites["en"])
    assert len(pages) > 30
    mismatched, straight = [], []
    for page in pages:
        text = prose(page)
        mismatched += [f"{page.name}: {_around(text, m)}" for m in _MISMATCHED.finditer(text)]
        straight += [f"{page.name}: {_around(text, m)}" for m in _STRAIGHT.finditer(text)]
    assert mismatched == []
    assert straight == []
    magic = prose(html_sites["en"] / "magic.html")
    assert "from “1” to “8”" in magic
    assert 'within 8" and' in prose(html_sites["en"] / "ranged-combat.html")  # an inch mark


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_modifiers_have_a_true_minus_sign(html_sites: dict[str, Path], lang: str) -> None:
    found = [
        f"{page.name}: {_around(text, m)}"
        for page in _pages(html_sites[lang])
        for text in [prose(page)]
        for m in _HYPHEN_MINUS.finditer(text)
    ]
    assert found == []
    ranged = prose(html_sites[lang] / "ranged-combat.html")
    assert "36/\u22121" in ranged
