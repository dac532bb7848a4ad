"""The errata page, generated from the engine's errata data, and a link to it from every
section where a printed value is wrong.

``{nq-errata}`` lists every erratum (where, printed, rules, why) in the page's language; a
post-transform adds "Erratum: …" under each section that an erratum names by its label.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from nqcore.errata import Erratum, all_errata
from nqsphinx.messages import engine_text, page_language, ui_text


def erratum_label(erratum: Erratum) -> str:
    return f"erratum-{erratum.id}"


def _ref(target: str, text: str, refdoc: str) -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=target, refexplicit=True,
        refwarn=True, refdoc=refdoc,
    )  # fmt: skip
    ref += nodes.inline(text=text)
    return ref  # type: ignore[no-any-return]


def _para(*children: nodes.Node) -> nodes.paragraph:
    para = nodes.paragraph()
    para["translatable"] = False  # generated in the page's language
    para.extend(children)
    return para


class ErrataDirective(SphinxDirective):
    """Every erratum of the book, grouped as the engine's errata files are."""

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        std = self.env.get_domain("std")
        result: list[nodes.Node] = []
        for erratum in all_errata():
            label = erratum_label(erratum)
            box = nodes.container(ids=[label], classes=["nq-erratum"])
            subject = engine_text(erratum.subject, lang)
            std.note_hyperlink_target(label, self.env.docname, label, subject)  # type: ignore[attr-defined]
            title = nodes.strong(text=subject)
            box += _para(
                title,
                nodes.Text(" — "),
                _ref(erratum.section, ui_text("where it is printed", lang), self.env.docname),
            )
            for name, value in (
                (ui_text("Printed:", lang), erratum.printed),
                (ui_text("The rules give:", lang), erratum.correct),
                (ui_text("Why:", lang), erratum.why),
            ):
                box += _para(nodes.emphasis(text=name), nodes.Text(" " + engine_text(value, lang)))
            result.append(box)
        return result


class ErratumNotes(SphinxPostTransform):
    """Under each section named by an erratum, a note linking to that erratum."""

    default_priority = 5  # before references are resolved, so the new links resolve too

    def run(self, **kwargs: Any) -> None:
        by_section: dict[str, list[Erratum]] = {}
        for erratum in all_errata():
            by_section.setdefault(erratum.section, []).append(erratum)
        lang = page_language(self.config.language)
        docname = self.env.docname
        for section in list(self.document.findall(nodes.section)):
            for label in section["ids"]:
                for erratum in by_section.get(label, []):
                    note = nodes.note(classes=["nq-erratum-note"])
                    note += _para(
                        nodes.Text(ui_text("Erratum:", lang) + " "),
                        _ref(erratum_label(erratum), engine_text(erratum.subject, lang), docname),
                    )
                    _insert_after_title(section, note)


def _insert_after_title(section: nodes.section, note: nodes.Node) -> None:
    index = 1 if section.children and isinstance(section[0], nodes.title) else 0
    # After the heading's index entries too: their page is the heading's.
    while index < len(section) and isinstance(section[index], (nodes.note, addnodes.index)):
        index += 1
    section.insert(index, note)


def setup(app: Sphinx) -> None:
    app.add_directive("nq-errata", ErrataDirective)
    app.add_post_transform(ErratumNotes)
