"""Links from the rules text to the glossary (:mod:`nqsphinx.directives.glossary`): the first
use of each term on a page links to its entry, with the term's definition as the link's
description (a screen reader hears it; ``nq.js`` shows it as a pop-up). HTML builds only.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

from nqsphinx.directives.glossary import (
    GLOSSARY_PAGE,
    TERM_ATTRIBUTE,
    UNLINKED_PAGES,
    Term,
    Use,
    _uses,
    glossary_inputs,
    terms_for,
)
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

#: Where a term is never linked.  The links are made when a page is read, before Sphinx drops
#: its informational messages (a system_message) and the ``{only}`` blocks of other builds.
_SKIP = (
    nodes.reference,
    nodes.math,
    nodes.system_message,
    nodes.Invisible,
    nodes.literal,
    nodes.literal_block,
    nodes.title,
    nodes.raw,
    nodes.doctest_block,
    nodes.term,
    addnodes.pending_xref,
    nodes.caption,
)


class OtherSense(NamedTuple):
    """Where a glossary word means something else: the text just before it ends with ``before``,
    or the text just after it starts with ``after``, or anywhere on one of ``pages``."""

    before: re.Pattern[str] | None = None
    after: re.Pattern[str] | None = None
    pages: frozenset[str] = frozenset()

    def holds(self, before: str, after: str) -> bool:
        return bool(
            (self.before and self.before.search(before)) or (self.after and self.after.match(after))
        )


#: Uses of a term's word in another sense, by term key: not linked.  "The ``nq`` command", "the
#: ``nq points`` command", "command line" are the program, not the characteristic Command (CO);
#: on the program's page (``nq``), "command" alone is always the program ("command test", another
#: term, is still linked there).
#: The rules' common words among the terms ("activation", "charge", "panicked", "range",
#: "cover"...) are used in their game sense throughout the book; "command" is the one word the
#: pages about the program also use for the program.
OTHER_SENSES: dict[str, OtherSense] = {
    "command": OtherSense(
        before=re.compile(r"\bnq(?: [\w-]+)* $"),
        after=re.compile(r"[- ]lines?\b", re.IGNORECASE),
        pages=frozenset({"nq"}),
    ),
}


def _matcher(terms: tuple[Term, ...], lang: str) -> tuple[re.Pattern[str], dict[str, Term]]:
    """One pattern for every name (case-insensitive) and abbreviation (exact, 2+ letters)."""
    names: dict[str, Term] = {}
    for term in terms:
        names.setdefault(term.names[lang].casefold(), term)
        abbreviation = term.abbreviations.get(lang, "")
        if len(abbreviation) >= 2 and "/" not in abbreviation:
            names.setdefault(abbreviation, term)
    ordered = sorted(names, key=len, reverse=True)
    pattern = "|".join(
        rf"(?-i:{re.escape(n)})"
        if n in {t.abbreviations.get(lang) for t in terms}
        else re.escape(n)
        for n in ordered
    )
    return re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE), names


def link_terms(app: Sphinx, doctree: nodes.document) -> None:
    """Link the first use of each glossary term on a page to its entry (HTML only), when the
    page is read, and keep the section of each link for the glossary's "Used in"."""
    docname = app.env.docname
    # Every page is read again when the glossary changes, in every builder: the printed index
    # takes entries from its terms too (attack round twenty: a term changed back stayed in the
    # PDF's index, its pages not read again by the LaTeX build).
    for path in glossary_inputs(app.env.srcdir):
        app.env.note_dependency(str(path))
    if app.builder.format != "html" or docname in UNLINKED_PAGES:
        return
    lang = page_language(app.config.language)
    pattern, names = _matcher(terms_for(app.srcdir), lang)
    uses: list[Use] = []
    # A term whose word means something else all over this page is taken as linked already.
    linked = {key for key, sense in OTHER_SENSES.items() if docname in sense.pages}
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or not isinstance(parent, nodes.TextElement) or _hidden(app, text):
            continue
        pieces, terms = _split(str(text), pattern, names, linked, lang, _text_before(text))
        if not terms:
            continue
        section = _section(text)
        uses.extend(Use(term.key, *section) for term in terms)
        # By identity: Text nodes are strings, and equal strings would compare equal.
        index = next(n for n, child in enumerate(parent.children) if child is text)
        parent[index : index + 1] = pieces
    _uses(app.env)[docname] = uses


class TermLink(nodes.reference):  # type: ignore[misc]  # docutils is untyped
    """A link to a glossary entry, described by the :class:`TermDefinition` that follows it."""


class TermDefinition(nodes.inline):  # type: ignore[misc]  # docutils is untyped
    """The definition of the term linked just before it, hidden: a screen reader hears it as the
    link's description, and ``nq.js`` shows it as the link's pop-up.  ``no-search``: the search
    index would otherwise list every page that uses a term for each word of its definition."""

    def __init__(self, rawsource: str, text: str, **attributes: Any) -> None:
        super().__init__(rawsource, text, **attributes)
        self["classes"] += ["nq-term-definition", "no-search"]


def definition_id(key: str) -> str:
    """The id of a term's definition on a page; unique, since a term is linked once per page."""
    return f"nq-def-{key}"


#: The builders whose term links are plain links to the glossary: in an e-book the reading
#: system shows no pop-up, and a screen reader would read the whole definition (the hidden span
#: the link is described by, or its title) at every term; the glossary page holds them.
PLAIN_LINK_BUILDERS = frozenset({"epub"})


