"""Diagrams that follow from engine data, drawn by code: SVG on the site, TikZ in the PDF."""

from __future__ import annotations

import math
from html import escape

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.rules.magic import Aspect
from nqcore.rules.spells import aspect_colour, aspect_text_colour
from nqprint.latex import latex_escape, tikz_rgb  # shared with the print products
from nqsphinx.directives import figures, movement_diagram
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import engine_text, page_language, ui_text

#: Opposed aspects face each other across the circle, so each opposition is a diameter.
CIRCLE_ORDER = (Aspect.FIRE, Aspect.EARTH, Aspect.LIGHT, Aspect.WATER, Aspect.WIND, Aspect.DARK)
#: The aspects' colours come from the engine's data (the Spell List's Colour column).
ASPECT_COLOURS = {aspect: aspect_colour(aspect) for aspect in Aspect}
#: The average width of a sans-serif letter, in em (DejaVu Sans, Liberation Sans: about 0.55).
LETTER_WIDTH = 0.55
#: The colour of each aspect's name on its disc: white or black, whichever reads (WCAG AA).
ASPECT_TEXT_COLOURS = {aspect: aspect_text_colour(aspect) for aspect in Aspect}


def name_size(name: str, room: float, largest: float = 15) -> float:
    """The font size at which ``name`` fits in ``room`` units (a sans-serif letter is about
    0.55 em wide): a long name ("Obscurité") would spill off its disc onto the page."""
    return min(largest, round(room / (LETTER_WIDTH * len(name)), 1))


def aspect_positions(radius: float) -> dict[Aspect, tuple[float, float]]:
    """Where each aspect sits on a circle of ``radius`` centred on the origin, Fire at the top."""
    step = 2 * math.pi / len(CIRCLE_ORDER)
    return {
        aspect: (radius * math.sin(i * step), -radius * math.cos(i * step))
        for i, aspect in enumerate(CIRCLE_ORDER)
    }


def _oppositions() -> list[tuple[Aspect, Aspect]]:
    pairs: list[tuple[Aspect, Aspect]] = []
    for aspect in CIRCLE_ORDER:
        if (aspect.opposed, aspect) not in pairs:
            pairs.append((aspect, aspect.opposed))
    return pairs


def aspect_circle_svg(lang: str, description: str) -> str:
    """The circle of the six aspects as inline SVG, each opposition a dashed diameter."""
    size, radius, node_r = 300, 105, 34
    centre = size / 2
    pos = {a: (centre + x, centre + y) for a, (x, y) in aspect_positions(radius).items()}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{escape(description)}" class="nq-aspect-circle">',
        f"<title>{escape(description)}</title>",
        f'<circle cx="{centre}" cy="{centre}" r="{radius}" fill="none" '
        'stroke="currentColor" stroke-opacity="0.35" stroke-width="2"/>',
    ]
    for first, second in _oppositions():
        (x1, y1), (x2, y2) = pos[first], pos[second]
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            'stroke="currentColor" stroke-width="2" stroke-dasharray="6 4"/>'
        )
    for aspect in CIRCLE_ORDER:
        x, y = pos[aspect]
        name = escape(engine_text(aspect.label, lang))
        colour = escape(ASPECT_COLOURS[aspect])
        text = escape(ASPECT_TEXT_COLOURS[aspect])
        font = name_size(engine_text(aspect.label, lang), 2 * node_r - 10)
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{node_r}" fill="{colour}"/>'
            f'<text x="{x:.1f}" y="{y + font / 3:.1f}" text-anchor="middle" fill="{text}" '
            f'font-size="{font:g}" font-family="sans-serif">{name}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


#: The longest aspect's name set in small type within its 1.5 cm disc ("Water", "Light").
LONGEST_SMALL_NAME = 5


def aspect_circle_tikz(lang: str) -> str:
    """The same circle for the PDF, in TikZ (lengths in centimetres)."""
    radius = 2.6
    lines = [r"\begin{center}\begin{tikzpicture}", rf"\draw[gray] (0,0) circle ({radius});"]
    pos = aspect_positions(radius)
    for first, second in _oppositions():
        (x1, y1), (x2, y2) = pos[first], pos[second]
        lines.append(rf"\draw[dashed, thick] ({x1:.2f},{-y1:.2f}) -- ({x2:.2f},{-y2:.2f});")
    names = {aspect: engine_text(aspect.label, lang) for aspect in CIRCLE_ORDER}
    # One size of disc: the names in a smaller type where one would grow its disc (Obscurité).
    size = r"\small" if max(map(len, names.values())) <= LONGEST_SMALL_NAME else r"\footnotesize"
    for aspect in CIRCLE_ORDER:
        x, y = pos[aspect]
        fill, text = tikz_rgb(ASPECT_COLOURS[aspect]), tikz_rgb(ASPECT_TEXT_COLOURS[aspect])
        lines.append(
            rf"\node[circle, fill={fill}, text={text}, minimum size=1.5cm, inner sep=1pt, "
            rf"font={size}\sffamily] at ({x:.2f},{-y:.2f}) {{{latex_escape(names[aspect])}}};"
        )
    lines.append(r"\end{tikzpicture}\end{center}")
    return "\n".join(lines)


class AspectCircleDirective(SphinxDirective):
    """``{nq-aspect-circle}`` with the caption as content: the six aspects and oppositions."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        description = ui_text(
            "The six aspects of magic in a circle: fire faces water, earth faces wind, "
            "light faces dark.",
            lang,
        )
        if lang == "fr":  # raw output escapes the typography transform
            description = french_html(description)
        svg, tikz = aspect_circle_svg(lang, description), aspect_circle_tikz(lang)
        return [figures.drawn_figure(self, svg, tikz)]


def setup(app: Sphinx) -> None:
    app.add_directive("nq-aspect-circle", AspectCircleDirective)
    movement_diagram.setup(app)
    figures.setup(app)
