"""Templates and counters at true scale (``templates-<lang>.pdf``, ``templates-<lang>-letter.pdf``).

Every shape is drawn by TikZ in inches from :mod:`nqcore.rules.templates`, so that printed at
100 % a 2½" template measures 2½".  Shapes are packed on A4 or US Letter pages by a skyline packer,
tallest first.  Each page's header carries a 1-inch and a 5-cm bar, labelled, to check the print's
scale; the page number stands by the title, far from the bars, so that it never reads as their
label.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from nqcore.colour import rgb
from nqcore.i18n import DOMAIN, LOCALE_DIR, N_, format_number
from nqcore.rules.spells import spell
from nqcore.rules.templates import (
    CircleTemplate,
    TeardropTemplate,
    blast_templates,
    counters,
    siege_templates,
    spell_templates,
    teardrop_templates,
)
from nqprint.colours import ASPECT_COLOURS
from nqprint.glossary_terms import abbreviation
from nqprint.imprint import imprint
from nqprint.label_fit import MEASURE, Room, catalogue_entry, measured
from nqprint.latex import (
    A4,
    LEAST_TYPE,
    PAGE_BREAK,
    Paper,
    document,
    inches,
    tex,
    tikz_rgb,
)
from nqprint.texts import LOCALE_DIR as PRINT_LOCALE_DIR
from nqprint.texts import engine_text, print_text

TITLE = N_("Templates and counters")
PRINT_NOTE = N_(
    "Print at actual size (100%, no scaling): the bars measure 1 inch and 5 cm. "
    "Cut on the outlines."
)
INCH_BAR = N_("1 inch")
CM_BAR = N_("5 cm")
BLAST = N_("Blast")
SPELL_TEMPLATE = N_("{name} Template")

#: How many of each counter the sheets give.
COUNTER_COPIES = 6
#: Copies of a template: the smoke can split into two ("3" Smoke Templates").
COPIES = {"spell-smoke": 2}

#: The page margin and the header's height (inches), and the space between shapes, room for
#: the scissors.
#: 10 mm, and the outline's half width: many printers clip within a quarter inch of the edge,
#: some more.  The 10" teardrop then stands upright on A4 only: on Letter it leans
#: (:func:`teardrop`).
MARGIN = Fraction(42, 100)
#: The header: the title and the scale bars, the print note, the imprint (nqprint.imprint).
HEADER = Fraction(55, 100)
GAP = Fraction(3, 20)
#: The bars of the header: 1 inch, and 5 cm with a tick at each centimetre.
CM_BAR_CM = 5


def usable(paper: Paper) -> tuple[Fraction, Fraction]:
    """The width and height (inches) that the shapes of a page may take on ``paper``."""
    return paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - HEADER


BLAST_COLOUR = "#e67e22"
SIEGE_COLOUR = "#7f8c8d"
TEARDROP_COLOUR = "#c0392b"
COUNTER_COLOURS = {
    "activated": "#27ae60",
    "hold": "#2471a3",
    "flee": "#d4ac0d",
    "panicked": "#e67e22",
    "terrified": "#c0392b",
    "support-weapon-loaded": "#7f8c8d",
}
OUTLINE = "draw=black, line width=0.6pt"


@dataclass(frozen=True)
class Shape:
    """A shape ``width`` × ``height`` inches; ``draw(x, y)`` draws it from its lower left."""

    width: Fraction
    height: Fraction
    draw: Callable[[Fraction, Fraction], str]


def tint(hex_colour: str, strength: float = 0.2) -> str:
    """A pale, opaque version of a colour (printers handle it better than transparency)."""
    red, green, blue = (round(255 - (255 - c) * strength) for c in rgb(hex_colour))
    return tikz_rgb((red, green, blue))


Label = tuple[str, str]


@dataclass(frozen=True)
class Named:
    """What a shape is, for a refusal: ``name`` ("1\" blast template"), the words its label
    shows, and the catalogue entries they come from."""

    name: str
    shown: str
    entry: str


def _print_entry(msgid: str, lang: str) -> str:
    return catalogue_entry(PRINT_LOCALE_DIR, "nqprint", msgid, lang)


def _engine_entry(msgid: str, lang: str) -> str:
    return catalogue_entry(LOCALE_DIR, DOMAIN, str(msgid), lang)


def _label(big: str, small: str, big_size: str, width: Fraction) -> Label:
    """TikZ node options and text: a big line (a size, a name) over a small one."""
    text = rf"{{{big_size}\bfseries {big}}}"
    if small:
        text += rf"\\[1pt]{{\scriptsize {small}}}"
    return rf"align=center, text width={inches(width)}, font=\sffamily", text


def circle(
    diameter: Fraction, colour: str, big: str, small: str = "", *, named: Named, cross: bool = True
) -> Shape:
    """A round template or counter with a centre cross (templates) and a label, measured
    inside its outline (:mod:`nqprint.label_fit`)."""
    radius = diameter / 2

    def draw(x: Fraction, y: Fraction) -> str:
        centre = f"({inches(x + radius)},{inches(y + radius)})"
        size = r"\Large" if diameter >= 2 else r"\normalsize" if diameter > 1 else r"\footnotesize"
        disc = rf"{centre} circle[radius={inches(radius)}]"
        lines = [rf"\filldraw[fill={tint(colour)}, {OUTLINE}] {disc};"]
        if cross:
            lines.append(
                rf"\draw[line width=0.3pt, black!60] {centre} ++(-0.08in,0) -- ++(0.16in,0)"
                rf" {centre} ++(0,-0.08in) -- ++(0,0.16in);"
            )
        shift = f", yshift={inches(radius * Fraction(9, 20))}" if cross else ""
        label = _label(big, small, size, diameter * Fraction(4, 5))
        at, floor = (radius * Fraction(9, 20), CROSS) if cross else (Fraction(0), -radius)
        room = Room(float(radius), float(at), float(floor), float(diameter * Fraction(4, 5)))
        lines.append(_measured(label, room, named))
        lines.append(_node(label, centre, shift))
        return "\n".join(lines)

    return Shape(diameter, diameter, draw)


#: How far the centre cross reaches above a template's centre (inches): its arms, drawn by
#: :func:`circle`, are 0.16in long.
CROSS = Fraction(8, 100)


def _measured(label: Label, room: Room, named: Named) -> str:
    return measured(room, label[1], named.name, named.shown, named.entry)


def _node(label: Label, at: str, shift: str) -> str:
    options, text = label
    return rf"\node[{options}{shift}] at {at} {{{text}}};"


def semicircle(diameter: Fraction, colour: str, big: str, small: str, *, named: Named) -> Shape:
    """A half-round template standing on its straight edge."""
    radius = diameter / 2

    def draw(x: Fraction, y: Fraction) -> str:
        label = _label(big, small, r"\normalsize", diameter * Fraction(3, 5))
        at = radius * Fraction(2, 5)
        room = Room(float(radius), float(at), 0.0, float(diameter * Fraction(3, 5)))
        return (
            rf"\filldraw[fill={tint(colour)}, {OUTLINE}] ({inches(x)},{inches(y)})"
            rf" arc[start angle=180, end angle=0, radius={inches(radius)}] -- cycle;"
            "\n"
            + _measured(label, room, named)
            + "\n"
            + _node(label, f"({inches(x + radius)},{inches(y + at)})", "")
        )

    return Shape(diameter, radius, draw)


def teardrop_geometry(template: TeardropTemplate) -> tuple[float, float, float]:
    """The round end's radius, the distance from the point to its centre, and the half angle
    of the point (radians): the straight sides are tangent to the round end."""
    radius = float(template.width) / 2
    centre = float(template.length) - radius
    return radius, centre, math.asin(radius / centre)


def _outline(template: TeardropTemplate, lean: float) -> list[tuple[float, float]]:
    """Points of a teardrop's outline (inches, the point at the origin, the round end up),
    turned ``lean`` degrees anticlockwise about its point: the point and its round end."""
    radius, centre, _ = teardrop_geometry(template)
    turn = math.radians(lean)
    points = [(0.0, 0.0)]
    for step in range(0, 4 * 360 + 1):  # a quarter degree apart: the box within 0.0001"
        angle = math.radians(step / 4) + turn
        x, y = radius * math.cos(angle), radius * math.sin(angle)
        points.append((x - centre * math.sin(turn), y + centre * math.cos(turn)))
    return points


def _lean(template: TeardropTemplate, height: Fraction) -> float:
    """The fewest whole degrees a teardrop leans so that it is no taller than ``height``."""
    for lean in range(0, 90):
        ys = [y for _, y in _outline(template, lean)]
        if max(ys) - min(ys) <= float(height):
            return float(lean)
    raise ValueError(f"a {template.length}-inch teardrop does not fit {height} inches")


def teardrop_abbreviation(template: TeardropTemplate, lang: str) -> str:
    """The teardrop's abbreviation as the reader's book prints it (the glossary's: « PGG »,
    « GMG », « GGG » in French), the large label of its shape."""
    key = f"teardrop-template-{template.size.value}"
    return abbreviation(key, lang, template.size.abbreviation)


def teardrop(template: TeardropTemplate, lang: str, height: Fraction | None = None) -> Shape:
    """A teardrop standing on its point, ``width`` wide and ``length`` tall; leaning just
    enough to be no taller than ``height`` (the 10" one on Letter, inside its margins)."""
    radius, centre, half = teardrop_geometry(template)
    side = math.sqrt(centre**2 - radius**2)
    lean = _lean(template, height) if height is not None else 0.0
    outline = _outline(template, lean)
    left, bottom = min(x for x, _ in outline), min(y for _, y in outline)
    box_width = max(x for x, _ in outline) - left
    box_height = max(y for _, y in outline) - bottom

    def draw(x: Fraction, y: Fraction) -> str:
        tip_x, tip_y = float(x) - left, float(y) - bottom
        right = (side * math.sin(half), side * math.cos(half))
        angle = math.degrees(half)
        dims = f'{format_number(template.length, lang)}" × {format_number(template.width, lang)}"'
        words = engine_text(template.size.label, lang)
        label = _label(
            tex(teardrop_abbreviation(template, lang), lang),
            tex(words, lang) + r"\\" + tex(dims, lang),
            r"\Large",
            template.width * Fraction(4, 5),
        )
        room = Room(radius, 0.0, -radius, float(template.width * Fraction(4, 5)))
        named = Named(
            f'{format_number(template.length, "en")}" teardrop template',
            words,
            _engine_entry(template.size.label, lang),
        )
        return (
            rf"\begin{{scope}}[shift={{({tip_x:.4f}in,{tip_y:.4f}in)}}, rotate={lean:g}]"
            "\n"
            rf"\filldraw[fill={tint(TEARDROP_COLOUR)}, {OUTLINE}] (0,0)"
            rf" -- ({right[0]:.4f}in,{right[1]:.4f}in)"
            rf" arc[start angle={-angle:.4f}, end angle={180 + angle:.4f}, radius={radius:.4f}in]"
            " -- cycle;\n"
            + _measured(label, room, named)
            + "\n"
            + _node(label, f"(0,{centre:.4f}in)", f", rotate={lean:g}" if lean else "")
            + "\n\\end{scope}"
        )

    if not lean:
        return Shape(template.width, template.length, draw)
    return Shape(Fraction(f"{box_width:.4f}"), Fraction(f"{box_height:.4f}"), draw)


def _inch_text(diameter: Fraction, lang: str) -> str:
    return tex(f'{format_number(diameter, lang)}"', lang)


def _spell_template(template: CircleTemplate, lang: str) -> Shape:
    assert template.name is not None
    colour = ASPECT_COLOURS[spell(template.name).aspect]
    name = print_text(SPELL_TEMPLATE, lang).format(name=engine_text(template.name, lang))
    named = Named(
        f"{_inches_en(template.diameter)} {template.name} template",
        name,
        f"{_print_entry(SPELL_TEMPLATE, lang)}; {_engine_entry(template.name, lang)}",
    )
    big = _inch_text(template.diameter, lang)
    return circle(template.diameter, colour, big, tex(name, lang), named=named)


def _inches_en(diameter: Fraction) -> str:
    return f'{format_number(diameter, "en")}"'


def shapes(lang: str, paper: Paper = A4) -> list[Shape]:
    """Every template and counter of the sheets on ``paper``, labelled in the reader's
    language."""
    result = [teardrop(t, lang, usable(paper)[1]) for t in teardrop_templates()]
    blast_words = print_text(BLAST, lang)
    blast = tex(blast_words, lang)
    for template in blast_templates():
        named = Named(
            f"{_inches_en(template.diameter)} blast template",
            blast_words,
            _print_entry(BLAST, lang),
        )
        big = _inch_text(template.diameter, lang)
        result.append(circle(template.diameter, BLAST_COLOUR, big, blast, named=named))
    for template in spell_templates():
        result += [_spell_template(template, lang)] * COPIES.get(template.key, 1)
    for template in siege_templates():
        assert template.name is not None
        big = _inch_text(template.diameter, lang)
        words = engine_text(template.name, lang)
        named = Named(
            f"{_inches_en(template.diameter)} {template.name}",
            words,
            _engine_entry(template.name, lang),
        )
        make = semicircle if template.semicircle else circle
        result.append(make(template.diameter, SIEGE_COLOUR, big, tex(words, lang), named=named))
    for counter in counters():
        words = engine_text(counter.name, lang)
        named = Named(f"{counter.name} counter", words, _engine_entry(counter.name, lang))
        colour = COUNTER_COLOURS[counter.key]
        shape = circle(counter.diameter, colour, tex(words, lang), named=named, cross=False)
        result += [shape] * COUNTER_COPIES
    return result


Placed = tuple[Shape, Fraction, Fraction]
#: The skyline of a page: (left, right, depth) spans, depth measured down from the top.
Skyline = list[tuple[Fraction, Fraction, Fraction]]


def _place(
    skyline: Skyline, width: Fraction, height: Fraction, page: tuple[Fraction, Fraction]
) -> tuple[Fraction, Fraction] | None:
    """The best place (left, top) for a footprint on a skyline: the highest, then leftmost."""
    best: tuple[Fraction, Fraction] | None = None
    page_width, page_height = page
    for left, _, _ in skyline:
        right = left + width
        if right > page_width + GAP:
            continue
        top = max(depth for start, end, depth in skyline if start < right and left < end)
        if top + height <= page_height + GAP and (best is None or (top, left) < best[::-1]):
            best = (left, top)
    return best


def _raise(skyline: Skyline, left: Fraction, right: Fraction, depth: Fraction) -> Skyline:
    """The skyline once a footprint spans ``left``-``right`` down to ``depth``."""
    spans: Skyline = []
    for start, end, old in skyline:
        if start < left:
            spans.append((start, min(end, left), old))
        if end > right:
            spans.append((max(start, right), end, old))
    spans.append((left, right, depth))
    return sorted(spans)


def pack(items: list[Shape], paper: Paper = A4) -> list[list[Placed]]:
    """Skyline packing, tallest first: each shape goes on the first page with room for it, as
    high, then as far left, as it fits, else on a new page; shapes keep a gap for the scissors.
    Each gets the position of its lower left corner, in inches right of and below the page's top
    left."""
    pages: list[list[Placed]] = []
    skylines: list[Skyline] = []
    page_size = usable(paper)
    for item in sorted(items, key=lambda s: (-s.height, -s.width)):
        if item.width > page_size[0] or item.height > page_size[1]:
            raise ValueError(f"a {item.width}×{item.height} inch shape does not fit the page")
        width, height = item.width + GAP, item.height + GAP
        places = (
            (i, _place(skyline, width, height, page_size)) for i, skyline in enumerate(skylines)
        )
        page, place = next(((i, p) for i, p in places if p is not None), (len(pages), None))
        if place is None:
            pages.append([])
            skylines.append([(Fraction(0), page_size[0] + GAP, Fraction(0))])
            place = _place(skylines[-1], width, height, page_size)
            assert place is not None
        left, top = place
        pages[page].append((item, left, top + item.height))
        skylines[page] = _raise(skylines[page], left, left + width, top + height)
    return pages


def _bar(length: str, ticks: str, label: str) -> str:
    """A scale bar ``length`` long, end ticks 3 pt up and down, its label centred above it.

    The bar and its ticks are one stroked path, as wide as the bar (the tests measure it)."""
    return (
        r"\begin{tikzpicture}[baseline=-3pt]"
        rf"\draw[line width=0.8pt] (0,0) -- ({length},0) (0,-3pt) -- (0,3pt)"
        rf" ({length},-3pt) -- ({length},3pt){ticks};"
        rf"\node[above, inner sep=1.5pt, font=\sffamily\footnotesize] at ({length}/2,3pt)"
        rf" {{{label}}};"
        r"\end{tikzpicture}"
    )


def scale_bars(lang: str) -> str:
    """The 1-inch bar and the 5-cm bar (a tick at each centimetre), each with its label."""
    ticks = "".join(f" ({cm}cm,-2pt) -- ({cm}cm,2pt)" for cm in range(1, CM_BAR_CM))
    inch = _bar("1in", "", tex(print_text(INCH_BAR, lang), lang))
    cm = _bar(f"{CM_BAR_CM}cm", ticks, tex(print_text(CM_BAR, lang), lang))
    return inch + r"\hspace{10mm}" + cm


def _header(number: int, total: int, lang: str, printing: str = "") -> str:
    """The title and page number on the left, the scale bars on the right, the note and the
    imprint (``printing``) below."""
    title, note = tex(print_text(TITLE, lang), lang), tex(print_text(PRINT_NOTE, lang), lang)
    return (
        rf"\noindent{{\sffamily\bfseries\large {title}}}"
        rf"\quad{{\sffamily\footnotesize {number}/{total}}}\hfill{scale_bars(lang)}\par"
        rf"\noindent{{\sffamily\scriptsize {note}\par}}"
        rf"\noindent{{\sffamily{LEAST_TYPE} {tex(printing, lang)}\par}}\vspace{{0.06in}}"
        "\n"
    )


def templates_tex(lang: str, paper: Paper = A4) -> str:
    """The LaTeX document of the template and counter sheets, on ``paper``."""
    pages = []
    width, height = usable(paper)
    sheets = pack(shapes(lang, paper), paper)
    printing = imprint(lang)
    for number, page in enumerate(sheets, start=1):
        drawing = [
            r"\noindent\begin{tikzpicture}",
            # A fixed frame: the picture's origin is the top left of the usable page.
            rf"\path[use as bounding box] (0,0) rectangle ({inches(width)},{inches(-height)});",
        ]
        drawing += [shape.draw(x, -bottom) for shape, x, bottom in page]
        drawing.append(r"\end{tikzpicture}")
        pages.append(_header(number, len(sheets), lang, printing) + "\n".join(drawing))
    return document(
        PAGE_BREAK.join(pages),
        lang=lang,
        title=print_text(TITLE, lang),
        paper=paper,
        geometry=f"margin={float(MARGIN)}in",
        extra=MEASURE,
    )
