"""The PDF rulebook's front matter: the credits, unnumbered, on the back of the cover, with the
line that says which printing a reader holds; then the contents.  Chapter 1 is the first chapter
of the rules (Introduction), not the credits; the site keeps its Credits page as it is.

The printing is named by the sources it was made from, never by the clock, so that every build
of the same commit is the same book: the date and short id of the git commit the sources are
at (``git log -1 --format='%cs %h'``), the date of ``SOURCE_DATE_EPOCH`` instead when it is set
(the reproducible-builds convention); without git, "unversioned sources" with that date, or no
line at all.
"""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.messages import page_language, ui_text
from nqsphinx.untrusted import generated_raw

#: The page of the credits (``docs/credits.md``).
CREDITS = "credits"
#: The class of the printing line's paragraph.
PRINTING_CLASS = "nq-printing"


def source_version(folder: Path) -> tuple[str | None, str | None]:
    """The printing's date and the sources' short commit id, each None if unknown: the date
    of ``SOURCE_DATE_EPOCH`` if set, else of the commit ``folder`` is checked out at."""
    date, commit = None, None
    try:
        found = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%cs %h"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        found = []
    if len(found) == 2:
        date, commit = found
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        date = datetime.fromtimestamp(int(epoch), UTC).date().isoformat()
    return date, commit


def printing_line(lang: str, date: str | None, commit: str | None) -> str | None:
    """ "This printing: 2026-11-26 (sources 1a2b3c4)" in ``lang``; None without a date."""
    if date is None:
        return None
    if commit is None:
        return ui_text("This printing: {date} (unversioned sources)", lang).format(date=date)
    return ui_text("This printing: {date} (sources {commit})", lang).format(
        date=date, commit=commit
    )


class CreditsFrontMatter(SphinxPostTransform):
    """In the assembled book, the credits as unnumbered front matter on the back of the cover
    (``\\nqcreditsstart``, ``\\nqcreditsend``: :data:`nqsphinx.books.latex.CONTENTS`), with the
    printing line under them, and the contents after them; without credits, the contents open
    the book."""

    default_priority = 880
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        credits = next(
            (
                node
                for node in self.document.findall(addnodes.start_of_file)
                if node.get("docname") == CREDITS
            ),
            None,
        )
        if credits is None:
            self.document.insert(0, generated_raw(r"\nqtableofcontents" + "\n", "latex"))
            return
        lang = page_language(self.config.language)
        line = printing_line(lang, *source_version(Path(self.env.srcdir)))
        if line is not None:
            credits.append(nodes.paragraph(line, line, classes=[PRINTING_CLASS]))
        parent = credits.parent
        parent.insert(parent.index(credits), generated_raw(r"\nqcreditsstart" + "\n", "latex"))
        parent.insert(parent.index(credits) + 1, generated_raw(r"\nqcreditsend" + "\n", "latex"))


def setup(app: Sphinx) -> None:
    app.add_post_transform(CreditsFrontMatter)
