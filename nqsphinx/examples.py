"""The ``example`` directive: the book's worked examples, set apart, titled in their language."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqsphinx.messages import page_language, ui_text


class ExampleDirective(SphinxDirective):
    """An admonition of class ``example`` holding the book's prose and its doctest."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        node = nodes.admonition(classes=["nq-example", "admonition-example"])
        title = nodes.title(text=ui_text("Example", lang))
        title["translatable"] = False  # already in the page's language
        node += title
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def setup(app: Sphinx) -> None:
    app.add_directive("example", ExampleDirective)
