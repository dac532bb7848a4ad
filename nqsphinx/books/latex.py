"""The PDF rulebook's own LaTeX: its contents, running headers, what keeps together on a page,
and how engine tables are set (its cover and metadata: :mod:`nqsphinx.books.pdf_cover`).

Engine tables get a column specification made from their content: short columns keep their
natural width, long text columns wrap (tabulary shares the width among them, or fixed widths in a
table long enough to run over pages), in a smaller type and with narrower gaps than prose tables.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqprint.latex import NARROW_NO_BREAK_SPACE, latex_escape  # the books' and products'
from nqsphinx.books import (
    chapters,
    front_matter,
    index_order,
    measure,
    page_keeps,
    page_ref_ties,
    pdf_cover,
    table_breaks,
    table_measure,
    table_notes,
    turned_tables,
    units,
)
from nqsphinx.messages import ui_text
from nqsphinx.untrusted import GENERATED, generated_raw

#: Columns whose longest cell is longer than this (characters) wrap; the others do not.
LONG_COLUMN = 30
#: From this many columns a table is set in a smaller type, and smaller still.
WIDE_TABLE = 8
VERY_WIDE_TABLE = 12
#: An engine table's type and gaps, from the largest: a table starts at the size its columns'
#: count gives (:func:`table_style`) and takes the next while it does not fit the line (the
#: last, narrower gaps).  None is under 7 pt, the least a reader reads at arm's length: a table
#: that does not fit the line in the last goes on a landscape page (``\nqturnjudge``), where
#: the line is the page's height (Tables 23.1 and 28.6, of 14 and 15 columns, were set in
#: \tiny, 6 pt, to fit).
TABLE_SIZES = (
    r"\small\setlength{\tabcolsep}{4pt}",
    r"\footnotesize\setlength{\tabcolsep}{3pt}",
    r"\scriptsize\setlength{\tabcolsep}{2.5pt}",
    r"\scriptsize\setlength{\tabcolsep}{1.5pt}",
)
#: The least share of the line left to a table's long columns before short ones wrap.
MIN_FLEX = 0.3

#: Sphinx's own ``utf8extra`` for xelatex (the no-break space U+00A0), which the book's adds to.
SPHINX_NO_BREAK_SPACE = r"\catcode`^^^^00a0\active\protected\def^^^^00a0{\leavevmode\nobreak\ }"

#: A number's cell: signs, digits, fractions, a note's mark ("4½†" is centred like "6").
_NUMERIC = re.compile(r"^[-+–\u2212]?[\d½.,/%+\-–\u2212\s\u202f]*[†‡§*]*$")


#: The end of a cell measured with its link's page, " (p. 000)": its column shares the width left.
PAGE_PLACEHOLDER = "\u00a0000)"


def _is_long(column: Sequence[str]) -> bool:
    return any(len(cell) > LONG_COLUMN or cell.endswith(PAGE_PLACEHOLDER) for cell in column)


def _columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[Sequence[str]]:
    return list(zip(*rows, strict=True)) if rows else [() for _ in header]


def column_spec(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The LaTeX column specification of a table of formatted cells.

    Every column is a paragraph column whose width LaTeX measures (:func:`measure_columns`):
    a short column is as wide as its widest cell, a long one shares what the short ones leave
    of the line, in proportion to its text.  Numbers are centred.  A short column's words are
    never hyphenated (``\\nqwholewords``): it is at least as wide as its longest word, and a
    name wrapped to even out its lines read "Repeat-ing Bolt Thrower".

    >>> column_spec(["", "Double Time"], [["Normal", "4½†"], ["", "6"]]).count("centering")
    1
    """
    columns = _columns(header, rows)
    long_text = {i: sum(len(c) for c in col) for i, col in enumerate(columns) if _is_long(col)}
    spec = []
    for index, column in enumerate(columns):
        if index in long_text:
            width = rf"{long_text[index] / sum(long_text.values()):.3f}\nqflex"
        else:
            width = rf"\csname nqcolumn{index}\endcsname"
        numeric = index and index not in long_text and all(_NUMERIC.match(c) for c in column)
        align = r"\centering" if numeric else r"\raggedright\nqcellshape{\raggedright}"
        whole = rf"\nqtextcolumn{{{width}}}" if index in long_text else r"\nqwholewords"
        spec.append(rf">{{{align}\arraybackslash{whole}}}p{{{width}}}")
    return "".join(spec)


