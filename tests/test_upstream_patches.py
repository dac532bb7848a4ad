"""nqsphinx.upstream.patches: each patch gives what Sphinx gives, and an upgrade switches it off.

The whole-site comparison (patches on and off, every file byte for byte) is
tests/site/test_upstream_patches_output.py; here, the shortcut that skips MyST for plain
one-line messages is compared with MyST for every message of locale/.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from myst_parser.parsers.docutils_ import Parser

from nqcore import po
from nqsphinx.upstream import locale_patch
from nqsphinx.upstream import patches as upstream_patches
from nqsphinx.upstream.patches import Patch, plain_text

ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = ["colon_fence", "deflist", "fieldlist"]  # conf.py's myst_enable_extensions


def myst(text: str) -> nodes.document:
    return publish_doctree(
        text,
        parser=Parser(),
        settings_overrides={
            "myst_enable_extensions": EXTENSIONS,
            "report_level": 5,
            "halt_level": 5,
        },
    )


def messages() -> list[str]:
    found = set()
    for path in sorted((ROOT / "locale").rglob("*.po")):
        catalogue = po.read(path.read_bytes())
        found.update(m.string for m in po.messages(catalogue, obsolete=True) if m.string)
    return sorted(found)


def children(element: nodes.Node) -> list[tuple[type, str]]:
    assert isinstance(element, nodes.Element)
    return [(type(child), child.astext()) for child in element.children]


@pytest.mark.slow  # parses every French message
def test_plain_messages_are_what_myst_makes_of_them() -> None:
    plain = [message for message in messages() if plain_text(message)]
    assert len(plain) > 1000  # most messages of the book are plain text
    for message in plain:
        paragraph = myst(message)[0]
        assert isinstance(paragraph, nodes.paragraph), message
        assert children(paragraph) == [(nodes.Text, message)], message
        assert children(locale_patch._text_paragraph(message)) == children(paragraph)
        title = myst(message + "\n" + "=" * len(message) * 2).next_node(nodes.title)
        assert title is not None and children(title) == [(nodes.Text, message)], message


@pytest.mark.parametrize(
    "message",
    [
        "1. Move",
        "2) Shoot",
        "- a list",
        "*stress*",
        "a_b",
        "Note:",
        "An [anchor](x)",
        "a <b>",
        "A `literal`",
        "Costs 3 & more",
        "{term}`x`",
        "% comment",
        "# Title",
        "> quote",
        "![img](x)",
        "two  spaces",
        " leading",
        "trailing ",
        "",
        "a\nb",
        "Ends -",
        "5 $ coins",
        "x | y",
        "a\\b",
    ],
)
def test_markup_is_left_to_myst(message: str) -> None:
    assert not plain_text(message)


def test_plain_french_sentences_take_the_shortcut() -> None:
    assert plain_text("Le tir, à portée (courte) : « 2 » cases ; voilà !")
    assert plain_text("L’unité recule d’une case.")


def test_moved_nodes_forget_their_scratch_document() -> None:
    from sphinx.transforms.i18n import _NodeUpdater

    page = nodes.document(None, None)  # type: ignore[arg-type]
    scratch = nodes.document(None, None)  # type: ignore[arg-type]
    node = nodes.paragraph()
    page += node
    patch = nodes.paragraph()
    scratch += patch
    patch += nodes.emphasis("", "", nodes.Text("mot"))
    upstream_patches.update_leaves(_NodeUpdater(node, patch, page, noqa=False))
    moved = list(node.findall())
    assert len(moved) == 3 and all(n.document is page for n in moved)


def test_another_version_switches_a_patch_off(monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[str] = []
    patch = Patch("demo", "sphinx", "0.0.1", "why", "gain", lambda: applied.append("demo"))
    monkeypatch.setattr(upstream_patches, "_installed", [])
    err = io.StringIO()
    with redirect_stderr(err):
        assert upstream_patches.install((patch,)) == []
    assert applied == []
    notice = err.getvalue()
    assert notice.count("\n") == 1 and "demo is off: written for sphinx 0.0.1" in notice


def test_the_switch_turns_every_patch_off(monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[str] = []
    from importlib import metadata

    patch = Patch(
        "demo", "sphinx", metadata.version("sphinx"), "why", "gain", lambda: applied.append("demo")
    )
    monkeypatch.setattr(upstream_patches, "_installed", [])
    monkeypatch.setenv(upstream_patches.SWITCH, "0")
    assert upstream_patches.install((patch,)) == [] and applied == []
    monkeypatch.delenv(upstream_patches.SWITCH)
    assert upstream_patches.install((patch,)) == ["demo"] and applied == ["demo"]


def test_the_shortcut_is_for_markdown_pages_only() -> None:
    class Page:
        def __init__(self, source: str) -> None:
            self.document = {"source": source}

    assert locale_patch._Publisher(Page("/docs/magic.md")).plain("A. Move")
    assert not locale_patch._Publisher(Page("/docs/magic.rst")).plain("A. Move")  # a list


def test_a_translated_title_takes_the_targets_that_named_it() -> None:
    from docutils.utils import new_document
    from sphinx.transforms.i18n import _NodeUpdater

    page = new_document("page.md")
    targets = []
    for old in ("Movement", "Magic"):
        section = nodes.section(ids=[old.lower()], names=[old.lower()])
        title = nodes.title("", old)
        section += title
        page += section
        page.note_implicit_target(section)
        targets.append(nodes.target(refname=old.lower()))
        page += targets[-1]
    for title, new in zip(page.findall(nodes.title), ("Mouvement", "Magie"), strict=True):
        updater = _NodeUpdater(title, nodes.paragraph("", new), page, noqa=False)
        assert upstream_patches.update_title_mapping(updater)
    assert [t["refname"] for t in targets] == ["mouvement", "magie"]


def _index_builder(index_entries: dict[str, list[tuple[str, str, str]]]) -> object:
    """A search index of pages ``a`` and ``b`` holding ``index_entries`` (no domain objects)."""
    from types import SimpleNamespace

    from sphinx.search import IndexBuilder

    builder = IndexBuilder.__new__(IndexBuilder)
    builder._titles = {"a": "A", "b": "B"}
    builder._filenames = {"a": "a.md", "b": "b.md"}
    builder._all_titles = {"a": [], "b": []}
    builder._mapping = {"word": {"a"}, "gone": set()}  # "gone": only a rewritten page held it
    builder._title_mapping = {}
    builder._index_entries = index_entries
    builder._objtypes, builder._objnames = {}, {}
    builder._domains = SimpleNamespace(sorted=lambda: [])  # type: ignore[assignment]
    builder._env_version = 1
    return builder


def test_the_search_index_keeps_the_entries_of_pages_not_written_again() -> None:
    """An incremental build reloads the last index: the index entries of the pages it does not
    write come back, in page order, and a word no page holds is left out, as in a clean build."""
    assert "search-index-entries" in upstream_patches.install()
    builder: Any = _index_builder(
        {
            "b": [("Move", "move", "")],
            "a": [("Aim", "aim", "main"), ("move", "m2", "")],
        }
    )
    frozen = builder.freeze()
    assert frozen["indexentries"] == {
        "aim": [(0, "aim", True)],
        "move": [(0, "m2", False), (1, "move", False)],
    }
    assert frozen["terms"] == {"word": 0}
    saved = json.loads(json.dumps(frozen))  # as searchindex.js holds it
    assert upstream_patches.frozen_index_entries(saved) == {
        "a": [("aim", "aim", "main"), ("move", "m2", "")],
        "b": [("move", "move", "")],
    }
    from sphinx.search import js_index

    again: Any = _index_builder({})
    again.load(io.StringIO(js_index.dumps(saved)), js_index)
    assert json.loads(json.dumps(again.freeze())) == saved


def test_a_second_build_reuses_the_application_only_with_its_patch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nqsphinx.site import live_sites

    monkeypatch.setattr(upstream_patches, "_installed", ["second-build"])
    assert live_sites.reuses_application()
    monkeypatch.setattr(upstream_patches, "_installed", [])  # another Sphinx, or switched off
    assert not live_sites.reuses_application()


def test_a_second_build_starts_from_the_set_up_assets() -> None:
    """A page's own script, added to the registry while it was written, is gone before the next
    build; the builder's lists are the set-up's again."""
    from types import SimpleNamespace

    setup = (["nq.js"], ["nq.css"])
    registry = SimpleNamespace(js_files=["nq.js", "nq-search-snippets.js"], css_files=["nq.css"])
    builder = SimpleNamespace(
        _js_files=["x.js"], _orig_js_files=["nq.js"], _css_files=[], _orig_css_files=["nq.css"]
    )
    app = SimpleNamespace(registry=registry, builder=builder)
    upstream_patches.forget_page_assets(app, setup)
    assert registry.js_files == ["nq.js"] and registry.css_files == ["nq.css"]
    assert builder._js_files == ["nq.js"] and builder._css_files == ["nq.css"]
    assert registry.js_files is not setup[0]  # the set-up's copy is kept for the next build


def test_a_table_of_contents_entry_outside_the_site_is_no_page() -> None:
    """Attack round 17: ``Outside <https://example.org/>`` in a toctree stopped the site's build
    with an IndexError as each page marked its current entry (furo's html-page-context)."""
    from docutils import nodes
    from sphinx import addnodes

    from nqsphinx.upstream.toctree_patch import SEP, _mark_current, _target

    outside = nodes.reference("", "Outside", refuri="https://example.org/", anchorname="")
    inside = nodes.reference("", "Magic", refuri=f"{SEP}magic{SEP}", anchorname="")
    assert (_target(outside), _target(inside)) == ("", "magic")
    tree = nodes.bullet_list()
    for reference in (outside, inside):
        tree += nodes.list_item("", addnodes.compact_paragraph("", "", reference))
    _mark_current(tree, "magic")
    assert "current" in inside["classes"] and "current" not in outside["classes"]
