"""Checks of a rulebook PDF for what the seventh proof-reading marked: a long table's last rows
alone on a page otherwise empty (Table 15.1's last five rows at a chapter's end), a word
hyphenated across a page turn (« bâ-/ton »), and the figures' labels in another sans-serif than
the book's (DejaVu Sans beside FreeSans).

Each returns what it found wrong as short strings naming the page (an empty list: the rule
holds). Run as a script on built PDFs (``python -m tests.print.proof_seven_layout a.pdf``) it
prints them.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.print.layout import CONTINUED, read_pages
from tests.print.pdfs import reader

#: The fewest lines (rows, and the notes under them) of a table's last part on a page that
#: holds nothing else: fewer leave most of the page blank.
TAIL_LINES = 10
#: The book's typefaces: FreeSerif for the text, FreeSans for headings and figures, and the
#: monospace of code.
BOOK_FONTS = re.compile(r"^(?:[A-Z]{6}\+)?(?:FreeSerif|FreeSans|FreeMono|LMMono)")


def lonely_table_tails(pdf: Path, least: int = TAIL_LINES) -> list[str]:
    """Pages that open with a table's continuation ("continued from previous page") under which
    fewer than ``least`` lines stand (its repeated header left out): the table's last rows alone
    on a page otherwise empty."""
    found = []
    for page in read_pages(pdf):
        heads = [i for i, line in enumerate(page.lines[:3]) if CONTINUED.search(line)]
        if not heads:
            continue
        below = len(page.lines) - heads[0] - 2  # the continuation's line and the header's
        if below < least:
            found.append(f"{page.where()}: {below} lines of {page.lines[heads[0]].strip()!r}")
    return found


def _turned(pdf: Path, number: int) -> bool:
    return bool(reader(pdf).pages[number - 1].get("/Rotate", 0) % 180 == 90)


def hyphens_at_page_ends(pdf: Path) -> list[str]:
    """Pages (not turned, not a table's) whose last line ends with a word broken by a hyphen."""
    return [
        f"{page.where()}: {page.last[-30:]!r}"
        for page in read_pages(pdf)
        if re.search(r"[^\W\d]-$", page.last) and not _turned(pdf, page.number)
    ]


def other_fonts(pdf: Path) -> list[str]:
    """The fonts of ``pdf`` that are not the book's (pdffonts' names)."""
    listing = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True)
    lines = listing.stdout.splitlines()[2:]
    names = {line.split()[0] for line in lines if line.split()}
    return sorted(name for name in names if not BOOK_FONTS.match(name))


def main(paths: list[str]) -> int:
    checks = {
        "table tails alone on a page": lonely_table_tails,
        "hyphenated words at a page's end": hyphens_at_page_ends,
        "fonts other than the book's": other_fonts,
    }
    failed = 0
    for path in map(Path, paths):
        for name, check in checks.items():
            found = check(path)
            failed += bool(found)
            print(f"{path.name}: {name}: {len(found)}")
            for line in found:
                print(f"  {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
