"""Patches to Sphinx internals that make both sites' builds faster, with byte-identical output.

Each :class:`Patch` names the version it was written for; another installed version switches it
off with a one-line notice, so an upgrade can slow the build but never change a page. Setting
``NQ_UPSTREAM_PATCHES=0`` switches them all off (``tests/site/test_upstream_patches_output.py``
builds both sites, their archive and LaTeX both ways and compares every file);
``NQ_SKIP_PATCH=name`` leaves one out, to measure it. Gains are CPU times of whole builds, medians
of interleaved runs; the ready-to-send versions of the fixes are in ``tools/upstream/``.

Over 500 lines because most of it is Sphinx 9.0.4's own i18n transform, laid out
as Sphinx has it (its two passes, in its order) so that it can be compared line by line with the
version it replaces at each upgrade; the patches share :class:`Patch`, its version check and its
switches, and one switch must turn all of them off at once.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from textwrap import indent
from typing import Any
from weakref import WeakKeyDictionary

from docutils import nodes

#: The environment variable that switches every patch off when it is ``0``.
SWITCH = "NQ_UPSTREAM_PATCHES"
#: The patches (comma-separated names) to leave out, to measure the gain of one.
SKIP = "NQ_SKIP_PATCH"


@dataclass(frozen=True)
class Patch:
    """One patch: what it changes, why, what it gained, and the version it was written for."""

    name: str
    distribution: str
    version: str
    reason: str
    gain: str
    apply: Callable[[], None]


# --- the i18n Locale transform -------------------------------------------------------------------

#: One line of text that MyST turns into a paragraph holding just that text: letters, digits,
#: spaces and punctuation that no Markdown or MyST rule reads (checked against MyST for every
#: message of locale/ by tests/test_upstream_patches.py).
_PLAIN = re.compile(r"[^\W_](?:[^\W_]|[ ,.;:!?'’«»()\-–—…/])*")
_LIST_START = re.compile(r"\d+[.)]")


def plain_text(msgstr: str) -> bool:
    """Whether ``msgstr`` parses to one paragraph of that very text, whatever the parser."""
    return (
        "  " not in msgstr
        and msgstr == msgstr.rstrip()
        and _PLAIN.fullmatch(msgstr) is not None
        and _LIST_START.match(msgstr) is None
        and not msgstr.endswith((":", "-"))
    )


def _text_paragraph(msgstr: str) -> nodes.paragraph:
    """What MyST makes of a plain one-line message, without parsing it."""
    return nodes.paragraph(msgstr, "", nodes.Text(msgstr))


class _DomXML:
    """``repr_domxml(node)``, computed only when a debug message is written."""

    def __init__(self, node: nodes.Node) -> None:
        self.node = node

    def __str__(self) -> str:
        from sphinx.util.nodes import repr_domxml

        return str(repr_domxml(self.node))


def is_translatable(node: nodes.Node) -> bool:
    """Sphinx 9.0.4's ``is_translatable`` whose debug text is made only when it is written."""
    from sphinx import addnodes
    from sphinx.util.nodes import IGNORED_NODES, get_full_module_name, logger

    if isinstance(node, addnodes.translatable):
        return True
    if isinstance(node, nodes.image) and (node.get("translatable") or node.get("alt")):
        return True
    if isinstance(node, nodes.Inline) and "translatable" not in node:
        return False
    if isinstance(node, nodes.TextElement):
        if not node.source:
            logger.debug(
                "[i18n] SKIP %r because no node.source: %s",
                get_full_module_name(node),
                _DomXML(node),
            )
            return False
        if isinstance(node, IGNORED_NODES) and "translatable" not in node:
            logger.debug(
                "[i18n] SKIP %r because node is in IGNORED_NODES and no node['translatable']: %s",
                get_full_module_name(node),
                _DomXML(node),
            )
            return False
        if not node.get("translatable", True):
            logger.debug(
                "[i18n] SKIP %r because not node['translatable']: %s",
                get_full_module_name(node),
                _DomXML(node),
            )
            return False
        if isinstance(node, nodes.field_name) and (node.children[0] == "orphan"):
            logger.debug(
                "[i18n] SKIP %r because orphan node: %s", get_full_module_name(node), _DomXML(node)
            )
            return False
        return True
    return isinstance(node, nodes.meta)


