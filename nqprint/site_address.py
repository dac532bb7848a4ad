"""The site's address, as the print products and the print editions give it on paper.

On paper a page's title or a path leads nowhere: where they send a reader to the site (the At the
table page's calculators), the products and the books print the page's whole address.  It is made
from one setting of the Sphinx configuration, ``nq_site_url`` in ``conf.py`` (``{lang}`` stands
for the language: each language is its own project on Read the Docs, ``/en/latest/`` and
``/fr/latest/``), read here without Sphinx: the products are built without it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from nqcore.i18n import ROOT, catalogue_messages
from nqprint.latex import PrintError

#: The setting's name in ``conf.py``, and the configuration file the products read it from.
SETTING = "nq_site_url"
CONF = ROOT / "conf.py"


def configured_site_url(conf: Path = CONF) -> str:
    """The value of ``nq_site_url`` in ``conf``: a string assigned at the top level."""
    tree = ast.parse(conf.read_text(encoding="utf-8"), str(conf))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == SETTING for target in node.targets
        ):
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                return check_site_url(value.value, f"{conf}:{node.lineno}")
            raise PrintError(f"{conf}:{node.lineno}: {SETTING} must be a non-empty string")
    raise PrintError(f"{conf}: no {SETTING} setting (the site's address, for the print products)")


def check_site_url(url: str, where: str) -> str:
    """``url`` if it is an absolute web address whose only field is ``{lang}``."""
    try:
        filled = url.format(lang="en")
    except (KeyError, IndexError, ValueError):
        raise PrintError(f"{where}: {SETTING} may hold no field but {{lang}}: {url!r}") from None
    if not filled.startswith(("https://", "http://")):
        raise PrintError(f"{where}: {SETTING} is not a web address (https://...): {url!r}")
    return url


def page_address(site_url: str, lang: str, page: str) -> str:
    """The address of the site's ``page`` (a docname) in ``lang``; the home page's is the site's
    own, ending in "/": on paper "…/latest/index.html" broke after "index.", which read as a
    whole address.

    >>> page_address("https://example.org/{lang}/latest/", "fr", "index")
    'https://example.org/fr/latest/'
    >>> page_address("https://example.org/{lang}/latest", "en", "at-the-table")
    'https://example.org/en/latest/at-the-table.html'
    """
    base = site_url.format(lang=lang).rstrip("/")
    return f"{base}/" if page == "index" else f"{base}/{page}.html"


def page_title(
    page: str, lang: str, docs: Path = ROOT / "docs", locale: Path = ROOT / "locale"
) -> str:
    """The title of a page of the site in ``lang``: its source's first heading (in ``docs``),
    translated by the page's catalogue (in ``locale``) as the site translates it (never typed
    twice, so never out of step)."""
    source = docs / f"{page}.md"
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
            return catalogue_messages(locale, lang, page).get(title, title)
    raise PrintError(f"{source}: no title (a line starting with '# ')")