def measure_columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """LaTeX that measures the short columns into ``\\nqcolumn<i>`` and sets ``\\nqflex``, the
    width left to the long columns (at least :data:`MIN_FLEX` of the line when there are any).

    A short column is as wide as its widest cell, its header wrapping at the n-th of the line
    as Sphinx wraps it.  If the columns do not fit, headers wrap at every word; if they still do
    not, the cells too: a column is never narrower than its longest word."""
    columns = _columns(header, rows)
    short = [i for i, column in enumerate(columns) if not _is_long(column)]
    minimum = f"{MIN_FLEX}\\linewidth" if len(short) < len(columns) else "0pt"
    base = rf"\setlength{{\nqflex}}{{\dimexpr\linewidth-{2 * len(columns)}\tabcolsep\relax}}"
    parts = [rf"\setlength{{\nqminflex}}{{{minimum}}}"]
    for index in short:
        body_words = {w for cell in columns[index] for w in cell.split()}
        parts.append(
            rf"\nqmeasure{{{index}}}"
            + "{"
            + "".join(rf"\nqword{{{latex_escape(w)}}}" for w in header[index].split())
            + "}"
            + rf"{{{latex_escape(header[index])}}}"
            + "{"
            + "".join(rf"\nqcell{{{latex_escape(c)}}}" for c in columns[index])
            + "}"
            + "{"
            + "".join(rf"\nqcellword{{{latex_escape(w)}}}" for w in sorted(body_words))
            + "}"
        )
    passes = [
        base + "".join(rf"\nq{name}{{{len(columns)}}}{{{i}}}" for i in short)
        for name in ("natural", "wrapheader", "wrapall")
    ]
    layout = passes[0]
    for fallback in passes[1:]:
        layout += r"\ifdim\nqflex<\nqminflex" + "\n" + fallback
    layout += r"\fi" * (len(passes) - 1)
    layout += "".join(rf"\nqgrow{{{len(columns)}}}{{{i}}}" for i in short)
    return "\n".join(parts) + "\n" + layout + "\n" + r"\nqoverflow" + "\n"


def table_style(
    node: nodes.table, header: Sequence[str], rows: Sequence[Sequence[str]]
) -> list[nodes.Node]:
    """``node`` set for LaTeX: a smaller type, narrower gaps and its measured columns.
    The raw LaTeX and the column specification are ignored by every other builder.

    A table whose columns, at their narrowest, do not fit the line in its type is measured
    again in the next smaller (:data:`TABLE_SIZES`); one that does not fit in the smallest is
    measured in a group first, and if it does not fit there goes on a landscape page
    (:mod:`nqsphinx.books.turned_tables`)."""
    first = 2 if len(header) >= VERY_WIDE_TABLE else 1 if len(header) >= WIDE_TABLE else 0
    sizes = TABLE_SIZES[first:]
    colspec = addnodes.tabular_col_spec()
    colspec["spec"] = column_spec(header, rows)
    colspec[GENERATED] = True  # made here from the table's cells: a source's is refused
    smaller = "".join(rf"\ifdim\nqover>0pt{size}\nqtablefit" + "\n" for size in sizes[1:])
    fitted = rf"{sizes[0]}\nqwholeheads" + "\n" + r"\nqtablefit" + "\n" + smaller
    fitted += r"\fi" * (len(sizes) - 1)
    measured = r"\gdef\nqtablefit{" + measure_columns(header, rows) + "}\n"
    start = generated_raw(r"\begingroup" + fitted + r"\nqwidestart" + "\n", "latex")
    end = generated_raw(r"\nqwideend\endgroup" + "\n", "latex")
    turn = turned_tables.turn_start(measured, fitted), turned_tables.turn_begin()
    return [*turn, start, colspec, node, end, turned_tables.turn_notes()]


