"""A printed cross-reference's page stays on the line of the words it follows.

Sphinx writes a reference on paper as ``words (\\autopageref*{…})`` with a breakable space
before the parenthesis, so that "(p. 37)" began 63 lines of the English rulebook and 86 of the
French one, parted from the term it gives the page of (a proof-reader's mark). The space is
tied: ``words~(p. 37)``.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.latex import LaTeXTranslator

#: A cross-reference on paper gives its page, "see Aiming (p. 50)": Sphinx writes
#: ``\autopageref*`` (``latex_show_pagerefs``), set here with the book's abbreviation rather
#: than hyperref's word of the language ("page"), which babel would put back.
PAGEREF = r"""
\makeatletter
\DeclareRobustCommand*{\autopageref}{\@ifstar\nq@pageref\nq@pageref}
\newcommand*{\nq@pageref}[1]{%(page)s\nobreakspace\pageref*{#1}}
\makeatother
"""

#: How Sphinx's LaTeX writer closes a reference that gives its page, and the same, tied.
_OPEN = "}}} ("
_TIED = "}}}~("


def visit_reference(self: LaTeXTranslator, node: nodes.reference) -> None:
    """Sphinx's start of a reference, its end (kept for the departure) tied to the page."""
    depth = len(self.context)
    LaTeXTranslator.visit_reference(self, node)
    if len(self.context) > depth and self.context[-1].startswith(_OPEN):
        self.context[-1] = _TIED + self.context[-1][len(_OPEN) :]


def depart_reference(self: LaTeXTranslator, node: nodes.reference) -> None:
    LaTeXTranslator.depart_reference(self, node)


def setup(app: Sphinx) -> None:
    # the LaTeX writer's handlers of a reference, as table_breaks does for a row (app.add_node
    # would unregister docutils' own node at the end of the build)
    app.registry.add_translation_handlers(
        nodes.reference, latex=(visit_reference, depart_reference)
    )
