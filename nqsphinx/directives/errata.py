"""The errata page, generated from the engine's errata data, and a link to it from every
section where a reading of an erratum is printed.

``{nq-errata}`` lists every record in the page's language, after a sentence that counts them,
grouped by kind (contradictions, then open questions) and, within a kind, by the chapter of the
section where the reading the engine does not follow is printed, in reading order.  The chapters
are known only once every page is read, so the directive leaves a placeholder that
:class:`ErrataList` fills.  A post-transform adds "Erratum: …" under each section that a record
names by its label.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from nqcore.book.errata import KINDS, Erratum, all_errata
from nqcore.i18n import format_number
from nqsphinx.books.editions import is_print_edition
from nqsphinx.books.page_ref_ties import QUALIFIER
from nqsphinx.builder import builder_of
from nqsphinx.directives.coverage import CARD_CLASS, chapters_in_order
from nqsphinx.directives.entities import domain
from nqsphinx.directives.example_view import NO_SEARCH, example_check, example_check_summary
from nqsphinx.languages.typography import ancestors
from nqsphinx.messages import engine_text, page_language, ui_text
from nqsphinx.untrusted import generated_raw

#: In the PDFs a note's lines are set ragged right, in the box's group, as a list of short
#: items reads best: justified, a line before a long link that would not break ("Recommended
#: maximum wounds of a character") had its word gaps stretched (proof round 13, English boxes).
RAGGED_NOTE = "\\raggedright\n"
#: The class of the container that ``{nq-errata}`` leaves until every page is read.
PLACEHOLDER_CLASS = "nq-errata-placeholder"


def erratum_label(erratum: Erratum) -> str:
    return f"erratum-{erratum.id}"


def kind_title(kind: str, lang: str) -> str:
    if kind == "erratum":
        return ui_text("Where The Book Contradicts Itself", lang)
    return ui_text("Questions The Book Leaves Open", lang)


def check_label(check: str, lang: str) -> str:
    """The checklist item that found a record, in the reader's words."""
    labels = {
        "arithmetic": ui_text("Example arithmetic", lang),
        "price": ui_text("Points cost that does not add up", lang),
        "two-statements": ui_text("Same rule stated twice", lang),
        "other-profile": ui_text("Example using another item's profile", lang),
        "summary-omission": ui_text("Summary that leaves entries out", lang),
        "undefined-term": ui_text("Term never defined", lang),
        "counter-without-rule": ui_text("Printed without a rule", lang),
        "rounding": ui_text("Rounding left open", lang),
        "rule-and-ability": ui_text("Rule and ability disagree", lang),
        "left-open": ui_text("Case left open", lang),
    }
    return labels[check]


def field_names(kind: str, lang: str) -> tuple[str, str, str]:
    """The names of the printed reading, this edition's reading and the reason, by kind.

    Players' words: the books and the site are editions of the rules, and a player has no
    engine (the engine's own names are folded on the site, for editors)."""
    if kind == "erratum":
        return (
            ui_text("The 2007 book:", lang),
            ui_text("This edition:", lang),
            ui_text("Why:", lang),
        )
    return (
        ui_text("The book:", lang),
        ui_text("This edition's choice:", lang),
        ui_text("Why:", lang),
    )


def section_ref(
    target: str, text: str, refdoc: str, explicit: bool = True
) -> addnodes.pending_xref:
    """A link to the section ``target``: with ``text`` (``explicit``), or with the section's
    title in the page's language, ``text`` standing in until it is resolved."""
    ref = addnodes.pending_xref(
        "",
        refdomain="std",
        reftype="ref",
        reftarget=target,
        refexplicit=explicit,
        refwarn=True,
        refdoc=refdoc,
    )
    ref += nodes.inline(text=text)
    return ref  # type: ignore[no-any-return]