#: Each page's targets that refer to a name (``refname``), found once per page instead of once per
#: translated title; forgotten when the Locale transform moves a target in.
_named_targets: WeakKeyDictionary[nodes.document, list[nodes.target]] = WeakKeyDictionary()


def _retarget(updater: Any, old_name: str, new_name: str) -> None:
    """The targets that referred to a section's old name refer to its translated name."""
    document = updater.document
    if document not in _named_targets:
        _named_targets[document] = [t for t in document.findall(nodes.target) if "refname" in t]
    for old_target in _named_targets[document]:
        if old_target["refname"] == old_name:
            old_target["refname"] = new_name


def update_title_mapping(self: Any) -> bool:
    """Sphinx 9.0.4's ``_NodeUpdater.update_title_mapping``, walking the page for targets with
    docutils' class test instead of ``NodeMatcher``'s per-node function call."""
    if not (isinstance(self.node, nodes.title) and isinstance(self.node.parent, nodes.section)):
        return False
    section_node = self.node.parent
    new_name = nodes.fully_normalize_name(self.patch.astext())
    old_name = nodes.fully_normalize_name(self.node.astext())
    if old_name == new_name:
        return False
    section_node.setdefault("names", []).append(new_name)
    _id = self.document.nameids.get(old_name, None)
    explicit = self.document.nametypes.get(old_name, None)
    if _id:
        if not explicit:
            self.document.nameids.pop(old_name, None)
            self.document.nametypes.pop(old_name, None)
            self.document.ids.pop(_id, None)
        self.document.note_implicit_target(section_node)
    _retarget(self, old_name, new_name)
    return True


def update_leaves(self: Any) -> None:
    """Sphinx 9.0.4's ``_NodeUpdater.update_leaves``, and the nodes moved in forget the scratch
    document they were parsed in: its settings hold the live build environment, which every
    French doctree pickled with them (7.8 MB against English's 2.8 MB)."""
    for child in self.patch.children:
        child.parent = self.node
        for moved in child.findall():
            if moved._document is not None:
                moved._document = self.document
            if isinstance(moved, nodes.target):
                _named_targets.pop(self.document, None)
    self.node.children = self.patch.children


def _catalogue(transform: Any) -> dict[str, str] | None:
    """The page's messages, fallbacks first overridden (Sphinx 9.0.4's merge)."""
    from sphinx.locale import init as init_locale
    from sphinx.util.i18n import docname_to_domain

    textdomain = docname_to_domain(
        transform.env.current_document.docname, transform.config.gettext_compact
    )
    dirs = [transform.env.srcdir / directory for directory in transform.config.locale_dirs]
    catalog, has_catalog = init_locale(dirs, transform.config.language, textdomain)
    if not has_catalog:
        return None
    catalogues = [getattr(catalog, "_catalog", None)]
    while (catalog := catalog._fallback) is not None:  # type: ignore[attr-defined]
        catalogues.append(getattr(catalog, "_catalog", None))
    merged: dict[str, str] = {}
    for catalogue in filter(None, reversed(catalogues)):
        merged |= catalogue
    return merged


class _Publisher:
    """Sphinx's ``_publish_msgstr`` for the page; ``plain`` says whether a message may skip it
    (a Markdown page's plain one-line message: reStructuredText reads more into plain text,
    ``A. Move`` is a list there)."""

    def __init__(self, transform: Any) -> None:
        self.transform = transform
        self.markdown = str(transform.document["source"]).endswith(".md")

    def plain(self, msgstr: str) -> bool:
        return self.markdown and plain_text(msgstr)

    def __call__(self, msgstr: str, node: nodes.Element) -> nodes.Element:
        from sphinx.transforms.i18n import _publish_msgstr

        transform = self.transform
        return _publish_msgstr(
            msgstr,
            transform.document["source"],
            node.line,
            config=transform.config,
            env=transform.env,
            registry=transform.env._registry,
            settings=transform.document.settings,
        )


