"""Engine tables too wide for the text block in their smallest type (7 pt, the least a reader
reads at arm's length: :data:`nqsphinx.books.latex.TABLE_SIZES`) go on a landscape page, where
the line is the text's height, rather than shrink further (Tables 23.1 and 28.6, of 14 and 15
columns, were set in 6 pt).

LaTeX decides, as it measures the table (``\\nqturnstart``): the table is measured in its sizes
in a group; if it does not fit the line in the smallest, a landscape page begins (pdflscape: the
page is shown turned in a reader), and ``\\nqturnend`` ends it after the table's details and
notes, which keep the book's measure (``\\nqturnnotes``: the text block's width, centred): a
note across the turned page ran to 156 characters a line.  Where nothing but the heading and
boxes (an erratum's) stands before the table in its section, the landscape page begins before
the heading: a heading never ends a page alone above its turned table.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.untrusted import generated_raw

#: The preamble's macros: a table's sizes measured in a group (``\\nqover``, the room it lacks,
#: from nqsphinx.books.latex's MEASURE), the landscape page begun if it lacks some in the last.
TURN = r"""
\usepackage{pdflscape}
\newif\ifnqturn
\newcommand{\nqturnstart}[1]{\begingroup#1%
  \ifdim\nqover>0pt\global\nqturntrue\else\global\nqturnfalse\fi\endgroup
  \ifnqturn\begin{landscape}\fi}
\newcommand{\nqturnnotes}{\ifnqturn\list{}{\topsep0pt\partopsep0pt\parsep\parskip
  \listparindent\parindent\itemindent0pt
  \leftmargin\dimexpr(\linewidth-\textwidth)/2\relax\rightmargin\leftmargin}\item\relax\fi}
\newcommand{\nqturnend}{\ifnqturn\endlist\end{landscape}\global\nqturnfalse\fi}
"""
#: The attribute that marks the raw node where a table's landscape page may begin.
TURN_START = "nq_turn_start"
#: The start of a heading's keep (page_keeps.KeepHeadings).
KEEP_HEAD = r"\nqkeephead"
#: What may stand before a table in its section and still go with it to its landscape page.
BEFORE_TABLE = (nodes.title, nodes.target, addnodes.index, nodes.raw, nodes.Admonition)


def turn_start(measured: str, fitted: str) -> nodes.raw:
    """The raw LaTeX that defines the table's measure (``measured``: ``\\nqtablefit``) and,
    measuring it in its sizes (``fitted``), begins a landscape page if it does not fit."""
    raw = generated_raw(measured + rf"\nqturnstart{{{fitted}}}" + "\n", "latex")
    raw[TURN_START] = True
    return raw


def turn_notes() -> nodes.raw:
    """What sets a turned table's details and notes in the book's measure, after the table."""
    return generated_raw(r"\nqturnnotes" + "\n", "latex")


def turn_end() -> nodes.raw:
    """What ends a turned table's landscape page, after its details and notes (nothing for a
    table that fits its page)."""
    return generated_raw(r"\nqturnend" + "\n", "latex")


class TurnWithHeading(SphinxPostTransform):
    """A table's landscape page begins before its section's heading when only the heading's
    own pieces and boxes stand before the table: else the heading, alone at the foot of the
    page before, is parted from its table (French 23.1 and its erratum)."""

    default_priority = 895  # after page_keeps (890), which sets the heading's keep and labels
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            section = raw.parent
            if not raw.get(TURN_START) or not isinstance(section, nodes.section):
                continue
            before = section.children[: section.index(raw)]
            outer = section.parent
            if outer is not None and all(isinstance(n, BEFORE_TABLE) for n in before):
                section.remove(raw)
                outer.insert(_heading_start(outer, section), raw)


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
