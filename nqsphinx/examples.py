"""The ``example`` directive: the book's worked examples, set apart, titled in their language.

``:erratum: <id> [<id> ...]`` marks an example whose printed result is wrong: the box links the
erratum or errata (the doctest inside shows the value the rules give), without touching the
translated prose.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.errata import all_errata
from nqsphinx.messages import page_language, ui_text


class ExampleDirective(SphinxDirective):
    """An admonition of class ``example`` holding the book's prose and its doctest."""

    has_content = True
    option_spec = {"erratum": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        node = nodes.admonition(classes=["nq-example", "admonition-example"])
        title = nodes.title(text=ui_text("Example", lang))
        title["translatable"] = False  # already in the page's language
        node += title
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        if "erratum" in self.options:
            node += self._erratum_links(self.options["erratum"].replace(",", " ").split(), lang)
        return [node]

    def _erratum_links(self, erratum_ids: list[str], lang: str) -> nodes.paragraph:
        known = {e.id for e in all_errata()}
        for erratum_id in erratum_ids:
            if erratum_id not in known:
                raise self.error(f"unknown erratum {erratum_id!r} (see nqcore/data/errata/)")
        para = nodes.paragraph(classes=["nq-example-erratum"])
        para["translatable"] = False
        if len(erratum_ids) == 1:
            lead = ui_text("The printed result is wrong; see the erratum:", lang)
        else:
            lead = ui_text("The printed results are wrong; see the errata:", lang)
        para += nodes.Text(lead + " ")
        for index, erratum_id in enumerate(erratum_ids):
            if index:
                para += nodes.Text(", ")
            ref = addnodes.pending_xref(
                "", refdomain="std", reftype="ref", reftarget=f"erratum-{erratum_id}",
                refexplicit=False, refwarn=True, refdoc=self.env.docname,
            )  # fmt: skip
            ref += nodes.inline(text=erratum_id)
            para += ref
        return para


def setup(app: Sphinx) -> None:
    app.add_directive("example", ExampleDirective)
