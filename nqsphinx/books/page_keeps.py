"""What keeps a heading with the start of its section, an example's last lines with its
erratum line, and a table's notes with their marks, in the PDF rulebooks (the
``\\nqkeephead`` and ``\\nqboxneeds`` macros and the reasons are in
:data:`nqsphinx.books.latex.KEEP`, the notes' in :data:`NOTES`): post-transforms of the LaTeX
builder that estimate, from the document's nodes, how many lines each needs."""

from __future__ import annotations

import math
from itertools import takewhile

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.directives.edition_changes import CHANGE_CLASS
from nqsphinx.directives.example_view import CHECKED, EXAMPLE_CLASS
from nqsphinx.untrusted import generated_raw

#: Lines of room a heading keeps under it, at least and at most; characters of a line of text,
#: about, and of the widest (French on US Letter): a paragraph may set in fewer lines than
#: :func:`_lines` counts, never fewer than :func:`_fewest_lines`.
HEAD_LINES, HEAD_LINES_MAX = 3, 30
LINE_CHARS, WIDEST_LINE_CHARS = 80, 90  # 11 pt across 120 mm (measure.py)
#: Lines that a heading and the space around it take.
HEADING_LINES = 4
#: A paragraph that may set in fewer lines than this opening a section keeps with what follows
#: it, and so do the section's first blocks up to this many (Grenades: a box, 3 paragraphs).
SHORT_LINES, OPENING_BLOCKS = 3, 4
#: A paragraph of up to this many lines is not broken over pages (two lines on each at least).
SHORT_PARAGRAPH = 4
#: The attribute of a raw LaTeX block that LaTeX will not break, with its height in millimetres
#: (a row of cards, which starts with its own ``\needspace``).
HEIGHT_MM = "nq_height_mm"
#: The baseline of the book's 11 pt type, in millimetres.
BASELINE_MM = 13.6 / 72.27 * 25.4
#: Lines that a box's title row, padding and the space around it take; a box up to
#: :data:`SHORT_BOX` lines high is not broken over pages (a section's list of eight errata, as
#: 16.4's); a longer one needs :data:`BOX_LINES` lines of room to start on a page.
BOX_FRAME, SHORT_BOX, BOX_LINES = 4, 12, 7
#: A worked example up to this many lines is not broken over pages either: a player learning
#: the rule reads it whole (proof round twenty-nine: Projectile Travel's missile continued its
#: flight, and its correction note, over a page turn, the next page half empty).
EXAMPLE_BOX = 20
#: Lines of the text block, by paper (a ``\textheight`` of 700.5 pt on A4, 650.4 pt on US
#: Letter, over the 13.6 pt line): a box opening a section is kept with the whole table after
#: it, heading and all, when they fit one page (16.4's errata and table do on A4, not on US
#: Letter: kept there, the box was left alone on a page, the page before two-thirds empty).
PAGE_LINES = {"a4paper": 51, "letterpaper": 47}
#: A chapter's last section up to this many lines, ending with a box, is kept on one page.
LAST_SECTION_LINES = 24
#: Lines of a table besides its rows (caption, header, rules); of a figure, about.
TABLE_LINES, FIGURE_LINES = 4, 12
#: An erratum's record keeps its first paragraphs together (title, "Where:", "Printed:"), and
#: all of them if they take up to this many lines.
RECORD_HEAD, SHORT_RECORD = 3, 12
#: A list of up to this many items and lines is kept whole.
SHORT_LIST, SHORT_LIST_LINES = 6, 12
#: The classes of an erratum's record and of a table's details (nqsphinx.directives).
ERRATUM_CLASS, DETAILS_CLASS = "nq-erratum", "nq-table-details"
#: The records kept as an erratum's: an erratum, and a rule changed since the French v2.4b
#: (its title, the old and the new reading: a new reading alone on a page is read out of its
#: place).
RECORD_CLASSES = frozenset({ERRATUM_CLASS, CHANGE_CLASS})
#: What LaTeX cannot break inside (a table with more rows is a longtable, which breaks).
UNBREAKABLE = (nodes.table, nodes.figure, nodes.image, nodes.literal_block)


#: What binds a block to the next one (no page break between them).
NO_BREAK = "\\par\\nobreak\n"


def _no_break() -> nodes.raw:
    return generated_raw(NO_BREAK, "latex")


def _lines(node: nodes.Node) -> int:
    """The lines a block of text takes, about: its characters over those of a line."""
    return len(node.astext()) // LINE_CHARS + 1


