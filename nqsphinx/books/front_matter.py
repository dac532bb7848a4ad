"""The PDF rulebook's front matter: the credits, unnumbered, on the back of the cover, with the
line that says which printing a reader holds (the e-book's credits page says it too); then the
contents.  Chapter 1 is the first chapter
of the rules (Introduction), not the credits; the site keeps its Credits page as it is.

The printing is named by the sources it was made from (:mod:`nqprint.printing`, which the print
products' imprint shares), never by the clock.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqprint.printing import printing_line as printing_line
from nqprint.printing import source_version as source_version
from nqsphinx.messages import page_language
from nqsphinx.untrusted import generated_raw

#: The page of the credits (``docs/credits.md``).
CREDITS = "credits"
#: The class of the printing line's paragraph.
PRINTING_CLASS = "nq-printing"


class CreditsFrontMatter(SphinxPostTransform):
    """In the assembled book, the credits as unnumbered front matter on the back of the cover
    (``\\nqcreditsstart``, ``\\nqcreditsend``: :data:`nqsphinx.books.latex.CONTENTS`), with the
    printing line under them, and the contents after them; without credits, the contents open
    the book."""

    default_priority = 880
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        credits = next(
            (
                node
                for node in self.document.findall(addnodes.start_of_file)
                if node.get("docname") == CREDITS
            ),
            None,
        )
        if credits is None:
            self.document.insert(0, generated_raw(r"\nqtableofcontents" + "\n", "latex"))
            return
        lang = page_language(self.config.language)
        line = printing_line(lang, *source_version(Path(self.env.srcdir)))
        if line is not None:
            credits.append(nodes.paragraph(line, line, classes=[PRINTING_CLASS]))
        parent = credits.parent
        parent.insert(parent.index(credits), generated_raw(r"\nqcreditsstart" + "\n", "latex"))
        parent.insert(parent.index(credits) + 1, generated_raw(r"\nqcreditsend" + "\n", "latex"))


class EpubPrinting(SphinxPostTransform):
    """The printing line at the end of the e-book's credits page (proof round 26: the e-books
    were the only product that did not say which sources they were made from)."""

    default_priority = 880
    builders = ("epub",)

    def run(self, **kwargs: object) -> None:
        if self.env.docname != CREDITS:
            return
        lang = page_language(self.config.language)
        line = printing_line(lang, *source_version(Path(self.env.srcdir)))
        sections = list(self.document.findall(nodes.section))
        if line is not None and sections:
            sections[0].append(nodes.paragraph(line, line, classes=[PRINTING_CLASS]))


def setup(app: Sphinx) -> None:
    app.add_post_transform(CreditsFrontMatter)
    app.add_post_transform(EpubPrinting)
