"""What the tests of the online site read in a built page: its chrome (the theme's words), its
sections, its links to other pages; and what the sources say the site should hold."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from tests.building import ROOT

DOCS = ROOT / "docs"
#: Elements whose text is the book's (page and section titles), not the theme's words.
TITLE_CLASSES = frozenset(
    {"sidebar-tree", "toc-tree", "title", "sidebar-brand", "brand", "copyright"}
)
VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)


class _ChromeReader(HTMLParser):
    """The words a page shows or says (text, title, aria-label, placeholder, alt) outside the
    article and outside the book's titles: what the theme writes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self._stack: list[bool] = []  # per open element: is it excluded (article, titles...)?
        self._tags: list[str] = []

    def _excluded(self) -> bool:
        return any(self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = set(values.get("class", "").split())
        in_svg = "svg" in self._tags
        excluded = (
            tag in ("script", "style", "article")
            or (tag == "title" and not in_svg)  # the document's title, not an icon's
            or values.get("id") == "furo-main-content"
            or bool(classes & TITLE_CLASSES)
        )
        if not self._excluded() and not excluded and tag != "link":
            for name in ("title", "aria-label", "placeholder", "alt"):
                if values.get(name):
                    self.words.append(values[name].strip())
        if tag not in VOID:
            self._stack.append(excluded)
            self._tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self._stack:
            self._stack.pop()
            self._tags.pop()

    def handle_data(self, data: str) -> None:
        if not self._excluded() and data.strip():
            self.words.append(" ".join(data.split()))


def chrome_words(page: Path) -> list[str]:
    reader = _ChromeReader()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader.words


def toctree_order() -> list[str]:
    """The pages in reading order: the root page, then the toctrees of ``docs/index.md``."""
    order = ["index"]
    inside = False
    for line in (DOCS / "index.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```{toctree}"):
            inside = True
        elif line.startswith("```"):
            inside = False
        elif inside and line.strip() and not line.startswith(":"):
            order.append(line.strip())
    return order


def heading_labels(page: str) -> list[str]:
    """The labels of the headings of ``docs/<page>.md``, in order."""
    lines = (DOCS / f"{page}.md").read_text(encoding="utf-8").splitlines()
    return [
        re.fullmatch(r"\(([a-z0-9-]+)\)=", lines[n - 1]).group(1)  # type: ignore[union-attr]
        for n, line in enumerate(lines)
        if n and re.match(r"#{1,6} ", line) and re.fullmatch(r"\([a-z0-9-]+\)=", lines[n - 1])
    ]


def sections(page: Path) -> list[tuple[str, str]]:
    """(section id, permalink target) of each heading of a built page's article."""
    html = page.read_text(encoding="utf-8")
    article = html[html.index('id="furo-main-content"') :]
    found = re.findall(
        r'<section id="([^"]+)"[^>]*>\s*(?:<span id="[^"]*"></span>\s*)*'
        r'<h[1-6][^>]*>.*?<a class="headerlink" href="#([^"]+)"',
        article,
        flags=re.S,
    )
    return [(section, target) for section, target in found]


def related(page: Path) -> dict[str, str]:
    """The previous and next page links of a built page's footer."""
    html = page.read_text(encoding="utf-8")
    return dict(re.findall(r'<a class="(next-page|prev-page)" href="([^"#]+)', html))