def chapter_qualifier(env: Any, std: Any, label: str) -> str:
    """The title of the chapter holding section ``label`` where another chapter has a section of
    the same title ("Parry": Close Combat and Abilities), else "": the errata's "Where:" lines
    named two sections alike (proof round fifteen)."""
    docname, title = section_place(std, label)
    if not docname or not title:
        return ""
    places = {(doc, anchor) for doc, anchor, name in std.labels.values() if doc and name == title}
    if len({doc for doc, _ in places}) < 2:
        return ""
    chapter = env.titles.get(docname)
    name = chapter.astext() if chapter is not None else ""
    return "" if name == title else name  # a chapter's own label: its title says it


def place_ref(env: Any, std: Any, label: str, lang: str) -> list[nodes.Node]:
    """A link to section ``label`` by its title, qualified by its chapter where another chapter
    has a section of that title: "Parry (Abilities)" on the site, "Parry (Abilities, p. 102)" on
    paper (the qualifier goes with the page, :mod:`nqsphinx.books.page_ref_ties`)."""
    title = section_place(std, label)[1] or ui_text("where it is printed", lang)
    ref = section_ref(label, title, env.docname)
    qualifier = chapter_qualifier(env, std, label)
    if not qualifier:
        return [ref]
    if builder_of(env).format == "latex":  # the std domain makes the link's words anew
        return [nodes.inline("", "", ref, **{QUALIFIER: qualifier})]
    return [ref, nodes.Text(f" ({qualifier})")]


def generated_paragraph(*children: nodes.Node, classes: tuple[str, ...] = ()) -> nodes.paragraph:
    """A paragraph the extension writes in the page's language (never sent to the catalogues)."""
    para = nodes.paragraph(classes=list(classes))
    para["translatable"] = False  # generated in the page's language
    para.extend(children)
    return para


class ErrataDirective(SphinxDirective):
    """Every record's link target now (so that links to it resolve), the list once all is read."""

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        std = self.env.get_domain("std")
        placeholder = nodes.container(classes=[PLACEHOLDER_CLASS])
        for erratum in all_errata():
            label = erratum_label(erratum)
            subject = engine_text(erratum.subject, lang)
            std.note_hyperlink_target(label, self.env.docname, label, subject)  # type: ignore[attr-defined]
            # a search result of its own, by its subject (player round 22)
            domain(self.env).note_entity("erratum", erratum.id, subject, label, placeholder)
        return [placeholder]


def erratum_words(key: str, lang: str) -> str:
    """A record's words as its box shows them (what the book printed, this edition's reading,
    why), in ``lang``: what the header's search finds it by, beside its subject."""
    found = next(erratum for erratum in all_errata() if erratum.id == key)
    return " ".join(engine_text(value, lang) for value in (found.printed, found.correct, found.why))


def section_place(std: Any, label: str) -> tuple[str | None, str]:
    """The page of a section label and its title, as the std domain knows them."""
    if label in std.labels:
        docname, _, title = std.labels[label]
        return docname, title
    if label in std.anonlabels:
        return std.anonlabels[label][0], ""
    return None, ""


