"""The PDF index in the order a reader of the language expects, its bookmark on its heading.

xindy's French (and English) rules do not know the typographic apostrophe, and sorted
« Modificateur de pénétration » before « Modificateur d’armure » (an unknown character after
every letter).  A module of ours,
``nqindex.xdy``, makes it a space between words before sorting, word by word as the
entries' words read ("d’armure" sorts as "d armure", before "de pénétration"; « de l’aire » before
« de la sauvegarde »: proof round seventeen), loaded by the Makefile that Sphinx writes for the
LaTeX build (``XINDYOPTS``)."""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

#: The module's name and text: xindy merge rules, applied to each key before sorting.
MODULE = "nqindex.xdy"
RULES = """;; No Quarter: an apostrophe ends a word (nqsphinx/books/index_order.py)
(merge-rule "’" " " :string)
(merge-rule "'" " " :string)
;; the first page number stays on the line of the entry's last word (a tie, ~~ in xindy)
(markup-locclass-list :open ",~~" :sep ", ")
"""
# The tie: an entry's first page number never turns over alone (« Limites de capacités, de traits
# et d’équipement, » then « 174 » on a line of its own: the proof-reader of round 40).
#: The Index's anchor (where its bookmark and its line of the contents land) at its heading: Sphinx
#: sets it before ``theindex``, whose ``\twocolumn[...]`` then opens the page with the heading
#: and leaves the anchor under it, about 110 pt below the title.  The anchor is now set as the
#: heading's title starts (fncychap's ``\DOTIS``, inside the ``\twocolumn`` head).  An entry with
#: sub-entries is never the last line of a column: its first sub-entry follows it
#: (``\nq@bindsubitems``: "Natural 10" ended a page, its ten sub-entries overleaf).
HEADING_ANCHOR = r"""
\makeatletter
\renewenvironment{sphinxtheindex}{%
  \if@openright\cleardoublepage\else\clearpage\fi
  \let\nq@dotis\DOTIS\renewcommand{\DOTIS}[1]{\phantomsection\nq@dotis{##1}}%
  \begin{theindex}\nq@bindsubitems
  \addcontentsline{toc}{chapter}{\indexname}}{\end{theindex}}
\newif\ifnq@firstsub
\def\nq@bindsubitems{\let\nq@item\item\let\nq@subitem\subitem
  \def\item{\nq@item\global\nq@firstsubtrue}%
  \def\subitem{\ifnq@firstsub\par\nobreak\global\nq@firstsubfalse\fi\nq@subitem}}
\makeatother
"""
#: The line added to the generated Makefile.
LOAD = f"XINDYOPTS += -M {MODULE}\n"


def add_index_module(outdir: Path) -> None:
    """Write the module into the LaTeX folder ``outdir`` and load it from its Makefile (once)."""
    (outdir / MODULE).write_text(RULES, encoding="utf-8")
    makefile = outdir / "Makefile"
    if makefile.is_file():
        text = makefile.read_text(encoding="utf-8")
        if LOAD not in text:
            makefile.write_text(text.rstrip("\n") + "\n\n" + LOAD, encoding="utf-8")


def _finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "latex" and app.config.latex_use_xindy:
        add_index_module(Path(app.outdir))


def setup(app: Sphinx) -> None:
    app.connect("build-finished", _finished)
