"""What the calculators' page needs offline besides its engine: the pages it links to.

A player who opened the At the table page once has its engine kept (:mod:`nqsphinx.site.offline`),
and follows its links at the table: each calculator's "Rule: ..." link, the army builder's rule
sections, the glossary entries of its text, and the language switch to the other language's
page.  These pages are small beside the engine (a few MB against 13), so they are kept with it:
the built page is read for its links to rule sections (inside its article, and the switch), and
each linked page for the files it loads (its stylesheets, scripts, images).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

#: The calculators' page of each language.
COMPANION_PAGE = "at-the-table.html"

#: A link to a rule's section: ``href="magic.html#casting-a-spell"``, or such an address in the
#: page's data (``"href": "army.html#the-army"``, HTML-escaped JSON).
_ADDRESS = re.compile(
    r'(?:href="|(?:&#34;|&quot;)href(?:&#34;|&quot;): (?:&#34;|&quot;))([^"&#?]+\.html)#'
)
_ARTICLE = re.compile(r"<article\b.*?</article>", re.S)
_SWITCH = re.compile(r'<a\b[^>]*\bnq-lang-link\b[^>]*\bhref="([^"#?]+)')
#: A tag whose ``href`` or ``src`` the page loads (not a link the reader follows); not what it
#: preloads (the other language's answer tables, 3 MB: with the engine kept, the page answers
#: without them).
_LOADED = re.compile(
    r'<(?:link(?![^>]*\brel="preload")|script|img|source|image)\b[^>]*?\b(?:href|src)="([^"#?]+)',
    re.S,
)


def _resolve(page: str, address: str) -> str | None:
    """``address`` read on ``page`` (both relative to the site's root), or None if it leaves it."""
    if "://" in address or address.startswith(("/", "data:", "mailto:")):
        return None
    found = posixpath.normpath(posixpath.join(posixpath.dirname(page), address))
    return None if found.startswith("..") else found


def linked_pages(root: Path, page: str) -> set[str]:
    """The site's pages ``page`` links to from its article, and its language switch's."""
    text = (root / page).read_text(encoding="utf-8")
    article = _ARTICLE.search(text)
    addresses = _ADDRESS.findall(article.group(0) if article else "")
    addresses += _SWITCH.findall(text)
    found = {_resolve(page, address) for address in addresses if address.endswith(".html")}
    return {name for name in found if name is not None and (root / name).is_file()}


def loaded_files(root: Path, page: str) -> set[str]:
    """The files ``page`` loads itself: stylesheets, scripts, icons, images, preloaded data."""
    text = (root / page).read_text(encoding="utf-8")
    # <link rel="next" href="...html">: a page to go to, not one this page loads
    found = {_resolve(page, a) for a in _LOADED.findall(text) if not a.endswith(".html")}
    return {name for name in found if name is not None and (root / name).is_file()}


def companion_files(root: Path, known: list[str]) -> list[str]:
    """The pages the calculators' pages link to, and what those pages load, among ``known``
    (the files the worker may keep), sorted; none without a calculators' page."""
    pages = {
        page
        for lang_page in sorted(root.glob(f"*/{COMPANION_PAGE}")) + [root / COMPANION_PAGE]
        if lang_page.is_file()
        for page in linked_pages(root, lang_page.relative_to(root).as_posix())
    }
    files = set(pages)
    for page in pages:
        files |= loaded_files(root, page)
    allowed = set(known)
    return sorted(name for name in files if name in allowed)
