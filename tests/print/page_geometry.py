"""Reading a rulebook's pages by their geometry, as a proof-reader measures them: each line's box
and size, the cards' colour bands, the columns of a table; for the checks of
tests/print/test_proofread_pages.py.

Each check returns what it found wrong as short strings naming the page (an empty list: the rule
holds), so that a failing test says where to look.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from nqsphinx.books.measure import TEXT_WIDTH_MM
from tests.print.layout import FOOT, outline_chapters
from tests.print.pdfs import Line, Shape, per_page, reader, run_on, runs, shapes

#: Millimetres to PDF points.
MM = 72 / 25.4
#: A card's colour band (nqprint.spell_cards: the card's width less its insets, BAND_MM high),
#: its inset from the card's edges, and the stats line at the card's foot (mm).
BAND_MM, INSET_MM, CARD_MM, STATS_MM = (59.0, 7.5), 2.0, 88.0, 7.0
#: The marks of the cells the 2007 book prints otherwise (nqsphinx.directives.tables.MARKS).
MARKS = "†‡§¶"
#: Lines whose top is within this of a baseline's are one line (pdftotext splits a line where
#: its words are far apart: a justified line, a table's columns).
SAME_LINE = 0.5
#: How a paragraph's last line ends (a page's last line that ends so is taken to end its
#: paragraph, though it reach the right edge).
ENDS = re.compile(r"[.:;!?»”)]\s*$")

_LINE = re.compile(
    r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>', re.S
)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<')


def _merged(lines: list[Line]) -> list[Line]:
    """The lines of one page, those of one baseline joined, from the top down."""
    result: list[Line] = []
    for line in sorted(lines, key=lambda line: (round(line.y1, 1), line.x0)):
        if result and abs(result[-1].y1 - line.y1) < SAME_LINE:
            last = result[-1]
            box = (min(last.x0, line.x0), min(last.y0, line.y0), max(last.x1, line.x1), last.y1)
            result[-1] = Line(*box, f"{last.text} {line.text}")
        else:
            result.append(line)
    return result


@cache
def page_lines(pdf: Path) -> tuple[tuple[Line, ...], ...]:
    """Every page's lines with their boxes (points, y down), the running head and foot set
    aside: the head is the page's top line above the text block, the foot the book's title or
    the bare page number under it (:data:`tests.print.layout.FOOT`)."""
    labels = reader(pdf).page_labels
    found = run_on(pdf, "pdftotext", "-bbox-layout")
    pages = []
    for number, body in enumerate(found.split("<page ")[1 : len(labels) + 1]):
        lines = _merged(
            [
                Line(float(x0), float(y0), float(x1), float(y1), _text(inner))
                for x0, y0, x1, y1, inner in _LINE.findall(body)
            ]
        )
        lines = [line for line in lines if line.text not in {FOOT, labels[number]}]
        words = lines[0].text.split() if lines else []
        if words and labels[number] in (words[0], words[-1]):
            lines = lines[1:]  # the running head: the page number at one end
        pages.append(tuple(lines))
    return tuple(pages)


def _text(inner: str) -> str:
    return " ".join(html.unescape(word[-1]) for word in _WORD.findall(inner))


@cache
def foot_lines(pdf: Path) -> tuple[Line | None, ...]:
    """Each page's foot line (the book's title, or the page number alone), if it has one."""
    labels = reader(pdf).page_labels
    found = run_on(pdf, "pdftotext", "-bbox-layout")
    feet = []
    for number, body in enumerate(found.split("<page ")[1 : len(labels) + 1]):
        lines = [
            Line(float(x0), float(y0), float(x1), float(y1), _text(inner))
            for x0, y0, x1, y1, inner in _LINE.findall(body)
        ]
        foot = [line for line in lines if line.text in {FOOT, labels[number]}]
        feet.append(max(foot, key=lambda line: line.y0) if foot else None)
    return tuple(feet)


def _where(pdf: Path, index: int) -> str:
    return f"page {reader(pdf).page_labels[index]} (file page {index + 1})"


# --- widows and orphans -------------------------------------------------------------------------


@dataclass(frozen=True)
class Measure:
    """The book's body text: its lines' height and the distance between their tops."""

    height: float
    skip: float


def measure(pdf: Path) -> Measure:
    """The height and baseline skip of most lines: the body's."""
    pages = page_lines(pdf)
    heights = [round(line.y1 - line.y0, 1) for page in pages for line in page]
    height = max(set(heights), key=heights.count)
    skips = [
        round(b.y0 - a.y0, 1)
        for page in pages
        for a, b in zip(page, page[1:], strict=False)
        if round(a.y1 - a.y0, 1) == height == round(b.y1 - b.y0, 1)
    ]
    return Measure(height, max(set(skips), key=skips.count))


