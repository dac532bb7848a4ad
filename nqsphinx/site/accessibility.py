"""What the pages need for every reader (WCAG 2.1 AA) that the theme and Sphinx leave out.

Each fix names the failure it removes (axe-core's rule where it has one):

- the captions of the navigation and of the contents page are ``<p role="heading">`` without a
  level (``aria-required-attr``): they get ``aria-level="2"``, the level ARIA 1.1 implied.  Sphinx
  writes them; the fix belongs upstream (``tools/upstream/``);
- every page gets a ``<meta name="description">`` in its language, from its first paragraphs;
- every image gets its ``width`` and ``height``, read from its file, so that the page does not
  jump as images load;
- a table without a caption gets one for screen readers only: the caption its directive gave
  (``nq_caption``, a card's profile adjustment) or its section's title (the heading is just above
  it on the screen).

The site's stylesheet ``nq-a11y.css`` (focus rings, reduced motion) and script ``nq-a11y.js``
(the theme switch's state, scrolling code blocks reachable by keyboard) are added here.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.images import get_image_size

from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language, ui_text

STYLESHEET = "nq-a11y.css"
SCRIPT = "nq-a11y.js"
#: Text that screen readers read and the screen does not show (``nq-a11y.css``).
VISUALLY_HIDDEN = "nq-visually-hidden"
#: A table's caption for screen readers, set by the directive that made the table.
CAPTION_ATTRIBUTE = "nq_caption"
#: Pages that Sphinx writes without a title in the context: their name for the description.
SPECIAL_TITLES = {"search": "Search the rules", "genindex": "Index of the rules"}
CAPTION = '<p class="caption" role="heading">'
CAPTION_WITH_LEVEL = '<p class="caption" role="heading" aria-level="2">'
#: A description of about this length; search engines show some 155 characters.
DESCRIPTION_MIN, DESCRIPTION_MAX = 100, 160
#: The class of a glossary term's definition, hidden after the term's link
#: (nqsphinx.directives.glossary).
HIDDEN_DEFINITION = "nq-term-definition"
#: Paragraphs that are not the page's own words: notices, examples, tables, cards.
NOT_PROSE = (
    nodes.Admonition,
    nodes.table,
    nodes.sidebar,
    nodes.topic,
    nodes.container,
    nodes.compound,
)


def caption_levels(html: str) -> str:
    """Give the toctree captions that Sphinx writes as headings their level."""
    return html.replace(CAPTION, CAPTION_WITH_LEVEL)


def first_words(doctree: nodes.document) -> str:
    """The first paragraphs of the page's own text, cut at a word near DESCRIPTION_MAX."""
    text = ""
    for paragraph in doctree.findall(nodes.paragraph):
        if isinstance(paragraph, addnodes.compact_paragraph) or _inside(paragraph, NOT_PROSE):
            continue
        words = " ".join(_shown_text(paragraph).split())
        if words:
            if words[-1] not in ".!?:…":
                words += "."
            text = f"{text} {words}".strip()
        if len(text) >= DESCRIPTION_MIN:
            break
    if len(text) <= DESCRIPTION_MAX:
        return text
    cut = text[: DESCRIPTION_MAX - 1].rsplit(" ", 1)[0].rstrip(",;:-–— ")
    return cut + "…"


def _shown_text(paragraph: nodes.paragraph) -> str:
    """A paragraph's words without the hidden definitions of the glossary terms it links."""
    shown = paragraph.deepcopy()
    for hidden in list(shown.findall(nodes.Element)):
        if HIDDEN_DEFINITION in hidden["classes"] and hidden.parent is not None:
            hidden.parent.remove(hidden)
    return str(shown.astext())


def _inside(node: nodes.Node, kinds: tuple[type[nodes.Node], ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def description(doctree: nodes.document | None, title: str, lang: str) -> str:
    text = first_words(doctree) if doctree is not None else ""
    if not text:
        text = ui_text(
            "{title}: No Quarter Fantasy Wargames, the fantasy battles miniatures wargame.", lang
        ).format(title=title)
    return french_html(text) if lang == "fr" else text


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = page_language(app.config.language)
    for key in ("furo_navigation_tree", "body", "toc"):
        if isinstance(context.get(key), str):
            context[key] = caption_levels(context[key])
    title = SPECIAL_TITLES.get(pagename, "")
    title = ui_text(title, lang) if title else re.sub(r"<[^>]+>", "", str(context.get("title", "")))
    meta = f'<meta name="description" content="{escape(description(doctree, title, lang))}" />'
    context["metatags"] = context.get("metatags", "") + "\n    " + meta


def _image_sizes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Width and height of each image from its file (attributes, without units)."""
    if app.builder.format != "html":
        return
    for image in doctree.findall(nodes.image):
        if "width" in image or "height" in image or "scale" in image:
            continue
        size = get_image_size(Path(app.srcdir) / image["uri"])
        if size:
            image["width"], image["height"] = (str(round(v)) for v in size)
            image["classes"].append("no-scaled-link")  # no link to itself (Sphinx's default)


def _table_captions(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """A table without a title gets one for screen readers (WCAG 1.3.1): its directive's, or its
    section's (the heading is just above it on the screen).  Sphinx links a table by its id."""
    if app.builder.format != "html":
        return
    for table in list(doctree.findall(nodes.table)):
        if any(isinstance(child, nodes.title) for child in table.children):
            continue
        caption = table.get(CAPTION_ATTRIBUTE) or _section_title(table)
        if caption:
            table.insert(0, nodes.title(text=caption, classes=[VISUALLY_HIDDEN]))
            if not table["ids"]:
                doctree.set_id(table)


def _section_title(node: nodes.Node) -> str:
    section = node.parent
    while section is not None and not isinstance(section, nodes.section):
        section = section.parent
    if section is None or not isinstance(section[0], nodes.title):
        return ""
    return str(section[0].astext())


def setup(app: Sphinx) -> None:
    app.add_css_file(STYLESHEET)
    app.add_js_file(SCRIPT)
    # After Furo (500) builds the navigation tree and theme_text (600) translates it.
    app.connect("html-page-context", _page_context, priority=700)
    app.connect("doctree-resolved", _image_sizes)
    app.connect("doctree-resolved", _table_captions)
