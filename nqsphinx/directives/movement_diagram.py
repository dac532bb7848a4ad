"""The movement abilities graphic (how far 2 actions move a model), drawn from the engine's moves.

Each ability is a bar as long as the distance it covers for two actions, to scale, with a tick
at every inch: the book quotes every ability for two actions (Actions > Movement Abilities).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.colour import rgb
from nqcore.i18n import format_number
from nqcore.rules.movement import MovementAbility, max_move
from nqprint.latex import latex_escape  # one escape for the rulebooks and the print products
from nqsphinx.directives import figures
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import engine_text, page_language, ui_text

#: "Movement Abilities": "2 actions (AC) to move 3"" (Double Time), 4" (Cavalry), 5" (Flying).
QUOTED_ACTIONS = 2
#: Bar colours: the ordinary move in grey, the abilities in the book's accent colours.
BAR_COLOURS = {
    MovementAbility.NORMAL: "#8c8c8c",
    MovementAbility.DOUBLE_TIME: "#7d5a2c",
    MovementAbility.CAVALRY: "#2471a3",
    MovementAbility.FLYING: "#c0392b",
}


def moves(actions: int = QUOTED_ACTIONS) -> list[tuple[MovementAbility, Fraction]]:
    """Every way of moving, with the distance it covers in the open for ``actions``."""
    return [(ability, max_move(actions, ability)) for ability in MovementAbility]


def inches(value: Fraction, lang: str) -> str:
    return f'{format_number(value, lang)}"'


def description(lang: str) -> str:
    """The alt text: what the bars say, in words."""
    rows = ", ".join(
        f"{engine_text(ability.label, lang)} {inches(distance, lang)}"
        for ability, distance in moves()
    )
    return ui_text("Distance moved for {actions} actions (AC): {moves}.", lang).format(
        actions=format_number(QUOTED_ACTIONS, lang), moves=rows
    )


def movement_svg(lang: str, text: str) -> str:
    """The bars as inline SVG (text in ``currentColor`` so that dark mode reads it)."""
    scale, row, top = 44, 30, 10
    longest_label = max(len(engine_text(ability.label, lang)) for ability in MovementAbility)
    label_width = 20 + 9 * longest_label  # about 9 units a letter at font size 14
    longest = max(distance for _, distance in moves())
    width = label_width + float(longest) * scale + 50
    height = top + row * len(moves()) + 6
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height}" '
        f'role="img" aria-label="{escape(text)}" class="nq-movement-abilities" '
        'font-family="sans-serif" font-size="14">',
        f"<title>{escape(text)}</title>",
    ]
    for i, (ability, distance) in enumerate(moves()):
        y = top + i * row
        length = float(distance) * scale
        parts.append(
            f'<text x="{label_width - 10}" y="{y + 17}" text-anchor="end" fill="currentColor">'
            f"{escape(engine_text(ability.label, lang))}</text>"
            f'<rect x="{label_width}" y="{y + 4}" width="{length:.1f}" height="18" rx="3" '
            f'fill="{BAR_COLOURS[ability]}"/>'
        )
        for inch in range(1, int(distance) + 1):
            x = label_width + inch * scale
            parts.append(
                f'<line x1="{x}" y1="{y + 4}" x2="{x}" y2="{y + 22}" stroke="#fff" '
                'stroke-width="1.5"/>'
            )
        parts.append(
            f'<text x="{label_width + length + 8:.1f}" y="{y + 18}" fill="currentColor" '
            f'font-weight="bold">{escape(inches(distance, lang))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def movement_tikz(lang: str) -> str:
    """The same bars for the PDF, 1 cm to the inch."""
    lines = [r"\begin{center}\begin{tikzpicture}[font=\small\sffamily]"]
    for i, (ability, distance) in enumerate(moves()):
        y = -0.7 * i
        channels = ",".join(str(channel) for channel in rgb(BAR_COLOURS[ability]))
        lines.append(rf"\definecolor{{nqbar{i}}}{{RGB}}{{{channels}}}")
        label = latex_escape(engine_text(ability.label, lang))
        low, high = f"{y - 0.22:.2f}", f"{y + 0.22:.2f}"
        lines.append(rf"\node[anchor=east] at (-0.2,{y:.2f}) {{{label}}};")
        lines.append(rf"\fill[nqbar{i}] (0,{low}) rectangle ({float(distance):.2f},{high});")
        for inch in range(1, int(distance) + 1):
            lines.append(rf"\draw[white, thick] ({inch},{low}) -- ({inch},{high});")
        lines.append(
            rf"\node[anchor=west, font=\small\sffamily\bfseries] at ({float(distance) + 0.1:.2f},"
            rf"{y:.2f}) {{{latex_escape(inches(distance, lang))}}};"
        )
    lines.append(r"\end{tikzpicture}\end{center}")
    return "\n".join(lines)


class MovementAbilitiesDirective(SphinxDirective):
    """``{nq-movement-abilities}`` with the caption as content (and an optional ``:name:``)."""

    has_content = True
    option_spec = {"name": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        text = description(lang)
        if lang == "fr":  # raw output escapes the typography transform
            text = french_html(text)
        return [figures.drawn_figure(self, movement_svg(lang, text), movement_tikz(lang))]


def setup(app: Sphinx) -> None:
    app.add_directive("nq-movement-abilities", MovementAbilitiesDirective)
