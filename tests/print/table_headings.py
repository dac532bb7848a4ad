"""A heading left at the foot of a page above a table that starts the next (the proof-reader's
EN A4 p. 90: §16.4's heading and its errata box, the lower 40 % of the page blank, Table 16.4
alone at the top of p. 91), read from the PDF as a reader sees it: the heading, then nothing
but a short opening (boxes and paragraphs of a line or two, a few of them), then the page turns
and the next page opens with the caption of the section's first table.  A heading at the top of
its page, or whose opening and table are more than a page high together (French US Letter's
16.4: an errata box of 11 lines, a table of 40), cannot be kept with its table: the keep has
done what it can."""

from __future__ import annotations

from pathlib import Path

from tests.print import layout, pdfs

#: A section's short opening: at most this many blocks (a box, a paragraph), each paragraph of
#: at most this many lines.
OPENING_BLOCKS, SHORT_PARAGRAPH_LINES = 4, 2
#: A line this much (points) or more right of the heading's left edge is a box's: a box's text
#: is indented from the text block's edge, a paragraph's is not.
BOX_INDENT = 4.0
#: Lines farther apart than this (points, top to top) are in two paragraphs: the book's lines
#: are 13.6 pt apart, its paragraphs a skip more.
PARAGRAPH_GAP = 17.0
#: The book's line (points), and the lines between the text block's foot and the foot line.
LINE, FOOT_LINES = 13.6, 2


def _opening_blocks(lines: list[pdfs.Line], left: float) -> list[tuple[str, int]]:
    """The blocks of ``lines`` (those under a heading), each ("box" or "paragraph", lines)."""
    blocks: list[tuple[str, int]] = []
    previous = None
    for line in lines:
        kind = "box" if line.x0 - left >= BOX_INDENT else "paragraph"
        apart = previous is not None and line.y0 - previous.y0 > PARAGRAPH_GAP
        if blocks and blocks[-1][0] == kind and (kind == "box" or not apart):
            blocks[-1] = (kind, blocks[-1][1] + 1)
        else:
            blocks.append((kind, 1))
        previous = line
    return blocks


def _is_short_opening(blocks: list[tuple[str, int]]) -> bool:
    paragraphs = [lines for kind, lines in blocks if kind == "paragraph"]
    return len(blocks) <= OPENING_BLOCKS and all(n <= SHORT_PARAGRAPH_LINES for n in paragraphs)


def _opens_with_a_table(page: layout.Page) -> bool:
    first = page.lines[0] if page.lines else ""
    return bool(layout.CAPTION.match(first)) and not layout.CONTINUED.search(first)


def _fits_with_its_table(pdf: Path, number: int, opening: float) -> bool:
    """Whether a heading and its opening, ``opening`` points high, and the table that opens page
    ``number`` would fit the page together, a line apart: from the table's caption to its
    bottom rule (the third of its rules, top, under the header and bottom, each drawn as one to
    three strokes), in the text block, from the caption to :data:`FOOT_LINES` above the page's
    foot line (French A4's 16.4: 197 pt of heading and errata, a table of 486 pt)."""
    lines = pdfs.text_lines(pdf, number)
    caption = next(line for line in lines if layout.CAPTION.match(line.text))
    foot = max(line.y0 for line in lines if layout.FOOT in line.text)
    height = float(pdfs.reader(pdf).pages[number - 1].mediabox.height)
    rules = sorted(
        height - s.y0 for s in pdfs.shapes(pdf, number) if s.lines == 1 and s.height < 0.5
    )
    groups = [y for i, y in enumerate(rules) if y > caption.y0 and (i == 0 or y - rules[i - 1] > 3)]
    bottom = groups[min(2, len(groups) - 1)] if groups else caption.y1
    bottom = _notes_end(lines, bottom, foot)
    return opening + LINE + bottom - caption.y0 <= foot - FOOT_LINES * LINE - caption.y0


