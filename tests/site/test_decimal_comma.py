"""French writes a decimal comma, measures included (« 0,5" »): no number of the French site's
text is written with a decimal point, except the reviewed list below.

Program listings (``<pre>``: doctests, ``nq`` sessions, JSON) are the programs' own text and are
left out: JSON keeps its point in every language.  (The command-line chapter's sessions still show
the English output of ``nq``; ``nq --lang fr`` itself prints « 70,0 % ».)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

#: Digit.digit in French text that is not a decimal number, each reviewed.
ALLOWED = {
    r"\bv?2\.4b\b": "the older French edition's version (v2.4b), a name",
    r"\b(?:Table|Tableau) \d+\.\d+\b": "a table's number by chapter (Tableau 12.2)",
    r"\b127\.0\.0\.1\b": "an IP address",
    r"\b\d+\.\d+\.\d+\b": "a software version (Sphinx 9.0.4)",
}
HIDDEN = frozenset({"script", "style", "pre"})
DECIMAL_POINT = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


class _VisibleText(HTMLParser):
    """The text a reader sees or hears: no script, style or program listing; attributes read
    aloud kept."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self._hidden += 1
        for name, value in attrs:
            if name in ("alt", "title", "aria-label", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    reader = _VisibleText()
    reader.feed(html)
    return " ".join(reader.parts)


def decimal_points(text: str) -> list[str]:
    """Each number written with a decimal point in ``text``, outside the reviewed list."""
    for pattern in ALLOWED:
        text = re.sub(pattern, " ", text)
    return DECIMAL_POINT.findall(text)


def test_decimal_points_are_found() -> None:
    assert decimal_points('Gagnez 0.5" par figurine, 1.2 m ou 2.5') == ["0.5", "1.2", "2.5"]
    assert decimal_points('Gagnez 0,5" par figurine ; la v2.4b ; Tableau 12.2 ; 1 234.') == []
    html = "<p title='1.5'>0,5<script>var a = 1.5;</script><pre>0.4</pre></p>"
    assert visible_text(html) == "1.5 0,5"


def test_french_pages_write_a_decimal_comma(html_sites: dict[str, Path]) -> None:
    found = [
        f"{page.name}: {number}"
        for page in sorted(html_sites["fr"].rglob("*.html"))
        for number in decimal_points(visible_text(page.read_text(encoding="utf-8")))
    ]
    assert not found, "French writes 0,5, not 0.5:\n" + "\n".join(found[:30])
