"""Patch ``toctree-per-build`` of :mod:`nqsphinx.upstream.patches`: Furo puts the whole site's
navigation on every page, and Sphinx resolves it anew for each, deep-copying every page's table of
contents each time; here a toctree is resolved once per build without the marks of a page, then
marked and linked for each page.

Nothing here changes Sphinx until :func:`patch_toctree` runs, which only
:func:`nqsphinx.upstream.patches.install` calls, behind the patches' version guard and switch.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes

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
    """The page a link of the tree goes to; '' for an address outside the site (a toctree entry
    ``Outside <https://example.org/>`` stopped the build with an IndexError: attack round 17)."""
    uri = str(reference["refuri"])
    return uri.split(SEP)[1] if uri.startswith(SEP) else ""


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


def patch_toctree() -> None:
    """Sphinx's toctree resolver replaced by :func:`resolve_toctree`."""
    global _original_resolve
    from sphinx.environment.adapters import toctree as adapter

    _original_resolve = _unmarked_resolver(adapter._resolve_toctree)
    adapter._resolve_toctree = resolve_toctree


def forget_toctrees(*_: Any) -> None:
    """A new build: its toctrees are resolved anew."""
    _toctrees.clear()
