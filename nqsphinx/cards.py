"""Spell and mutation cards rendered from the engine as sphinx-design cards.

``{nq-spell-cards} fire`` renders an aspect's introduction and its cards; ``{nq-mutation-cards}``
the six mutations.  Each card carries the label ``spell-<key>`` / ``mutation-<key>`` so that
errata and cross references can point at it in both languages.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.i18n import format_number
from nqcore.magic import Aspect
from nqcore.mutations import all_mutations
from nqcore.spells import Spell, aspect_intro, spells_of
from nqsphinx.messages import engine_text, page_language, ui_text


def spell_card_markup(spell: Spell, lang: str) -> str:
    """One spell card as MyST for sphinx-design's ``grid-item-card``."""

    def tr(text: str) -> str:
        return engine_text(text, lang)

    body = [tr(p) for p in spell.text]
    for roll, effect in spell.results:
        body.append(f"**{roll}** {tr(effect)}")
    if spell.profile_adjustment:
        names = " | ".join(k for k, _ in spell.profile_adjustment)
        values = " | ".join(v for _, v in spell.profile_adjustment)
        rule = " | ".join("---" for _ in spell.profile_adjustment)
        body.append(f"| {names} |\n| {rule} |\n| {values} |")
    stats = [
        f"{ui_text('UC', lang)} {format_number(spell.use_cost, lang)}",
        f"{ui_text('Level', lang)} {format_number(spell.level, lang)}",
    ]
    if spell.upkeep is not None:
        stats.append(f"{ui_text('Upkeep', lang)} {format_number(spell.upkeep, lang)}")
    stats.append(f"{format_number(spell.points, lang)} {ui_text('points', lang)}")
    return "\n".join(
        [
            f"::::{{grid-item-card}} {tr(spell.name)}",
            f":class-card: nq-card nq-spell-card nq-aspect-{spell.aspect.value}",
            "",
            "\n\n".join(body),
            "",
            ":::{card-footer}",
            " · ".join(stats),
            ":::",
            "::::",
            "",
        ]
    )


def _grid(cards: list[str]) -> str:
    return ":::::{grid} 1 2 3 3\n:gutter: 2\n\n" + "\n".join(cards) + ":::::\n"


class GeneratedMarkupDirective(SphinxDirective):
    """Parses markup made from engine data; the result is already in the page's language."""

    def label_cards(
        self, holder: list[nodes.Node], css: str, labels: list[tuple[str, str]]
    ) -> None:
        """Give each card its label (in order) and register it for {ref} and errata links."""
        cards = [n for top in holder for n in top.findall(nodes.Element) if css in n["classes"]]
        if len(cards) != len(labels):
            raise self.error(f"expected {len(labels)} cards, rendered {len(cards)}")
        std = self.env.get_domain("std")
        for card, (label, title) in zip(cards, labels, strict=True):
            card["ids"].append(label)
            std.note_hyperlink_target(label, self.env.docname, label, title)  # type: ignore[attr-defined]

    def parse_generated(self, markup: str) -> list[nodes.Node]:
        holder = nodes.Element()
        self.state.nested_parse(
            self.content.__class__(markup.splitlines(), source=f"<nqcore {self.name}>"),
            self.content_offset,
            holder,
        )
        for node in holder.findall(nodes.TextElement):
            node["translatable"] = False
        return list(holder.children)


class SpellCardsDirective(GeneratedMarkupDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        try:
            aspect = Aspect(self.arguments[0])
        except ValueError:
            raise self.error(f"unknown aspect {self.arguments[0]!r}") from None
        intro = "\n\n".join(engine_text(p, lang) for p in aspect_intro(aspect))
        spells = spells_of(aspect)
        cards = [spell_card_markup(s, lang) for s in spells]
        result = self.parse_generated(intro + "\n\n" + _grid(cards))
        labels = [(f"spell-{s.key}", engine_text(s.name, lang)) for s in spells]
        self.label_cards(result, "nq-spell-card", labels)
        return result


class MutationCardsDirective(GeneratedMarkupDirective):
    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        cards = []
        for mutation in all_mutations():
            body = "\n\n".join(engine_text(p, lang) for p in mutation.text)
            cards.append(
                "\n".join(
                    [
                        f"::::{{grid-item-card}} {engine_text(mutation.name, lang)}",
                        ":class-card: nq-card nq-mutation-card",
                        "",
                        body,
                        "",
                        ":::{card-footer}",
                        f"{format_number(mutation.points, lang)} {ui_text('points', lang)}",
                        ":::",
                        "::::",
                        "",
                    ]
                )
            )
        result = self.parse_generated(_grid(cards))
        labels = [(f"mutation-{m.key}", engine_text(m.name, lang)) for m in all_mutations()]
        self.label_cards(result, "nq-mutation-card", labels)
        return result


def setup(app: Sphinx) -> None:
    app.add_directive("nq-spell-cards", SpellCardsDirective)
    app.add_directive("nq-mutation-cards", MutationCardsDirective)
