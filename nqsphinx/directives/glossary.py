"""The bilingual glossary (``docs/_data/glossary.toml``): its page in both languages, and links
from the rules text to it.

``{nq-glossary}`` renders every term in the page's language with its abbreviation, the term in
the other language, its definition, the section that defines it and the sections that use it.
Each entry has the language-independent anchor ``term-<key>``, a permalink, and a label that
``{ref}`` can target; the search lists it as an object (``nq:term``,
:mod:`nqsphinx.directives.entities`).
In HTML the page opens with an A–Z bar and a filter box (``nq.js`` shows the box; without
JavaScript it stays hidden).

In HTML, the first use of each term or abbreviation on a page links to its entry
(:mod:`nqsphinx.directives.glossary_links`).  The link is described (``aria-describedby``) by the
definition and the other language's term, written in a hidden element right after it, so that a
screen reader says the definition on any device; ``nq.js`` shows that element as a box next to the
term on hover, focus or tap (the WAI-ARIA tooltip pattern).  Without JavaScript the link's title
shows the same words on hover.  An e-book has plain links (it shows no pop-up, and a screen reader
would read the definition at every term).  The links are made when a page is read, so that the
sections where they land are kept in the build environment (merged after parallel reads) and the
glossary lists them once every page is read.
"""

from __future__ import annotations

import os
import unicodedata
from collections import Counter
from collections.abc import Iterable, Set
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from nqcore.data import datafiles
from nqcore.data.datafiles import DataFileError
from nqcore.data.dataschema import GlossaryFile
from nqcore.i18n import LANGUAGES, locale_dirs
from nqsphinx.builder import builder_of
from nqsphinx.directives import entities
from nqsphinx.directives.coverage import chapters_in_order, shown_from_every_page
from nqsphinx.directives.rules_index import INDEXED_FORMATS, index_node, index_section, index_text
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language, ui_text
from nqsphinx.refusals import Refused
from nqsphinx.untrusted import generated_raw
from nqtranslate import glossary_files, name_clashes
from nqtranslate.glossary_files import read_language_file

GLOSSARY_FILE = Path("_data") / "glossary.toml"
GLOSSARY_PAGE = "glossary"
#: Pages whose text is not rules: no glossary links there.
UNLINKED_PAGES = frozenset({GLOSSARY_PAGE, "the-unexpected-enemy", "credits", "index"})
#: A language the glossary file does not hold keeps its terms beside its page catalogues:
#: ``locale/<lang>/glossary.toml``, one ``[[term]]`` per key with ``<lang>``, ``def_<lang>`` and
#: an optional ``abbr_<lang>`` (:mod:`nqtranslate.glossary_files`).
LANGUAGE_FILE = glossary_files.LANGUAGE_FILE
#: Where the build environment keeps, per page, the glossary links made on it.
USES_KEY = "nq_glossary_uses"
#: The attribute of a term link naming its term: its address and its description follow from it.
TERM_ATTRIBUTE = "nq_term"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
FILTER_ID = "nq-glossary-filter"


@dataclass(frozen=True)
class Term:
    key: str
    names: dict[str, str]
    abbreviations: dict[str, str]
    definitions: dict[str, str]
    #: The section that defines the term: its index entry and its search rank go there.
    section: str
    #: Where "See the rules" leads: the defining paragraph or table row, when the section runs
    #: over pages (its first page was not the term's), else the section.
    target: str
    #: The other sections whose rules the definition states: cited after "See the rules".
    rules: tuple[str, ...] = ()

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


class GlossaryError(DataFileError):
    """A malformed glossary record; the message names the file, the record and the field."""


def _language_files(path: Path, lang: str) -> list[Path]:
    """Where ``lang``'s own glossary file of the glossary file ``path`` may be, first first."""
    page_locale = path.resolve().parents[2] / "locale"  # docs/_data/glossary.toml → locale/
    return [folder / lang / LANGUAGE_FILE for folder in locale_dirs(page_locale)]


def glossary_inputs(srcdir: str | os.PathLike[str]) -> list[Path]:
    """The files the glossary of the book in ``srcdir`` is read from: the glossary file and the
    language files it finds. A page that shows the glossary's words notes each as a dependency:
    an edit of any reads the page again (an incremental build)."""
    path = Path(srcdir) / GLOSSARY_FILE
    found = [path] if path.is_file() else []
    for lang in LANGUAGES:
        found += [file for file in _language_files(path, lang) if file.is_file()][:1]
    return found


