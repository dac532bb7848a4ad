"""A printed cross-reference's page stays on the line of the words it follows.

Sphinx writes a reference on paper as ``words (\\autopageref*{…})`` with a breakable space
before the parenthesis, so that "(p. 37)" began 63 lines of the English rulebook and 86 of the
French one, parted from the term it gives the page of (a proof-reader's mark). The space is
tied: ``words~(p. 37)``. Where the reference's holder carries a qualifier (``nq_qualifier``:
the chapter of one of two sections of the same title, :func:`nqsphinx.directives.errata.place_ref`),
it goes before the page, in the same parentheses: "Parry (Abilities, p. 102)".
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

#: The attribute of a reference's words naming the chapter that qualifies them.
QUALIFIER = "nq_qualifier"

#: How Sphinx's LaTeX writer closes a reference that gives its page, and the same, tied.
_OPEN = "}}} ("
_TIED = "}}}~("


def visit_reference(self: LaTeXTranslator, node: nodes.reference) -> None:
    """Sphinx's start of a reference, its end (kept for the departure) tied to the page."""
    depth = len(self.context)
    LaTeXTranslator.visit_reference(self, node)
    if len(self.context) > depth and self.context[-1].startswith(_OPEN):
        self.context[-1] = _TIED + _qualifier(self, node, ", ") + self.context[-1][len(_OPEN) :]
    elif len(self.context) > depth and _qualifier(self, node, ""):
        self.context[-1] += f"~({_qualifier(self, node, '')})"


def _qualifier(self: LaTeXTranslator, node: nodes.reference, then: str) -> str:
    """The qualifier of the reference (its holder's), escaped, followed by ``then``; or ""."""
    holder = node.parent
    if isinstance(holder, nodes.Element) and holder.get(QUALIFIER):
        return str(self.encode(holder[QUALIFIER])) + then
    return ""


def depart_reference(self: LaTeXTranslator, node: nodes.reference) -> None:
    LaTeXTranslator.depart_reference(self, node)


def setup(app: Sphinx) -> None:
    # the LaTeX writer's handlers of a reference, as table_breaks does for a row (app.add_node
    # would unregister docutils' own node at the end of the build)
    app.registry.add_translation_handlers(
        nodes.reference, latex=(visit_reference, depart_reference)
    )