def widows_and_orphans(pdf: Path) -> list[str]:
    """Pages whose last line runs on (a line of body text to the text's right edge, not ending
    a sentence, its next line at the same left edge at the top of the next page) and leaves
    one line of its
    paragraph alone: its first, the page's last line coming after a paragraph's gap (an
    orphan), or its last, short and followed by a paragraph's gap (a widow)."""
    pages, body = page_lines(pdf), measure(pdf)

    def is_body(line: Line) -> bool:
        return round(line.y1 - line.y0, 1) == body.height

    def apart(upper: Line | None, lower: Line | None) -> bool:
        """Whether ``lower`` starts another paragraph than ``upper`` (or either is missing)."""
        if upper is None or lower is None or not (is_body(upper) and is_body(lower)):
            return True
        return lower.y0 - upper.y0 > body.skip + 1

    labels = reader(pdf).page_labels
    found = []
    for index, (page, following) in enumerate(zip(pages, pages[1:], strict=False)):
        if not (page and following and labels[index + 1].isdigit()):
            continue  # the contents' lines are not paragraphs
        last, first = page[-1], following[0]
        runs_on = last.x1 >= max(line.x1 for line in page) - 1.5 and not ENDS.search(last.text)
        if not (is_body(last) and is_body(first) and runs_on and abs(last.x0 - first.x0) < 1):
            continue
        if apart(page[-2] if len(page) > 1 else None, last):
            found.append(f"{_where(pdf, index)}: orphan «{last.text[:40]}»")
        short = first.x1 < max(line.x1 for line in following) - 1.5
        if short and apart(first, following[1] if len(following) > 1 else None):
            found.append(f"{_where(pdf, index + 1)}: widow «{first.text[:40]}»")
    return found


# --- notes above the foot line ------------------------------------------------------------------


def note_gaps(pdf: Path) -> list[tuple[str, float]]:
    """Each page holding a table's notes ("† The 2007 book prints ..."): the room (points)
    between its notes' last line and the page's foot line."""
    gaps = []
    for index, (page, foot) in enumerate(zip(page_lines(pdf), foot_lines(pdf), strict=True)):
        notes = [line for line in page if line.text[:1] in MARKS and line.text[1:2] == " "]
        if notes and foot is not None:
            gaps.append((_where(pdf, index), foot.y0 - max(line.y1 for line in notes)))
    return gaps


# --- cards --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A card drawn on a page: its title, its band's width (mm) and the sizes of its text."""

    where: str
    title: str
    width_mm: float
    sizes: frozenset[float]


def chapter_pages(pdf: Path, page: int) -> range:
    """The file pages (from 1) of the chapter that holds file page ``page``."""
    entries = outline_chapters(pdf)
    chapter = [c for p, _, c in entries if p <= page][-1]
    pages = [p for p, _, c in entries if c == chapter]
    after = [p for p, _, c in entries if p > max(pages) and c != chapter]
    return range(min(pages), (min(after) if after else len(reader(pdf).pages) + 1))


def cards(pdf: Path, pages: range) -> list[Card]:
    """The cards of ``pages``: each colour band, the text under it down to the stats line."""
    band_width, band_height = (v * MM for v in BAND_MM)
    found = []
    for number in pages:
        texts = runs(pdf, number)
        for band in shapes(pdf, number):
            if abs(band.width - band_width) > 0.5 or abs(band.height - band_height) > 0.5:
                continue
            foot = band.y1 + INSET_MM * MM - CARD_MM * MM + STATS_MM * MM
            column = [run for run in texts if band.x0 - 1 <= run.x <= band.x1]
            title = " ".join(run.text for run in column if band.y0 < run.y < band.y1)
            sizes = frozenset(round(run.size, 2) for run in column if foot < run.y < band.y0)
            where = f"file page {number}"
            found.append(Card(where, title, round(band.width / MM, 1), sizes))
    return found


# --- a table's first column ---------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str


@per_page
def page_words(pdf: Path, page: int) -> list[Word]:
    """The words of file page ``page`` with their boxes (points, y down)."""
    found = run_on(pdf, "pdftotext", "-f", str(page), "-l", str(page), "-bbox")
    return [
        Word(float(x0), float(y0), float(x1), float(y1), html.unescape(text))
        for x0, y0, x1, y1, text in _WORD.findall(found)
    ]