def _first_pass(transform: Any, merged: dict[str, str], publish: _Publisher) -> None:
    """Section titles and glossary terms take their translated names, so that references to
    them resolve; only those two kinds of messages are parsed here (Sphinx parses all)."""
    from sphinx.domains.std import make_glossary_term, split_term_classifiers
    from sphinx.transforms.i18n import _NodeUpdater, parse_noqa
    from sphinx.util.nodes import LITERAL_TYPE_NODES, extract_messages

    for node, msg in extract_messages(transform.document):
        msgstr = merged.get(msg, "")
        if not isinstance(node, LITERAL_TYPE_NODES):
            msgstr, _ = parse_noqa(msgstr)
        if not msgstr.strip():
            node["translated"] = False
            continue
        if msgstr == msg:
            node["translated"] = True
            continue
        if not isinstance(node, (nodes.title, nodes.term)):
            # Sphinx parses it, keeps nothing and leaves it untranslated for the second pass
            # (which sets the same ``False`` where the parse gave no paragraph).
            node["translated"] = False
            continue
        if msgstr.strip().endswith("::"):
            msgstr += "\n\n   dummy literal"
        patch = _text_paragraph(msgstr) if publish.plain(msgstr) else publish(msgstr, node)
        if not isinstance(patch, nodes.paragraph):
            continue
        updater = _NodeUpdater(node, patch, transform.document, noqa=False)
        processed = updater.update_title_mapping()
        if isinstance(node, nodes.term):
            for _id in node["ids"]:
                term, first_classifier = split_term_classifiers(msgstr)
                term = term or ""
                patch = _text_paragraph(term) if publish.plain(term) else publish(term, node)
                updater.patch = make_glossary_term(
                    transform.env,
                    patch,
                    first_classifier,
                    transform.document["source"],
                    node.line,
                    _id,
                    transform.document,
                )
                processed = True
        if processed:
            updater.update_leaves()
            node["translated"] = True
        else:
            node["translated"] = False


def _translated_in_place(node: nodes.Element, msg: str, msgstr: str) -> bool:
    """The second pass's messages that need no parse: a translatable node's, a meta tag's
    content, an image's alt text. True when ``node`` took ``msgstr`` here."""
    from sphinx import addnodes

    if isinstance(node, addnodes.translatable):
        node.apply_translated_message(msg, msgstr)
        return True
    if isinstance(node, nodes.meta):
        node["content"] = msgstr
        node["translated"] = True
        return True
    if isinstance(node, nodes.image) and node.get("alt") == msg:
        node["alt"] = msgstr
        return True
    return False


def _second_pass(transform: Any, merged: dict[str, str], publish: _Publisher) -> None:
    """Sphinx 9.0.4's second pass; a plain one-line message becomes its paragraph unparsed."""
    from sphinx.transforms.i18n import _NodeUpdater, parse_noqa
    from sphinx.util.nodes import IMAGE_TYPE_NODES, LITERAL_TYPE_NODES, extract_messages

    expected = (nodes.paragraph, nodes.title, *LITERAL_TYPE_NODES, *IMAGE_TYPE_NODES)
    for node, msg in extract_messages(transform.document):
        if node.setdefault("translated", False):
            continue
        msgstr = merged.get(msg, "")
        noqa = False
        if not isinstance(node, LITERAL_TYPE_NODES):
            msgstr, noqa = parse_noqa(msgstr)
        if not msgstr or msgstr == msg:
            node["translated"] = False
            continue
        if _translated_in_place(node, msg, msgstr):
            continue
        if publish.plain(msgstr) and not isinstance(node, (*LITERAL_TYPE_NODES, nodes.image)):
            patch: nodes.Element = _text_paragraph(msgstr)
        else:
            patch = publish(_marked_up(node, msgstr), node)
            if isinstance(node, nodes.title):
                patch = patch.next_node()
        if not isinstance(patch, expected):
            continue
        updater = _NodeUpdater(node, patch, transform.document, noqa)
        updater.update_autofootnote_references()
        updater.update_refnamed_references()
        updater.update_refnamed_footnote_references()
        updater.update_citation_references()
        updater.update_pending_xrefs()
        updater.update_leaves()
        if isinstance(node, LITERAL_TYPE_NODES):
            node.rawsource = node.astext()
        if isinstance(node, nodes.image) and node.get("alt") != msg:
            node["uri"] = patch["uri"]
            node["translated"] = False
            continue
        node["translated"] = True


