"""A note never leaves the page of its mark, in the PDF rulebooks: the notes under a table
whose cells are marked (†, the 2007 book prints another value there) stay on the page of the
table's end, or, under a longtable, go in its feet (:class:`KeepTableNotes`, the macros of
:data:`NOTES`).  With :mod:`nqsphinx.books.page_keeps`, whose table details they follow."""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.books import longtable_notes
from nqsphinx.untrusted import generated_raw

#: The classes of a note under a table, and of one that says what the 2007 book prints in the
#: cells marked † (nqsphinx.directives.tables).
TABLE_NOTE_CLASS, PRINTED_NOTE_CLASS = "nq-table-note", "nq-printed-note"
#: Sphinx sets a table of more rows as a longtable (it runs over pages).
LONGTABLE_ROWS = 30

#: The macros of :class:`KeepTableNotes`, for the preamble.  ``\nqnotesinfoot``: the foot of
#: each page of a longtable but the last ("continues on next page") also gives the table's
#: notes (``\nqtablenotes``) under that line, as wide as the table (its argument: the line is a
#: box of no width at the table's right edge, the notes reach to its left), in a box aligned on
#: its bottom line: longtable makes room for its foot's height, never its depth, and a box aligned
#: on its top line left the notes in its depth, over the page's foot line; Sphinx's own
#: ``\sphinxtablecontinued`` sets both the head's line (which opens with ``\tablename``) and
#: the foot's; the last page's foot (empty in Sphinx's template) is the notes, and the two feet
#: are made as tall as the taller, whose room longtable keeps on every page (a last foot taller
#: than the other makes longtable check that it fits under the last rows and, if not, end the
#: page with the other foot and send the table's head alone to the next page).
#: The foot's notes, as wide as the table, end at its edge, a column gap right of the foot's
#: line (``\kern-\tabcolsep``): their marks stood out of a table the line's width.
#: ``\nqlongtablewithnext``: no break between a table's end and
#: its notes (longtable ends with a breakpoint, ``\penalty\z@``: a copy of its end without it).
NOTES = (
    r"""
\makeatletter
\newcommand{\nqnotesinfoot}[1]{%
  \def\nq@notewidth{#1}%
  \let\nq@tablecontinued\sphinxtablecontinued
  \renewcommand*{\sphinxtablecontinued}[1]{\nq@continued##1\nq@end}%
  \let\nq@startofbody\sphinxtableatstartofbodyhook
  \def\sphinxtableatstartofbodyhook{\noalign{\global\setbox\LT@lastfoot\vbox{%
    \nq@lastfoottrue\nqtableend{\nqcurrenttable}%
    \hbox to\linewidth{\hss\nqnotesbox{\parbox[b]{\dimexpr\nq@notewidth\relax}{\raggedright
      \footnotesize\strut\nqtablenotes\par}}\hss}}%
    \ifdim\ht\LT@lastfoot>\ht\LT@foot\ht\LT@foot=\ht\LT@lastfoot\else\ht\LT@lastfoot=\ht\LT@foot\fi}%
    \nq@startofbody}}
\long\def\nq@continued#1#2\nq@end{%
  \ifx#1\tablename\nq@tablecontinued{#1#2}\else\nq@footnotes{#1#2}\fi}
\newcommand{\nq@footnotes}[1]{\nqnotesbox{\parbox[b]{\dimexpr\nq@notewidth\relax}{\raggedleft
  \nq@tablecontinued{#1}\par\raggedright\footnotesize\nq@lastfootfalse\nqtablenotes\par}}%
  \kern-\tabcolsep}
\let\nq@endlongtable\endlongtable
\patchcmd{\nq@endlongtable}{\endgraf\penalty\z@}{\endgraf\penalty\@M}{}{%
  \PackageWarningNoLine{nqsphinx}{longtable's end changed: a note may leave its table}}
\newcommand{\nqlongtablewithnext}{\let\endlongtable\nq@endlongtable
  \def\sphinxatlongtableend{%
  \@nobreakfalse\prevdepth\z@\nobreak\vskip\sphinxtablepost\relax}}
\makeatother
"""
    + longtable_notes.MACROS
)


def _raw(text: str) -> nodes.raw:
    return generated_raw(text + "\n", "latex")


