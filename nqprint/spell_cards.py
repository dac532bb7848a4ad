"""Spell cards, nine to an A4 or US Letter page with cut lines (``spell-cards-<lang>.pdf``,
``spell-cards-<lang>-letter.pdf``).

The 39 spells of :mod:`nqcore.rules.spells` in the book's order, then the six mutation cards of
:mod:`nqcore.rules.mutations`, which fill the last page.  Cards are 63 × 88 mm, the size of playing
cards (sleeves fit), on both papers; the text of a sheet is set in one size, the largest at which
every card of the sheet fits, never below 9.5 pt, so that it reads at arm's length across the
table.  Each page's side margins give the product's title, the page number and the note to print
at 100 % (:func:`side_notes`).
"""

from __future__ import annotations

from nqcore.colour import text_colour_on
from nqcore.i18n import N_, format_number
from nqcore.rules.mutations import Mutation, all_mutations
from nqcore.rules.spells import Spell, all_spells
from nqprint.colours import ASPECT_COLOURS
from nqprint.latex import A4, Paper, document, tex, tikz_rgb
from nqprint.texts import engine_text, print_text

TITLE = N_("Spell cards")
MUTATION = N_("Mutation")
#: What keeps the cards at their size: a printer's "fit to page" would shrink them.
PRINT_NOTE = N_(
    "Print at actual size (100 %, no scaling): each card measures {width} × {height} mm. "
    "Cut on the dashed lines."
)
PAGE_NUMBER = "{number}/{total}"
CARD_WIDTH_MM, CARD_HEIGHT_MM = 63, 88
COLUMNS, ROWS = 3, 3
MUTATION_COLOUR = "#1e8449"
#: Between the stats of the foot line: a space that keeps four of them within the card.
STAT_GAP = r"\hspace{0.7em}"
#: Font sizes tried for a card's text, largest first (size, baseline skip, in points); the
#: smallest is the least that reads across a table.
#: TeX points: 9.55 pt are 9.5 PostScript points.
SIZES = ((12, 14), (11.5, 13.4), (11, 12.8), (10.5, 12.2), (10, 11.6), (9.55, 11), (9.55, 10.4))
#: The card's parts (mm): the band and the rule inset from the edges, the title band's height,
#: the text's inset, the stats line's height at the foot.
INSET_MM, BAND_MM, PAD_MM, STATS_MM = 2, 7.5, 3, 7
TEXT_WIDTH_MM = CARD_WIDTH_MM - 2 * PAD_MM
#: Between the band and the text.
TEXT_GAP_MM = 1.2
#: The height left for the text between the title band and the stats line.
TEXT_HEIGHT_MM = CARD_HEIGHT_MM - INSET_MM - BAND_MM - TEXT_GAP_MM - STATS_MM - 0.5
#: The product's title and page number (left) and print note (right) run up the side margins,
#: the only ones wide enough on US Letter (its top and bottom margins are 7.7 mm, the cut lines
#: taking 6 of them): their middle this far from the cards, so that on A4 (10.5 mm margins) they
#: keep a quarter inch from the paper's edge, where most printers print (template_sheets.MARGIN).
#: A white ground hides the cut lines where the text crosses them.
SIDE_NOTE_MM = 2.75