def _marked_up(node: nodes.Element, msgstr: str) -> str:
    """The message as Sphinx hands it to the parser (literal blocks, titles, a final ``::``)."""
    from sphinx.util.nodes import LITERAL_TYPE_NODES

    if msgstr.strip().endswith("::"):
        msgstr += "\n\n   dummy literal"
    if isinstance(node, LITERAL_TYPE_NODES):
        msgstr = "::\n\n" + indent(msgstr, " " * 3)
    if isinstance(node, nodes.title):
        msgstr = msgstr + "\n" + "=" * len(msgstr) * 2
    return msgstr


def locale_apply(self: Any, **kwargs: Any) -> None:
    """Sphinx 9.0.4's ``Locale.apply`` with the remedies above (index entries left out: this
    project translates none, ``gettext_additional_targets`` is empty)."""
    merged = _catalogue(self)
    if merged is None:
        return
    publish = _Publisher(self)
    _first_pass(self, merged, publish)
    _second_pass(self, merged, publish)
    if "index" in self.config.gettext_additional_targets:
        raise NotImplementedError("nqsphinx.upstream.patches: index messages are not translated")


def _patch_locale() -> None:
    from sphinx import environment
    from sphinx.transforms import i18n
    from sphinx.util import nodes as sphinx_nodes

    i18n.Locale.apply = locale_apply  # type: ignore[method-assign]
    i18n._NodeUpdater.update_title_mapping = update_title_mapping  # type: ignore[method-assign]
    i18n._NodeUpdater.update_leaves = update_leaves  # type: ignore[method-assign]
    sphinx_nodes.is_translatable = is_translatable
    # The gettext builder keeps the function in its environment (versioning "text"), which is
    # pickled: the environment must hold this one, which pickles by its own name.
    environment.versioning_conditions["text"] = is_translatable


# --- the navigation tree of every page -----------------------------------------------------------

#: Resolved toctrees without the marks of a page, for the build under way (emptied when a builder
#: starts): Furo asks for the whole site's tree on every page.
_toctrees: dict[tuple[Any, ...], Any] = {}


def _toctree_key(
    env: Any, docname: str, builder: Any, toctree: Any, tags: Any, options: tuple[Any, ...]
) -> tuple[Any, ...]:
    """What a resolved toctree depends on but the page's own marks and links: the toctree, the
    tags, the builder, the options, and the page's ancestors whose contents hold ``only`` nodes
    (with ``maxdepth <= 0`` Sphinx deep-copies an ancestor's contents, ``only`` nodes and all,
    where it prunes the others: without ``only`` nodes both copies are the same)."""
    from sphinx.environment.adapters.toctree import _get_toctree_ancestors

    prune, maxdepth = options[0], options[1] or toctree.get("maxdepth", -1)
    ancestors: frozenset[str] = frozenset()
    if not prune or maxdepth <= 0:
        ancestors = frozenset(
            a for a in _get_toctree_ancestors(env.toctree_includes, docname) if _has_only(env, a)
        )
    return (
        repr(sorted(toctree.attributes.items())),
        ancestors,
        tuple(sorted(tags)),
        builder.name,
        id(env),
        options,
    )


def _has_only(env: Any, docname: str) -> bool:
    """Whether the page's table of contents holds an ``only`` node (cached for the build)."""
    from sphinx import addnodes

    key = ("only", id(env), docname)
    if key not in _toctrees:
        toc = env.tocs.get(docname)
        _toctrees[key] = toc is not None and any(toc.findall(addnodes.only))
    return bool(_toctrees[key])


#: In a resolved tree kept for every page, a link's target is ``SEP + docname + SEP + anchor``:
#: the page it is resolved for turns it into its relative URI.
SEP = "\0"


def _target(reference: nodes.Element) -> str:
    return str(reference["refuri"]).split(SEP)[1]