def _tex(text: str) -> str:
    return latex_escape(text)


#: babel-french: « » as typed, captions' « Tableau » as a word (not TABLEAU beside « – suite »).
FRENCH_SETUP = "\n\\frenchsetup{og=«, fg=», SmallCapsFigTabCaptions=false}"

#: Running headers: the chapter on even pages, the section on odd pages, the page outside;
#: chapter openings show the page number only.  A chapter sets both marks (fancyhdr's own
#: ``\chaptermark`` clears the right one): an odd page before the chapter's first section, or
#: in a chapter without sections, names the chapter rather than showing a bare page number.
#: Numbers as the contents print them: "Chapter 8  Movement", "8.1  Move" (no full stop after
#: the number, which fancyhdr's marks add).  A section's title too long for the head's one
#: line gives the head to its chapter's (``\nq@headmark``), never cut: a long French section
#: title wrapped the head onto two lines (French Letter p. 179), and cut at a word it read
#: « 23.5 Liste des capacités, des traits, des armes et de … », a title the book has nowhere.
HEADERS = r"""
\definecolor{nqred}{HTML}{7B1E1E}
\makeatletter
\renewcommand{\chaptermark}[1]{\markboth{\nq@chaptermark{#1}}{\nq@chaptermark{#1}}}
\newcommand{\nq@chaptermark}[1]{\MakeUppercase{%
  \ifnum\c@secnumdepth>\m@ne\@chapapp\ \thechapter\quad\fi#1}}
\newcommand{\nq@sectionmark}[1]{\ifnum\c@secnumdepth>\z@\thesection\quad\fi#1}
\renewcommand{\sectionmark}[1]{\markright{\nq@sectionmark{#1}}}
\newcommand{\nq@headmark}[2]{\sbox\z@{\nouppercase{#1}}%
  \ifdim\wd\z@>\dimexpr\headwidth-3em\relax\nouppercase{#2}\else\unhbox\z@\fi}
\fancypagestyle{normal}{%
  \fancyhf{}%
  \def\sectionmark##1{\markright{\nq@sectionmark{##1}}}%
  \fancyhead[LE]{{\py@HeaderFamily\thepage\quad\nq@headmark{\leftmark}{\leftmark}}}%
  \fancyhead[RO]{{\py@HeaderFamily\nq@headmark{\rightmark}{\leftmark}\quad\thepage}}%
  \fancyfoot[C]{{\py@HeaderFamily\footnotesize No Quarter Fantasy Wargames}}%
  \renewcommand{\headrulewidth}{0.4pt}%
  \renewcommand{\footrulewidth}{0pt}%
}
\fancypagestyle{plain}{%
  \fancyhf{}%
  \fancyfoot[C]{{\py@HeaderFamily\thepage}}%
  \renewcommand{\headrulewidth}{0pt}%
  \renewcommand{\footrulewidth}{0pt}%
}
\makeatother
"""


#: The book's pages: chapters open on the next page (no blank page before them), the few blank
#: pages left (before the contents or the first chapter) carry no running head.
#: Every page has its anchor ("page.62", where the index's page numbers link): hyperref places
#: it as the page is shipped out, but not while an anchor is open (``\ifHy@activeanchor``),
#: which it is when the page ends inside one (a target's ``\phantomsection`` before a
#: heading that a ``\Needspace`` sends to the next page): the index's "62" and "71" linked to
#: nothing.  The page's anchor is not inside that anchor: it is placed as if none were open.
PAGES = r"""
\usepackage{emptypage}
\usepackage{needspace}
\makeatletter
\AtBeginDocument{\xdef\Hy@EveryPageBoxHook{\noexpand\Hy@activeanchorfalse
  \unexpanded\expandafter{\Hy@EveryPageBoxHook}}}
\makeatother
"""