_FIT = r"""
\newsavebox\nqcardbox
\newlength\nqcardtext \setlength\nqcardtext{%(width)smm}
\newlength\nqcardheight \setlength\nqcardheight{%(height)smm}
\newcommand\nqtry[3]{\sbox\nqcardbox{\begin{minipage}[t]{\nqcardtext}\raggedright
  \fontsize{#1}{#2}\selectfont\setlength{\parskip}{1.5pt}#3\end{minipage}}}
\newcommand\nqtoolong{\dimexpr\ht\nqcardbox+\dp\nqcardbox\relax>\nqcardheight}
%% \nqfit{text}: the text in the largest size of the list that fits the card.
\newcommand\nqfit[1]{%(tries)s\usebox\nqcardbox}
%% One size for a sheet: \nqsheetstart, then \nqshrink{text} for each card of the sheet, which
%% goes down the list from the size reached until the text fits; \nqsheetfit{text} then sets
%% each card in that size: the largest at which every card of the sheet fits.
\newcount\nqsize
\newcommand\nqtryat[1]{\ifcase\nqsize%(cases)s\fi}
\newcommand\nqsheetstart{\global\nqsize=0 }
\newcommand\nqshrink[1]{\nqtryat{#1}\ifdim\nqtoolong
  \ifnum\nqsize<%(last)s \global\advance\nqsize by 1 \nqshrink{#1}\fi\fi}
\newcommand\nqsheetfit[1]{\nqtryat{#1}%%
  \ifdim\nqtoolong\PackageWarning{nqprint}{Card text too long}\fi\usebox\nqcardbox}
%% \nqtitle{name}{aspect}: one line (the band has room for one), the name a little smaller if
%% need be, or a warning.
\newcommand\nqkind[1]{{\mdseries\fontsize{%(small)s}{11}\selectfont #1}}
\newcommand\nqtitle[2]{\sbox\nqcardbox{#1\quad\nqkind{#2}}%%
  \ifdim\wd\nqcardbox>\nqcardtext
    \fontsize{%(small)s}{11}\selectfont\sbox\nqcardbox{#1\enspace\nqkind{#2}}%%
    \ifdim\wd\nqcardbox>\nqcardtext\PackageWarning{nqprint}{Card title too long}\fi
  \fi
  #1\hfill\nqkind{#2}}
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
    cases = r"\or".join(rf" \nqtry{{{size}}}{{{skip}}}{{#1}}" for size, skip in SIZES)
    return _FIT % {
        "cases": cases,
        "last": len(SIZES) - 1,
        "width": TEXT_WIDTH_MM,
        "height": TEXT_HEIGHT_MM,
        "tries": tries,
        "small": SIZES[-1][0],
    }


def _stat(label: str, value: int, lang: str) -> str:
    return rf"\textbf{{{tex(engine_text(label, lang), lang)}}}~{format_number(value, lang)}"


def _profile_value(key: str, value: str, lang: str) -> str:
    """``RA -1`` under the RA column as ``-1`` (the column names it: seven columns then fit a
    card in large type); any other characteristic in the reader's language (``AD -1``)."""
    words = value.replace("-", " -").split()
    if len(words) > 1 and words[0] == key:
        words = words[1:]
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
            r"\begin{tabular}{@{}l@{\hspace{3pt}}>{\raggedright\arraybackslash}p{0.8\linewidth}@{}}"
            + "".join(rows)
            + r"\end{tabular}"
        )
    if spell.profile_adjustment:
        names = " & ".join(
            rf"\textbf{{{tex(engine_text(k, lang), lang)}}}" for k, _ in spell.profile_adjustment
        )
        values = " & ".join(_profile_value(k, v, lang) for k, v in spell.profile_adjustment)
        columns = "c" * len(spell.profile_adjustment)
        # The card's width, the columns spread evenly over it.
        paragraphs.append(
            rf"{{\setlength{{\tabcolsep}}{{1.5pt}}\begin{{tabular*}}{{\linewidth}}"
            rf"{{@{{\extracolsep{{\fill}}}}{columns}@{{}}}}{names}\\{values}\end{{tabular*}}\par}}"
        )
    stats = [_stat("UC", spell.use_cost, lang), _stat("Level", spell.level, lang)]
    if spell.upkeep is not None:
        stats.append(_stat("Upkeep", spell.upkeep, lang))
    stats.append(_stat("Points", spell.points, lang))
    title = _title(engine_text(spell.name, lang), engine_text(spell.aspect.label, lang), lang)
    return ASPECT_COLOURS[spell.aspect], title, "\\par ".join(paragraphs), STAT_GAP.join(stats)


