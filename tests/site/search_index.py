"""The search's index of a built site (``_static/nq-search-index.js``, written by
:mod:`nqsphinx.site.quick_search`), read by the tests: its documents' words, page by page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

#: A word as the tests compare them: letters only, lower case.
WORD = re.compile(r"[^\W\d_]+")


def search_index(site: Path) -> dict[str, Any]:
    text = (site / "_static" / "nq-search-index.js").read_text(encoding="utf-8")
    index: dict[str, Any] = json.loads(
        text.removeprefix("window.nqSearchIndex = ").rstrip().removesuffix(";")
    )
    return index


def words(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


def indexed_text(site: Path) -> dict[str, set[str]]:
    """The words of each page's documents' text (what a search finds and a snippet quotes)."""
    found: dict[str, set[str]] = {}
    for _kind, _title, href, _context, text, *_ in search_index(site)["docs"]:
        found.setdefault(href.split("#")[0].removesuffix(".html"), set()).update(words(text))
    return found
