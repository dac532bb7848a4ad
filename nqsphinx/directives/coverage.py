"""The rules coverage page: per chapter, how many sections hold an executable example (a doctest
inside an ``{example}``) or a table, card or diagram generated from the engine (a diagram drawn by
hand, an SVG file, does not count).

Each document's sections are surveyed when it is read (``doctree-read``) and kept in the build
environment, so that parallel reads merge their findings (``env-merge-info``) and a re-read page
replaces its own (``env-purge-doc``).  ``{nq-coverage}`` leaves a placeholder that a post-transform
fills once every page is read, in the page's language, with a link to each chapter.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from fractions import Fraction
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from nqcore.i18n import format_number, format_percent
from nqsphinx.messages import page_language, ui_text

#: Classes of the nodes that the extension's directives generate from engine data: tables
#: (``nq-table``), spell and mutation cards, the errata, the glossary and the changes since the
#: French v2.4b.
ENGINE_CLASSES = frozenset(
    {"nq-table", "nq-card", "nq-erratum", "nq-glossary", "nq-edition-change"}
)
#: The class of every card of the book (a spell's, a mutation's): an erratum naming one has
#: its box in the card's section (nqsphinx.directives.errata).
CARD_CLASS = "nq-card"
#: The class of every rules diagram; those drawn by code from engine data hold no image file.
DIAGRAM_CLASS = "nq-diagram"
#: The class of the ``{example}`` admonition (:mod:`nqsphinx.directives.examples`).
EXAMPLE_CLASS = "nq-example"
#: The directives of ``sphinx.ext.doctest`` that run code.
TEST_NODE_TYPES = frozenset({"doctest", "testcode"})
ENV_KEY = "nq_coverage"
PAGES_KEY = "nq_coverage_pages"


class SectionCoverage(NamedTuple):
    """One section of a page (its first id): whether its own text, not counting its
    sub-sections, holds an executable example and a generated table."""

    label: str
    example: bool
    engine: bool


class ChapterCoverage(NamedTuple):
    docname: str
    sections: int
    with_example: int
    with_engine: int
    covered: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.covered, self.sections) if self.sections else Fraction(0)


def _own_nodes(section: nodes.section) -> Iterator[nodes.Element]:
    """The elements of ``section`` outside its sub-sections."""
    stack = [child for child in section.children if isinstance(child, nodes.Element)]
    while stack:
        node = stack.pop()
        if isinstance(node, nodes.section):
            continue
        yield node
        stack.extend(child for child in node.children if isinstance(child, nodes.Element))


def _is_example_test(node: nodes.Element) -> bool:
    if node.get("testnodetype") not in TEST_NODE_TYPES:
        return False
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.section):
        if isinstance(parent, nodes.Element) and EXAMPLE_CLASS in parent.get("classes", []):
            return True
        parent = parent.parent
    return False


def _is_engine_output(node: nodes.Element) -> bool:
    classes = node.get("classes", [])
    if ENGINE_CLASSES.intersection(classes):
        return True
    drawn = DIAGRAM_CLASS in classes and isinstance(node, nodes.figure)
    return drawn and not any(True for _ in node.findall(nodes.image))


def survey(doctree: nodes.document) -> list[SectionCoverage]:
    """Every section of a doctree, in document order, with what its own text holds."""
    found = []
    for section in doctree.findall(nodes.section):
        own = list(_own_nodes(section))
        found.append(
            SectionCoverage(
                label=section["ids"][0] if section["ids"] else "",
                example=any(_is_example_test(node) for node in own),
                engine=any(_is_engine_output(node) for node in own),
            )
        )
    return found


def chapter_coverage(docname: str, sections: list[SectionCoverage]) -> ChapterCoverage:
    return ChapterCoverage(
        docname=docname,
        sections=len(sections),
        with_example=sum(s.example for s in sections),
        with_engine=sum(s.engine for s in sections),
        covered=sum(s.example or s.engine for s in sections),
    )


def _store(env: BuildEnvironment) -> dict[str, list[SectionCoverage]]:
    if not hasattr(env, ENV_KEY):
        setattr(env, ENV_KEY, {})
    store: dict[str, list[SectionCoverage]] = getattr(env, ENV_KEY)
    return store


def _pages(env: BuildEnvironment) -> set[str]:
    if not hasattr(env, PAGES_KEY):
        setattr(env, PAGES_KEY, set())
    pages: set[str] = getattr(env, PAGES_KEY)
    return pages


def collect(app: Sphinx, doctree: nodes.document) -> None:
    _store(app.env)[app.env.docname] = survey(doctree)


def purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _store(env).pop(docname, None)
    _pages(env).discard(docname)


def merge(app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
    theirs = _store(other)
    _store(env).update({name: theirs[name] for name in docnames if name in theirs})
    _pages(env).update(_pages(other) & set(docnames))


#: The builds (their environments) in which a page was changed, with what the coverage pages
#: showed before it was read again (None: a page was added or removed).
_before: WeakKeyDictionary[BuildEnvironment, tuple[Any, ...] | None] = WeakKeyDictionary()


def shown_from_every_page(env: BuildEnvironment) -> tuple[Any, ...]:
    """What a page made from every page's reading shows besides its own data: the chapters'
    order, their titles and where each section label leads (a summary page's links)."""
    std = env.domaindata.get("std", {})
    return (
        {name: list(children) for name, children in env.toctree_includes.items()},
        {name: title.astext() for name, title in env.titles.items()},
        dict(std.get("labels", {})),
        dict(std.get("anonlabels", {})),
    )


def outdated(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """Notes what the coverage pages show before the changed pages are read; no page is read
    again for it (see :func:`updated`)."""
    if added or removed:
        _before[env] = None
    elif changed:
        _before[env] = _shown(env)
    return []


def _shown(env: BuildEnvironment) -> tuple[Any, ...]:
    return ({name: list(found) for name, found in _store(env).items()}, *shown_from_every_page(env))


def updated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The coverage pages are written again when what they show changed (any page added or
    removed, a section's survey, a title, the chapters' order): their table is made when they
    are written, from what every page's reading left in the environment, so they need not be
    read again (reading them made a third of a one-paragraph rebuild); a paragraph edited
    leaves them as they were (writing them made a fifth of it)."""
    if env not in _before:
        return []
    before = _before.pop(env)
    return sorted(_pages(env)) if before is None or before != _shown(env) else []


def chapters_in_order(env: BuildEnvironment, root: str) -> list[str]:
    """Every document reachable from the root's toctrees, depth first, in reading order."""
    order: list[str] = []

    def visit(docname: str) -> None:
        for child in env.toctree_includes.get(docname, []):
            if child not in order:
                order.append(child)
                visit(child)

    visit(root)
    return order


#: The class of the container that ``{nq-coverage}`` leaves until every page is read.
PLACEHOLDER_CLASS = "nq-coverage-placeholder"


class CoverageDirective(SphinxDirective):
    """``{nq-coverage}`` with ``:exclude:`` the pages that hold no rules (space-separated)."""

    option_spec = {"exclude": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        exclude = self.options.get("exclude", "").split()
        unknown = [name for name in exclude if name not in self.env.found_docs]
        if unknown:
            raise self.error(f"nq-coverage: no page {', '.join(unknown)} to exclude")
        _pages(self.env).add(self.env.docname)
        node = nodes.container(classes=[PLACEHOLDER_CLASS])
        node["exclude"] = exclude
        self.set_source_info(node)
        return [node]


def _cell(*children: nodes.Node, text: str = "") -> nodes.entry:
    para = nodes.paragraph(text=text)
    para["translatable"] = False  # already in the page's language
    para.extend(children)
    entry = nodes.entry()
    entry += para
    return entry


class CoverageTable(SphinxPostTransform):
    """Replaces each placeholder with the coverage table of every chapter (before references are
    resolved, so that the chapter links resolve like any other)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for placeholder in list(self.document.findall(nodes.container)):
            if PLACEHOLDER_CLASS in placeholder["classes"]:
                placeholder.replace_self(self.table(set(placeholder["exclude"])))

    def chapters(self, exclude: set[str]) -> list[ChapterCoverage]:
        store = _store(self.env)
        skip = exclude | {self.env.docname, self.config.root_doc}
        return [
            chapter_coverage(name, store.get(name, []))
            for name in chapters_in_order(self.env, self.config.root_doc)
            if name not in skip
        ]

    def table(self, exclude: set[str]) -> nodes.table:
        lang = page_language(self.config.language)
        columns = [
            ui_text("Chapter", lang),
            ui_text("Sections", lang),
            ui_text("With an example", lang),
            ui_text("With an engine table", lang),
            ui_text("Coverage", lang),
        ]
        node = nodes.table(ids=["coverage-table"], classes=["nq-coverage"])
        title = nodes.title(text=ui_text("Rules coverage", lang))
        title["translatable"] = False
        node += title
        group = nodes.tgroup(cols=len(columns))
        node += group
        for width in (4, 1, 1, 1, 1):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        row = nodes.row()
        row.extend(_cell(text=column) for column in columns)
        head += row
        body = nodes.tbody()
        group += body
        chapters = self.chapters(exclude)
        for chapter in chapters:
            row = nodes.row()
            row += _cell(self.link(chapter.docname))
            row.extend(self.numbers(chapter, lang))
            body += row
        total = ChapterCoverage(
            docname="",
            sections=sum(c.sections for c in chapters),
            with_example=sum(c.with_example for c in chapters),
            with_engine=sum(c.with_engine for c in chapters),
            covered=sum(c.covered for c in chapters),
        )
        row = nodes.row(classes=["nq-coverage-total"])
        row += _cell(nodes.strong(text=ui_text("All chapters", lang)))
        row.extend(self.numbers(total, lang))
        body += row
        return node

    @staticmethod
    def numbers(chapter: ChapterCoverage, lang: str) -> list[nodes.entry]:
        counts = (chapter.sections, chapter.with_example, chapter.with_engine)
        cells = [_cell(text=format_number(count, lang)) for count in counts]
        cells.append(_cell(text=format_percent(chapter.share, lang)))
        return cells

    def link(self, docname: str) -> addnodes.pending_xref:
        title = self.env.titles.get(docname)
        ref = addnodes.pending_xref(
            "",
            refdomain="std",
            reftype="doc",
            reftarget=f"/{docname}",
            refexplicit=True,
            refwarn=True,
            refdoc=self.env.docname,
        )
        ref += nodes.inline(text=title.astext() if title is not None else docname)
        return ref  # type: ignore[no-any-return]


def setup(app: Sphinx) -> None:
    app.add_directive("nq-coverage", CoverageDirective)
    app.add_post_transform(CoverageTable)
    app.connect("doctree-read", collect)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-get-outdated", outdated)
    app.connect("env-get-updated", updated)
