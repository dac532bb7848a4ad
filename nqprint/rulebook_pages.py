"""The rulebook's page of each rule, read from its LaTeX build (``noquarter.aux``).

The quick reference prints the page where each of its blocks is explained.  The numbers are the
ones LaTeX wrote for the built rulebook of the same language and paper, never typed, so they stay
true when the book's layout moves; ``make`` builds the rulebook first for that reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from nqprint.latex import Paper, PrintError

#: ``\newlabel{close-combat:close-combat-modifiers}{{10.3}{74}{Close Combat Modifiers}...}``:
#: Sphinx's label (``document:target``), then LaTeX's number and page.
_NEWLABEL = re.compile(r"^\\newlabel\{(?P<label>[^{}]+)\}\{\{[^{}]*\}\{(?P<page>[^{}]+)\}")
RULEBOOK = "noquarter"


def aux_path(latex_dir: Path, lang: str, paper: Paper) -> Path:
    """Where ``make pdf`` leaves the rulebook's aux: ``<latex>/<lang>[-letter]/noquarter.aux``."""
    return latex_dir / f"{lang}{paper.suffix}" / f"{RULEBOOK}.aux"


def read_pages(aux: Path) -> dict[str, str]:
    """Every label of the aux file and its printed page number."""
    if not aux.is_file():
        raise PrintError(f"{aux}: the rulebook is not built (make pdf pdf-letter builds it)")
    pages: dict[str, str] = {}
    for line in aux.read_text(encoding="utf-8", errors="replace").splitlines():
        match = _NEWLABEL.match(line)
        if match:
            pages.setdefault(match["label"], match["page"])
    return pages


class RulebookPages:
    """The page numbers of one built rulebook, by Sphinx label (``close-combat:pushback``)."""

    def __init__(self, aux: Path) -> None:
        self.aux = aux
        self.pages = read_pages(aux)

    def page(self, label: str) -> str:
        """The printed page of ``label``; a label the book lacks fails, naming it."""
        try:
            return self.pages[label]
        except KeyError:
            raise PrintError(f"{self.aux}: the rulebook has no label {label!r}") from None