def _language_records(path: Path, records: list[dict[str, Any]]) -> None:
    """Add to ``records`` (of the glossary file ``path``) the fields of every language's own
    glossary file (:data:`LANGUAGE_FILE`); a term it lacks or does not know names that file."""
    by_key = {record.get("key"): record for record in records}
    for lang in LANGUAGES:
        files = _language_files(path, lang)
        found = next((file for file in files if file.is_file()), None)
        if found is None and any(not record.get(lang) for record in records):
            raise GlossaryError(
                f"{files[0]}: missing: {lang} is not a language of the project until the "
                "glossary has its words (README, A new language)"
            )
        if found is None:
            continue
        try:
            extra = read_language_file(found, lang, by_key.keys())
        except DataFileError as error:  # file and line: not TOML, a field or a term refused
            raise GlossaryError(str(error)) from None
        for record in extra:
            by_key[record["key"]].update(record)
        for key, record in by_key.items():
            missing = [field for field in (lang, f"def_{lang}") if not record.get(field)]
            if missing:
                raise GlossaryError(f"{found}: term {key}: missing field(s) {', '.join(missing)}")


@cache
def load_terms(path: Path) -> tuple[Term, ...]:
    """The glossary's terms: the glossary file checked against its schema
    (:class:`nqcore.data.dataschema.Term`: English and French), then each other language's own file
    (:data:`LANGUAGE_FILE`), which must give every term its words."""
    try:
        data = datafiles.load_path(path, GlossaryFile)
    except DataFileError as error:
        raise GlossaryError(str(error)) from None
    records = data["term"]
    _language_records(path, records)
    if clash := name_clashes.glossary_clash(str(path), records, LANGUAGES):
        raise GlossaryError(clash)
    terms = []
    for record in records:
        terms.append(
            Term(
                key=record["key"],
                names={lang: record[lang] for lang in LANGUAGES},
                abbreviations={
                    lang: record[f"abbr_{lang}"] for lang in LANGUAGES if record.get(f"abbr_{lang}")
                },
                definitions={lang: record[f"def_{lang}"] for lang in LANGUAGES},
                section=record["section"],
                target=record.get("target") or record["section"],
                rules=tuple(record.get("rules") or ()),
            )
        )
    return tuple(terms)


def terms_for(srcdir: str | os.PathLike[str]) -> tuple[Term, ...]:
    """The glossary of the book being built; a bad record stops the build in one line. A
    project without a glossary file has no terms (the extension is usable without one)."""
    path = Path(srcdir) / GLOSSARY_FILE
    if not path.is_file():
        return ()
    try:
        return load_terms(path)
    except GlossaryError as error:
        raise Refused(str(error)) from None


def term_label(term: Term) -> str:
    return f"term-{term.key}"


#: Characters a dictionary ignores at the first level: apostrophes and hyphens.
_IGNORED = str.maketrans("", "", "'’ʼ‐‑-")


def collation_key(name: str) -> tuple[str, str]:
    """Dictionary order: accents, case, apostrophes and hyphens aside (« Élan d’attaque » among
    the E, not after Z; « Modificateur d’armure » before « Modificateur de pénétration »), then
    the exact form, so that the order never depends on the glossary file's.

    >>> sorted(["Modificateur de pénétration", "Modificateur d’armure"], key=collation_key)
    ['Modificateur d’armure', 'Modificateur de pénétration']
    """
    bare = unicodedata.normalize("NFKD", name)
    bare = "".join(char for char in bare if not unicodedata.combining(char))
    return bare.translate(_IGNORED).casefold(), name


def initial(name: str) -> str:
    """The letter a term is filed under in the A–Z bar: « À terre » under A."""
    return collation_key(name)[0][:1].upper()


def sorted_terms(terms: Iterable[Term], lang: str) -> list[Term]:
    return sorted(terms, key=lambda term: collation_key(term.names[lang]))


def letter_bar(terms: list[Term], lang: str) -> str:
    """The A–Z bar: each letter that has terms links to the first of them."""
    first: dict[str, str] = {}
    for term in terms:
        first.setdefault(initial(term.names[lang]), term_label(term))
    items = [
        f'<li><a href="#{first[letter]}">{letter}</a></li>'
        if letter in first
        else f'<li><span aria-hidden="true">{letter}</span></li>'
        for letter in LETTERS
    ]
    label = _html(ui_text("Terms by letter", lang), lang)
    return f'<nav class="nq-glossary-az" aria-label="{label}"><ul>{"".join(items)}</ul></nav>'


def filter_box(lang: str) -> str:
    """The filter box, hidden until ``nq.js`` shows it (nothing to use without JavaScript)."""
    return (
        f'<div class="nq-glossary-filter" hidden>'
        f'<label for="{FILTER_ID}">{_html(ui_text("Filter the terms", lang), lang)}</label> '
        f'<input type="search" id="{FILTER_ID}" autocomplete="off" spellcheck="false">'
        f'<p class="nq-glossary-status" role="status" '
        f'data-none="{_html(ui_text("No term matches.", lang), lang)}"></p></div>'
    )


