"""Spell cards, nine to an A4 page with cut lines (``spell-cards-<lang>.pdf``).

The 39 spells of :mod:`nqcore.spells` in the book's order, then the six mutation cards of
:mod:`nqcore.mutations`, which fill the last page.  Cards are 63 × 88 mm, the size of playing
cards (sleeves fit); the text is set in the largest size that fits its card.
"""

from __future__ import annotations

from nqcore.colour import text_colour_on
from nqcore.i18n import N_, format_number
from nqcore.mutations import Mutation, all_mutations
from nqcore.spells import Spell, all_spells
from nqprint.colours import ASPECT_COLOURS
from nqprint.latex import document, tex
from nqprint.texts import engine_text, print_text

TITLE = N_("Spell cards")
MUTATION = N_("Mutation")
CARD_WIDTH_MM, CARD_HEIGHT_MM = 63, 88
COLUMNS, ROWS = 3, 3
MUTATION_COLOUR = "#1e8449"
#: Font sizes tried for a card's text, largest first (size, baseline skip, in points).
SIZES = ((8.5, 10), (8, 9.5), (7.5, 9), (7, 8.4), (6.5, 7.8), (6, 7.2))
#: The height left for the text between the title band and the stats line.
TEXT_HEIGHT_MM = 64

_FIT = r"""
\newsavebox\nqcardbox
\newlength\nqcardtext \setlength\nqcardtext{%(width)smm}
\newlength\nqcardheight \setlength\nqcardheight{%(height)smm}
\newcommand\nqtry[3]{\sbox\nqcardbox{\begin{minipage}[t]{\nqcardtext}\raggedright
  \fontsize{#1}{#2}\selectfont\setlength{\parskip}{2pt}#3\end{minipage}}}
\newcommand\nqtoolong{\dimexpr\ht\nqcardbox+\dp\nqcardbox\relax>\nqcardheight}
%% \nqfit{text}: the text in the largest size of the list that fits the card.
\newcommand\nqfit[1]{%(tries)s\usebox\nqcardbox}
"""


def _fit_macro() -> str:
    tries = ""
    closing = ""
    for size, skip in SIZES:
        tries += rf"\nqtry{{{size}}}{{{skip}}}{{#1}}"
        if (size, skip) != SIZES[-1]:
            tries += r"\ifdim\nqtoolong"
            closing += r"\fi"
    tries += r"\ifdim\nqtoolong\PackageWarning{nqprint}{Card text too long}\fi" + closing
    return _FIT % {"width": CARD_WIDTH_MM - 6, "height": TEXT_HEIGHT_MM, "tries": tries}


def _colour(hex_colour: str) -> str:
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"{{rgb,255:red,{red};green,{green};blue,{blue}}}"


def _stat(label: str, value: int, lang: str) -> str:
    return rf"\textbf{{{tex(engine_text(label, lang), lang)}}}~{format_number(value, lang)}"


def _profile_value(value: str, lang: str) -> str:
    """``RA -1`` with the characteristic in the reader's language (``AD -1``)."""
    words = value.replace("-", " -").split()
    return tex(" ".join(engine_text(w, lang) if w.isalpha() else w for w in words), lang)


def spell_card(spell: Spell, lang: str) -> tuple[str, str, str, str]:
    """Colour, title, text and stats line of one spell card, as LaTeX."""
    paragraphs = [tex(engine_text(p, lang), lang) for p in spell.text]
    if spell.results:
        rows = [
            rf"\textbf{{{tex(roll, lang)}}} & {tex(engine_text(effect, lang), lang)}\\"
            for roll, effect in spell.results
        ]
        paragraphs.append(
            r"\begin{tabular}{@{}l@{\hspace{3pt}}p{0.8\linewidth}@{}}"
            + "".join(rows)
            + r"\end{tabular}"
        )
    if spell.profile_adjustment:
        names = " & ".join(
            rf"\textbf{{{tex(engine_text(k, lang), lang)}}}" for k, _ in spell.profile_adjustment
        )
        values = " & ".join(_profile_value(v, lang) for _, v in spell.profile_adjustment)
        columns = "c" * len(spell.profile_adjustment)
        paragraphs.append(
            rf"{{\centering\setlength{{\tabcolsep}}{{1.5pt}}\begin{{tabular}}{{@{{}}{columns}@{{}}}}"
            rf"{names}\\{values}\end{{tabular}}\par}}"
        )
    stats = [_stat("UC", spell.use_cost, lang), _stat("Level", spell.level, lang)]
    if spell.upkeep is not None:
        stats.append(_stat("Upkeep", spell.upkeep, lang))
    stats.append(_stat("Points", spell.points, lang))
    title = rf"{tex(engine_text(spell.name, lang), lang)}\hfill{{\scriptsize\mdseries "
    title += rf"{tex(engine_text(spell.aspect.label, lang), lang)}}}"
    return ASPECT_COLOURS[spell.aspect], title, "\\par ".join(paragraphs), r"\quad ".join(stats)


