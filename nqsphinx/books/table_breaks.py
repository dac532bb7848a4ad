"""Where a table breaks over pages in the PDF rulebooks, and how its text columns are set.

A longtable (an engine table of :data:`nqsphinx.books.measure.SPLIT_ROWS` rows or more) broke
wherever the page ended: Table 23.8 started with two rows under its caption, then "continues
on next page"; Table 11.2 carried its last two rows over under a repeated head.  Each part of a
broken table has :data:`LEAST_ROWS` rows at least.  The table starts on a page only with room
for its caption, its header and its first :data:`LEAST_ROWS` rows (``\\nqtablestart``, before
it, an estimate from its rows' text that errs on the high side), unless the opening paragraphs
of its section are bound to it: their heading keeps that room.  The page does not break
between its last :data:`TAIL_ROWS` rows (its last rows but the first :data:`LEAST_ROWS`, in a
shorter table): ``\\\\*`` ends those rows, and after ``\\nqkeeprules``
the rule under each, up to the bottom rule, is one rule (longtable's ``\\hline``, and colortbl's,
set as the document begins, draws two with a breakpoint between them), with no interline glue
before the next row (a breakpoint too, in Sphinx's coloured rows).  The bottom rule
of such a table is one rule too: booktabs' (and Sphinx's, which fills the gap above it with the
last row's colour) is two rules in longtable, each followed by a breakpoint, where a page could
end after all the rows and send the table's head alone to the next page.  The rules are kept
from ``\\nqkeeprules`` to the longtable's end only (a table after it draws its own).  A table
of fewer than twice :data:`LEAST_ROWS` rows is kept whole.  (Binding its first rows so too
would let TeX break before the table's head once longtable has taken over the page's output,
which prints "continues on next page" under the text before the table.)

An engine table's cells are set ragged right (``\\nqcellshape``): Sphinx sets a cell's text in
a ``varwidth`` box, which, as a minipage does, sets its lines justified whatever the column
asks; a narrow text column (Table 16.4's "Special Rules") was justified with wide gaps.  A text
column narrower than ``\\nqnarrowcolumn`` is not hyphenated either (``\\nqtextcolumn``:
"Indi-rect").
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.latex import LaTeXTranslator

from nqsphinx.books import page_keeps, table_notes
from nqsphinx.untrusted import generated_raw

#: The fewest rows of a table on a page it breaks over (the header left out).
LEAST_ROWS = 5
#: The fewest rows of a broken table's last part, where the table has rows enough for it after
#: its first :data:`LEAST_ROWS`: a chapter's last table left its last five rows alone on a page
#: otherwise blank (Table 15.1, Table 23.8), which these fill to a third of it at least.
TAIL_ROWS = 10
#: A table row's line, a row's padding and rules, and a table's caption, header and foot, in
#: points, each rounded up: an estimate that keeps room for the rows rather than too little.
ROW_LINE_PT, ROW_PAD_PT, TABLE_FRAME_PT = 12, 2, 64
#: The height of a line of text bound to the table's start (the book's 13.6 pt baseline, and
#: a paragraph's skip shared out).
BOUND_LINE_PT = 16
#: The attribute of a row after which the page does not break.
KEEP_WITH_NEXT = "nq_keep_with_next"

LATEX = r"""
\makeatletter
\let\nq@cellshape\relax
\let\nq@atstartpar\sphinxAtStartPar
\protected\def\sphinxAtStartPar{\nq@cellshape\nq@atstartpar}
\newcommand{\nqcellshape}[1]{\def\nq@cellshape{#1}}
\newlength{\nqnarrowcolumn}\setlength{\nqnarrowcolumn}{0.4\textwidth}
\newcommand{\nqtextcolumn}[1]{\ifdim#1<\nqnarrowcolumn\nqwholewords\fi}
\newcommand{\nqtablestart}[1]{\par\if@nobreak\else\Needspace{#1pt}\fi}
\newif\ifnq@keeprules
\def\nq@nobreak{\penalty\@M\prevdepth-1000\p@}
\newcommand{\nqkeeprules}{\noalign{\global\nq@keeprulestrue\nq@nobreak}}
\g@addto@macro\sphinxatlongtablestart{\global\nq@keeprulesfalse}
\g@addto@macro\sphinxatlongtableend{\global\nq@keeprulesfalse}
\AtBeginDocument{\let\nq@hline\LT@@hline
  \def\LT@@hline{\ifnq@keeprules\expandafter\nq@keptrule\else\expandafter\nq@hline\fi}}
\def\nq@keptrule{\global\let\LT@next\empty\ifnum0=`{\fi}\multispan\LT@cols
  {\CT@arc@\leaders\hrule\@height\arrayrulewidth\hfill}\cr\noalign{\nq@nobreak}\LT@next}
\AtBeginDocument{\let\nq@bottomrule\sphinxbooktabsbottomrule
  \def\sphinxbooktabsbottomrule{%
    \ifnq@keeprules\expandafter\nq@keptbottomrule\else\expandafter\nq@bottomrule\fi}}
\def\nq@keptbottomrule{\noalign{\nq@nobreak\vskip\aboverulesep}\multispan\LT@cols
  {\CT@arc@\leaders\hrule\@height\heavyrulewidth\hfill}\cr\noalign{\nq@nobreak\vskip\belowbottomsep}}
\makeatother
"""


def _rows(table: nodes.table) -> list[nodes.row]:
    return [
        row
        for body in table.findall(nodes.tbody)
        for row in body.children
        if isinstance(row, nodes.row)
    ]


def _rows_height(rows: list[nodes.row], widths: list[int]) -> int:
    """The height of ``rows`` in points, about (rounded up)."""
    lines = sum(page_keeps._row_lines(row, widths) for row in rows)
    return lines * ROW_LINE_PT + len(rows) * ROW_PAD_PT


def _bound_before(table: nodes.table) -> tuple[nodes.Element, int]:
    """The first block bound to ``table`` by a ``\\nobreak`` among the LaTeX right before it
    (a section's opening paragraphs, page_keeps.KeepHeadings; the sentence announcing it,
    lead_ins.KeepLeadIns), and the lines of text bound: the room for the table's start is
    measured before them, so that a ``\\Needspace`` never parts them from it (a lead-in
    line was left at the foot of the page).  The table itself, 0, if nothing is bound."""
    node: nodes.Element = table
    while _first_in_container(node):
        node = node.parent  # the container's neighbours bind it
    first, lines = node, 0
    parent, index = node.parent, node.parent.index(node) - _raws_before(node)
    while _raws_before(first) and page_keeps.NO_BREAK in _raw_texts(first) and index > 0:
        first = parent[index - 1]
        lines += page_keeps._lines(first)
        index = parent.index(first) - _raws_before(first)
    return (table, 0) if first is node else (first, lines)


def _first_in_container(node: nodes.Element) -> bool:
    """Whether ``node`` is the first block that prints in a container."""
    parent = node.parent
    return isinstance(parent, nodes.container) and _raws_before(node) == parent.index(node)


def _raws_before(node: nodes.Element) -> int:
    """How many blocks that print no text come right before ``node`` among its siblings: raw
    LaTeX (alone or in a container: a table's notes set in its foot), targets, comments and
    a table's column specification."""
    parent, index, count = node.parent, node.parent.index(node), 0
    while index - count and _prints_nothing(parent[index - count - 1]):
        count += 1
    return count


def _prints_nothing(node: nodes.Node) -> bool:
    if isinstance(node, nodes.container):
        return bool(node.children) and all(isinstance(c, nodes.raw) for c in node.children)
    return isinstance(node, (nodes.raw, nodes.target, nodes.comment, addnodes.tabular_col_spec))


def _raw_texts(node: nodes.Element) -> list[str]:
    parent, index = node.parent, node.parent.index(node)
    return [n.astext() for n in parent.children[index - _raws_before(node) : index]]


class TableBreaks(SphinxPostTransform):
    """Room for a longtable's first :data:`LEAST_ROWS` rows where it starts, its last
    :data:`TAIL_ROWS` bound together; a short one kept whole."""

    default_priority = 892  # after KeepTableNotes, whose feet come before the table
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for table in list(self.document.findall(nodes.table)):
            rows = _rows(table)
            if not table_notes.is_longtable(table) or not rows:
                continue
            widths = [int(c.get("colwidth", 1)) for c in table.findall(nodes.colspec)]
            whole = len(rows) < 2 * LEAST_ROWS
            first = rows if whole else rows[:LEAST_ROWS]
            bound, lines = _bound_before(table)
            room = _rows_height(first, widths) + TABLE_FRAME_PT + lines * BOUND_LINE_PT
            start = generated_raw(rf"\nqtablestart{{{room}}}" + "\n", "latex")
            bound.parent.insert(bound.parent.index(bound), start)
            tail = min(TAIL_ROWS, len(rows) - LEAST_ROWS)
            for row in rows if whole else rows[-tail:]:
                row[KEEP_WITH_NEXT] = True


def depart_row(self: LaTeXTranslator, node: nodes.row) -> None:
    """Sphinx's end of a row, with no page break after it for a row so marked: ``\\\\*``, and
    ``\\nqkeeprules`` before the rule under it (longtable's ``\\hline`` is a breakpoint)."""
    start = len(self.body)
    LaTeXTranslator.depart_row(self, node)
    if node.get(KEEP_WITH_NEXT) and self.body[start] == "\\\\\n":
        self.body[start] = "\\\\*\n\\nqkeeprules\n"


def visit_row(self: LaTeXTranslator, node: nodes.row) -> None:
    LaTeXTranslator.visit_row(self, node)


def setup(app: Sphinx) -> None:
    app.add_post_transform(TableBreaks)
    # the LaTeX writer's handlers of a row, not a node registered with docutils (app.add_node
    # would unregister docutils' own row at the end of the build)
    app.registry.add_translation_handlers(nodes.row, latex=(visit_row, depart_row))