def _html(words: str, lang: str) -> str:
    """Words for raw HTML, which the build's French typography does not reach."""
    return escape(french_html(words) if lang == "fr" else words)


#: The class of the container where an entry lists the sections that use its term, filled once
#: every page is read.
USES_PLACEHOLDER = "nq-glossary-uses-placeholder"


def uses_placeholder(term: Term) -> nodes.container:
    return nodes.container(classes=[USES_PLACEHOLDER], term=term.key)


class GlossaryDirective(SphinxDirective):
    """Every term, sorted in the page's language, after the A–Z bar and the filter box."""

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        for path in glossary_inputs(self.env.srcdir):
            self.env.note_dependency(str(path))
        std = self.env.get_domain("std")
        other = "fr" if lang == "en" else "en"
        terms = sorted_terms(terms_for(self.env.srcdir), lang)
        items = nodes.definition_list(classes=["nq-glossary", "glossary"])  # the theme's look
        for term in terms:
            label = term_label(term)
            std.note_hyperlink_target(label, self.env.docname, label, term.label(lang))  # type: ignore[attr-defined]
            item = nodes.definition_list_item()
            # On the term, not the item: the HTML writer renders no element for the item. In a
            # glossary node, the writer adds the term's permalink.
            item += nodes.term(text=term.label(lang), ids=[label])
            entities.domain(self.env).note_entity("term", term.key, term.label(lang), label, item)
            body = nodes.definition()
            body += index_node(index_text(term.label(lang), lang), label)
            para = nodes.paragraph(text=term.definitions[lang] + " ")
            ref = addnodes.pending_xref(
                "",
                refdomain="std",
                reftype="ref",
                reftarget=term.target,
                refexplicit=True,
                refwarn=True,
                refdoc=self.env.docname,
            )
            ref += nodes.inline(text=ui_text("See the rules", lang))
            para += ref
            para += rule_references(term, self.env.docname)
            body += para
            # The other language's term carries its language (WCAG 3.1.2, language of parts).
            body += nodes.paragraph(
                "",
                f"{other.upper()}{_colon(lang)}",
                nodes.inline(text=term.label(other), classes=[f"language-{other}"]),
                classes=["nq-glossary-other"],
            )
            body += uses_placeholder(term)
            item += body
            # Not the inline nodes: Sphinx unwraps any inline with that attribute, and the term's
            # language with it.
            for node in item.findall(nodes.TextElement):
                if not isinstance(node, nodes.inline):
                    node["translatable"] = False
            items += item
        glossary = addnodes.glossary(sorted=False)  # sorted here, in the page's language
        glossary += items
        tools = generated_raw(letter_bar(terms, lang) + filter_box(lang), "html")
        return [tools, glossary]


def rule_references(term: Term, docname: str) -> list[nodes.Node]:
    """ ", <title>" for each other section whose rules ``term`` states (its page, in print)."""
    args = {"refdomain": "std", "reftype": "ref", "refwarn": True, "refexplicit": False}
    refs = [
        addnodes.pending_xref("", nodes.inline(), reftarget=r, refdoc=docname, **args)
        for r in term.rules
    ]
    return [node for ref in refs for node in (nodes.Text(", "), ref)]


class Use(NamedTuple):
    """A glossary link made on a page: its term, and the section (id, title) it stands in."""

    term: str
    section: str
    title: str


def _uses(env: BuildEnvironment) -> dict[str, list[Use]]:
    if not hasattr(env, USES_KEY):
        setattr(env, USES_KEY, {})
    uses: dict[str, list[Use]] = getattr(env, USES_KEY)
    return uses


