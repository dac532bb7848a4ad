"""A longtable's notes only on the pages of their marks.

A longtable's notes (what the 2007 book prints in the cells marked †) are set in its feet
(:class:`nqsphinx.books.table_notes.KeepTableNotes`): under "continues on next page" and at its
end.  The spell list's marks (Fog 6†, Lure 6‡) are on its first page, and its last page printed
their notes again, under rows that carry no mark.  Each mark now writes its page to the aux file,
and the table its last page; at the next run each note of the last foot is printed if its mark
is on the last page, each note of the other pages' foot if its mark is on a page before the last
(the first run, without the aux's pages, prints them all).  A table of three pages or more whose
mark is on one of them repeats the note on the others but the last.

Each foot is as tall as it is with all the notes (``\nqnotesbox``, the room left blank under
the notes it prints): a foot whose height followed the notes printed moved the page's break,
which moved a mark to the other page, which changed the notes at the next run, and so on
(French A4's spell list, Fog 6† and Lure 6‡ on either side of its break: LaTeX never settled).
"""

from __future__ import annotations

from docutils import nodes

from nqsphinx.untrusted import generated_raw

#: The class of a mark in a table's cell (nqsphinx.directives.tables.MARK_CLASS).
MARK_CLASS = "nq-printed-mark"
#: The marks in order (nqsphinx.directives.tables.MARKS): a note's mark is its first character.
MARKS = ("†", "‡", "§", "¶")

#: ``\nqmarkat{table}{mark}``: the mark stands on this page (the aux, at shipout);
#: ``\nqtableend{table}``: the table ends on this page (in its last foot, shipped there);
#: ``\nqnote{table}{mark}{note}``: the note, if its mark is on the pages of this foot (the flag
#: ``\ifnq@lastfoot``: the last page's foot, or the other pages'), or every note (the flag
#: ``\ifnq@allnotes``, in ``\nqnotesbox{foot}``, which measures the foot with them all).
MACROS = r"""
\makeatletter
\newif\ifnq@lastfoot
\newcommand{\nqmarkat}[2]{\protected@write\@auxout{}{\string\nqmarkpage{#1}{#2}{\thepage}}}
\newcommand{\nqtableend}[1]{\protected@write\@auxout{}{\string\nqendpage{#1}{\thepage}}}
\newcommand{\nqmarkpage}[3]{%
  \expandafter\ifx\csname nq@m@#1@#2\endcsname\relax
    \expandafter\xdef\csname nq@m@#1@#2\endcsname{,#3,}%
  \else
    \expandafter\xdef\csname nq@m@#1@#2\endcsname{\csname nq@m@#1@#2\endcsname#3,}%
  \fi}
\newcommand{\nqendpage}[2]{\expandafter\xdef\csname nq@e@#1\endcsname{#2}}
\newif\ifnq@allnotes
\newsavebox{\nq@notesall}\newsavebox{\nq@notessome}
\newcommand{\nqnotesbox}[1]{\sbox{\nq@notesall}{\nq@allnotestrue#1}\sbox{\nq@notessome}{#1}%
  \vbox to\ht\nq@notesall{\hbox{\usebox{\nq@notessome}}\vss}}
\newcommand{\nqnote}[3]{%
  \@tempswatrue
  \expandafter\ifx\csname nq@e@#1\endcsname\relax\else
  \expandafter\ifx\csname nq@m@#1@#2\endcsname\relax\else
    \edef\nq@only{,\csname nq@e@#1\endcsname,}%
    \edef\nq@pages{\csname nq@m@#1@#2\endcsname}%
    \edef\nq@test{\noexpand\in@{\nq@only}{\nq@pages}}\nq@test
    \ifnq@lastfoot
      \ifin@\else\@tempswafalse\fi
    \else
      \ifx\nq@only\nq@pages\@tempswafalse\fi
    \fi
  \fi\fi
  \ifnq@allnotes\@tempswatrue\fi
  \if@tempswa#3\fi}
\makeatother
"""


def mark_pages(table: nodes.table, table_id: str) -> None:
    """After each mark of ``table``, the LaTeX that writes its page to the aux file."""
    for mark in list(table.findall(nodes.superscript)):
        text = mark.astext()
        if MARK_CLASS in mark["classes"] and text in MARKS:
            parent = mark.parent
            raw = generated_raw(rf"\nqmarkat{{{table_id}}}{{{MARKS.index(text)}}}", "latex")
            parent.insert(parent.index(mark) + 1, raw)


def note_start(note: nodes.paragraph, table_id: str) -> str:
    """The LaTeX that opens a note's copy in a foot (``\\nqnote``), by the note's mark."""
    symbol = note.astext()[:1]
    index = MARKS.index(symbol) if symbol in MARKS else -1
    return rf"\nqnote{{{table_id}}}{{{index}}}{{%"