def _mark_current(node: nodes.Element, docname: str) -> None:
    """The ``current`` classes and ``iscurrent`` flags of Sphinx 9.0.4's
    ``_toctree_add_classes``, on a tree that already has its ``toctree-lN`` classes."""
    from sphinx import addnodes

    for subnode in node.children:
        if isinstance(subnode, (addnodes.compact_paragraph, nodes.list_item, nodes.bullet_list)):
            _mark_current(subnode, docname)
        elif isinstance(subnode, nodes.reference) and _target(subnode) == docname:
            if not subnode["anchorname"]:
                branch: nodes.Element | None = subnode
                while branch:
                    branch["classes"].append("current")
                    branch = branch.parent
            if subnode.parent.parent.get("iscurrent"):
                return
            marked: nodes.Element | None = subnode
            while marked:
                marked["iscurrent"] = True
                marked = marked.parent


def resolve_toctree(
    env: Any,
    docname: str,
    builder: Any,
    toctree: Any,
    *,
    prune: bool = True,
    maxdepth: int = 0,
    titles_only: bool = False,
    collapse: bool = False,
    includehidden: bool = False,
    tags: Any,
) -> Any:
    """Sphinx 9.0.4's ``_resolve_toctree``: the tree without the page's marks is resolved once
    per build, then copied and marked for each page (a collapsed tree depends on the page: it is
    resolved as Sphinx does)."""
    if collapse or "get_relative_uri" in vars(builder):
        return _original_resolve(
            env,
            docname,
            builder,
            toctree,
            prune=prune,
            maxdepth=maxdepth,
            titles_only=titles_only,
            collapse=collapse,
            includehidden=includehidden,
            tags=tags,
        )
    key = _toctree_key(
        env, docname, builder, toctree, tags, (prune, maxdepth, titles_only, includehidden)
    )
    if key not in _toctrees:
        _toctrees[key] = _original_resolve(
            env,
            docname,
            builder,
            toctree,
            prune=prune,
            maxdepth=maxdepth,
            titles_only=titles_only,
            collapse=False,
            includehidden=includehidden,
            tags=tags,
            _unmarked=True,
        )
    cached = _toctrees[key]
    if cached is None:
        return None
    newnode = cached.deepcopy()
    _mark_current(newnode, docname)
    for refnode in newnode.findall(nodes.reference):
        if str(refnode["refuri"]).startswith(SEP):
            _, target, anchor = str(refnode["refuri"]).split(SEP)
            refnode["refuri"] = builder.get_relative_uri(docname, target) + anchor
    return newnode


_original_resolve: Any = None


def _unmarked_resolver(original: Any) -> Any:
    """``original`` (Sphinx's ``_resolve_toctree``) that can stop before the page's marks and
    links: ``_unmarked=True`` marks for no page and leaves the targets as document names."""
    from sphinx.environment.adapters import toctree as adapter

    def resolve(
        env: Any,
        docname: str,
        builder: Any,
        toctree: Any,
        *,
        _unmarked: bool = False,
        **options: Any,
    ) -> Any:
        if not _unmarked:
            return original(env, docname, builder, toctree, **options)
        add_classes = adapter._toctree_add_classes
        # the classes of every page; a document name no link has: no page's marks
        setattr(adapter, "_toctree_add_classes", lambda n, d, _: add_classes(n, d, SEP))  # noqa: B010
        builder.get_relative_uri = lambda _, target: SEP + target + SEP
        try:
            return original(env, docname, builder, toctree, **options)
        finally:
            adapter._toctree_add_classes = add_classes
            del builder.get_relative_uri

    return resolve


def _patch_toctree() -> None:
    global _original_resolve
    from sphinx.environment.adapters import toctree as adapter

    _original_resolve = _unmarked_resolver(adapter._resolve_toctree)
    adapter._resolve_toctree = resolve_toctree


def forget_toctrees(*_: Any) -> None:
    """A new build: its toctrees are resolved anew."""
    _toctrees.clear()


# --- the search index ----------------------------------------------------------------------------


def frozen_index_entries(frozen: dict[str, Any]) -> dict[str, list[tuple[str, str, str]]]:
    """The index entries of a saved search index, per page, as ``IndexBuilder.feed`` keeps
    them (the entry in lower case: that is how ``freeze`` writes it)."""
    names = frozen["docnames"]
    restored: dict[str, list[tuple[str, str, str]]] = {}
    for entry, places in frozen.get("indexentries", {}).items():
        for doc, entry_id, main in places:
            restored.setdefault(names[doc], []).append((entry, entry_id, "main" if main else ""))
    return restored