def _title(name: str, kind: str, lang: str) -> str:
    """The band's line: the name in bold, the aspect (or "Mutation") at its right; a line of
    their own above the text, checked to fit on one line (``\\nqtitle``)."""
    return rf"\nqtitle{{{tex(name, lang)}}}{{{tex(kind, lang)}}}"


def mutation_card(mutation: Mutation, lang: str) -> tuple[str, str, str, str]:
    """Colour, title, text and stats line of one mutation card."""
    title = _title(engine_text(mutation.name, lang), print_text(MUTATION, lang), lang)
    text = "\\par ".join(tex(engine_text(p, lang), lang) for p in mutation.text)
    return MUTATION_COLOUR, title, text, _stat("Points", mutation.points, lang)


def _card(x: int, y: int, card: tuple[str, str, str, str], fit: str = r"\nqfit") -> str:
    """One card with its lower left corner at (x, y) mm; the title, in white or black, reads on
    its colour band (WCAG AA, :func:`nqcore.colour.text_colour_on`); its text set by ``fit``."""
    colour, title, text, stats = card
    top = y + CARD_HEIGHT_MM
    left, right = x + INSET_MM, x + CARD_WIDTH_MM - INSET_MM
    band = top - INSET_MM - BAND_MM
    return "\n".join(
        [
            rf"\fill[fill={tikz_rgb(colour)}] ({left}mm,{band}mm) rectangle"
            rf" ({right}mm,{top - INSET_MM}mm);",
            rf"\node[anchor=west, text width={TEXT_WIDTH_MM}mm, inner sep=0pt,"
            rf" text={tikz_rgb(text_colour_on(colour))},"
            rf" font=\sffamily\bfseries] at ({x + PAD_MM}mm,{band + BAND_MM / 2}mm) {{{title}}};",
            rf"\node[anchor=north west, inner sep=0pt] at ({x + PAD_MM}mm,{band - TEXT_GAP_MM}mm)"
            rf" {{{fit}{{{text}}}}};",
            rf"\draw[draw={tikz_rgb(colour)}, line width=0.4pt] ({left}mm,{y + STATS_MM}mm) --"
            rf" ({right}mm,{y + STATS_MM}mm);",
            rf"\node[font=\sffamily\fontsize{{{SIZES[-1][0]}}}{{11}}\selectfont]"
            rf" at ({x + CARD_WIDTH_MM / 2}mm,{y + STATS_MM / 2 + 0.3}mm) {{{stats}}};",
        ]
    )


def card_sheet(
    cards: list[tuple[str, str, str, str]],
    columns: int = COLUMNS,
    rows: int = ROWS,
    margins: str = "",
    one_size: bool = False,
) -> str:
    """A TikZ picture of ``cards``, ``columns`` to a row, with their cut lines; the rulebook's
    cards chapter draws its sheets with it too (:mod:`nqsphinx.directives.cards`), two to a row.
    ``margins``: TikZ drawn last, outside the picture's box (the product's side notes).
    ``one_size``: every card's text in one size, the largest at which all of them fit (a sheet
    whose cards jumped from 9.5 to 12 pt looked careless); else each card's own largest."""
    width, height = columns * CARD_WIDTH_MM, rows * CARD_HEIGHT_MM
    measure = "".join(rf"\nqshrink{{{card[2]}}}" for card in cards)
    lines = [
        (r"\nqsheetstart" + measure + "%\n" if one_size else "") + r"\begin{tikzpicture}",
        rf"\path[use as bounding box] (0,0) rectangle ({width}mm,{height}mm);",
    ]
    for index, card in enumerate(cards):
        column, row = index % columns, index // columns
        x, y = column * CARD_WIDTH_MM, height - (row + 1) * CARD_HEIGHT_MM
        lines.append(_card(x, y, card, r"\nqsheetfit" if one_size else r"\nqfit"))
    # Cut lines: the card edges, run out into the margins as crop marks.
    cut = r"\draw[black!45, line width=0.3pt, dash pattern=on 2pt off 1.5pt]"
    for column in range(columns + 1):
        lines.append(
            rf"{cut} ({column * CARD_WIDTH_MM}mm,-6mm) -- ({column * CARD_WIDTH_MM}mm,"
            rf"{height + 6}mm);"
        )
    for row in range(rows + 1):
        lines.append(
            rf"{cut} (-6mm,{row * CARD_HEIGHT_MM}mm) -- ({width + 6}mm,"
            rf"{row * CARD_HEIGHT_MM}mm);"
        )
    if margins:
        lines.append(margins)
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