def _fewest_lines(node: nodes.Node) -> int:
    """The fewest lines a block of text may set in, on the widest line of any edition."""
    return len(node.astext()) // WIDEST_LINE_CHARS + 1


def _box_height(box: nodes.Element) -> int:
    return BOX_FRAME + sum(_lines(p) for p in box.findall(nodes.paragraph))


def _whole(box: nodes.Element) -> int:
    """The most lines a box may have and not be broken over pages: a section's box of errata
    is read whole like an example (proof round thirty-one: broken, 12.7's last reading went
    overleaf, away from its title)."""
    read_whole = {EXAMPLE_CLASS, "nq-erratum-note"} & set(box["classes"])
    return EXAMPLE_BOX if read_whole else SHORT_BOX


def _box_lines(box: nodes.Element) -> int:
    """The lines of room a box needs on the page it starts on: all of it if short."""
    return _box_height(box) if _box_height(box) <= _whole(box) else BOX_LINES


def _height(block: nodes.Element) -> int:
    """The lines a table (its rows, caption and header) or a figure takes, about: a row is as
    tall as its longest cell set in its column's share of the line."""
    rows = list(block.findall(nodes.row))
    if not rows:
        return FIGURE_LINES
    widths = [int(c.get("colwidth", 1)) for c in block.findall(nodes.colspec)]
    return sum(_row_lines(row, widths) for row in rows) + TABLE_LINES


