"""The words the header search quotes around a match (:mod:`nqsphinx.site.quick_search`): a
section's text as the page shows it, its inline elements (emphasis, a link, a term) joined to
the words beside them as the page joins them, its paragraphs apart."""

from __future__ import annotations

from docutils import nodes

from nqsphinx.site.quick_search import _own_text


def _section(*blocks: nodes.Node) -> nodes.section:
    return nodes.section("", nodes.title("", "Title"), *blocks)


def test_inline_elements_keep_the_page_s_spacing() -> None:
    english = nodes.paragraph(
        "",
        "",
        nodes.Text("they do not get an "),
        nodes.emphasis("", "armour save"),
        nodes.Text(". Models with "),
        nodes.strong("", "Fear"),
        nodes.Text(" flee."),
    )
    french = nodes.paragraph(
        "", "", nodes.Text("sa valeur d’"), nodes.emphasis("", "armure"), nodes.Text(" (Ar).")
    )
    text = _own_text(None, _section(english, french))  # type: ignore[arg-type]
    assert text == "they do not get an armour save. Models with Fear flee. sa valeur d’armure (Ar)."


def test_paragraphs_and_items_stay_apart() -> None:
    section = _section(
        nodes.paragraph("", "", nodes.Text("First ends")),
        nodes.bullet_list("", nodes.list_item("", nodes.paragraph("", "", nodes.Text("item")))),
        nodes.paragraph("", "", nodes.Text("last")),
    )
    assert _own_text(None, section) == "First ends item last"  # type: ignore[arg-type]


def test_an_only_block_sphinx_cannot_read_is_shown_not_a_traceback() -> None:
    """``{only} a-b``: Sphinx warns at its line and shows the block; the search's text stopped
    the build with an extension's traceback (attack round twenty-seven)."""
    from types import SimpleNamespace

    from sphinx import addnodes
    from sphinx.util.tags import Tags

    from nqsphinx.builder import _BUILDERS

    class Env:
        pass

    env = Env()
    _BUILDERS[env] = SimpleNamespace(tags=Tags(["html"]))  # type: ignore[index]

    def only(expression: str) -> nodes.Node:
        return addnodes.only("", nodes.paragraph("", "", nodes.Text(expression)), expr=expression)

    section = _section(only("a-b"), only("print"), only("html"))
    assert _own_text(env, section) == "a-b html"  # type: ignore[arg-type]
