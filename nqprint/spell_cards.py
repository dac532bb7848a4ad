"""Spell cards with cut lines, nine to an A4 page (3 × 3), eight to a US Letter page turned
landscape (4 × 2: three rows of 88 mm leave Letter's 279 mm only 7.7 mm above and below, where a
printer may trim) (``spell-cards-<lang>.pdf``, ``spell-cards-<lang>-letter.pdf``).

The 39 spells of :mod:`nqcore.rules.spells` in the book's order, then the six mutation cards of
:mod:`nqcore.rules.mutations`.  Cards are 63 × 88 mm, the size of playing cards (sleeves fit), on
both papers; the text of the whole deck is set in one size, the largest at which every card
fits, never below 9.5 pt, so that it reads at arm's length across the table and the cards, cut
and shuffled, look alike.  Each page's top and bottom margins give the product's title, the page
number and the note to print at 100 % (:func:`margin_notes`), 10 mm or more from the paper's edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from nqcore.colour import text_colour_on
from nqcore.i18n import N_, format_number
from nqcore.rules.mutations import Mutation, all_mutations
from nqcore.rules.spells import Spell, all_spells, card_stats
from nqcore.tables.table_text import typeset
from nqprint.colours import ASPECT_COLOURS
from nqprint.imprint import imprint
from nqprint.latex import A4, LEAST_TYPE, PAGE_BREAK, Paper, document, tex, tikz_rgb
from nqprint.texts import engine_text, print_text, printed_words

TITLE = N_("Spell cards")
MUTATION = N_("Mutation")
#: What keeps the cards at their size: a printer's "fit to page" would shrink them.
PRINT_NOTE = N_(
    "Print at actual size (100%, no scaling): each card measures {width} × {height} mm. "
    "Cut on the dashed lines."
)
PAGE_NUMBER = "{number}/{total}"
CARD_WIDTH_MM, CARD_HEIGHT_MM = 63, 88
#: How far the cut lines run out beyond the cards to the sides, as crop marks: on A4, three cards
#: across leave 10.5 mm each side, and office printers leave the outer 5 to 6.35 mm blank; 4 mm
#: keeps the marks 6.5 mm from the edge (6 mm put them at 4.5 mm: proof round ten).
CROP_MARK_MM = 4
COLUMNS, ROWS = 3, 3


@dataclass(frozen=True)
class Grid:
    """How the cards sit on a paper: columns, rows, and whether the page is turned landscape."""

    columns: int
    rows: int
    landscape: bool = False

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


#: The grid of each paper (:class:`nqprint.latex.Paper`'s name).
GRIDS = {"a4": Grid(COLUMNS, ROWS), "letter": Grid(4, 2, landscape=True)}
MUTATION_COLOUR = "#1e8449"
#: Between the stats of the foot line: a space that keeps four of them within the card.
STAT_GAP = r"\hspace{0.7em}"
#: The label of a card's upkeep, in the products' own words: where the language's word is too
#: long for the card's foot with the three others, a card designer's abbreviation (« Maint. »).
CARD_UPKEEP = N_("Upkeep")
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
#: The product's title and page number (above the cards) and print note (below them): their
#: middle this far from the cards, in margins of 16 mm or more, so that they keep 10 mm from the
#: paper's edge. A white ground hides the cut lines where the text crosses them.
MARGIN_NOTE_MM = 4.5
#: The imprint (nqprint.imprint), between the cards and the title, in the least type: its
#: middle this far above the cards, inside the line a printer clips at.
IMPRINT_MM = 1.7

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
%% \nqstats{line}: the stat line, checked to keep within the text's width (a warning if not).
\newcommand\nqstats[1]{\sbox\nqcardbox{#1}\ifdim\wd\nqcardbox>\nqcardtext
  \PackageWarning{nqprint}{Card stat line too long}\fi\usebox\nqcardbox}
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


def stat_label(label: str, lang: str) -> str:
    """A label of a card's stat line as the card prints it: the engine's word
    (:func:`~nqcore.rules.spells.card_stats`), the upkeep's the products' own."""
    return print_text(CARD_UPKEEP, lang) if label == CARD_UPKEEP else engine_text(label, lang)


def _stat(label: str, value: int, lang: str) -> str:
    return rf"\textbf{{{tex(stat_label(label, lang), lang)}}}~{format_number(value, lang)}"


def _profile_value(key: str, value: str, lang: str) -> str:
    """``RA -1`` under the RA column as ``-1`` (the column names it: seven columns then fit a
    card in large type); any other characteristic in the reader's language (``AD -1``)."""
    words = value.replace("-", " -").split()
    if len(words) > 1 and words[0] == key:
        words = words[1:]
    return tex(" ".join(engine_text(w, lang) if w.isalpha() else typeset(w) for w in words), lang)