class ErrataList(SphinxPostTransform):
    """Fills the placeholder: kinds, then chapters in reading order, then each record."""

    default_priority = 5  # before references are resolved, so the new links resolve too

    def run(self, **kwargs: Any) -> None:
        for placeholder in list(self.document.findall(nodes.container)):
            if PLACEHOLDER_CLASS in placeholder["classes"]:
                placeholder.replace_self(self.groups())

    def chapter_title(self, docname: str | None) -> str:
        title = self.env.titles.get(docname) if docname else None
        return title.astext() if title is not None else ui_text("Other", self.lang)

    def groups(self) -> list[nodes.Node]:
        self.lang = page_language(self.config.language)
        std = self.env.get_domain("std")
        order = chapters_in_order(self.env, self.config.root_doc)
        result: list[nodes.Node] = []
        counts: dict[str, int] = {}
        for kind in KINDS:
            records = [e for e in all_errata() if e.kind == kind]
            counts[kind] = len(records)
            chapters: dict[str | None, list[Erratum]] = {}
            for erratum in records:
                chapters.setdefault(section_place(std, erratum.section)[0], []).append(erratum)
            rank = {name: index for index, name in enumerate(order)}
            ordered = sorted(chapters, key=lambda name: rank.get(name or "", len(rank)))
            kind_section = nodes.section(ids=[f"errata-{kind}"], classes=["nq-errata-kind"])
            kind_section += nodes.title(text=kind_title(kind, self.lang))
            for docname in ordered:
                chapter = nodes.section(ids=[f"errata-{kind}-{docname or 'other'}"])
                chapter += nodes.title(text=self.chapter_title(docname))
                for erratum in chapters[docname]:
                    chapter += self.box(erratum, std)
                kind_section += chapter
            result.append(kind_section)
        return [self.contents(counts), *result]

    def contents(self, counts: dict[str, int]) -> nodes.paragraph:
        """The counts of each kind, linked to its section, in a sentence that names the page
        as its edition does ("this chapter" in a book, "this page" on the site); the headings
        carry no count, which a book's contents and running heads would read as a page."""
        if is_print_edition(self.config):
            sentence = ui_text("This chapter lists {contradictions}, and {questions}.", self.lang)
        else:
            sentence = ui_text("This page lists {contradictions}, and {questions}.", self.lang)
        links = {
            "contradictions": ui_text(
                "{count} places where the book contradicts itself", self.lang
            ),
            "questions": ui_text("{count} questions it leaves open", self.lang),
        }
        kinds = {"contradictions": "erratum", "questions": "open-question"}
        para = generated_paragraph(classes=("nq-errata-contents",))
        for piece in re.split(r"(\{contradictions\}|\{questions\})", sentence):
            name = piece.strip("{}")
            if name not in links:
                if piece:
                    para += nodes.Text(piece)
                continue
            kind = kinds[name]
            words = links[name].replace("{count}", format_number(counts[kind], self.lang))
            para += nodes.reference(words, words, internal=True, refid=f"errata-{kind}")
        return para

    def box(self, erratum: Erratum, std: Any) -> nodes.container:
        lang = self.lang
        box = nodes.container(ids=[erratum_label(erratum)], classes=["nq-erratum"])
        box["classes"].append(f"nq-erratum-{erratum.kind}")
        box += generated_paragraph(nodes.strong(text=engine_text(erratum.subject, lang)))
        where = generated_paragraph(
            nodes.emphasis(text=check_label(erratum.check, lang)),
            nodes.Text(" — " + ui_text("Where:", lang) + " "),
            classes=("nq-erratum-where",),
        )
        for index, label in enumerate(erratum.sections):
            if index:
                where += nodes.Text(", ")
            where.extend(place_ref(self.env, std, label, lang))
        box += where
        names = field_names(erratum.kind, lang)
        for name, value in zip(names, (erratum.printed, erratum.correct, erratum.why), strict=True):
            box += generated_paragraph(
                nodes.emphasis(text=name), nodes.Text(" " + engine_text(value, lang))
            )
        if erratum.engine and not is_print_edition(self.config):
            box += _engine_names(erratum.engine, lang)
        return box


def _engine_names(names: tuple[str, ...], lang: str) -> example_check:
    """For the editors, on the site only (never in print), folded as an example's check is (a
    player reads the rules' words, player round 22): the engine code behind the choice."""
    para = generated_paragraph()
    for index, name in enumerate(names):
        if index:
            para += nodes.Text(", ")
        para += nodes.literal(text=name)
    summary = example_check_summary(text=ui_text("The engine's code (for editors)", lang))
    details = example_check(classes=["nq-erratum-engine", NO_SEARCH])
    details.extend((summary, para))
    return details


