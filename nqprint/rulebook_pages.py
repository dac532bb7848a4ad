"""The rulebook's page of each rule, read from its LaTeX build (``noquarter.aux``).

The quick reference prints the page where each of its blocks is explained.  The numbers are the
ones LaTeX wrote for the built rulebook of the same language and paper, never typed, so they stay
true when the book's layout moves; ``make`` builds the rulebook first for that reason.  A block
that is one of the book's tables gives the page of that table (its caption), not of the section
that holds it: on US Letter the wound table stands a page after its section's heading.
"""

from __future__ import annotations

import re
from pathlib import Path

from nqprint.latex import Paper, PrintError

#: ``\newlabel{close-combat:close-combat-modifiers}{{10.3}{74}{Close Combat Modifiers}...}``:
#: Sphinx's label (``document:target``), then LaTeX's number, page, title and anchor
#: (``table.caption.40`` for a table's caption).
_NEWLABEL = re.compile(
    r"^\\newlabel\{(?P<label>[^{}]+)\}\{\{[^{}]*\}\{(?P<page>[^{}]+)\}"
    r"(?:\{(?P<title>.*)\}\{(?P<anchor>[^{}]*)\}\{[^{}]*\}\}$)?"
)
#: What a title holds in the aux besides its words.
_TEX = (
    (re.compile(r"\\relax\s*"), ""),
    (re.compile(r"\\sphinxhyphen\s*\{\}"), "-"),
    (re.compile(r"\\([&%#_$])"), r"\1"),
)
RULEBOOK = "noquarter"


def aux_path(latex_dir: Path, lang: str, paper: Paper) -> Path:
    """Where ``make pdf`` leaves the rulebook's aux: ``<latex>/<lang>[-letter]/noquarter.aux``."""
    return latex_dir / f"{lang}{paper.suffix}" / f"{RULEBOOK}.aux"


def aux_title(title: str) -> str:
    """A heading's or caption's title as the aux writes it, as plain text, its spaces one."""
    for pattern, replacement in _TEX:
        title = pattern.sub(replacement, title)
    return " ".join(title.replace("\u00a0", " ").replace("\u202f", " ").split())


def read_labels(aux: Path) -> dict[str, tuple[str, str, str]]:
    """Every label of the aux file: its printed page, title (plain text) and anchor."""
    if not aux.is_file():
        raise PrintError(f"{aux}: the rulebook is not built (make pdf pdf-letter builds it)")
    labels: dict[str, tuple[str, str, str]] = {}
    for line in aux.read_text(encoding="utf-8", errors="replace").splitlines():
        match = _NEWLABEL.match(line)
        if match:
            found = (match["page"], aux_title(match["title"] or ""), match["anchor"] or "")
            labels.setdefault(match["label"], found)
    return labels


def read_pages(aux: Path) -> dict[str, str]:
    """Every label of the aux file and its printed page number."""
    return {label: page for label, (page, _, _) in read_labels(aux).items()}


class RulebookPages:
    """The page numbers of one built rulebook, by Sphinx label (``close-combat:pushback``)."""

    def __init__(self, aux: Path) -> None:
        self.aux = aux
        self.labels = read_labels(aux)
        self.pages = {label: page for label, (page, _, _) in self.labels.items()}

    def page(self, label: str) -> str:
        """The printed page of ``label``; a label the book lacks fails, naming it."""
        try:
            return self.pages[label]
        except KeyError:
            raise PrintError(f"{self.aux}: the rulebook has no label {label!r}") from None

    def table_page(self, document: str, title: str) -> str | None:
        """The page of the first table of ``document`` (a chapter's Sphinx name) captioned
        ``title``, or None if the chapter prints no such table."""
        wanted = " ".join(title.split())
        for label, (page, caption, anchor) in self.labels.items():
            if (
                label.startswith(f"{document}:")
                and anchor.startswith("table.")
                and (caption == wanted)
            ):
                return page
        return None

    def tables_anywhere(self, title: str) -> list[str]:
        """The pages of every table of the book captioned ``title``, whatever its chapter."""
        wanted = " ".join(title.split())
        return [
            page
            for page, caption, anchor in self.labels.values()
            if anchor.startswith("table.") and caption == wanted
        ]
