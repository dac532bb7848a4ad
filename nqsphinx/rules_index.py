"""The rules index (``genindex.html``): every section of the book, in the page's language.

Each section heading becomes an index entry pointing at the section's label anchor, once the
heading is translated, so the French index lists the French headings.  A leading article goes
after the words ("Army, The", « Magie, La ») so that entries sort by what they are about; the
glossary adds its terms (``nqsphinx.glossary``).  HTML only: the PDF has its table of contents.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from nqsphinx.messages import page_language
from nqsphinx.typography import french_html

#: Leading articles moved after the words of an entry, per language.
ARTICLES = {
    "en": re.compile(r"^(The|A|An) (?=\w)"),
    "fr": re.compile(r"^(Les |Le |La |L’|L')(?=\w)"),
}
#: Pages whose headings are not rules.
UNINDEXED_PAGES = frozenset({"index", "credits", "the-unexpected-enemy"})


def index_text(title: str, lang: str) -> str:
    """The index form of a heading: ``The Army`` → ``Army, The``; ``L’Armée`` → ``Armée, L’``."""
    title = " ".join(title.split())
    match = ARTICLES[lang].match(title)
    if match:
        article = match.group(1).strip()
        title = f"{title[match.end():]}, {article}"
    return french_html(title) if lang == "fr" else title


def index_node(text: str, target: str) -> addnodes.index:
    return addnodes.index(entries=[("single", text, target, "", None)], inline=False)


class SectionIndexEntries(SphinxTransform):
    """Index every section heading, after translation (Locale, 20) and before the domains collect
    index entries (850)."""

    default_priority = 500

    def apply(self, **kwargs: object) -> None:
        if self.env.docname in UNINDEXED_PAGES:
            return
        lang = page_language(self.config.language)
        for section in self.document.findall(nodes.section):
            if not section["ids"] or not isinstance(section[0], nodes.title):
                continue
            section.insert(1, index_node(index_text(section[0].astext(), lang), section["ids"][0]))


def _register(app: Sphinx) -> None:
    if app.builder.format == "html":
        app.add_transform(SectionIndexEntries)


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _register)
