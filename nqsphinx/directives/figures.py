"""Figures of the rules diagrams: drawn ones get their caption from the page, drawn-by-hand ones
(``docs/_static/diagrams/*.svg``, MyST ``{figure}``) get French typography in their alt text."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language
from nqsphinx.untrusted import generated_raw


def drawn_figure(directive: SphinxDirective, svg: str, tikz: str) -> nodes.figure:
    """A figure of a diagram drawn by code: the SVG for HTML, the TikZ for LaTeX, and the
    directive's first paragraph as the caption (a message of the page's catalogue)."""
    figure = nodes.figure(classes=["nq-diagram"])
    figure += generated_raw(svg, "html")
    figure += generated_raw(tikz, "latex")
    if directive.content:
        caption_holder = nodes.Element()
        directive.state.nested_parse(directive.content, directive.content_offset, caption_holder)
        first = caption_holder.children[0]
        if isinstance(first, nodes.paragraph):
            caption = nodes.caption(first.rawsource, "", *first.children)
            caption.source, caption.line = first.source, first.line
            figure += caption
    directive.add_name(figure)
    directive.set_source_info(figure)
    return figure


class FrenchAltText(SphinxPostTransform):
    """Alt text is an attribute, out of reach of the typography transform: space it here, so
    French translators type plain spaces there too."""

    default_priority = 200
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        if page_language(self.config.language) != "fr":
            return
        for image in self.document.findall(nodes.image):
            if image.get("alt"):
                image["alt"] = french_html(image["alt"])


def setup(app: Sphinx) -> None:
    app.add_post_transform(FrenchAltText)