def _text(text: str, lang: str) -> str:
    """A card's words as LaTeX, their minus signs and ranges set as the tables set them, their
    quotes and dashes as the book's (:func:`~nqprint.texts.printed_words`)."""
    return tex(printed_words(typeset(text), lang), lang)


def spell_card(spell: Spell, lang: str) -> tuple[str, str, str, str]:
    """Colour, title, text and stats line of one spell card, as LaTeX."""
    paragraphs = [_text(engine_text(p, lang), lang) for p in spell.text]
    if spell.results:
        rows = [
            rf"\textbf{{{_text(roll, lang)}}} & {_text(engine_text(effect, lang), lang)}\\"
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
    stats = [_stat(label, value, lang) for label, value in card_stats(spell)]
    title = _title(engine_text(spell.name, lang), engine_text(spell.aspect.label, lang), lang)
    return ASPECT_COLOURS[spell.aspect], title, "\\par ".join(paragraphs), STAT_GAP.join(stats)


def _title(name: str, kind: str, lang: str) -> str:
    """The band's line: the name in bold, the aspect (or "Mutation") at its right; a line of
    their own above the text, checked to fit on one line (``\\nqtitle``)."""
    name, kind = printed_words(name, lang), printed_words(kind, lang)
    return rf"\nqtitle{{{tex(name, lang)}}}{{{tex(kind, lang)}}}"


def mutation_card(mutation: Mutation, lang: str) -> tuple[str, str, str, str]:
    """Colour, title, text and stats line of one mutation card."""
    title = _title(engine_text(mutation.name, lang), print_text(MUTATION, lang), lang)
    text = "\\par ".join(_text(engine_text(p, lang), lang) for p in mutation.text)
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
            rf" at ({x + CARD_WIDTH_MM / 2}mm,{y + STATS_MM / 2 + 0.3}mm)"
            rf" {{\nqstats{{{stats}}}}};",
        ]
    )


def card_sheet(
    cards: list[tuple[str, str, str, str]],
    columns: int = COLUMNS,
    rows: int = ROWS,
    margins: str = "",
    one_size: bool = False,
    measured: bool = False,
) -> str:
    """A TikZ picture of ``cards``, ``columns`` to a row, with their cut lines; the rulebook's
    cards chapter draws its sheets with it too (:mod:`nqsphinx.directives.cards`), two to a row.
    ``margins``: TikZ drawn last, outside the picture's box (the product's side notes).
    ``one_size``: every card's text in one size, the largest at which all of them fit (a sheet
    whose cards jumped from 9.5 to 12 pt looked careless); else each card's own largest.
    ``measured``: that size is already found, for a whole deck (:func:`deck_size`)."""
    width, height = columns * CARD_WIDTH_MM, rows * CARD_HEIGHT_MM
    measure = deck_size(cards) if one_size and not measured else ""
    lines = [
        measure + r"\begin{tikzpicture}",
        rf"\path[use as bounding box] (0,0) rectangle ({width}mm,{height}mm);",
    ]
    for index, card in enumerate(cards):
        column, row = index % columns, index // columns
        x, y = column * CARD_WIDTH_MM, height - (row + 1) * CARD_HEIGHT_MM
        lines.append(_card(x, y, card, r"\nqsheetfit" if one_size else r"\nqfit"))
    # Cut lines: the card edges, run out as crop marks into the side margins, which hold no text
    # (above and below the cards are the title, the imprint and the print note: a cutter
    # following a line crossed them, proof round 39).
    cut = r"\draw[black!45, line width=0.3pt, dash pattern=on 2pt off 1.5pt]"
    for column in range(columns + 1):
        lines.append(
            rf"{cut} ({column * CARD_WIDTH_MM}mm,0mm) -- ({column * CARD_WIDTH_MM}mm,{height}mm);"
        )
    for row in range(rows + 1):
        lines.append(
            rf"{cut} (-{CROP_MARK_MM}mm,{row * CARD_HEIGHT_MM}mm) -- ({width + CROP_MARK_MM}mm,"
            rf"{row * CARD_HEIGHT_MM}mm);"
        )
    if margins:
        lines.append(margins)
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


def card_macros() -> str:
    """The LaTeX macros the cards use (``\\nqfit``), for a preamble."""
    return _fit_macro()