class _Loaded:
    """A search index format whose ``load`` returns data already read."""

    def __init__(self, frozen: Any) -> None:
        self.frozen = frozen

    def load(self, stream: Any) -> Any:
        return self.frozen


def load_search_index(self: Any, stream: Any, format: Any) -> None:
    """Sphinx 9.0.4's ``IndexBuilder.load``, which also takes back the index entries of the
    pages that are not written again (it dropped them: the search index of an incremental
    build lost the index entries of every page it did not write)."""
    if isinstance(format, str):
        format = self.formats[format]
    frozen = format.load(stream)
    _original_search["load"](self, stream, _Loaded(frozen))
    self._index_entries = frozen_index_entries(frozen)


def freeze_search_index(self: Any) -> dict[str, Any]:
    """Sphinx 9.0.4's ``IndexBuilder.freeze`` with the index entries in page order, as a clean
    build feeds them, and only of the pages the index holds (a removed page's entries, taken
    back by :func:`load_search_index`, go); without the words that no page holds any more (a
    word only a rewritten page held was written as ``[]``, which a clean build leaves out)."""
    for mapping in (self._mapping, self._title_mapping):
        for word in [word for word, pages in mapping.items() if not pages]:
            del mapping[word]
    entries = self._index_entries
    self._index_entries = {name: entries[name] for name in sorted(entries) if name in self._titles}
    return _original_search["freeze"](self)  # type: ignore[no-any-return]


_original_search: dict[str, Any] = {}


def _patch_search_index() -> None:
    from sphinx.search import IndexBuilder

    _original_search.update(load=IndexBuilder.load, freeze=IndexBuilder.freeze)
    IndexBuilder.load = load_search_index  # type: ignore[method-assign]
    IndexBuilder.freeze = freeze_search_index  # type: ignore[method-assign]


# --- the templates -----------------------------------------------------------------------------


def template_cache(app: Any) -> None:
    """Jinja's compiled templates kept beside the doctrees: Sphinx compiles every template
    anew in each build (7 % of a rebuild after one paragraph changes). Jinja checks each
    template's source against its cached code, so an edited template is compiled again."""
    if "jinja-bytecode" not in _installed:
        return
    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if environment is None or environment.bytecode_cache is not None:
        return
    from pathlib import Path

    from jinja2 import FileSystemBytecodeCache

    folder = Path(app.doctreedir) / "nq-jinja"
    folder.mkdir(parents=True, exist_ok=True)
    environment.bytecode_cache = FileSystemBytecodeCache(str(folder))


# --- a second build in one process (``./dev live``) ---------------------------------------------


def forget_page_catalogues(app: Any) -> None:
    """Python and Sphinx keep each page catalogue they loaded, by file name, for the process's
    life: a catalogue compiled again after a translator's save must be read again."""
    import gettext

    from sphinx import locale as sphinx_locale
    from sphinx.util.i18n import docname_to_domain

    folders = tuple(str((app.srcdir / d).resolve()) for d in app.config.locale_dirs)
    cached: dict[tuple[Any, str], Any] = gettext._translations  # type: ignore[attr-defined]
    for key in [k for k in cached if str(k[1]).startswith(folders)]:
        del cached[key]  # only a cache of the files: what was translated with them stays
    for docname in app.env.found_docs:  # the pages' own catalogues, not Sphinx's or a theme's
        domain = docname_to_domain(docname, app.config.gettext_compact)
        sphinx_locale.translators.pop(("general", domain), None)


def forget_page_assets(app: Any, assets: tuple[list[Any], list[Any]]) -> None:
    """The scripts and stylesheets of every page as the extensions' set-up left them.

    A page's own file (the search page's ``nq-search-snippets.js``), added while the page is
    written (``app.add_js_file`` in ``html-page-context``), also goes to the registry's list
    that Sphinx 9.0.4 gives every page at the start of a build, and stays there after the last
    page: every page of the next build in the same process loaded it
    (tools/upstream/sphinx-page-assets-second-build.patch)."""
    builder: Any = app.builder
    app.registry.js_files[:], app.registry.css_files[:] = assets[0], assets[1]
    if hasattr(builder, "_orig_js_files"):
        builder._js_files[:] = builder._orig_js_files
        builder._css_files[:] = builder._orig_css_files