def purge_uses(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _uses(env).pop(docname, None)


def merge_uses(
    app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment
) -> None:
    theirs = _uses(other)
    _uses(env).update({name: theirs[name] for name in docnames if name in theirs})


#: The builds (their environments) in which a page other than the glossary changed, with what the
#: glossary's lists of uses showed before it was read again (None: a page added or removed).
_before: WeakKeyDictionary[BuildEnvironment, tuple[Any, ...] | None] = WeakKeyDictionary()


def _shown(env: BuildEnvironment) -> tuple[Any, ...]:
    return ({name: list(uses) for name, uses in _uses(env).items()}, *shown_from_every_page(env))


def glossary_outdated(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """Notes what the glossary's lists show when a page other than the glossary changed (see
    :func:`glossary_updated`)."""
    if (set(added) | set(removed)) - {GLOSSARY_PAGE}:
        _before[env] = None
    elif set(changed) - {GLOSSARY_PAGE}:
        _before[env] = _shown(env)
    return []


def glossary_updated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The glossary page lists the sections that use each term: written again when what it
    lists changed (a use, a section's title or place, a page added or removed). The list is
    made when the page is written (:class:`GlossaryUses`), from the uses each page's reading
    left in the environment, so the page need not be read again."""
    if env not in _before or GLOSSARY_PAGE not in env.all_docs:
        _before.pop(env, None)
        return []
    before = _before.pop(env)
    return [GLOSSARY_PAGE] if before is None or before != _shown(env) else []


def uses_in_order(env: BuildEnvironment, root: str) -> dict[str, list[tuple[str, Use]]]:
    """Per term, (page, use) in reading order: the pages of the toctrees, then any other page
    by name; on a page, in the order of its text."""
    store = _uses(env)
    reading = chapters_in_order(env, root)
    pages = [name for name in reading if name in store]
    pages += sorted(set(store) - set(reading))
    found: dict[str, list[tuple[str, Use]]] = {}
    for page in pages:
        for use in store[page]:
            found.setdefault(use.term, []).append((page, use))
    return found


class GlossaryUses(SphinxPostTransform):
    """Fills each entry's placeholder with "Used in: …", a link to each section that uses the
    term (HTML; other formats have no glossary links, so no list)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        placeholders = [
            node
            for node in self.document.findall(nodes.container)
            if USES_PLACEHOLDER in node["classes"]
        ]
        if not placeholders:
            return
        lang = page_language(self.config.language)
        found = uses_in_order(self.env, self.config.root_doc)
        for placeholder in placeholders:
            uses = found.get(placeholder["term"], [])
            if uses and builder_of(self.env).format == "html":
                placeholder.replace_self(self.paragraph(uses, lang))
            else:
                placeholder.parent.remove(placeholder)

    def paragraph(self, uses: list[tuple[str, Use]], lang: str) -> nodes.paragraph:
        para = nodes.paragraph(classes=["nq-glossary-uses"])
        para["translatable"] = False
        para += nodes.Text(ui_text("Used in:", lang) + " ")
        repeated = Counter(use.title for _, use in uses)
        for index, (page, use) in enumerate(uses):
            if index:
                para += nodes.Text(", ")
            uri = builder_of(self.env).get_relative_uri(self.env.docname, page)
            title = self.env.titles.get(page)
            chapter = title.astext() if title is not None else page
            # Two sections of one name (« Pour toucher ») are told apart by their chapter.
            text = f"{use.title} ({chapter})" if repeated[use.title] > 1 else use.title
            para += nodes.reference(
                text, text, internal=True, refuri=f"{uri}#{use.section}", reftitle=chapter
            )
        return para


class TermIndexEntries(SphinxTransform):
    """Each term's index entry where the glossary's "See the rules" leads, besides its glossary
    entry: the index sends the reader to the rule, at the section that defines it or, for a
    section that runs over pages, at its defining paragraph (its ``target``), so that the index
    and the glossary give one page (after the labels are set on what follows them, 260; before
    the domains collect index entries, 850)."""

    default_priority = 510

    def apply(self, **kwargs: object) -> None:
        lang = page_language(self.config.language)
        defined: dict[str, list[Term]] = {}
        for term in terms_for(self.env.srcdir):
            defined.setdefault(term.target, []).append(term)
        for element in list(self.document.findall(nodes.Element)):
            for label in element.get("ids", []):
                for term in defined.get(label, []):
                    index_term(element, term, lang)


def index_term(element: nodes.Element, term: Term, lang: str) -> None:
    """``term``'s entry at ``element``: a section's after its heading (unless the heading is the
    term: its own entry is it); a paragraph's inside it, before its first word, so that the page
    is that of its first line."""
    text = term.label(lang)
    if isinstance(element, nodes.section):
        heading = element[0].astext() if element.children else ""
        if text != heading:
            index_section(element, text, lang)
    elif isinstance(element, nodes.paragraph):
        entry = index_node(index_text(text, lang), term.target)
        entry["inline"] = True  # inside the paragraph: no line break of its own in LaTeX
        element.insert(0, entry)
    elif element.parent is not None:
        position = element.parent.index(element)
        element.parent.insert(position, index_node(index_text(text, lang), term.target))


def _register_index(app: Sphinx) -> None:
    if app.builder.format in INDEXED_FORMATS:
        app.add_transform(TermIndexEntries)


def setup(app: Sphinx) -> None:
    app.setup_extension("nqsphinx.directives.entities")
    app.add_directive("nq-glossary", GlossaryDirective)
    app.connect("builder-inited", _register_index)
    app.add_post_transform(GlossaryUses)
    app.setup_extension("nqsphinx.directives.glossary_links")
    app.connect("env-purge-doc", purge_uses)
    app.connect("env-merge-info", merge_uses)
    app.connect("env-get-outdated", glossary_outdated)
    app.connect("env-get-updated", glossary_updated)
