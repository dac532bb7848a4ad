"""French typography applied by the build, so that translators type plain spaces.

HTML: a narrow no-break space before ``; ! ?`` and ``%``, a no-break space before ``:`` and
inside « ».  LaTeX: the typed spaces are removed and babel-french spaces the punctuation itself
(its thin space); ``%`` gets its narrow no-break space here, which the rulebook's LaTeX and the
print products' set as babel-french's thin space (``nqprint.latex.NARROW_NO_BREAK_SPACE``).
Code, literals and raw output are never touched.

English on the site, in the PDF and the e-book: the typed straight quotes become curly ones
(:class:`EnglishQuotes`), but for the inch and foot marks after a figure (12", 4'), which stay
straight: docutils' smartquotes would make 12" a closing quote, so the project switches it off
(``conf.py``).

Both languages, every edition: a modifier typed with a hyphen (``-1``, ``30/-1``, ``from -2``)
is set with the minus sign U+2212, as the engine's tables set it (:class:`MinusSigns`), and so is
a characteristic's modifier (``CC-1``) and a sum (``10 - 4``); a range (``1-2``) and a spaced
hyphen between words take an en dash, ``4 1/2"`` is ``4½"`` and ``...`` is ``…``
(:func:`dashes`); a hyphenated word and code keep their hyphen.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqprint.latex import latex_escape
from nqprint.typeset_signs import EN_DASH as EN_DASH
from nqprint.typeset_signs import MINUS as MINUS
from nqprint.typeset_signs import dashes as dashes
from nqprint.typeset_signs import english_quotes as english_quotes
from nqprint.typeset_signs import minus_signs as minus_signs
from nqsphinx.builder import builder_of
from nqsphinx.untrusted import generated_raw

NNBSP = "\u202f"  # narrow no-break space
NBSP = "\u00a0"

#: The space before high punctuation: after a word, or at the start of a text that follows an
#: element (« *Cartes de sorts* ; les marqueurs », « **Vol** : 2 actions »).
_HIGH = re.compile(r"(?:(?<=\S)[ \t\u00a0\u202f]*|^[ \t\u00a0\u202f]+)([;!?])(?=\s|$|[)»\]])")
_COLON = re.compile(r"(?:(?<=\S)|^)[ \t\u00a0\u202f]+(:)(?=\s|$)")
_OPEN_QUOTE = re.compile(r"«[ \t\u00a0\u202f]*")
_CLOSE_QUOTE = re.compile(r"[ \t\u00a0\u202f]*»")
_LATEX_SPACE = re.compile(r"[ \t\u00a0\u202f]+([;:!?])")
#: A percentage typed with no space, a plain or a full no-break one: French sets a narrow
#: no-break space before the sign, as nqcore's ``format_percent`` does.
_PERCENT = re.compile(r"(?<=\d)[ \t\u00a0]?%")
#: A number of thousands typed with a plain space (« 1 000 points »): a line could break inside
#: it; French sets a narrow no-break space between the groups, as babel writes the engine's.
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \t\u00a0]\d{3})+(?!\d)")


def _grouped(text: str) -> str:
    """``text`` with its numbers' groups of thousands held together by narrow no-break spaces.

    >>> _grouped("une partie de 1 000 points, 12 345 au plus, en 2 tours")
    'une partie de 1\u202f000 points, 12\u202f345 au plus, en 2 tours'
    """
    return _THOUSANDS.sub(lambda found: re.sub(r"[ \t\u00a0]", NNBSP, found[0]), text)


#: What is not the pages' running text: code, literals, raw output and mathematics.
SKIP = (nodes.literal, nodes.literal_block, nodes.raw, nodes.doctest_block, nodes.math)


def french_html(text: str) -> str:
    """French spacing for the web: ``Attention !`` → ``Attention\\u202f!``, ``50%`` →
    ``50\\u202f%``, ``1 000`` → ``1\\u202f000``."""
    text = _grouped(_PERCENT.sub(NNBSP + "%", text))
    text = _HIGH.sub(NNBSP + r"\1", text)
    text = _COLON.sub(NBSP + r"\1", text)
    text = _OPEN_QUOTE.sub("«" + NBSP, text)
    return _CLOSE_QUOTE.sub(NBSP + "»", text)


def french_latex(text: str) -> str:
    """Spacing left to babel-french: typed spaces before high punctuation are dropped; a
    percentage gets its narrow no-break space, which babel-french does not add, and so do the
    groups of a number of thousands."""
    text = _grouped(_PERCENT.sub(NNBSP + "%", text))
    text = _LATEX_SPACE.sub(r"\1", text)
    text = _OPEN_QUOTE.sub("«", text)
    return _CLOSE_QUOTE.sub("»", text)


class FrenchTypography(SphinxPostTransform):
    default_priority = 800

    def run(self, **kwargs: Any) -> None:
        if self.config.language != "fr":
            return
        fix = french_latex if builder_of(self.env).format == "latex" else french_html
        for text in list(self.document.findall(nodes.Text)):
            if any(isinstance(parent, SKIP) for parent in ancestors(text)):
                continue
            fixed = fix(str(text))
            if fixed != str(text) and text.parent is not None:
                text.parent.replace(text, nodes.Text(fixed))


def french_titles(app: Sphinx, doctree: nodes.document) -> None:
    """The page's titles as the contents show them (the site's navigation, the e-book's
    ``nav.xhtml``, ``toc.ncx`` and the contents of its first page), spaced as the page's own
    headings: Sphinx copies them when it reads the page (``env.titles``, ``env.tocs``), before
    :class:`FrenchTypography` spaces the page (« Jets de dés : plus c'est bas »)."""
    if app.config.language != "fr" or builder_of(app.env).format != "html":
        return
    docname = app.env.docname
    for tree in (app.env.titles, app.env.longtitles, app.env.tocs):
        node = tree.get(docname)
        for text in list(node.findall(nodes.Text)) if node is not None else ():
            fixed = french_html(str(text))
            if fixed != str(text) and text.parent is not None:
                text.parent.replace(text, nodes.Text(fixed))


def ancestors(node: nodes.Node) -> list[nodes.Node]:
    """The elements holding ``node``, nearest first: a text under one of :data:`SKIP` is left
    alone by the languages' typography and the books' spaces (:mod:`nqsphinx.books.units`)."""
    found = []
    parent = node.parent
    while parent is not None:
        found.append(parent)
        parent = parent.parent
    return found


def french_pdf_string(text: str) -> str:
    """French spacing for a PDF string (a bookmark, the document's information), which
    babel-french never sees: a narrow no-break space before ``; ! ? :``.

    >>> french_pdf_string("Règle optionnelle: sauvegarde ultime")
    'Règle optionnelle\u202f: sauvegarde ultime'
    """
    text = _HIGH.sub(NNBSP + r"\1", text)
    return re.sub(r"(?<=\S)[ \t\u00a0\u202f]*:(?=\s|$)", NNBSP + ":", text)


class FrenchBookmarks(SphinxPostTransform):
    """A French heading's bookmark (and outline) with the spacing babel-french gives its
    printed title: the title becomes ``\\texorpdfstring{printed}{bookmark}``, the bookmark
    spaced by :func:`french_pdf_string` (« Règle optionnelle : sauvegarde ultime »)."""

    default_priority = 805  # after FrenchTypography
    builders = ("latex",)

    def run(self, **kwargs: Any) -> None:
        if self.config.language != "fr":
            return
        for title in list(self.document.findall(nodes.title)):
            text = title.astext()
            bookmark = french_pdf_string(text)
            plain = all(isinstance(child, nodes.Text) for child in title.children)
            if bookmark != text and plain and isinstance(title.parent, nodes.section):
                raw = rf"\texorpdfstring{{{latex_escape(text)}}}{{{latex_escape(bookmark)}}}"
                title.children = []
                title += generated_raw(raw, "latex")


class EnglishQuotes(SphinxTransform):
    """The English book's straight quotes as curly ones, on the site as in the PDF and the
    e-book (a reader meets one typography everywhere).  Before the index entries are made
    (:mod:`nqsphinx.directives.rules_index`, 500), so that a heading's entry reads as its
    heading."""

    default_priority = 450

    def apply(self, **kwargs: Any) -> None:
        if self.config.language in (None, "en"):
            curl_quotes(self.document)


class EnglishQuotesAfterLinks(SphinxPostTransform):
    """The same for the words that the links and the engine's notes bring when the pages are
    written (a reference's title, an erratum's list)."""

    default_priority = 799

    def run(self, **kwargs: Any) -> None:
        if self.config.language in (None, "en"):
            curl_quotes(self.document)


class MinusSigns(SphinxPostTransform):
    """:func:`minus_signs` on every text but code, literals and raw output, and on the images'
    alt texts ("marked −2": the e-book's description of a figure), in every language and
    edition, once the links and the engine's notes have brought their words."""

    default_priority = 798

    def run(self, **kwargs: Any) -> None:
        before, block = " ", None
        for text in list(self.document.findall(nodes.Text)):
            source = str(text)
            holders = ancestors(text)
            if any(isinstance(parent, SKIP) for parent in holders) or not source:
                continue
            owner = _block(holders)  # "-8 points" in a cell starts after a space
            if _aside(holders):
                fixed = minus_signs(source)
            else:
                fixed = minus_signs(source, before if owner is block else " ")
                before, block = source[-1], owner
            if fixed != source and text.parent is not None:
                text.parent.replace(text, nodes.Text(fixed))
        if builder_of(self.env).name == "gettext":  # the catalogues' messages are the source's
            return
        for image in self.document.findall(nodes.image):  # its alt text is read aloud too
            if image.get("alt"):
                image["alt"] = minus_signs(image["alt"])


def _block(ancestors: list[nodes.Node]) -> nodes.Node | None:
    """The paragraph, title or cell a text runs in: a link's words run on in the text around it
    (a term linked, "Burst fire", then " (x2)": the level's space is tied as in the words alone)."""
    return next((a for a in ancestors if not isinstance(a, nodes.Inline)), None)


def _aside(ancestors: list[nodes.Node]) -> bool:
    """Inside a term's hidden definition (its tooltip, written after the term's link): its text
    is set on its own and is not the text before what follows the link (D10 then ")" )."""
    return any(type(parent).__name__ == "TermDefinition" for parent in ancestors)


def curl_quotes(document: nodes.Node) -> None:
    """:func:`english_quotes` on every text of ``document`` but code, literals and raw output.
    A paragraph, title or cell starts after nothing: its first quote opens.

    >>> from docutils import nodes
    >>> block = nodes.block_quote("", nodes.paragraph("", "the terrain."))
    >>> block += nodes.paragraph("", '"Ghost-like" models only.')
    >>> curl_quotes(block)
    >>> block[1].astext()
    '“Ghost-like” models only.'
    """
    before, block = " ", None
    for text in list(document.findall(nodes.Text)):
        source = str(text)
        holders = ancestors(text)
        if any(isinstance(parent, SKIP) for parent in holders) or not source:
            continue
        owner = _block(holders)
        if owner is not block:
            before, block = " ", owner
        aside = _aside(holders)
        fixed = english_quotes(source, " " if aside else before)
        before = before if aside else source[-1]
        if fixed != source and text.parent is not None:
            text.parent.replace(text, nodes.Text(fixed))


def site_text(text: str, lang: str) -> str:
    """``text`` as the site sets it, the transforms above in their order: curly quotes in
    English, minus signs, French spacing.

    >>> site_text("the model's -1", "en")
    'the model’s −1'
    """
    if lang == "en":
        text = english_quotes(text)
    text = minus_signs(text)
    return french_html(text) if lang == "fr" else text


def setup(app: Sphinx) -> None:
    app.add_post_transform(FrenchTypography)
    app.connect("doctree-read", french_titles, priority=900)  # after the toc collector's
    app.add_post_transform(FrenchBookmarks)
    app.add_transform(EnglishQuotes)
    app.add_post_transform(EnglishQuotesAfterLinks)
    app.add_post_transform(MinusSigns)