def mutation_card(mutation: Mutation, lang: str) -> tuple[str, str, str, str]:
    """Colour, title, text and stats line of one mutation card."""
    title = rf"{tex(engine_text(mutation.name, lang), lang)}\hfill{{\scriptsize\mdseries "
    title += rf"{tex(print_text(MUTATION, lang), lang)}}}"
    text = "\\par ".join(tex(engine_text(p, lang), lang) for p in mutation.text)
    return MUTATION_COLOUR, title, text, _stat("Points", mutation.points, lang)


def _card(x: int, y: int, card: tuple[str, str, str, str]) -> str:
    """One card with its lower left corner at (x, y) mm; the title, in white or black, reads on
    its colour band (WCAG AA, :func:`nqcore.colour.text_colour_on`)."""
    colour, title, text, stats = card
    top = y + CARD_HEIGHT_MM
    return "\n".join(
        [
            rf"\fill[fill={_colour(colour)}] ({x + 2}mm,{top - 11}mm) rectangle"
            rf" ({x + CARD_WIDTH_MM - 2}mm,{top - 2}mm);",
            rf"\node[anchor=west, text width={CARD_WIDTH_MM - 8}mm,"
            rf" text={_colour(text_colour_on(colour))},"
            rf" font=\sffamily\bfseries\small] at ({x + 3}mm,{top - 6.5}mm) {{{title}}};",
            rf"\node[anchor=north west, inner sep=0pt] at ({x + 3}mm,{top - 13}mm)"
            rf" {{\nqfit{{{text}}}}};",
            rf"\draw[draw={_colour(colour)}, line width=0.4pt] ({x + 2}mm,{y + 8}mm) --"
            rf" ({x + CARD_WIDTH_MM - 2}mm,{y + 8}mm);",
            rf"\node[font=\sffamily\footnotesize] at ({x + CARD_WIDTH_MM / 2}mm,{y + 4.5}mm)"
            rf" {{{stats}}};",
        ]
    )


def card_sheet(
    cards: list[tuple[str, str, str, str]], columns: int = COLUMNS, rows: int = ROWS
) -> str:
    """A TikZ picture of ``cards``, ``columns`` to a row, with their cut lines; the rulebook's
    cards chapter draws its sheets with it too (:mod:`nqsphinx.cards`), two to a row."""
    width, height = columns * CARD_WIDTH_MM, rows * CARD_HEIGHT_MM
    lines = [
        r"\begin{tikzpicture}",
        rf"\path[use as bounding box] (0,0) rectangle ({width}mm,{height}mm);",
    ]
    for index, card in enumerate(cards):
        column, row = index % columns, index // columns
        lines.append(_card(column * CARD_WIDTH_MM, height - (row + 1) * CARD_HEIGHT_MM, card))
    # Cut lines: the card edges, run out into the margins as crop marks.
    cut = r"\draw[black!45, line width=0.3pt, dash pattern=on 2pt off 1.5pt]"
    for column in range(columns + 1):
        lines.append(rf"{cut} ({column * CARD_WIDTH_MM}mm,-6mm) -- ({column * CARD_WIDTH_MM}mm,"
                     rf"{height + 6}mm);")  # fmt: skip
    for row in range(rows + 1):
        lines.append(rf"{cut} (-6mm,{row * CARD_HEIGHT_MM}mm) -- ({width + 6}mm,"
                     rf"{row * CARD_HEIGHT_MM}mm);")  # fmt: skip
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


def card_macros() -> str:
    """The LaTeX macros the cards use (\\nqfit), for a preamble."""
    return _fit_macro()


def _page(cards: list[tuple[str, str, str, str]]) -> str:
    sheet = card_sheet(cards)
    return "\\null\\vfill\\noindent\\hfill" + sheet + "\\hfill\\null\\vfill\\null"


def cards(lang: str) -> list[tuple[str, str, str, str]]:
    """Every card: the spells in the book's order, then the mutations."""
    return [spell_card(s, lang) for s in all_spells()] + [
        mutation_card(m, lang) for m in all_mutations()
    ]


def spell_cards_tex(lang: str) -> str:
    """The LaTeX document of the spell (and mutation) cards."""
    per_page = COLUMNS * ROWS
    every = cards(lang)
    pages = [_page(every[i : i + per_page]) for i in range(0, len(every), per_page)]
    return document(
        "\n\\newpage\n".join(pages),
        lang=lang,
        title=print_text(TITLE, lang),
        geometry="margin=8mm",
        extra=_fit_macro(),
    )