def notes_after(table: nodes.table) -> list[nodes.paragraph]:
    """The notes under a table: the paragraphs of class ``nq-table-note`` after it (and after
    the raw LaTeX that ends its group and its details, which come first)."""
    parent = table.parent
    notes: list[nodes.paragraph] = []
    if parent is None:
        return notes
    for node in parent.children[parent.index(table) + 1 :]:
        if isinstance(node, nodes.paragraph) and TABLE_NOTE_CLASS in node["classes"]:
            notes.append(node)
        elif notes or not isinstance(node, (nodes.raw, nodes.field_list)):
            break
    return notes


_COLUMN_WIDTH = re.compile(r"p\{(\\csname nqcolumn\d+\\endcsname|[\d.]+\\nqflex)\}")


def _table_width(table: nodes.table) -> str:
    """The width of an engine table as a TeX expression: its columns (their specification, by
    :func:`nqsphinx.books.latex.column_spec`) and their gaps; the line's for any other."""
    parent = table.parent
    before = parent.children[: parent.index(table)]
    spec = next((n for n in reversed(before) if isinstance(n, addnodes.tabular_col_spec)), None)
    widths = _COLUMN_WIDTH.findall(spec["spec"]) if spec is not None else []
    if not widths:
        return r"\linewidth"
    return "+".join(widths) + rf"+{2 * len(widths)}\tabcolsep"


def is_longtable(table: nodes.table) -> bool:
    """Whether Sphinx sets ``table`` as a longtable, which runs over pages."""
    rows = sum(1 for body in table.findall(nodes.tbody) for _ in body.findall(nodes.row))
    return "longtable" in table["classes"] or rows > LONGTABLE_ROWS


class KeepTableNotes(SphinxPostTransform):
    """A note never leaves the page of its mark: under a table whose cells are marked (†, the
    2007 book prints another value there), the notes are on the page of the table's end (no
    break after the table, the notes in a minipage); a longtable's are in its feet, under
    "continues on next page" and at its end, which longtable keeps with its last rows
    (:data:`NOTES`).  The notes of the spell list and of the Craven Ghouls' profile went to the
    next page, alone."""

    default_priority = 891  # after KeepTableDetails, whose minipage the notes follow
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for number, table in enumerate(list(self.document.findall(nodes.table)), start=1):
            notes = notes_after(table)
            if not any(PRINTED_NOTE_CLASS in note["classes"] for note in notes):
                continue
            parent = table.parent
            if is_longtable(table):  # the notes in the table's feet, not after it
                table_id = f"nqt{number}"
                longtable_notes.mark_pages(table, table_id)
                foot = self._foot(notes, _table_width(table), table_id)
                parent.insert(parent.index(table), foot)
                for note in notes:
                    parent.remove(note)
                continue
            before = parent.children[parent.index(table) - 1]
            if not (isinstance(before, nodes.raw) and "nqtablewithnext" in before.astext()):
                parent.insert(parent.index(table), _raw(r"\nqtablewithnext\nqlongtablewithnext"))
            start = r"\par\nobreak\noindent\begin{minipage}{\linewidth}"
            parent.insert(parent.index(notes[0]), _raw(start))
            parent.insert(parent.index(notes[-1]) + 1, _raw(r"\end{minipage}\par"))

    @staticmethod
    def _foot(notes: list[nodes.paragraph], width: str, table_id: str) -> nodes.container:
        """The notes' copies (without their anchors, which stay with the notes under the
        table) in ``\\nqtablenotes``, each printed only in a foot of a page of its mark
        (:mod:`nqsphinx.books.longtable_notes`), and the longtable's foot set to show them as
        wide as the table (``width``)."""
        foot = nodes.container()
        foot += _raw(
            rf"\nqnotesinfoot{{{width}}}\gdef\nqcurrenttable{{{table_id}}}"
            r"\long\gdef\nqtablenotes{%"
        )
        for note in notes:
            copy = note.deepcopy()
            copy["ids"] = []
            foot += _raw(longtable_notes.note_start(note, table_id))
            foot += copy
            foot += _raw("}%")
        foot += _raw("}")
        return foot


def setup(app: Sphinx) -> None:
    app.add_post_transform(KeepTableNotes)