#: Front matter, numbered in roman from the cover (i): the credits on the back of the cover
#: (in the small type of a colophon, which keeps them on that one page),
#: unnumbered and not in the contents (their bookmark stays), with the printing line
#: (``\nqcreditsstart`` ... ``\nqcreditsend``, by front_matter.CreditsFrontMatter); the contents
#: on the next right-hand page; the first chapter on a right-hand page, page 1.
#: ``%(contents)s``: the contents' title.
CONTENTS = r"""
\makeatletter
\newcommand{\nqcreditsstart}{%%
  \small
  \edef\nq@secnumdepth{\the\c@secnumdepth}\setcounter{secnumdepth}{-1}%%
  \let\nq@addtocontents\addtocontents\let\addtocontents\@gobbletwo
}
\newcommand{\nqcreditsend}{%%
  \normalsize
  \setcounter{secnumdepth}{\nq@secnumdepth}\let\addtocontents\nq@addtocontents
  \nqtableofcontents
}
\newcommand{\nqtableofcontents}{%%
  \cleardoublepage
  \pdfbookmark[0]{%(contents)s}{nq-contents}%%
  \begingroup
    \parskip\z@skip
    \sphinxtableofcontentshook
    \renewcommand{\contentsname}{%(contents)s}%%
    \tableofcontents
  \endgroup
  \cleardoublepage
  \pagenumbering{arabic}%%
}
\makeatother
"""