def first_column(pdf: Path, caption: re.Pattern[str], second: str) -> tuple[str, list[str]]:
    """The page of the table whose caption matches ``caption``, and the lines of its first
    column: the words under the caption left of the second column's header ``second``."""
    for number, text in enumerate(run_on(pdf, "pdftotext").split("\f"), start=1):
        if not caption.search(text):
            continue
        words = page_words(pdf, number)
        top = next(w for w in words if caption.search(_line_of(words, w)))
        header = next(w for w in words if w.text == second and w.y0 > top.y0)
        height = float(reader(pdf).pages[number - 1].mediabox.height)
        rules = [height - s.y0 for s in shapes(pdf, number) if s.height < 1 and s.width > 100]
        bottom = max(y for y in rules if y > header.y1)  # the table's bottom rule
        column = [w for w in words if header.y0 <= w.y0 < bottom and w.x1 < header.x0 - 1]
        lines: dict[float, list[str]] = {}
        for word in column:
            lines.setdefault(round(word.y1), []).append(word.text)
        return _where(pdf, number - 1), [" ".join(words) for _, words in sorted(lines.items())]
    raise AssertionError(f"{pdf.name}: no table captioned {caption.pattern}")


def _line_of(words: list[Word], word: Word) -> str:
    return " ".join(w.text for w in words if abs(w.y1 - word.y1) < SAME_LINE)


# --- the text block -----------------------------------------------------------------------------


def _block(width: float) -> tuple[float, float]:
    """The text block's left and right edges (points) on a page ``width`` wide: the book's
    measure, centred (nqsphinx.books.measure)."""
    left = (width - TEXT_WIDTH_MM * MM) / 2
    return left, left + TEXT_WIDTH_MM * MM


def _has_card(found: list[Shape]) -> bool:
    band_width, band_height = (v * MM for v in BAND_MM)
    return any(
        abs(s.width - band_width) <= 0.5 and abs(s.height - band_height) <= 0.5 for s in found
    )


def _rules(found: list[Shape]) -> list[Shape]:
    """The thin horizontal rules of a page: a table's, the running head's."""
    return [s for s in found if s.height < RULE and s.width > RULE]


#: The thickest rule (points) and how far (points) a word or rule may stand past the block.
RULE, PAST = 1.5, 1.0


def outside_the_text_block(pdf: Path) -> list[str]:
    """Each page with a word or a rule (a table's) past the text block's left or right edge,
    with how far it runs (mm); the cards' pages aside, whose cards are the deck's size
    (test_every_card_of_the_chapter_has_the_decks_one_size), wider than the block.  A landscape
    page (a table too wide for the block, shown turned) is turned within the block: its words,
    which pdftotext places as the page is shown, are measured across the page as shown, from
    its top, the block's edges (its drawn rules are the page's as it is printed)."""
    labels = reader(pdf).page_labels
    found = run_on(pdf, "pdftotext", "-bbox")
    wrong = []
    for index, body in enumerate(found.split("<page ")[1 : len(labels) + 1]):
        page = reader(pdf).pages[index]
        width = float(page.mediabox.width)
        left, right = _block(width)
        drawn = shapes(pdf, index + 1)
        if _has_card(drawn):
            continue
        turned = page.get("/Rotate", 0) % 180 == 90
        words = _WORD.findall(body)
        spans = [
            (float(y0), float(y1)) if turned else (float(x0), float(x1))
            for x0, y0, x1, y1, _ in words
        ]
        spans += [(rule.x0, rule.x1) for rule in _rules(drawn)]
        low = min((x0 for x0, _ in spans), default=left)
        high = max((x1 for _, x1 in spans), default=right)
        if low < left - PAST or high > right + PAST:
            wrong.append(f"{_where(pdf, index)}: {low / MM:.1f}–{high / MM:.1f} mm")
    return wrong


# --- running heads ------------------------------------------------------------------------------


def heads_on_two_lines(pdf: Path) -> list[str]:
    """Each page whose running head, the lines above its head rule (a rule across the text
    block, in the page's top quarter), takes more than one line, with the head's words."""
    labels = reader(pdf).page_labels
    found = run_on(pdf, "pdftotext", "-bbox-layout")
    wrong = []
    for index, body in enumerate(found.split("<page ")[1 : len(labels) + 1]):
        height = float(reader(pdf).pages[index].mediabox.height)
        width = float(reader(pdf).pages[index].mediabox.width)
        block = TEXT_WIDTH_MM * MM
        rules = [
            height - rule.y1
            for rule in _rules(shapes(pdf, index + 1))
            if abs(rule.width - block) < PAST and rule.y0 > height * 0.75
        ]
        if not rules or width <= 0:
            continue
        lines = _merged(
            [
                Line(float(x0), float(y0), float(x1), float(y1), _text(inner))
                for x0, y0, x1, y1, inner in _LINE.findall(body)
            ]
        )
        head = [line.text for line in lines if line.y1 < min(rules)]
        if len(head) > 1:
            wrong.append(f"{_where(pdf, index)}: {' / '.join(head)}")
    return wrong