def _row_lines(row: nodes.Element, widths: list[int]) -> int:
    """The lines of a table's row: its tallest cell, whose column takes its share of a line."""
    cells = [c for c in row.children if isinstance(c, nodes.entry)]
    known = len(widths) == len(cells) and sum(widths) > 0
    shares = widths if known else [1] * len(cells)
    total = max(1, sum(shares))
    tallest = 1
    for cell, share in zip(cells, shares, strict=True):
        per_line = max(8, LINE_CHARS * share // total - 2)
        tallest = max(tallest, math.ceil(len(cell.astext()) / per_line))
    return tallest


def _blocks(parent: nodes.Element) -> list[nodes.Element]:
    """The blocks of a section or a container, its title, targets and index entries left out."""
    invisible = (nodes.title, nodes.target, addnodes.index, nodes.raw, addnodes.tabular_col_spec)
    return [
        child
        for child in parent.children
        if isinstance(child, nodes.Element)
        and (not isinstance(child, invisible) or _fixed_lines(child))
    ]


def _fixed_lines(node: nodes.Element) -> int:
    """The lines of a raw block of known height (:data:`HEIGHT_MM`), rounded up; 0 for any
    other node."""
    millimetres = node.get(HEIGHT_MM, 0) if isinstance(node, nodes.raw) else 0
    return math.ceil(millimetres / BASELINE_MM)


def _unbreakable(node: nodes.Element | None) -> bool:
    """A table or a figure, alone or first in a container."""
    if isinstance(node, nodes.container):
        inside = _blocks(node)
        return bool(inside) and _unbreakable(inside[0])
    return isinstance(node, UNBREAKABLE)


def _short(block: nodes.Element) -> int:
    """The lines of a short paragraph or a short box (0 for any other block)."""
    if isinstance(block, nodes.paragraph) and _fewest_lines(block) < SHORT_LINES:
        return _lines(block)
    if isinstance(block, nodes.Admonition) and _box_height(block) <= _whole(block):
        return _box_height(block)
    return 0


def _opening(section: nodes.Element) -> list[nodes.Element]:
    """The short paragraphs and boxes (a note) that open a section (or a container), before its
    first long or other block (at most :data:`OPENING_BLOCKS`)."""
    found = []
    for block in _blocks(section)[:OPENING_BLOCKS]:
        if not _short(block):
            break
        found.append(block)
    return found


def _need(section: nodes.Element, paper: str = "a4paper") -> int:
    """The lines under the heading that should be on its page, as far as the text tells: the
    short opening paragraphs and boxes and the start of what follows them (a table or a figure
    after them, bound to them, needs its whole height; a container, an erratum, opens
    with paragraphs of its own, each a paragraph's skip from the last)."""
    if (boxed := _boxed(section)) is not None and _binds(*boxed, paper):
        return _boxed_need(*boxed)  # the heading, the boxes and the table fit one page
    if whole := _ends_chapter_short(section):
        return whole
    opening = _opening(section)
    lines = sum(_short(block) for block in opening)
    rest = _blocks(section)[len(opening) :]
    if not rest:  # a short section is kept whole: its lines and the skips between its blocks
        return lines + len(opening)
    if isinstance(rest[0], nodes.section):
        return lines + HEADING_LINES + _need(rest[0], paper)
    if _fixed_lines(rest[0]):  # its own \needspace would break after the opening
        return lines + _fixed_lines(rest[0])
    if isinstance(rest[0], nodes.container) and not _unbreakable(rest[0]):
        return lines + _need(rest[0], paper)
    if _boxed_table(opening, rest[0]):  # too tall for one page: the box under its heading
        return lines + 1
    if _unbreakable(rest[0]):
        # the whole table or figure: LaTeX may still break before it (a box's end, a figure
        # placed "here"), which would leave the heading with its opening lines alone
        return lines + _height(rest[0]) + sum(_details_lines(block) for block in rest[1:2])
    if _is_list(rest[0]) and _short_list(rest[0]):  # a short list is kept whole
        return lines + sum(_lines(item) for item in rest[0].children) + 1
    if isinstance(rest[0], nodes.paragraph) and _lines(rest[0]) <= SHORT_PARAGRAPH:
        # a paragraph this short is not broken (two lines at least on each page): all of it
        return lines + _lines(rest[0]) + 1
    return lines + (BOX_LINES if isinstance(rest[0], nodes.Admonition) else SHORT_LINES)


def _ends_chapter_short(section: nodes.Element) -> int:
    """The lines of a chapter's last section, when it is a few paragraphs and boxes that fit
    :data:`LAST_SECTION_LINES` and ends with a box: kept whole on one page, rather than its
    box left alone on the chapter's last page (French A4 p. 57, "10.10": proof round
    eighteen); 0 for any other section."""
    chapter = section.parent
    if not isinstance(chapter, nodes.section) or isinstance(chapter.parent, nodes.section):
        return 0
    if _blocks(chapter)[-1] is not section:
        return 0
    blocks = _blocks(section)
    if not blocks or not isinstance(blocks[-1], nodes.Admonition):
        return 0
    lines = 0
    for block in blocks:
        if isinstance(block, nodes.Admonition):
            lines += _box_height(block)
        elif isinstance(block, nodes.paragraph):
            lines += _lines(block)
        else:
            return 0
    lines += len(blocks)  # the skips between them
    return lines if lines <= LAST_SECTION_LINES else 0


def _boxed_table(opening: list[nodes.Element], following: nodes.Element) -> bool:
    """Whether a box opens the section and a table kept whole follows its opening (a longtable
    starts under the box wherever the box ends)."""
    from nqsphinx.books.measure import may_split
    from nqsphinx.books.table_notes import is_longtable

    boxed = any(isinstance(block, nodes.Admonition) for block in opening)
    if not boxed or not isinstance(following, nodes.table):
        return False
    return not (is_longtable(following) or may_split(following))


def _boxed_need(opening: list[nodes.Element], rest: list[nodes.Element]) -> int:
    """The lines of a section's opening boxes and paragraphs, the skips between them, the
    table after them as LaTeX sets it (:func:`table_height.set_lines`), its details and its
    notes (kept on its page, a skip above them)."""
    from nqsphinx.books.table_height import set_lines
    from nqsphinx.books.table_notes import notes_after

    notes = notes_after(rest[0])
    details = sum(_details_lines(block) for block in rest[1:2])
    details += sum(_lines(note) for note in notes) + (1 if notes else 0)
    lead = sum(_box_height(b) if isinstance(b, nodes.Admonition) else _short(b) for b in opening)
    return lead + len(opening) + math.ceil(set_lines(rest[0])) + details


def _boxed(section: nodes.Element) -> tuple[list[nodes.Element], list[nodes.Element]] | None:
    """A section's opening boxes (of any height) and short paragraphs, and the blocks after
    them, when a table kept whole comes next: the boxes cannot be bound to it (framed.sty ends
    a box with a breakpoint), the heading's room is what keeps them together."""
    lead: list[nodes.Element] = []
    blocks = _blocks(section)
    for block in blocks[:OPENING_BLOCKS]:
        if not (isinstance(block, nodes.Admonition) or _short(block)):
            break
        lead.append(block)
    rest = blocks[len(lead) :]
    if lead and rest and _boxed_table(lead, rest[0]):
        return lead, rest
    return None


def _binds(opening: list[nodes.Element], rest: list[nodes.Element], paper: str = "a4paper") -> bool:
    """Whether a section's opening blocks are kept on the page of the table or figure after
    them: always, but a box before a table kept whole, whose heading, box and table do not fit
    one page of ``paper`` (:data:`PAGE_LINES`)."""
    if not _boxed_table(opening, rest[0]):
        return True
    room = PAGE_LINES.get(paper, PAGE_LINES["a4paper"])
    return HEADING_LINES + _boxed_need(opening, rest) <= room


def _room(section: nodes.Element, paper: str) -> int:
    """The most lines a heading keeps under it: :data:`HEAD_LINES_MAX`, or a page's for a box
    bound to its whole table (16.4's errata and table, 47 lines on A4, went to the next page
    without its heading otherwise)."""
    if (boxed := _boxed(section)) is not None and _binds(*boxed, paper):
        return PAGE_LINES.get(paper, PAGE_LINES["a4paper"]) - HEADING_LINES
    return HEAD_LINES_MAX


def _short_list(items: nodes.Element) -> bool:
    """A list that :class:`KeepListEnds` keeps whole."""
    entries = [n for n in items.children if isinstance(n, nodes.list_item)]
    return len(entries) <= SHORT_LIST and sum(_lines(e) for e in entries) <= SHORT_LIST_LINES


def _details_lines(block: nodes.Element) -> int:
    """The lines of a table's details (a field name and its value a line each), bound to the
    table (:class:`KeepTableDetails`); 0 for any other block."""
    if not isinstance(block, nodes.field_list) or DETAILS_CLASS not in block["classes"]:
        return 0
    return 2 * sum(1 for _ in block.findall(nodes.field)) + 1


def _before_targets(node: nodes.Element) -> int:
    """The index in its parent before ``node`` and the targets right before it (a heading's
    label): a page break made there leaves the labels on the page of what they name."""
    parent = node.parent
    index: int = parent.index(node)
    while index and isinstance(parent[index - 1], nodes.target):
        index -= 1
    return index


def _labels_left_behind(section: nodes.section) -> list[nodes.target]:
    """The targets naming ``section`` that end the block before it (at any depth): a label
    written above a heading (``(label)=``) is left by docutils at the end of the previous
    section, its id moved to the heading.  Sphinx's LaTeX writer sets such a target as
    ``\\phantomsection\\label`` where it stands, unless the section comes right after it: once
    the heading's ``\\nqkeephead`` stood between them, the label was set before the keep, on the
    previous page when the keep broke it, and the aux gave the label that page too."""
    parent = section.parent
    index = parent.index(section)
    block = parent[index - 1] if index else None
    while isinstance(block, nodes.Element) and block.children:
        if isinstance(block.children[-1], nodes.target):
            tail = list(takewhile(_is_target, reversed(block.children)))[::-1]
            return [t for t in tail if t.get("refid") in section["ids"]]
        block = block.children[-1]
    return []


def _is_target(node: nodes.Node) -> bool:
    return isinstance(node, nodes.target)


class KeepHeadings(SphinxPostTransform):
    """Room for every heading below a chapter and the start of its section
    (``\\nqkeephead`` before it, :func:`_need` lines), a table or figure after short
    opening paragraphs bound to them, and before each box the room it needs (``\\nqboxneeds``).
    Chapters open a page and keep nothing."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        paper = self.config.latex_elements.get("papersize", "a4paper")
        for section in list(self.document.findall(nodes.section)):
            if not isinstance(section.parent, nodes.section):
                continue
            for target in _labels_left_behind(section):  # right before the heading
                target.parent.remove(target)
                section.parent.insert(section.parent.index(section), target)
            need = _need(section, paper)
            lines = HEADING_LINES + max(HEAD_LINES, min(_room(section, paper), need))
            keep = generated_raw(rf"\nqkeephead{{{lines}}}" + "\n", "latex")
            section.parent.insert(_before_targets(section), keep)
            opening = _opening(section)
            rest = _blocks(section)[len(opening) :]
            if opening and rest and _unbreakable(rest[0]) and _binds(opening, rest, paper):
                for block in opening[1:]:
                    section.insert(section.index(block), _no_break())
                section.insert(section.index(opening[-1]) + 1, _no_break())
        for box in list(self.document.findall(nodes.Admonition)):
            needs = generated_raw(rf"\nqboxneeds{{{_box_lines(box)}}}" + "\n", "latex")
            box.parent.insert(box.parent.index(box), needs)


class KeepCheckedLines(SphinxPostTransform):
    """No page break before an example's checked line or the erratum notes after it: a box's
    last lines never start a page alone."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for line in list(self.document.findall(nodes.paragraph)):
            if CHECKED not in line["classes"]:
                continue
            parent, start = line.parent, line.parent.index(line)
            tail = [n for n in parent.children[start:] if isinstance(n, nodes.paragraph)]
            for paragraph in tail:
                parent.insert(parent.index(paragraph), _no_break())


def _record_lines(paragraphs: list[nodes.paragraph]) -> int:
    """The lines of a record's paragraphs, a paragraph's skip each."""
    return sum(_lines(p) + 1 for p in paragraphs)


class KeepErrata(SphinxPostTransform):
    """An erratum's record (its title, "Where:", "Printed:", "Correct:", "Why:" paragraphs), or
    a changed rule's (its title, the v2.4b's reading, the 2007 rules')
    starts on a page with room for its title, "Where:" and "Printed:" lines, or for all of
    it if it is short (``\\nqkeephead``), and never breaks before "Where:" or "Printed:": the
    example boxes link to the title, which was left alone at a page's foot."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for record in list(self.document.findall(nodes.container)):
            if not RECORD_CLASSES.intersection(record["classes"]):
                continue
            paragraphs = [p for p in record.children if isinstance(p, nodes.paragraph)]
            for paragraph in paragraphs[1:RECORD_HEAD]:
                record.insert(record.index(paragraph), _no_break())
            lines = _record_lines(paragraphs)
            if lines > SHORT_RECORD:
                lines = _record_lines(paragraphs[:RECORD_HEAD])
            keep = generated_raw(rf"\nqkeephead{{{lines}}}" + "\n", "latex")
            record.parent.insert(_before_targets(record), keep)


class KeepTableDetails(SphinxPostTransform):
    """A table's details (a profile's weapons, special rules, structure: the field list
    after it) on the page of the table: no break after the table (``\\nqtablewithnext``, in
    the table's group) and none inside the details (a minipage)."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for details in list(self.document.findall(nodes.field_list)):
            if DETAILS_CLASS not in details["classes"]:
                continue
            parent = details.parent
            before = parent.children[: parent.index(details)]
            table = next((n for n in reversed(before) if isinstance(n, nodes.table)), None)
            if table is None:
                continue
            parent.insert(parent.index(table), generated_raw(r"\nqtablewithnext" + "\n", "latex"))
            start = r"\par\noindent\begin{minipage}{\linewidth}" + "\n"
            parent.insert(parent.index(details), generated_raw(start, "latex"))
            end = generated_raw(r"\end{minipage}\par" + "\n", "latex")
            parent.insert(parent.index(details) + 1, end)


class KeepListEnds(SphinxPostTransform):
    """A short list (up to :data:`SHORT_LIST` items and :data:`SHORT_LIST_LINES` lines) is
    not broken between its items; a longer one keeps its last two items together: a list's
    last item never opens a page alone (``\\nqkeepitems``, set in the item before the first
    \\item it binds)."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for items in list(self.document.findall(_is_list)):
            entries = [n for n in items.children if isinstance(n, nodes.list_item)]
            if len(entries) < 2:
                continue
            first = entries[0] if _short_list(items) else entries[-2]
            first.insert(0, generated_raw(r"\nqkeepitems" + "\n", "latex"))


def _is_list(node: nodes.Node) -> bool:
    return isinstance(node, (nodes.bullet_list, nodes.enumerated_list))


#: The mark at each end of a worked example: its number in the book, its lines as
#: :func:`_box_height` counts them, and which end; the ``.aux`` file gets the page
#: (``\nqexamplepage{3:15:start}{71}``: not a label, which the page references would read).
EXAMPLE_ENDS = r"\nqexampleat{%d:%d:%s}"


class MarkExampleEnds(SphinxPostTransform):
    """A mark in the first and in the last line of each worked example: the ``.aux`` file then
    says on which pages it starts and ends, and a test finds one broken over a page turn
    (tests/print/test_examples_whole.py)."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        boxes = (
            b for b in self.document.findall(nodes.Admonition) if EXAMPLE_CLASS in b["classes"]
        )
        for number, box in enumerate(boxes, 1):
            paragraphs = list(box.findall(nodes.paragraph))
            if not paragraphs:
                continue
            lines = _box_height(box)
            paragraphs[0].insert(0, generated_raw(EXAMPLE_ENDS % (number, lines, "start"), "latex"))
            paragraphs[-1].append(generated_raw(EXAMPLE_ENDS % (number, lines, "end"), "latex"))


def setup(app: Sphinx) -> None:
    app.add_post_transform(KeepHeadings)
    app.add_post_transform(MarkExampleEnds)
    app.add_post_transform(KeepCheckedLines)
    app.add_post_transform(KeepErrata)
    app.add_post_transform(KeepTableDetails)
    app.add_post_transform(KeepListEnds)
    from nqsphinx.books.lead_ins import KeepLeadIns

    app.add_post_transform(KeepLeadIns)
