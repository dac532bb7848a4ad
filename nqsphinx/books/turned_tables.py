"""Engine tables too wide for the text block in their smallest type (7 pt, the least a reader
reads at arm's length: :data:`nqsphinx.books.latex.TABLE_SIZES`) go on a landscape page, where
the line is the text's height, rather than shrink further (Tables 23.1 and 28.6, of 14 and 15
columns, were set in 6 pt).

LaTeX decides, as it measures the table (``\\nqturnjudge``): the table is measured in its sizes
in a group; if it does not fit the line in the smallest, it is set in a box as wide as the text
is high (``\\nqturnbegin``) and goes on a landscape page (pdflscape: the page is shown turned in
a reader) after the page where the text reaches it (afterpage), the text going on meanwhile: a
landscape page begun where the table stands left the rest of the page before it blank (Chapter
23's opener, its title and a sentence).  ``\\nqturnend`` ends the box after the table's details
and notes, set in two columns of about the book's measure in the footnote size of a longtable's
notes (``\\nqturnnotes``): a note across the turned page ran to 156 characters a line, and one
in the text block's width, centred, took the room of two.  A longtable (it breaks over pages,
which a box cannot) begins its landscape page where it stands.  The landscape page is headed by
the table's section (the running head's mark when the box began: the text had gone on to the
next section, whose name headed Table 23.1's page), and the page after it by the section the
text is in.  Where nothing but the heading and boxes (an erratum's) stands before the table in
its section, the table is judged before the heading, and the landscape page begins at the
heading: the heading and its boxes go with the table, and the section's page (the contents', the
bookmark's, the index's) holds its table (left behind, "23.1 Model Characteristics Summary" and
its erratum stood above "23.2 Armour Summary", Table 23.1 on the page after); Chapter 23's
opener keeps its title and its sentence alone on its page, as no page can hold them with the
table.  Where the table ends its chapter (the last block of the chapter's last section) after a
few lines of text, a longtable takes its heading and text onto its landscape page, the text in
two columns of about the book's measure in small type, its notes kept there too (the French 28.5
stood alone, six lines on a page, before Table 28.6's landscape page); a boxed table keeps its
section whole: the text before it goes to the next page with its heading rather than leave a
line or two of it alone on the page before the landscape page.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.books import page_keeps
from nqsphinx.untrusted import generated_raw

#: The preamble's macros: a table's sizes measured in a group (``\\nqover``, the room it lacks,
#: from nqsphinx.books.table_measure's MEASURE), the landscape page begun if it lacks some in
#: the last.
TURN = r"""
\usepackage{pdflscape}
\usepackage{afterpage}
\makeatletter
\newif\ifnqturn
\newif\ifnq@turnbox
\newsavebox{\nq@turned}
\newcommand{\nqturnjudge}[1]{\begingroup#1%
  \ifdim\nqover>0pt\global\nqturntrue\else\global\nqturnfalse\fi\endgroup}
\newcommand{\nqturnbegin}{\ifnqturn\global\nq@turnboxtrue\expandafter\nq@turnbox\fi}
\newcommand{\nqturnbeginlong}{\ifnqturn\global\nq@turnboxfalse\begin{landscape}\fi}
\def\nq@turnbox{\par\expandafter\nq@turnedmark\@themark\global\setbox\nq@turned\vbox\bgroup
  \hsize\textheight\linewidth\hsize\columnwidth\hsize}
\def\nq@turnedmark#1#2{\gdef\nq@turnedhead{#2}}
\def\nq@currentmark#1#2{\gdef\nq@currenthead{#2}}
\newcommand{\nq@turnedpage}{\begin{landscape}\expandafter\nq@currentmark\@themark
  \expandafter\markright\expandafter{\nq@turnedhead}\unvbox\nq@turned\end{landscape}%
  \expandafter\markright\expandafter{\nq@currenthead}}
\newcommand{\nqturnnotes}{\ifnqturn\expandafter\@firstofone\else\expandafter\@gobble\fi
  {\begingroup\footnotesize\setlength{\columnsep}{2em}\begin{multicols}{2}}}
\newcommand{\nqturntext}{\ifnqturn\expandafter\@firstofone\else\expandafter\@gobble\fi
  {\begingroup\small\begin{multicols}{2}}}
\newcommand{\nqturntextend}{\ifnqturn\expandafter\@firstofone\else\expandafter\@gobble\fi
  {\end{multicols}\endgroup}}