#: What keeps things together on a page.
#: - A table's caption stays with its table, and a heading with the caption under it: the
#:   caption package leaves a breakpoint before and after a caption (its skips follow a colour
#:   special or the caption's line); a penalty before each skip removes them.
#: - A box (an example, a note) starts on a page with room for its title and first lines, or
#:   on the next page; a short box is not broken at all: ``\Needspace{\nqboxstart}``, set
#:   before each box (``\nqboxneeds{lines}``, by page_keeps.KeepHeadings).  ``\Needspace``
#:   measures the room left; ``\needspace`` and an invisible space with a costly breakpoint
#:   after it did not do: a page with a large gap at its foot cost TeX more than that
#:   breakpoint, and it left a heading or a box's title alone at the foot.  After a heading,
#:   the heading's own room counts the box's (``\if@nobreak``).  Sphinx's own ``\needspace``
#:   before a box is dropped: its breakpoint came right after the heading.
#: - A heading starts on a page with room for it and the start of its section, or on the next
#:   page (``\nqkeephead{lines}`` before it, by page_keeps.KeepHeadings): no heading ends a page
#:   with a line or two under it.  Not after another heading (``\if@nobreak``): the first
#:   keeps room for both.  A short opening paragraph stays with the table or figure after it
#:   (``\nobreak``), which would otherwise go to the next page and leave it under the heading.
#:   A box's end cannot be bound so (framed.sty ends it with a breakpoint): a heading whose
#:   note comes before such a table keeps room for the table too.
#: - An example's checked line, and the erratum notes after it, stay with the example's text
#:   (``\nobreak``): the box may break, but not before its last lines.
#: - Each worked example writes the page of its first and last lines to the ``.aux`` file
#:   (``\nqexampleat``, by page_keeps.MarkExampleEnds; read back as nothing): a test finds an
#:   example broken over a page turn.
#: - An erratum's record keeps its title with its "Where:" and "Printed:" lines, a table its
#:   details (``\nqtablewithnext``: no breakpoint after the table; the details in a minipage),
#:   a list its last two items, a short list all of them (``\nqkeepitems``: no breakpoint
#:   before the next ``\item``), by page_keeps.KeepErrata, KeepTableDetails and KeepListEnds.
#: - An engine table's header is not hyphenated, nor broken after a minus ("Modificateur -3"):
#:   ``\nqwholeheads``, in the table's group (its columns are at least as wide as its longest
#:   header word, which a prose table's are not).
#: - No paragraph leaves its last line alone atop a page (a widow) or its first at the foot of
#:   one (an orphan), nor a page ends with a hyphenated word (« bâ-/ton »): LaTeX's penalties
#:   (150, 100) let them through; infinite ones forbid them, and the page, ragged at its foot,
#:   ends a line earlier (``\@clubpenalty``: what a list puts back after its items).
KEEP = r"""
\makeatletter
\widowpenalty\@M \clubpenalty\@M \@clubpenalty\@M \brokenpenalty\@M
\let\nq@captionabove\caption@make@above
\renewcommand*\caption@make@above{\ifvmode\nobreak\fi\nq@captionabove}
\let\nq@captionbelow\caption@make@below
\renewcommand*\caption@make@below{\ifhmode\par\fi\nobreak\nq@captionbelow}
\newlength{\nqboxstart}\setlength{\nqboxstart}{7\baselineskip}
\newcommand{\nq@keepstart}[1]{\par\if@nobreak\else\Needspace{#1}\fi}
\newcommand{\nqboxneeds}[1]{\setlength{\nqboxstart}{#1\baselineskip}}
\renewcommand{\sphinxheavyboxneedspacecommand}{}
\newcommand{\nqkeephead}[1]{\par\if@nobreak\else\Needspace{#1\baselineskip}\fi}
\let\nq@admonition\sphinxadmonition
\renewcommand{\sphinxadmonition}{\nq@keepstart{\nqboxstart}\nq@admonition}
\newcommand{\nqkeepitems}{\@itempenalty\@M}
\newcommand{\nqexampleat}[1]{\protected@write\@auxout{}{\string\nqexamplepage{#1}{\thepage}}}
\def\nqexamplepage#1#2{}
\newcommand{\nqtablewithnext}{\def\sphinxattableend{%
  \@nobreakfalse\ifvmode\prevdepth\z@\nobreak\vskip\sphinxtablepost\relax\fi}}
\let\nq@theadfamily\sphinxstyletheadfamily
\newcommand{\nqwholeheads}{%
  \protected\def\sphinxstyletheadfamily{\nq@theadfamily\hyphenpenalty\@M\exhyphenpenalty\@M}}
\makeatother
"""

#: Headings break between words, never inside one, and are set ragged right, as a book sets
#: them (French « d'équi-/pement » and « ma-/gie » were hyphenated): Sphinx's own formats
#: (sphinxlatexstyleheadings.sty) with the shape added.
HEADINGS = r"""
\makeatletter
\newcommand{\nq@headingshape}{\raggedright\hyphenpenalty\@M\exhyphenpenalty\@M}
\titleformat{\section}{\Large\py@HeaderFamily\nq@headingshape}%
  {\py@TitleColor\thesection}{0.5em}{\py@TitleColor}
\titleformat{\subsection}{\large\py@HeaderFamily\nq@headingshape}%
  {\py@TitleColor\thesubsection}{0.5em}{\py@TitleColor}
\titleformat{\subsubsection}{\normalsize\py@HeaderFamily\nq@headingshape}%
  {\py@TitleColor\thesubsubsection}{0.5em}{\py@TitleColor}
\titleformat{\paragraph}{\normalsize\py@HeaderFamily\nq@headingshape}%
  {\py@TitleColor\theparagraph}{0.5em}{\py@TitleColor}
\makeatother
"""

#: The index in the book's type (Sphinx sets entries in typewriter, for programming objects),
#: an abbreviation after its term as in the text: "Actions (AC)".
INDEX = r"""
\def\sphinxstyleindexentry#1{#1}
\def\sphinxstyleindexextra#1{ (#1)}
"""


