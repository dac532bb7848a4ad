"""Spell and mutation cards rendered from the engine as sphinx-design cards.

``{nq-spell-cards} fire`` renders an aspect's introduction and its cards; ``{nq-mutation-cards}``
the six mutations.  Each card carries the anchor ``spell-<key>`` / ``mutation-<key>`` so that
errata, cross references and the search point at it in both languages
(:mod:`nqsphinx.directives.entities`).

In the PDF the grid is drawn as the spell-card product draws its sheets
(:mod:`nqprint.spell_cards`): the same cards, at their printed size with cut lines, two to a row
(:class:`CardSheets`).

The engine's texts (names, card texts, results, the catalogue's French) are text, never markup:
they become docutils ``Text`` nodes, built here with sphinx-design's own components, so that the
cards look as a hand-written ``grid-item-card`` would and a ``<script>``, a directive or a LaTeX
command in a text is printed as it is written.  The only emphasis is the engine's own: the roll
of a result in bold and the profile adjustment as a table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx_design.cards import CardDirective
from sphinx_design.grids import gutter_option, row_columns_option
from sphinx_design.shared import PassthroughTextElement, create_component

from nqcore.i18n import format_number, plural_form
from nqcore.rules.magic import Aspect
from nqcore.rules.mutations import Mutation, all_mutations
from nqcore.rules.spells import Spell, aspect_intro, card_stats, spells_of
from nqprint import spell_cards
from nqsphinx.books.page_keeps import HEIGHT_MM
from nqsphinx.directives import entities
from nqsphinx.directives.coverage import CARD_CLASS
from nqsphinx.messages import engine_text, page_language, ui_text
from nqsphinx.site.accessibility import CAPTION_ATTRIBUTE
from nqsphinx.untrusted import generated_raw

#: The grid of cards: one column on a phone, two on a tablet, three on a desktop
#: (sphinx-design's ``{grid} 1 2 3 3`` with ``:gutter: 2``).
GRID_COLUMNS = "1 2 3 3"
GRID_GUTTER = "2"
#: The grid's attribute listing its cards, ``(kind, key)``, for the PDF's card sheets.
CARDS_ATTRIBUTE = "nq_cards"
#: Cards to a row in the rulebook: its text block holds two 63 mm cards across (the product's
#: A4 sheet, with narrower margins, holds three).
SHEET_COLUMNS = 2


def paragraph(*children: nodes.Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *children)


def text_paragraph(text: str) -> nodes.paragraph:
    """A paragraph of plain text: whatever ``text`` holds is shown as it is written."""
    return paragraph(nodes.Text(text))


def result_paragraph(roll: str, effect: str) -> nodes.paragraph:
    """``**1-3** The smoke clears…``: the roll in bold, then its effect."""
    return paragraph(nodes.strong("", "", nodes.Text(roll)), nodes.Text(f" {effect}"))


def profile_table(adjustment: Sequence[tuple[str, str]], caption: str = "") -> nodes.table:
    """The profile adjustment of a card as a one-row table, as MyST renders a pipe table; its
    caption is for screen readers, on the site only (the card's text introduces the table)."""
    table = nodes.table(classes=["colwidths-auto"])
    if caption:
        table[CAPTION_ATTRIBUTE] = caption
    group = nodes.tgroup(cols=len(adjustment))
    table += group
    for _ in adjustment:
        group += nodes.colspec(colwidth=100 // len(adjustment))
    for part, texts in (
        (nodes.thead(), [name for name, _ in adjustment]),
        (nodes.tbody(), [value for _, value in adjustment]),
    ):
        row = nodes.row()
        for text in texts:
            entry = nodes.entry()
            entry += text_paragraph(text)
            row += entry
        part += row
        group += part
    return table


def grid(directive: SphinxDirective, items: list[nodes.container]) -> nodes.container:
    """sphinx-design's ``{grid} 1 2 3 3`` with ``:gutter: 2`` holding ``items``."""
    container = create_component(
        "grid-container", ["sd-container-fluid", "sd-sphinx-override", "sd-mb-4"]
    )
    row = create_component(
        "grid-row",
        ["sd-row", *row_columns_option(GRID_COLUMNS), *gutter_option(GRID_GUTTER)],
    )
    for node in (container, row):
        directive.set_source_info(node)
    container += row
    row.extend(items)
    return container


def grid_item_card(
    directive: SphinxDirective,
    title: str,
    body: list[nodes.Element],
    footer: str,
    *,
    classes: list[str],
    label: str,
) -> nodes.container:
    """The nodes of sphinx-design's ``grid-item-card`` (full width, no margin), its title,
    body and footer being text or nodes made here, and the card carrying ``label`` as its id."""
    column = create_component("grid-item", ["sd-col", "sd-d-flex-row"])
    card = create_component(
        "card",
        ["sd-card", "sd-sphinx-override", "sd-w-100", "sd-shadow-sm", *classes],
        ids=[label],
    )
    heading = create_component("card-title", ["sd-card-title", "sd-font-weight-bold"])
    heading += PassthroughTextElement("", "", nodes.Text(title))
    content = create_component("card-body", ["sd-card-body"])
    content += heading
    content.extend(body)
    bottom = create_component("card-footer", ["sd-card-footer"])
    bottom += text_paragraph(footer)
    for slot in (content, bottom):
        CardDirective.add_card_child_classes(slot)  # its paragraphs: sd-card-text
    card.extend([content, bottom])
    column += card
    for node in column.findall(nodes.Element):
        directive.set_source_info(node)
    return column


def spell_body(spell: Spell, lang: str) -> list[nodes.Element]:
    """A spell card's text, its results (roll in bold) and its profile adjustment."""
    body: list[nodes.Element] = [text_paragraph(engine_text(p, lang)) for p in spell.text]
    body += [result_paragraph(roll, engine_text(effect, lang)) for roll, effect in spell.results]
    if spell.profile_adjustment:
        caption = ui_text("{spell}: profile adjustment", lang)
        name = engine_text(spell.name, lang)
        adjustment = [
            (engine_text(key, lang), _characteristics_in(value, lang))
            for key, value in spell.profile_adjustment
        ]
        body.append(profile_table(adjustment, caption.format(spell=name)))
    return body


def _characteristics_in(value: str, lang: str) -> str:
    """``RA -1`` with the characteristic in the reader's language (``AD -1``)."""
    return re.sub(r"[A-Za-z]+", lambda word: engine_text(word[0], lang), value)


def points_text(points: int, lang: str) -> str:
    """A card's cost: "1 point", "15 points" (the language's own plural rule)."""
    if plural_form(points, lang) == "one":
        return f"{format_number(points, lang)} {ui_text('point', lang)}"
    return f"{format_number(points, lang)} {ui_text('points', lang)}"


def spell_footer(spell: Spell, lang: str) -> str:
    """``UC 6 · Level 3 · 15 points``: the card's stat line (:func:`card_stats`), the upkeep
    too where the card gives one."""
    words = {"UC": ui_text("UC", lang), "Level": ui_text("Level", lang)}
    words["Upkeep"] = ui_text("Upkeep", lang)
    stats = []
    for label, value in card_stats(spell):
        said = f"{words[label]} {format_number(value, lang)}" if label in words else ""
        stats.append(said or points_text(value, lang))  # the points: "1 point", "15 points"
    return " · ".join(stats)


class EngineCardsDirective(SphinxDirective):
    """Cards built from engine data; their text is already in the page's language."""

    def cards(self, kind: str, items: list[tuple[str, str, nodes.container]]) -> nodes.container:
        """The grid of ``(key, title, card)``; each card is an entity of ``kind``, its anchor a
        target for ``{ref}`` (:mod:`nqsphinx.directives.entities`)."""
        for key, title, column in items:
            card = column[0]  # the column holds the card
            assert isinstance(card, nodes.Element)
            entities.register(self.env, kind, key, title, card)
        container = grid(self, [card for _, _, card in items])
        container[CARDS_ATTRIBUTE] = [(kind, key) for key, _, _ in items]
        return container

    @staticmethod
    def generated(result: list[nodes.Element]) -> list[nodes.Node]:
        """Generated in the page's language: gettext must skip it."""
        for top in result:
            for node in top.findall(nodes.TextElement):
                node["translatable"] = False
        return list(result)


class SpellCardsDirective(EngineCardsDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        try:
            aspect = Aspect(self.arguments[0])
        except ValueError:
            raise self.error(f"unknown aspect {self.arguments[0]!r}") from None
        intro: list[nodes.Element] = []
        for text in aspect_intro(aspect):
            intro.append(text_paragraph(engine_text(text, lang)))
            self.set_source_info(intro[-1])
        items = [self.spell_card(spell, lang) for spell in spells_of(aspect)]
        return self.generated([*intro, self.cards("spell", items)])

    def spell_card(self, spell: Spell, lang: str) -> tuple[str, str, nodes.container]:
        title = engine_text(spell.name, lang)
        card = grid_item_card(
            self,
            title,
            spell_body(spell, lang),
            spell_footer(spell, lang),
            classes=[CARD_CLASS, "nq-spell-card", f"nq-aspect-{spell.aspect.value}"],
            label=entities.anchor("spell", spell.key),
        )
        return spell.key, title, card


class MutationCardsDirective(EngineCardsDirective):
    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        items = [self.mutation_card(mutation, lang) for mutation in all_mutations()]
        return self.generated([self.cards("mutation", items)])

    def mutation_card(self, mutation: Mutation, lang: str) -> tuple[str, str, nodes.container]:
        title = engine_text(mutation.name, lang)
        body: list[nodes.Element] = [text_paragraph(engine_text(p, lang)) for p in mutation.text]
        footer = points_text(mutation.points, lang)
        card = grid_item_card(
            self,
            title,
            body,
            footer,
            classes=[CARD_CLASS, "nq-mutation-card"],
            label=entities.anchor("mutation", mutation.key),
        )
        return mutation.key, title, card


def printed_card(kind: str, key: str, lang: str) -> tuple[str, str, str, str]:
    """A card as the spell-card product draws it (colour, title, text, stats, as LaTeX)."""
    if kind == "spell":
        found = next(s for aspect in Aspect for s in spells_of(aspect) if s.key == key)
        return spell_cards.spell_card(found, lang)
    return spell_cards.mutation_card(next(m for m in all_mutations() if m.key == key), lang)


#: LaTeX of a row of cards: a box in the page's vertical list, so that rows touch (their cut lines
#: are shared) and a page may break between them.  Before it, the row's anchors and index entries,
#: kept on the row's page by ``\\needspace``; around the cards, room for the crop marks.  Two
#: cards of the deck's size are wider than the text block: the row is centred on it, as much
#: past each edge (``\\hss``), not set from its left edge and past the right one only.
ROW = "\\par\\nointerlineskip\\vskip0pt\\hbox to\\linewidth{\\hss%s\\hss}\n"
ROW_MM, GAP_MM = spell_cards.CARD_HEIGHT_MM + 2, 7  # the crop marks run 6 mm out
KEEP = f"\\par\\needspace{{{ROW_MM}mm}}\n"
GAP = f"\\par\\vspace{{{GAP_MM}mm}}\n"
#: The cards' macros (``\\nqfit``), defined by the first grid of the document.
MACROS = f"\\ifdefined\\nqfit\\else{spell_cards.card_macros()}\\fi\n"
#: The deck's one size (:func:`nqprint.spell_cards.deck_size`), found by the first grid.
DECK = "\\ifdefined\\nqdecksized\\else%s\\gdef\\nqdecksized{}\\fi\n"


def deck_size(lang: str) -> str:
    """The LaTeX that finds the size of the whole deck's text, once a document: the book sets
    each card in it, as the spell-card product does (the book fitted each card on its own, and
    Smoke and Lava Pool were smaller than their neighbours)."""
    return DECK % spell_cards.deck_size(spell_cards.cards(lang)).rstrip("%\n")


def card_sheets(
    cards: Sequence[tuple[str, str]], lang: str, marks: dict[str, list[nodes.Node]] | None = None
) -> list[nodes.Node]:
    """The cards drawn as the product draws them, ``SHEET_COLUMNS`` to a row; each card's anchor
    (and its ``marks``, by anchor: index entries) comes just before its row, on its page."""
    first = generated_raw(MACROS + deck_size(lang) + GAP, "latex")
    first[HEIGHT_MM] = GAP_MM + ROW_MM  # a heading keeps room for it and the first row
    result: list[nodes.Node] = [first]
    for start in range(0, len(cards), SHEET_COLUMNS):
        row = cards[start : start + SHEET_COLUMNS]
        result.append(generated_raw(KEEP, "latex"))
        for kind, key in row:
            anchor = entities.anchor(kind, key)
            result += [nodes.target("", "", ids=[anchor]), *(marks or {}).get(anchor, [])]
        drawn = [printed_card(kind, key, lang) for kind, key in row]
        sheet = spell_cards.card_sheet(drawn, SHEET_COLUMNS, 1, one_size=True, measured=True)
        result.append(generated_raw(ROW % sheet, "latex"))
    result.append(generated_raw(GAP, "latex"))
    return result


class CardSheets(SphinxPostTransform):
    """In the PDF, each grid of cards is drawn as the spell-card product's sheet; the cards' index
    entries (:mod:`nqsphinx.directives.rules_index`) move along."""

    default_priority = 800
    builders = ("latex",)

    def run(self, **kwargs: Any) -> None:
        lang = page_language(self.config.language)
        for container in list(self.document.findall(nodes.container)):
            if container.get(CARDS_ATTRIBUTE):
                marks: dict[str, list[nodes.Node]] = {}
                for card in container.findall(nodes.container):
                    if card["ids"]:
                        marks[card["ids"][0]] = list(card.findall(addnodes.index))
                sheets = card_sheets(container[CARDS_ATTRIBUTE], lang, marks)
                container.replace_self(sheets)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx_design")  # the cards are its components: its HTML and CSS
    app.setup_extension("nqsphinx.directives.entities")
    app.add_directive("nq-spell-cards", SpellCardsDirective)
    app.add_directive("nq-mutation-cards", MutationCardsDirective)
    app.add_post_transform(CardSheets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}  # also loaded alone