def _notes_end(lines: list[pdfs.Line], bottom: float, foot: float) -> float:
    """The foot of the lines right under a table's bottom rule, a line apart (its notes, which
    stay on its page: Table 16.4's three on US Letter, which did not fit under its errata),
    or the rule's if there are none."""
    end = previous = bottom
    for line in sorted((line for line in lines if bottom < line.y0 < foot), key=_top):
        if line.y0 - previous > (2 * LINE if previous == bottom else PARAGRAPH_GAP):
            break
        end, previous = max(end, line.y1), line.y0
    return end


def _top(line: pdfs.Line) -> float:
    return line.y0


def _at_the_top(page: layout.Page, title: str) -> bool:
    return any(layout._ends_with(page.lines[:count], title) for count in (1, 2, 3))


def headings_parted_from_their_table(pdf: Path) -> list[str]:
    """The headings (below a chapter) that end their page with only a short opening under them,
    the next page opening with a table: each with the blocks under it."""
    pages = layout.read_pages(pdf)
    entries = layout.outline_levels(pdf)
    found = []
    for position, (page, title, depth) in enumerate(entries):
        following = entries[position + 1] if position + 1 < len(entries) else None
        if depth == 0 or page >= len(pages) or not _opens_with_a_table(pages[page]):
            continue
        if following is not None and following[0] <= page:
            continue  # another heading after it on its page
        lines = [line for line in pdfs.text_lines(pdf, page) if line.text.strip()]
        body = tuple(layout.squeeze(line.text) for line in lines)
        index = layout._heading_line(body, title)
        if index is None or _at_the_top(pages[page - 1], title):
            continue
        under = [
            line
            for line in lines[index + 1 :]
            if layout.FOOT not in line.text and line.text.strip() != pages[page - 1].label
        ]
        if any(layout.CAPTION.match(line.text) for line in under):
            continue  # a table under the heading on its page
        blocks = _opening_blocks(under, lines[index].x0)
        height = (under[-1].y1 if under else lines[index].y1) - lines[index].y0
        if _is_short_opening(blocks) and _fits_with_its_table(pdf, page + 1, height):
            found.append(f"{pages[page - 1].where()}: {title!r} above {blocks}")
    return found


def _turned(pdf: Path, number: int) -> bool:
    return bool(pdfs.reader(pdf).pages[number - 1].get("/Rotate", 0) % 180 == 90)


def _heading_lines(lines: tuple[str, ...], title: str) -> int:
    """How many of the last of ``lines`` the heading ``title`` takes (one to three)."""
    return next(n for n in (1, 2, 3) if layout._ends_with(lines[-n:], title))


def headings_parted_from_their_turned_table(pdf: Path) -> list[str]:
    """The headings left on the page before a turned (landscape) page with nothing but boxes
    under them, the next heading on the same page (the proof-reader's EN A4 p. 157: "23.1 Model
    Characteristics Summary", its erratum box, then "23.2 Armour Summary"; Table 23.1 on the
    turned p. 158): the section's page holds nothing of it but its heading, its contents
    entry, bookmark and index entry send the reader where its table is not."""
    entries = [(page, title) for page, title, depth in layout.outline_levels(pdf) if depth > 0]
    found = []
    for (page, title), (after, next_title) in zip(entries, entries[1:], strict=False):
        if after != page or page >= pdfs.pages(pdf) or not _turned(pdf, page + 1):
            continue
        lines = [line for line in pdfs.text_lines(pdf, page) if line.text.strip()]
        body = tuple(layout.squeeze(line.text) for line in lines)
        start, end = layout._heading_line(body, title), layout._heading_line(body, next_title)
        if start is None or end is None:
            continue
        under = lines[start + 1 : end + 1 - _heading_lines(body[: end + 1], next_title)]
        if all(line.x0 - lines[start].x0 >= BOX_INDENT for line in under):
            label = pdfs.reader(pdf).page_labels[page - 1]
            found.append(f"page {label} (file page {page}): {title!r}, then {next_title!r}")
    return found