def _plain(translator: HTML5Translator) -> bool:
    return translator.builder.name in PLAIN_LINK_BUILDERS


def visit_term_link(translator: HTML5Translator, node: TermLink) -> None:
    """Sphinx's link, plus ``aria-describedby`` (its writer has no way to add an attribute); in
    an e-book, a plain link (:data:`PLAIN_LINK_BUILDERS`)."""
    if _plain(translator):
        node.attributes.pop("reftitle", None)
        translator.visit_reference(node)
        return
    translator.visit_reference(node)
    opening = translator.body[-1]
    described = f' aria-describedby="{escape(definition_id(node[TERM_ATTRIBUTE]))}">'
    translator.body[-1] = opening[: opening.rindex(">")] + described


def depart_term_link(translator: HTML5Translator, node: TermLink) -> None:
    translator.depart_reference(node)


def visit_term_definition(translator: HTML5Translator, node: TermDefinition) -> None:
    """Hidden until shown; ``role="tooltip"`` as the WAI-ARIA pattern has it; none in an
    e-book."""
    if _plain(translator):
        raise nodes.SkipNode
    translator.body.append(translator.starttag(node, "span", "", role="tooltip", hidden="hidden"))


def depart_term_definition(translator: HTML5Translator, node: TermDefinition) -> None:
    translator.body.append("</span>")


def _text_before(text: nodes.Text) -> str:
    """The text of the siblings before ``text`` (a literal ``nq`` names the program)."""
    parent = text.parent
    index = next(n for n, child in enumerate(parent.children) if child is text)
    return "".join(child.astext() for child in parent.children[:index])[-80:]


def _split(
    value: str,
    pattern: re.Pattern[str],
    names: dict[str, Term],
    linked: set[str],
    lang: str,
    before: str = "",
) -> tuple[list[nodes.Node], list[Term]]:
    """The text as pieces, with a link for each term not yet linked on the page, unless its
    word is used there in another sense (:data:`OTHER_SENSES`); the terms."""
    if lang == "fr":
        # French spacing now, on the whole text: once split, the text after a link would lose
        # the character before its colon, and the build's typography (idempotent) would skip it.
        value = french_html(value)
    pieces: list[nodes.Node] = []
    terms: list[Term] = []
    last = 0
    for match in pattern.finditer(value):
        found = match.group(0)
        term = names.get(found) or names.get(found.casefold())
        if term is None or term.key in linked:
            continue
        sense = OTHER_SENSES.get(term.key)
        if sense and sense.holds(before + value[: match.start()], value[match.end() :]):
            continue
        linked.add(term.key)
        terms.append(term)
        pieces.append(nodes.Text(value[last : match.start()]))
        tooltip = french_html(term.tooltip(lang)) if lang == "fr" else term.tooltip(lang)
        ref = TermLink(found, found, reftitle=tooltip, classes=["nq-term"])
        ref[TERM_ATTRIBUTE] = term.key
        pieces.append(ref)
        pieces.append(TermDefinition(tooltip, tooltip, ids=[definition_id(term.key)]))
        last = match.end()
    pieces.append(nodes.Text(value[last:]))
    return pieces, terms


def _section(node: nodes.Node) -> tuple[str, str]:
    """The id and title of the innermost section holding ``node`` with both."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section) and parent["ids"] and parent.children:
            title = parent[0]
            if isinstance(title, nodes.title):
                return parent["ids"][0], title.astext()
        parent = parent.parent
    return "", ""


def address_term_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Give each term link of a page its address, which depends on the builder."""
    uri = app.builder.get_relative_uri(docname, GLOSSARY_PAGE)
    for ref in doctree.findall(nodes.reference):
        if TERM_ATTRIBUTE in ref:
            ref["refuri"] = f"{uri}#term-{ref[TERM_ATTRIBUTE]}"


def _hidden(app: Sphinx, node: nodes.Node) -> bool:
    """Whether ``node`` is in a place that takes no link, or that this build leaves out."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIP):
            return True
        if isinstance(parent, addnodes.only) and not app.tags.eval_condition(parent["expr"]):
            return True
        parent = parent.parent
    return False


#: Where the glossary's input files of the last build are kept in the pickled environment.
INPUTS_ATTRIBUTE = "nq_glossary_inputs"


def inputs_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: the pages that show the glossary's words, when its files are not
    those of the last build.  A page notes the files it read as dependencies, which Sphinx
    checks; a language's file made since (``locale/fr/glossary.toml``) was no dependency."""
    now = [str(path.resolve()) for path in glossary_inputs(env.srcdir)]
    before = getattr(env, INPUTS_ATTRIBUTE, None)
    setattr(env, INPUTS_ATTRIBUTE, now)
    if before is None or before == now:
        return []
    inputs = {Path(path) for path in [*before, *now]}
    return sorted(
        page
        for page, files in env.dependencies.items()
        if page in env.found_docs
        and any(Path(env.srcdir, file).resolve() in inputs for file in files)
    )


def setup(app: Sphinx) -> None:
    app.connect("env-get-outdated", inputs_outdated)
    # HTML only: the links are made for HTML builds alone.
    app.add_node(TermLink, html=(visit_term_link, depart_term_link))
    app.add_node(TermDefinition, html=(visit_term_definition, depart_term_definition))
    app.connect("doctree-read", link_terms)
    app.connect("doctree-resolved", address_term_links)