class ErratumNotes(SphinxPostTransform):
    """Under each section named by a record, a note linking to that record."""

    default_priority = 5  # before references are resolved, so the new links resolve too

    def run(self, **kwargs: Any) -> None:
        by_section: dict[str, list[Erratum]] = {}
        for erratum in all_errata():
            for label in erratum.sections:
                by_section.setdefault(label, []).append(erratum)
        lang = page_language(self.config.language)
        docname = self.env.docname
        for section in list(self.document.findall(nodes.section)):
            labels = _labels(section)
            found = [e for label in labels for e in by_section.get(label, [])]
            found = list({erratum.id: erratum for erratum in found}.values())
            if found:
                own = [*section["ids"], *_cards(section)]
                if _answers(section):  # a calculator follows each reading: say which it is
                    own += [label for erratum in found for label in erratum.printed_sections]
                _insert_after_title(section, self.note(found, lang, docname, own))

    def note(
        self, errata: list[Erratum], lang: str, docname: str, own: list[str]
    ) -> nodes.admonition:
        """One note for a section's records, titled by their kind; a list when there are
        several, so that a reader on a phone meets one box, not five, before the rules
        (armoury's melee weapons).  Where the section (``own``) prints the reading this edition
        does not follow (the record's first section, or those of its ``printed_in``), the note
        says this edition's reading too: the prose under it is the 2007 book's (proof round
        eleven: "one higher than the strength" above a table of use costs equal to it, the
        correction two chapters away; round fourteen: §8.1.9's "All command test modifiers
        apply" and §9.6's parry without the ability, under boxes that said no ruling)."""
        mixed = len({erratum.kind for erratum in errata}) > 1
        note = nodes.admonition(classes=["note", "nq-erratum-note"])
        note += nodes.title(text=note_title(errata, lang))
        note += generated_raw(RAGGED_NOTE, "latex")
        items = nodes.bullet_list(bullet="-")
        # Where a record's printed_in says the prose under the box prints the 2007 reading, the
        # box says so: quoted, or, in a printed list of records, flagged without the quote (a
        # box of seven records and both readings parted a heading from its table, proof round
        # twenty-eight; unflagged, "one higher than the strength" stood under "equal to the
        # strength", round thirty).  A record without printed_in flags nothing: its prose may
        # be corrected here already (round thirty-one: "Corrected from the 2007 printing").
        quotes_printed = len(errata) == 1 or not is_print_edition(self.config)
        for erratum in errata:
            said = [self.line(erratum, lang, docname, lead=mixed)]
            if set(erratum.printed_sections) & set(own):
                said.append(correction(erratum, lang))
                if erratum.printed_in:  # the prose under the box prints the 2007 reading
                    said.append(
                        self.set_aside(erratum, lang, own) if quotes_printed else printed_flag(lang)
                    )
            if len(errata) == 1:
                note.extend(said)
            else:
                items += nodes.list_item("", *said)
        if len(errata) > 1:
            note += items
        return note

    def set_aside(self, erratum: Erratum, lang: str, own: list[str]) -> nodes.paragraph:
        """Where the 2007 book prints the reading this edition sets aside, and that reading:
        "The 2007 book, here and in Parry (Abilities, p. 102): …" (proof round fifteen: the
        §8.1.9 and §9.6 boxes said this edition's ruling, not that the prose under them is the
        one it replaces)."""
        std = self.env.get_domain("std")
        others = [label for label in erratum.printed_sections if label not in own]
        para = generated_paragraph(classes=("nq-erratum-printed",))
        if not others:
            para += nodes.emphasis(text=ui_text("The 2007 book, here:", lang))
        else:
            words = ui_text("The 2007 book, here and in {sections}:", lang)
            before, _, after = words.partition("{sections}")
            emphasis = nodes.emphasis(text=before)
            for index, label in enumerate(others):
                if index:
                    last = index == len(others) - 1
                    emphasis += nodes.Text(f" {ui_text('and', lang)} " if last else ", ")
                emphasis.extend(place_ref(self.env, std, label, lang))
            emphasis += nodes.Text(after)
            para += emphasis
        para += nodes.Text(" " + engine_text(erratum.printed, lang))
        return para

    def line(self, erratum: Erratum, lang: str, docname: str, lead: bool) -> nodes.paragraph:
        """The record's subject, linked; after its kind where the note's title does not say it."""
        link = section_ref(erratum_label(erratum), engine_text(erratum.subject, lang), docname)
        if not lead:
            return generated_paragraph(link)
        words = ui_text("Erratum:", lang)
        if erratum.kind == "open-question":
            words = ui_text("Open question:", lang)
        return generated_paragraph(nodes.Text(words + " "), link)