def card_macros() -> str:
    """The LaTeX macros the cards use (``\\nqfit``), for a preamble."""
    return _fit_macro()


def side_notes(number: int, total: int, lang: str) -> str:
    """The page's margins: the game's and the product's titles and the page number up the left
    side, the print note down the right one, each centred on the grid's height."""
    title = tex(print_text(TITLE, lang), lang)
    page = PAGE_NUMBER.format(number=number, total=total)
    note = print_text(PRINT_NOTE, lang).format(
        width=format_number(CARD_WIDTH_MM, lang), height=format_number(CARD_HEIGHT_MM, lang)
    )
    middle = ROWS * CARD_HEIGHT_MM / 2
    style = r"fill=white, inner sep=0.5pt, font=\sffamily\scriptsize"
    return (
        rf"\node[{style}, rotate=90] at (-{SIDE_NOTE_MM}mm,{middle}mm)"
        rf" {{\textbf{{No Quarter Fantasy Wargames}}\quad {title}\quad {page}}};"
        "\n"
        rf"\node[{style}, rotate=-90] at ({COLUMNS * CARD_WIDTH_MM + SIDE_NOTE_MM}mm,{middle}mm)"
        rf" {{{tex(note, lang)}}};"
    )


def _page(cards: list[tuple[str, str, str, str]], number: int, total: int, lang: str) -> str:
    """One page of the product: its text area is the grid of cards itself (:func:`_geometry`),
    its title, page number and print note in the side margins (:func:`side_notes`)."""
    sheet = card_sheet(cards, margins=side_notes(number, total, lang), one_size=True)
    return r"\noindent" + sheet + r"\par"


def grid_origin(paper: Paper) -> tuple[float, float]:
    """The top left corner of the 3 × 3 cards (mm from the page's top left): centred."""
    width, height = (float(v) * 25.4 for v in (paper.width, paper.height))
    return (width - COLUMNS * CARD_WIDTH_MM) / 2, (height - ROWS * CARD_HEIGHT_MM) / 2


def _geometry(paper: Paper) -> str:
    """The text area is the grid of cards itself (a millimetre taller, TeX's rounding), centred."""
    left, top = grid_origin(paper)
    return (
        f"left={left:.2f}mm, top={top:.2f}mm, textwidth={COLUMNS * CARD_WIDTH_MM}mm,"
        f" textheight={ROWS * CARD_HEIGHT_MM + 1}mm"
    )


def cards(lang: str) -> list[tuple[str, str, str, str]]:
    """Every card: the spells in the book's order, then the mutations."""
    return [spell_card(s, lang) for s in all_spells()] + [
        mutation_card(m, lang) for m in all_mutations()
    ]


def spell_cards_tex(lang: str, paper: Paper = A4) -> str:
    """The LaTeX document of the spell (and mutation) cards, on ``paper``."""
    per_page = COLUMNS * ROWS
    every = cards(lang)
    sheets = [every[i : i + per_page] for i in range(0, len(every), per_page)]
    pages = [_page(group, n, len(sheets), lang) for n, group in enumerate(sheets, start=1)]
    return document(
        "\n\\newpage\n".join(pages),
        lang=lang,
        title=print_text(TITLE, lang),
        paper=paper,
        geometry=_geometry(paper),
        extra=_fit_macro(),
    )