\newcommand{\nqturnend}{\ifnqturn\expandafter\@firstofone\else\expandafter\@gobble\fi
  {\end{multicols}\endgroup\global\nqturnfalse
  \ifnq@turnbox\par\egroup\afterpage{\nq@turnedpage}\else\end{landscape}\fi}}
\makeatother
"""
#: The attribute that marks the raw node where a table's landscape page may begin.
TURN_START = "nq_turn_start"
#: The attribute that marks the raw node where a turned table's box begins.
TURN_BEGIN = "nq_turn_begin"
#: The start of a heading's keep (page_keeps.KeepHeadings).
KEEP_HEAD = r"\nqkeephead"
#: What may stand before a table in its section and still go with it to its landscape page.
BEFORE_TABLE = (nodes.title, nodes.target, addnodes.index, nodes.raw, nodes.Admonition)


def turn_start(measured: str, fitted: str) -> nodes.raw:
    """The raw LaTeX that defines the table's measure (``measured``: ``\\nqtablefit``) and,
    measuring it in its sizes (``fitted``), judges whether it turns."""
    raw = generated_raw(measured + rf"\nqturnjudge{{{fitted}}}" + "\n", "latex")
    raw[TURN_START] = True
    return raw


def turn_begin() -> nodes.raw:
    """What begins a turned table's box (or a turned longtable's landscape page), right before
    the table (:class:`TurnWithHeading` makes it ``\\nqturnbeginlong`` for a longtable)."""
    raw = generated_raw(r"\nqturnbegin" + "\n", "latex")
    raw[TURN_BEGIN] = True
    return raw


def turn_notes() -> nodes.raw:
    """What sets a turned table's details and notes in the book's measure, after the table."""
    return generated_raw(r"\nqturnnotes" + "\n", "latex")


def turn_end() -> nodes.raw:
    """What ends a turned table's landscape page, after its details and notes (nothing for a
    table that fits its page)."""
    return generated_raw(r"\nqturnend" + "\n", "latex")


class TurnWithHeading(SphinxPostTransform):
    """A table is judged before its section's heading when only the heading's own pieces and
    boxes stand before it, and its landscape page, if it turns, begins at the heading (which
    asks for no room on the page before).  A turned longtable begins its landscape page where
    it stands (``\\nqturnbeginlong``)."""

    default_priority = 895  # after page_keeps (890), which sets the heading's keep and labels
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            if raw.get(TURN_BEGIN) and _is_longtable(raw):
                raw.replace_self(_landscape_begin())
        for raw in list(self.document.findall(nodes.raw)):
            section = raw.parent
            if not raw.get(TURN_START) or not isinstance(section, nodes.section):
                continue
            before = section.children[: section.index(raw)]
            outer = section.parent
            if outer is None:
                continue
            heading_only = all(isinstance(n, BEFORE_TABLE) for n in before)
            ends = _ends_chapter(section, raw) and _only_text(before)
            if heading_only or (ends and _begins_long(section)):
                begin = next(n for n in section.children[len(before) :] if n.get(TURN_BEGIN))
                section.remove(raw)
                section.remove(begin)
                start = _heading_start(outer, section)
                outer.insert(start, [raw, _landscape_begin()])
                _keep_heading(outer, start, None)
                if not heading_only:  # the text goes with it: in columns, the notes kept there
                    _notes_on_the_page(section)
                    _text_in_columns(section, before)
            elif _ends_chapter(section, raw) and _only_text(before):
                section.remove(raw)
                start = _heading_start(outer, section)
                outer.insert(start, raw)
                _keep_heading(outer, start, page_keeps.HEADING_LINES + _text_lines(before))


def _text_in_columns(section: nodes.section, before: list[nodes.Node]) -> None:
    """The text before a turned table, on its landscape page, in two columns of about the
    book's measure (``\\nqturntext``): across the turned page it ran to 150 characters a
    line."""
    text = [n for n in before if isinstance(n, nodes.paragraph | nodes.Admonition)]
    if not text:
        return
    section.insert(section.index(text[0]), generated_raw(r"\nqturntext" + "\n", "latex"))
    section.insert(section.index(text[-1]) + 1, generated_raw(r"\nqturntextend" + "\n", "latex"))


def _notes_on_the_page(section: nodes.section) -> None:
    """A turned table's notes stay on its landscape page: the keep of the chapter's last lines
    before them (chapters.KeepChapterEnds) would send them alone to the next page, where the
    landscape page ends the chapter (Table 28.6's notes), so it applies only if the table
    does not turn."""
    notes = next(
        (
            n
            for n in section.children
            if isinstance(n, nodes.raw) and n.astext().startswith(r"\nqturnnotes")
        ),
        None,
    )
    if notes is None:
        return
    for node in section.children[section.index(notes) + 1 :]:
        if isinstance(node, nodes.raw) and node.astext().startswith(KEEP_HEAD):
            keep = rf"\ifnqturn\else{node.astext().strip()}\fi" + "\n"
            node.replace_self(generated_raw(keep, "latex"))


def _begins_long(section: nodes.section) -> bool:
    """Whether ``section``'s turned table is a longtable, whose landscape page begins where it
    stands (``\\nqturnbeginlong``)."""
    return any(
        isinstance(n, nodes.raw) and n.get(TURN_BEGIN) and r"\nqturnbeginlong" in n.astext()
        for n in section.children
    )


def _is_longtable(raw: nodes.raw) -> bool:
    """Whether the first table after ``raw`` in its parent is set as a longtable."""
    following = raw.parent.children[raw.parent.index(raw) + 1 :]
    table = next((n for n in following if isinstance(n, nodes.table)), None)
    return table is not None and "longtable" in table["classes"]


def _ends_chapter(section: nodes.section, raw: nodes.raw) -> bool:
    """Whether the table after ``raw`` is the last block of ``section`` (its notes and the end
    of its landscape page after it) and ``section`` the last of its chapter."""
    after = section.children[section.index(raw) + 1 :]
    ends = [n for n in after if isinstance(n, nodes.raw) and n.astext().startswith(r"\nqturnend")]
    # the first end after ``raw`` is its table's: a later one is another table's
    if not ends or any(isinstance(n, nodes.Element) for n in after[after.index(ends[0]) + 1 :]):
        return False
    following = section.parent.children[section.parent.index(section) + 1 :]
    return not any(isinstance(n, (nodes.section, nodes.paragraph)) for n in following)


def _only_text(before: list[nodes.Node]) -> bool:
    """Whether ``before`` is a few lines of text and boxes, with no table: a table's judgement
    (its measure, ``\\gdef\\nqtablefit``, and ``\\ifnqturn``) moved before the heading, past
    another table's, would be replaced by the other's before its table, set in the other's
    columns (the teardrop templates' minimum use cost in the use cost table's, its header
    "Template" 4 pt wider than its column)."""
    no_table = not any(isinstance(n, nodes.table) for n in before)
    return no_table and _text_lines(before) <= page_keeps.HEAD_LINES_MAX


def _text_lines(before: list[nodes.Node]) -> int:
    """The lines of the paragraphs and boxes in ``before``, about, with a line to spare (a
    paragraph's skip)."""
    paragraphs = [n for n in before if isinstance(n, nodes.paragraph)]
    boxes = [n for n in before if isinstance(n, nodes.Admonition)]
    return (
        sum(page_keeps._lines(p) + 1 for p in paragraphs)
        + sum(page_keeps._box_lines(b) for b in boxes)
        + 1
    )


def _landscape_begin() -> nodes.raw:
    """What begins a turned table's landscape page where it stands, its heading's or its own."""
    raw = generated_raw(r"\nqturnbeginlong" + "\n", "latex")
    raw[TURN_BEGIN] = True
    return raw


def _keep_heading(outer: nodes.Element, start: int, lines: int | None) -> None:
    """The heading's keep among ``outer``'s nodes from ``start`` asks for ``lines`` if the
    table turns (nothing for ``None``: the heading opens the landscape page), for what it asked
    otherwise if not."""
    for node in outer.children[start:]:
        if isinstance(node, nodes.section):
            return
        found = re.match(r"\\nqkeephead\{(\d+)\}", node.astext())
        if isinstance(node, nodes.raw) and found:
            turned = "" if lines is None else rf"\nqkeephead{{{lines}}}"
            keep = rf"\ifnqturn{turned}\else{found.group(0)}\fi" + "\n"
            node.replace_self(generated_raw(keep, "latex"))
            return


def _heading_start(outer: nodes.Element, section: nodes.section) -> int:
    """Where ``section``'s heading starts in ``outer``: before the labels and the keep that
    page_keeps sets right before it (a label left before the landscape page would give the
    heading the page before)."""
    position: int = outer.index(section)
    while position and _heading_piece(outer[position - 1]):
        position -= 1
    return position


def _heading_piece(node: nodes.Node) -> bool:
    """A label of the heading, or its keep (``\\nqkeephead``, page_keeps.KeepHeadings)."""
    keep = isinstance(node, nodes.raw) and node.astext().startswith(KEEP_HEAD)
    return keep or isinstance(node, nodes.target)


def setup(app: Sphinx) -> None:
    app.add_post_transform(TurnWithHeading)