def printed_flag(lang: str) -> nodes.paragraph:
    """In a printed list of records, that the rules text under the box prints the 2007 reading."""
    text = ui_text("The rules text here is the 2007 book's.", lang)
    return generated_paragraph(nodes.emphasis(text=text), classes=("nq-erratum-printed",))


def correction(erratum: Erratum, lang: str) -> nodes.paragraph:
    """This edition's reading (or choice), as the errata chapter words it."""
    name = field_names(erratum.kind, lang)[1]
    return generated_paragraph(
        nodes.emphasis(text=name),
        nodes.Text(" " + engine_text(erratum.correct, lang)),
        classes=("nq-erratum-correct",),
    )


def _section_of(node: nodes.Node) -> nodes.Node | None:
    return next((a for a in ancestors(node) if isinstance(a, nodes.section)), None)


def _answers(section: nodes.section) -> list[str]:
    """The rule sections a calculator in ``section`` answers (its ``nq_sections``): the Casting
    calculator's box named "Cancelling a spell: a natural 10" without this edition's choice
    (player round 32)."""
    return [
        label
        for child in section.children
        if isinstance(child, nodes.Element)
        for label in child.get("nq_sections", ())
    ]


def _labels(section: nodes.section) -> list[str]:
    """A section's ids, then the rule sections that a calculator in it answers (its
    ``nq_sections``, nqcompanion.page.directive): the calculator follows their readings; then
    its cards' (a spell card named by a record: its box is the aspect's, proof round sixteen:
    Molten Grasp, Fog and six other cards printed a correction without one)."""
    return [*section["ids"], *_answers(section), *_cards(section)]


def _cards(section: nodes.section) -> list[str]:
    """The labels of the cards a section holds itself: a card prints its spell's text, so a
    record first printed on a card is printed in the section (its box says this edition's
    reading: proof round twenty-nine, the Fire aspect's box named Molten Grasp, Smoke and
    Lava Pool with nothing to say their cards carry the correction)."""
    return [
        label
        for card in section.findall(nodes.Element)
        if CARD_CLASS in card.get("classes", ()) and _section_of(card) is section
        for label in card["ids"]
    ]


def note_title(errata: list[Erratum], lang: str) -> str:
    """ "Erratum", "Open questions", or "Errata and open questions" for a mix."""
    kinds = {erratum.kind for erratum in errata}
    several = len(errata) > 1
    if kinds == {"open-question"}:
        return ui_text("Open questions", lang) if several else ui_text("Open question", lang)
    if "open-question" in kinds:
        return ui_text("Errata and open questions", lang)
    return ui_text("Errata", lang) if several else ui_text("Erratum", lang)


def _insert_after_title(section: nodes.section, note: nodes.Node) -> None:
    index = 1 if section.children and isinstance(section[0], nodes.title) else 0
    # After the heading's index entries too: their page is the heading's.
    while index < len(section) and isinstance(
        section[index], (nodes.note, nodes.admonition, addnodes.index)
    ):
        index += 1
    section.insert(index, note)


def setup(app: Sphinx) -> None:
    app.add_directive("nq-errata", ErrataDirective)
    app.add_post_transform(ErrataList)
    app.add_post_transform(ErratumNotes)