def forget_read_doctrees(app: Any) -> None:
    """The pickled doctrees that ``env.get_doctree`` kept from the last build.

    Sphinx 9.0.4 keeps each doctree it reads back (the header search's index reads every page's)
    for the life of its environment, and a page read again is written to disk, not to that
    cache: the next build in the same process indexed the page as it was before the edit.
    ``sphinx.testing``'s ``SphinxTestApp.build`` clears it the same way."""
    app.env._pickled_doctree_cache.clear()


PATCHES = (
    Patch(
        "i18n-locale",
        "sphinx",
        "9.0.4",
        "Sphinx's Locale transform parses every message twice, through MyST even when it is plain"
        " text, walks the page for each translated title and builds XML debug text for each"
        " skipped node; the nodes it moves in keep their scratch document, whose settings hold"
        " the build environment, so each French doctree pickled a copy of it",
        "French HTML build 7.6 s -> 6.1 s CPU (medians of 3, interleaved); French doctrees"
        " 9.3 MB -> 3.2 MB (English: 3.0 MB)",
        _patch_locale,
    ),
    Patch(
        "toctree-per-build",
        "sphinx",
        "9.0.4",
        "Furo puts the whole site's navigation on every page: Sphinx resolves it anew for each,"
        " deep-copying every page's table of contents each time",
        "English HTML build 3.35 s -> 3.04 s CPU (medians of 3, interleaved)",
        _patch_toctree,
    ),
    Patch(
        "search-index-entries",
        "sphinx",
        "9.0.4",
        "A bug, not a speed-up: the HTML builder reloads the search index of the last build for"
        " the pages it does not write again, but IndexBuilder.load leaves out their index"
        " entries, so after an incremental build the search index lost them (ours: 117 KB -> 97"
        " KB of searchindex.js after one paragraph changed), and it kept as [] the words only"
        " a rewritten page had held; the incremental build's output is now the clean build's,"
        " byte for byte",
        "none (correctness); without it an incremental build cannot replace a clean one",
        _patch_search_index,
    ),
    Patch(
        "jinja-bytecode",
        "sphinx",
        "9.0.4",
        "Sphinx's template bridge makes a Jinja environment without a bytecode cache",
        "English rebuild after one paragraph changes 1.11 s -> 1.01 s CPU (medians of 3)",
        lambda: None,  # template_cache, on builder-inited, does the work
    ),
    Patch(
        "second-build",
        "sphinx",
        "9.0.4",
        "The resident builder (nqsphinx/site/live_sites.py) builds again with the same"
        " application: Sphinx 9.0.4 keeps the page catalogues it loaded and the scripts one"
        " page added (forget_page_catalogues, forget_page_assets undo both before each build)."
        " Off, each worker makes one build and a new one is forked for the next",
        "both sites after one paragraph changes, resident builder (`./dev bench --only live`,"
        " medians of 3): 2.13 s -> 0.62 s CPU",
        lambda: None,  # the resident builder asks installed() before building again
    ),
)

_installed: list[str] = []


def enabled() -> bool:
    """Whether the patches are switched on (``NQ_UPSTREAM_PATCHES`` is not ``0``)."""
    return os.environ.get(SWITCH, "1") != "0"


def install(patches: tuple[Patch, ...] = PATCHES) -> list[str]:
    """Apply each patch whose distribution is at its version, once per process; the names
    applied. Another version gets a one-line notice on standard error and no patch."""
    if not enabled():
        return []
    for patch in patches:
        if patch.name in os.environ.get(SKIP, "").split(","):
            continue
        if patch.name in _installed:
            continue
        found = metadata.version(patch.distribution)
        if found != patch.version:
            print(
                f"nqsphinx: patch {patch.name} is off: written for {patch.distribution} "
                f"{patch.version}, {found} installed",
                file=sys.stderr,
            )
            continue
        patch.apply()
        _installed.append(patch.name)
    return list(_installed)


def installed() -> Iterator[str]:
    """The names of the patches applied in this process."""
    yield from _installed
