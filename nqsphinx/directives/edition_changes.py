"""The "What changed since the French v2.4b" page: ``{nq-edition-changes}`` lists every record of
:mod:`nqcore.book.edition_changes` (section link, kind, the old reading and the new) in the page's
language, each with its own anchor (``change-<key>``)."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.book.edition_changes import EditionChange, edition_changes
from nqcore.book.errata import all_errata
from nqsphinx.directives.errata import erratum_label, generated_paragraph, section_ref
from nqsphinx.messages import engine_text, page_language, ui_text

#: The class of one changed rule's record (its title, the v2.4b's reading, the 2007 rules').
CHANGE_CLASS = "nq-edition-change"


def change_label(change: EditionChange) -> str:
    return f"change-{change.key}"


class EditionChangesDirective(SphinxDirective):
    """Every rule whose number or meaning changed since the French v2.4b."""

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        docname = self.env.docname
        result: list[nodes.Node] = []
        for change in edition_changes():
            box = nodes.container(ids=[change_label(change)], classes=[CHANGE_CLASS])
            box += generated_paragraph(
                # not bold: LaTeX sets links in italic
                section_ref(change.section, change.section, docname, explicit=False),
                nodes.Text(" — "),
                nodes.emphasis(text=engine_text(change.kind_label, lang)),
            )
            for name, reading in (
                (ui_text("French v2.4b (2006):", lang), change.old_reading),
                (ui_text("Rules of 2007:", lang), change.new_reading),
            ):
                box += generated_paragraph(
                    nodes.strong(text=name), nodes.Text(" " + engine_text(reading, lang))
                )
            if change.erratum:
                box += self.erratum_note(change.erratum, lang)
            result.append(box)
        return result

    def erratum_note(self, key: str, lang: str) -> nodes.paragraph:
        """Where the 2007 book also prints another reading: a link to its erratum."""
        erratum = next(erratum for erratum in all_errata() if erratum.id == key)
        subject = engine_text(erratum.subject, lang)
        return generated_paragraph(
            nodes.Text(ui_text("The 2007 book also prints another reading:", lang) + " "),
            section_ref(erratum_label(erratum), subject, self.env.docname),
        )


def setup(app: Sphinx) -> None:
    app.add_directive("nq-edition-changes", EditionChangesDirective)