def latex_elements(elements: dict[str, str], lang: str) -> dict[str, str]:
    """The rulebook's ``latex_elements`` for ``lang``: cover, contents, headers, metadata, what
    keeps together on a page, French typography."""
    result = measure.book_measure(elements)
    result.setdefault("maketitle", pdf_cover.cover(lang, result.get("papersize", "a4paper")))
    result.setdefault("extraclassoptions", "openany")
    result.setdefault("tableofcontents", "")  # after the credits: front_matter.py
    result.setdefault("utf8extra", SPHINX_NO_BREAK_SPACE + "\n" + NARROW_NO_BREAK_SPACE)
    # One chapter style in every language: Sphinx's default, Bjarne, capitalises titles
    # ("CONTENTS") and spells numbers in English words, so Sphinx gives French Sonny instead.
    result.setdefault("fncychap", chapters.CHAPTER_STYLE)
    numbering = r"\PassOptionsToPackage{numfigreset=1}{sphinx}"  # "Table 12.2": one per table
    result["passoptionstopackages"] = result.get("passoptionstopackages", "") + "\n" + numbering
    contents = CONTENTS % {"contents": _tex(ui_text("Contents", lang))}
    pageref = page_ref_ties.PAGEREF % {"page": _tex(ui_text("p.", lang))}
    result["preamble"] = (
        result.get("preamble", "")
        + PAGES
        + HEADERS
        + contents
        + KEEP
        + HEADINGS
        + table_notes.NOTES
        + INDEX
        + index_order.HEADING_ANCHOR
        + pageref
        + pdf_cover.metadata(lang, result.get("papersize", "a4paper"))
        + table_measure.MEASURE
        + turned_tables.TURN
        + table_breaks.LATEX
    )
    if lang == "fr":
        # babel-french spaces « » too (French typography strips the typed spaces).
        result.setdefault("babel", r"\usepackage[french]{babel}" + FRENCH_SETUP)
        result.setdefault("polyglossia", "")
    return result


class CoverOnly(SphinxTransform):
    """The PDF's first pages are its cover and contents: the home page's own text (its tagline,
    already on the cover, and anything else but its tables of contents) is left out."""

    default_priority = 880

    def apply(self, **kwargs: object) -> None:
        if self.env.docname != self.config.root_doc:
            return
        for section in self.document.findall(nodes.section):
            for child in list(section.children[1:]):
                if not any(True for _ in child.findall(addnodes.toctree)):
                    section.remove(child)
            return


class LabelledContainers(SphinxPostTransform):
    """A container's ids as LaTeX labels: Sphinx's LaTeX writer labels sections, tables,
    figures and targets but not containers, so links to an erratum or a spell card had no
    destination in the PDF, and no page."""

    default_priority = 900
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for container in list(self.document.findall(nodes.container)):
            if container["ids"]:
                container.insert(0, nodes.target("", "", ids=list(container["ids"])))


class LabelsInTheirParagraph(SphinxPostTransform):
    """A label written above a paragraph, ``(label)=``, is set at the paragraph's start, not
    before it: between paragraphs, LaTeX may break the page after the label and give it the
    page before (a glossary term's "See the rules" sent "Natural Roll" to p. 5, its paragraph
    on p. 6)."""

    default_priority = 900
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for target in list(self.document.findall(nodes.target)):
            after = target.next_node(descend=False, siblings=True)
            refid = target.get("refid")
            if refid and isinstance(after, nodes.paragraph) and refid in after["ids"]:
                target.parent.remove(target)
                after.insert(0, target)


def _register(app: Sphinx) -> None:
    if app.builder.format == "latex":
        app.add_transform(CoverOnly)


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _register)
    app.add_post_transform(LabelledContainers)
    app.add_post_transform(LabelsInTheirParagraph)
    page_keeps.setup(app)
    table_notes.setup(app)
    chapters.setup(app)
    front_matter.setup(app)
    measure.setup(app)
    index_order.setup(app)
    turned_tables.setup(app)
    table_breaks.setup(app)
    page_ref_ties.setup(app)
    units.setup(app)