def margin_notes(number: int, total: int, lang: str, grid: Grid, imprint: str = "") -> str:
    """The page's margins: the game's and the product's titles and the page number above the
    cards, the ``imprint`` under them, the print note below the cards, each centred on the
    grid's width."""
    title = tex(print_text(TITLE, lang), lang)
    page = PAGE_NUMBER.format(number=number, total=total)
    note = print_text(PRINT_NOTE, lang).format(
        width=format_number(CARD_WIDTH_MM, lang), height=format_number(CARD_HEIGHT_MM, lang)
    )
    middle = grid.columns * CARD_WIDTH_MM / 2
    style = r"fill=white, inner sep=0.5pt, font=\sffamily\scriptsize"
    return (
        rf"\node[{style}] at ({middle}mm,{grid.rows * CARD_HEIGHT_MM + MARGIN_NOTE_MM}mm)"
        rf" {{\textbf{{No Quarter Fantasy Wargames}}\quad {title}\quad {page}}};"
        "\n"
        rf"\node[{style}] at ({middle}mm,-{MARGIN_NOTE_MM}mm) {{{tex(note, lang)}}};"
        "\n"
        rf"\node[{style}, font=\sffamily{LEAST_TYPE}] at"
        rf" ({middle}mm,{grid.rows * CARD_HEIGHT_MM + IMPRINT_MM}mm) {{{tex(imprint, lang)}}};"
    )


def _page(
    cards: list[tuple[str, str, str, str]],
    number: int,
    total: int,
    lang: str,
    grid: Grid,
    printing: str = "",
) -> str:
    """One page of the product: its text area is the grid of cards itself (:func:`_geometry`),
    its title, page number and print note in the margins (:func:`margin_notes`), every card's
    text in the deck's size (:func:`deck_size`)."""
    sheet = card_sheet(
        cards,
        grid.columns,
        grid.rows,
        margins=margin_notes(number, total, lang, grid, printing),
        one_size=True,
        measured=True,
    )
    return r"\noindent" + sheet + r"\par"


def page_mm(paper: Paper) -> tuple[float, float]:
    """The page's width and height (mm) as the cards are printed on it (turned or not)."""
    width, height = (float(v) * 25.4 for v in (paper.width, paper.height))
    return (height, width) if GRIDS[paper.name].landscape else (width, height)


def grid_origin(paper: Paper) -> tuple[float, float]:
    """The top left corner of the cards (mm from the page's top left): centred."""
    grid = GRIDS[paper.name]
    width, height = page_mm(paper)
    return (width - grid.columns * CARD_WIDTH_MM) / 2, (height - grid.rows * CARD_HEIGHT_MM) / 2


def _geometry(paper: Paper) -> str:
    """The text area is the grid of cards itself (a millimetre taller, TeX's rounding), centred."""
    grid = GRIDS[paper.name]
    left, top = grid_origin(paper)
    return (
        ("landscape, " if grid.landscape else "")
        + f"left={left:.2f}mm, top={top:.2f}mm, textwidth={grid.columns * CARD_WIDTH_MM}mm,"
        f" textheight={grid.rows * CARD_HEIGHT_MM + 1}mm"
    )


def cards(lang: str) -> list[tuple[str, str, str, str]]:
    """Every card: the spells in the book's order, then the mutations."""
    return [spell_card(s, lang) for s in all_spells()] + [
        mutation_card(m, lang) for m in all_mutations()
    ]


def deck_size(every: list[tuple[str, str, str, str]]) -> str:
    """LaTeX that finds the deck's one size, the largest at which every card's text fits, for
    the sheets' ``\\nqsheetfit`` (a deck whose sheets went from 9.5 to 12 pt looked mixed)."""
    return r"\nqsheetstart" + "".join(rf"\nqshrink{{{card[2]}}}" for card in every) + "%\n"


def spell_cards_tex(lang: str, paper: Paper = A4) -> str:
    """The LaTeX document of the spell (and mutation) cards, on ``paper``."""
    grid = GRIDS[paper.name]
    every = cards(lang)
    sheets = [every[i : i + grid.per_page] for i in range(0, len(every), grid.per_page)]
    printing = imprint(lang)
    pages = [
        _page(group, n, len(sheets), lang, grid, printing)
        for n, group in enumerate(sheets, start=1)
    ]
    return document(
        deck_size(every) + PAGE_BREAK.join(pages),
        lang=lang,
        title=print_text(TITLE, lang),
        paper=paper,
        geometry=_geometry(paper),
        extra=_fit_macro(),
    )
