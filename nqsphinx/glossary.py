"""The bilingual glossary (``docs/_data/glossary.toml``): its page in both languages, and links
from the rules text to it.

``{nq-glossary}`` renders every term in the page's language with its abbreviation, the term in
the other language, its definition and the section that defines it.  In HTML, the first use of
each term or abbreviation on a page links to its entry; the link's title shows the definition and
the other language's term, on hover (and on tap, with ``nq.js``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqsphinx.messages import page_language, ui_text
from nqsphinx.rules_index import index_node, index_text
from nqsphinx.typography import french_html

GLOSSARY_FILE = Path("_data") / "glossary.toml"
GLOSSARY_PAGE = "glossary"
#: Pages whose text is not rules: no glossary links there.
UNLINKED_PAGES = frozenset({GLOSSARY_PAGE, "the-unexpected-enemy", "credits", "index"})
REQUIRED = ("key", "en", "fr", "def_en", "def_fr", "section")


@dataclass(frozen=True)
class Term:
    key: str
    names: dict[str, str]
    abbreviations: dict[str, str]
    definitions: dict[str, str]
    section: str

    def label(self, lang: str) -> str:
        abbreviation = self.abbreviations.get(lang)
        name = self.names[lang]
        return f"{name} ({abbreviation})" if abbreviation else name

    def tooltip(self, lang: str) -> str:
        other = "fr" if lang == "en" else "en"
        return (
            f"{self.label(lang)} — {other.upper()}{_colon(lang)}{self.label(other)}. "
            f"{self.definitions[lang]}"
        )


def _colon(lang: str) -> str:
    """A colon as the language writes it (French spaces it; the build makes the space fixed)."""
    return " : " if lang == "fr" else ": "


class GlossaryError(ValueError):
    """A malformed glossary record; the message names the file and the record."""


@cache
def load_terms(path: Path) -> tuple[Term, ...]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = []
    for index, record in enumerate(data.get("term", [])):
        missing = [name for name in REQUIRED if not record.get(name)]
        if missing:
            raise GlossaryError(
                f"{path}: term #{index + 1} ({record.get('key', '?')}): "
                f"missing field(s) {', '.join(missing)}"
            )
        terms.append(
            Term(
                key=record["key"],
                names={"en": record["en"], "fr": record["fr"]},
                abbreviations={
                    lang: record[f"abbr_{lang}"]
                    for lang in ("en", "fr")
                    if record.get(f"abbr_{lang}")
                },
                definitions={"en": record["def_en"], "fr": record["def_fr"]},
                section=record["section"],
            )
        )
    return tuple(terms)


def terms_for(app: Sphinx) -> tuple[Term, ...]:
    return load_terms(Path(app.srcdir) / GLOSSARY_FILE)


def term_label(term: Term) -> str:
    return f"term-{term.key}"


class GlossaryDirective(SphinxDirective):
    """Every term, sorted in the page's language."""

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        self.env.note_dependency(str(Path(self.env.srcdir) / GLOSSARY_FILE))
        std = self.env.get_domain("std")
        other = "fr" if lang == "en" else "en"
        items = nodes.definition_list(classes=["nq-glossary"])
        for term in sorted(terms_for(self.env.app), key=lambda t: t.names[lang].casefold()):
            label = term_label(term)
            std.note_hyperlink_target(label, self.env.docname, label, term.label(lang))  # type: ignore[attr-defined]
            item = nodes.definition_list_item(ids=[label])
            item += nodes.term(text=term.label(lang))
            body = nodes.definition()
            body += index_node(index_text(term.label(lang), lang), label)
            para = nodes.paragraph(text=term.definitions[lang] + " ")
            ref = addnodes.pending_xref(
                "", refdomain="std", reftype="ref", reftarget=term.section,
                refexplicit=True, refwarn=True, refdoc=self.env.docname,
            )  # fmt: skip
            ref += nodes.inline(text=ui_text("See the rules", lang))
            para += ref
            body += para
            body += nodes.paragraph(
                text=f"{other.upper()}{_colon(lang)}{term.label(other)}",
                classes=["nq-glossary-other"],
            )
            item += body
            for node in item.findall(nodes.TextElement):
                node["translatable"] = False
            items += item
        return [items]


_SKIP = (
    nodes.reference,
    nodes.literal,
    nodes.literal_block,
    nodes.title,
    nodes.raw,
    nodes.doctest_block,
    nodes.term,
    addnodes.pending_xref,
    nodes.caption,
)


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


def link_terms(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Link the first use of each glossary term on a page to its entry (HTML only)."""
    if app.builder.format != "html" or docname in UNLINKED_PAGES:
        return
    lang = page_language(app.config.language)
    terms = terms_for(app)
    pattern, names = _matcher(terms, lang)
    uri = app.builder.get_relative_uri(docname, GLOSSARY_PAGE)
    linked: set[str] = set()
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or _inside(text, _SKIP) or not isinstance(parent, nodes.TextElement):
            continue
        value = str(text)
        pieces: list[nodes.Node] = []
        last = 0
        for match in pattern.finditer(value):
            found = match.group(0)
            term = names.get(found) or names.get(found.casefold())
            if term is None or term.key in linked:
                continue
            linked.add(term.key)
            pieces.append(nodes.Text(value[last : match.start()]))
            tooltip = french_html(term.tooltip(lang)) if lang == "fr" else term.tooltip(lang)
            ref = nodes.reference(
                found,
                found,
                refuri=f"{uri}#{term_label(term)}",
                reftitle=tooltip,
                classes=["nq-term"],
            )
            pieces.append(ref)
            last = match.end()
        if pieces:
            pieces.append(nodes.Text(value[last:]))
            index = parent.index(text)
            parent.remove(text)
            for offset, piece in enumerate(pieces):
                parent.insert(index + offset, piece)


def _inside(node: nodes.Node, kinds: tuple[type[Any], ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def setup(app: Sphinx) -> None:
    app.add_directive("nq-glossary", GlossaryDirective)
    app.connect("doctree-resolved", link_terms)
