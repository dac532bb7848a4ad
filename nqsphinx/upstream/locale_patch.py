"""Patch ``i18n-locale`` of :mod:`nqsphinx.upstream.patches`: Sphinx 9.0.4's i18n ``Locale``
transform, laid out as Sphinx has it (its two passes, in its order) so that it can be compared
line by line with the version it replaces at each upgrade, with its remedies: a plain message is
not parsed through MyST, titles are retargeted without walking the page, no XML debug text is
built for a skipped node, and the nodes moved in leave their scratch document behind.

Nothing here changes Sphinx until :func:`patch_locale` runs, which only
:func:`nqsphinx.upstream.patches.install` calls, behind the patches' version guard and switch.
"""

from __future__ import annotations

from textwrap import indent
from typing import Any
from weakref import WeakKeyDictionary

from docutils import nodes

from nqtranslate.plain_messages import plain_text


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


def patch_locale() -> None:
    """Sphinx's Locale transform, and the node updater and check it uses, replaced by these."""
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
