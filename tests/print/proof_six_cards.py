"""Checks of the printed cards for what the sixth proof-reading measured: each spell card's stat
line (its foot: "UC 4 Level 5 Upkeep 2 Points 10") inside the rule drawn above it, with
:data:`STAT_MARGIN_MM` to spare at each end, so that a millimetre of drift in the cutting clips
nothing.  The spell-card products and the rulebooks' cards chapter alike.

Each check returns what it found wrong as short strings naming the page (an empty list: the rule
holds). Run as a script on built PDFs (``python -m tests.print.proof_six_cards a.pdf b.pdf``) it
prints them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.print.page_geometry import BAND_MM, CARD_MM, INSET_MM, MM, STATS_MM, page_words
from tests.print.pdfs import Shape, reader, shapes

#: The least room (mm) between a stat line's ends and its rule's: the card's text column, 3 mm
#: from the card's edge, is 1 mm inside the rule (nqprint.spell_cards: INSET_MM, PAD_MM).
STAT_MARGIN_MM = 1.0


def _stat_rules(found: list[Shape]) -> list[Shape]:
    """The rules over the cards' stat lines: the band's width, a stroke's height, under a card's
    colour band (a table's rule may be as wide)."""
    width, height = (v * MM for v in BAND_MM)
    below = (CARD_MM - INSET_MM - BAND_MM[1] - STATS_MM) * MM  # from the band to the rule
    bands = [s for s in found if abs(s.width - width) <= 0.5 and abs(s.height - height) <= 0.5]
    return [
        s
        for s in found
        if abs(s.width - width) <= 0.5
        and s.height < 1
        and any(abs(b.x0 - s.x0) <= 0.5 and abs(b.y0 - s.y1 - below) <= 1 for b in bands)
    ]


def stat_lines_past_their_rule(pdf: Path) -> list[str]:
    """Each stat line whose words come nearer than :data:`STAT_MARGIN_MM` to an end of the rule
    above it, or pass it: the page, the words and the room left at each end (mm)."""
    wrong = []
    for number, page in enumerate(reader(pdf).pages, start=1):
        rules = _stat_rules(shapes(pdf, number))
        if not rules:
            continue
        height = float(page.mediabox.height)
        words = page_words(pdf, number)
        for rule in rules:
            top = height - rule.y1  # the rule's line, from the page's top as the words are
            card = rule.x0 - 2 * MM, rule.x1 + 2 * MM
            line = sorted(
                (w for w in words if top < w.y0 < top + STATS_MM * MM and card[0] < w.x0 < card[1]),
                key=lambda w: w.x0,
            )
            if not line:
                wrong.append(f"file page {number}: a rule at {top:.0f} pt with no stat line")
                continue
            left, right = (line[0].x0 - rule.x0) / MM, (rule.x1 - line[-1].x1) / MM
            if min(left, right) < STAT_MARGIN_MM:
                said = " ".join(w.text for w in line)
                wrong.append(f"file page {number}: {said!r}: {left:.1f} and {right:.1f} mm")
    return wrong


def stat_lines(pdf: Path) -> int:
    """How many stat lines the PDF's cards have (a check that finds none checks nothing)."""
    return sum(len(_stat_rules(shapes(pdf, n))) for n in range(1, len(reader(pdf).pages) + 1))


def main(paths: list[str]) -> int:
    failed = 0
    for path in map(Path, paths):
        found = stat_lines_past_their_rule(path)
        failed += bool(found)
        print(f"{path.name}: stat lines past their rule: {len(found)}", *found, sep="\n  ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
