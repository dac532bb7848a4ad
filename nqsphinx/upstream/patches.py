"""Patches to Sphinx internals that make both sites' builds faster, with byte-identical output.

Each :class:`Patch` names the version it was written for; another installed version switches it
off with a one-line notice, so an upgrade can slow the build but never change a page. Setting
``NQ_UPSTREAM_PATCHES=0`` switches them all off (``tests/site/test_upstream_patches_output.py``
builds both sites, their archive and LaTeX both ways and compares every file);
``NQ_SKIP_PATCH=name`` leaves one out, to measure it. Gains are CPU times of whole builds, medians
of interleaved runs; the ready-to-send versions of the fixes are in ``tools/upstream/``.

The patches share :class:`Patch`, its version check and its switches, and one switch turns all
of them off at once: they are installed from here only.  The two largest live in their own
modules, which change nothing until :func:`install` applies them: Sphinx 9.0.4's own i18n
transform (:mod:`nqsphinx.upstream.locale_patch`) and the navigation tree of every page
(:mod:`nqsphinx.upstream.toctree_patch`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from nqsphinx.upstream.locale_patch import is_translatable as is_translatable
from nqsphinx.upstream.locale_patch import patch_locale
from nqsphinx.upstream.locale_patch import update_leaves as update_leaves
from nqsphinx.upstream.locale_patch import update_title_mapping as update_title_mapping
from nqsphinx.upstream.toctree_patch import forget_toctrees as forget_toctrees
from nqsphinx.upstream.toctree_patch import patch_toctree
from nqtranslate.plain_messages import plain_text as plain_text

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

    A page's own file, added while the page is written (``app.add_js_file`` in
    ``html-page-context``), also goes to the registry's list that Sphinx 9.0.4 gives every page
    at the start of a build, and stays there after the last page: every page of the next build
    in the same process loaded it
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
        patch_locale,
    ),
    Patch(
        "toctree-per-build",
        "sphinx",
        "9.0.4",
        "Furo puts the whole site's navigation on every page: Sphinx resolves it anew for each,"
        " deep-copying every page's table of contents each time",
        "English HTML build 3.35 s -> 3.04 s CPU (medians of 3, interleaved)",
        patch_toctree,
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
