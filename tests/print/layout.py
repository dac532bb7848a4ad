"""Reading a rulebook PDF as a proofreader does: each page's body lines (running head and foot
set aside), the outline's headings, table captions, link annotations and the index's letters.

Each check returns what it found wrong as short strings naming the page, so that a failing test
says where to look; an empty list means the rule holds.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pypdf import PageObject
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from tests.print.pdfs import reader, run_on

#: The foot line of a page of text (the title of the book), besides a bare page number.
FOOT = "No Quarter Fantasy Wargames"
#: A table caption: "Table 7.2: Bow", « TABLEAU 7.2 – Arc » (babel-french sets small capitals).
CAPTION = re.compile(r"^\s*(Table|TABLEAU|Tableau)\s+(\d+(?:\.\d+)?)\s*[:–-]\s*(\S.*)$")
#: The caption repeated on each page that a long table continues on.
CONTINUED = re.compile(r"continued from previous page|suite de la page précédente", re.I)
#: A page reference as the rulebooks print it after a cross-reference: "(p. 12)".
#: A section whose title another chapter also uses is qualified: "(Close Combat, p. 44)".
PAGEREF = re.compile(r"^\((?:[^()]{1,40}?,\s*)?p\.\s*\d+\)")
#: Sentences for the repetition check: at least this many words.
SENTENCE_WORDS = 8


@dataclass(frozen=True)
class Page:
    """One page: its number in the file (from 1), its printed label, its body lines, whether
    it carried a running head or foot, and its running head as printed ("" if none)."""

    number: int
    label: str
    lines: tuple[str, ...]
    furniture: bool
    head: str = ""

    @property
    def last(self) -> str:
        return self.lines[-1].strip() if self.lines else ""

    def where(self) -> str:
        return f"page {self.label} (file page {self.number})"


def _pdftotext(pdf: Path, *options: str) -> str:
    return run_on(pdf, "pdftotext", *options)


@cache
def read_pages(pdf: Path) -> tuple[Page, ...]:
    """Every page's body lines in reading order (``pdftotext -layout``), with the running head
    (a line that starts or ends with the page's label, or is the label alone) and the foot (the
    book's title or the bare page number) set aside."""
    labels = reader(pdf).page_labels
    pages = []
    for number, raw in enumerate(_pdftotext(pdf, "-layout").split("\f")[: len(labels)], 1):
        if reader(pdf).pages[number - 1].get("/Rotate", 0) % 180 == 90:
            raw = _turned_page(pdf, number)
        label = labels[number - 1]
        lines = [line.rstrip() for line in raw.splitlines() if line.strip()]
        furniture, head = False, ""
        if lines and _is_head(lines[0], label):
            head, lines, furniture = lines[0].strip(), lines[1:], True
        while lines and lines[-1].strip() in {FOOT, label}:
            lines, furniture = lines[:-1], True
        pages.append(Page(number, label, tuple(lines), furniture, head))
    return tuple(pages)


#: A word of ``pdftotext -bbox``: its box and its text.
_BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def _turned_page(pdf: Path, number: int) -> str:
    """The text of a landscape page (a table too wide for the text block, shown turned) as
    :func:`read_pages` reads a page: its running head, its body, its foot.  pdftotext reads it
    as shown, where the head and the foot, printed on the page as it is bound, run down its
    sides across the table's lines: they are the words whose column holds an upright word
    (taller than wide), and the body is read between them."""
    found = run_on(pdf, "pdftotext", "-f", str(number), "-l", str(number), "-bbox")
    words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in _BOX.findall(found)]
    upright = {round(x0) for x0, y0, x1, y1, w in words if len(w) > 1 and y1 - y0 > 1.5 * (x1 - x0)}
    sides = [word for word in words if round(word[0]) in upright]
    middle = max((x1 for _, _, x1, _, _ in words), default=0) / 2
    turned = int(reader(pdf).pages[number - 1].get("/Rotate", 0)) % 360
    order = sorted(sides, key=lambda word: word[1], reverse=turned == 270)
    head = " ".join(html.unescape(w) for x0, _, _, _, w in order if x0 > middle)
    foot = " ".join(html.unescape(w) for x0, _, _, _, w in order if x0 <= middle)
    left = max((x1 for x0, _, x1, _, _ in sides if x0 <= middle), default=0)
    right = min((x0 for x0, _, _, _, _ in sides if x0 > middle), default=2 * middle)
    height = max((y1 for _, _, _, y1, _ in words), default=0) + 50
    crop = ["-x", str(round(left + 1)), "-y", "0", "-W", str(round(right - left - 2))]
    body = run_on(
        pdf,
        "pdftotext",
        "-layout",
        "-f",
        str(number),
        "-l",
        str(number),
        *crop,
        "-H",
        str(round(height)),
    )
    return "\n".join([head, body.rstrip("\f\n"), foot])


def _is_head(line: str, label: str) -> bool:
    words = line.split()
    return label in (words[0], words[-1]) if words else False


def squeeze(value: str) -> str:
    """One space between words; none of the non-breaking kinds that French typography adds."""
    value = value.replace("\u202f", " ").replace("\u00a0", " ").replace("\u2011", "-")
    return re.sub(r"\s+", " ", value).strip()


def outline(pdf: Path) -> list[tuple[int, str]]:
    """The headings of the PDF's outline (bookmarks): (file page from 1, title)."""
    parsed = reader(pdf)
    found: list[tuple[int, str]] = []

    def walk(items: Iterable[object]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                page = parsed.get_destination_page_number(item)  # type: ignore[arg-type]
                found.append((page + 1, squeeze(str(item.title))))  # type: ignore[attr-defined]

    walk(parsed.outline)
    return found


def outline_chapters(pdf: Path) -> list[tuple[int, str, str]]:
    """The outline's headings with their chapter: (file page from 1, title, chapter title)."""
    parsed = reader(pdf)
    found: list[tuple[int, str, str]] = []

    def walk(items: Iterable[object], chapter: str) -> None:
        current = chapter
        for item in items:
            if isinstance(item, list):
                walk(item, current)
            else:
                page = parsed.get_destination_page_number(item)  # type: ignore[arg-type]
                title = squeeze(str(item.title))  # type: ignore[attr-defined]
                current = title if not chapter else chapter
                found.append((page + 1, title, current))

    walk(parsed.outline, "")
    return found


def _ends_with(lines: tuple[str, ...], title: str) -> bool:
    """Whether the page's last one, two or three lines are the heading ``title`` (after its
    number, if it has one: "12.3 Ranged Attack Modifiers")."""
    for count in (1, 2, 3):
        tail = squeeze(" ".join(lines[-count:]))
        tail = re.sub(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]{3,} [A-Z]+)\s+", "", tail)
        if tail.casefold() == title.casefold():
            return True
    return False


def _heading_line(lines: tuple[str, ...], title: str) -> int | None:
    """The index of the (last) line of ``lines`` that ends the heading ``title``, if any; not a
    figure's caption that repeats the title under the numbered heading ("7.3.3 Formation
    serrée", then the diagram captioned « Formation serrée »)."""
    found = [
        i
        for i in range(len(lines))
        if _ends_with(lines[: i + 1], title) and not _caption_under_heading(lines, i, title)
    ]
    return found[-1] if found else None


def _caption_under_heading(lines: tuple[str, ...], index: int, title: str) -> bool:
    """Whether line ``index`` is ``title`` alone, unnumbered, below the numbered heading of the
    same words on the page: a caption of the section's figure, not its heading."""
    numbered = re.compile(r"\d+(?:\.\d+)*\.?\s+" + re.escape(squeeze(title)), re.IGNORECASE)
    alone = squeeze(lines[index]).casefold() == squeeze(title).casefold()
    return alone and any(numbered.fullmatch(squeeze(line)) for line in lines[:index])


def outline_levels(pdf: Path) -> list[tuple[int, str, int]]:
    """The outline's headings with their depth: (file page from 1, title, 0 for a chapter)."""
    parsed = reader(pdf)
    found: list[tuple[int, str, int]] = []

    def walk(items: Iterable[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                page = parsed.get_destination_page_number(item)  # type: ignore[arg-type]
                found.append((page + 1, squeeze(str(item.title)), depth))  # type: ignore[attr-defined]

    walk(parsed.outline, 0)
    return found


def headings_short_at_foot(pdf: Path, least: int) -> list[str]:
    """Headings (below a chapter) with fewer than ``least`` lines under them at the foot of
    their page while their section goes on over the page: the next page is not blank and does
    not open with the next heading of the same level or above."""
    pages = read_pages(pdf)
    entries = outline_levels(pdf)
    found = []
    for position, (page, title, depth) in enumerate(entries):
        lines = pages[page - 1].lines
        index = _heading_line(lines, title)
        if depth == 0 or index is None or page == len(pages) or not pages[page].lines:
            continue
        end = next((e for e in entries[position + 1 :] if e[2] <= depth), None)
        if end is not None and end[0] == page + 1:
            if _heading_line(pages[page].lines[:3], end[1]) is not None:
                continue  # the section ends at the foot of the page
        under = len(lines) - index - 1
        if under < least:
            found.append(f"{pages[page - 1].where()}: {title!r} and {under} lines")
    return found


def bare_heads(pdf: Path) -> list[str]:
    """Pages whose running head is the page number alone, without the chapter's or the
    section's name."""
    return [page.where() for page in read_pages(pdf) if page.head and page.head == page.label]


def pages_opening_with(pdf: Path, words: str) -> list[str]:
    """Pages whose body's first line is ``words`` (after a mark such as a tick), e.g. a box's
    last line alone at the top of a page."""
    wanted = squeeze(words).casefold()
    return [
        f"{page.where()}: {page.lines[0].strip()!r}"
        for page in read_pages(pdf)
        if page.lines and re.sub(r"^\W+", "", squeeze(page.lines[0])).casefold().startswith(wanted)
    ]


def headings_at_foot(pdf: Path) -> list[str]:
    """Headings that are the last text of their page, their section starting on the next."""
    pages = read_pages(pdf)
    return [
        f"{pages[page - 1].where()}: {title!r}"
        for page, title in outline(pdf)
        if pages[page - 1].lines
        and _ends_with(pages[page - 1].lines, title)
        and not _caption_under_heading(pages[page - 1].lines, len(pages[page - 1].lines) - 1, title)
    ]


def words_at_foot(pdf: Path, words: Iterable[str]) -> list[str]:
    """Pages whose last line is one of ``words`` (an example's title: "Example")."""
    wanted = set(words)
    return [f"{page.where()}: {page.last!r}" for page in read_pages(pdf) if page.last in wanted]


def captions(pdf: Path) -> Iterator[tuple[Page, int, str]]:
    """(page, line index, caption line) of every table caption but the continuation ones."""
    for page in read_pages(pdf):
        for index, line in enumerate(page.lines):
            if CAPTION.match(line) and not CONTINUED.search(line):
                yield page, index, squeeze(line)


def captions_apart(pdf: Path) -> list[str]:
    """Captions whose table does not start on the same page: the caption is the page's last
    line, or the next line is not a table row (a row is indented, or set in columns: a run of
    two spaces or more between cells; a line of prose starts at the margin, words single-spaced).
    """
    found = []
    for page, index, caption in captions(pdf):
        following = page.lines[index + 1 : index + 3]
        # a narrow table's header fills its line, single-spaced: a row follows it
        header = len(following) == 2 and is_row(following[1])
        if not following or not (is_row(following[0]) or header):
            found.append(f"{page.where()}: {caption!r} then {following}")
    return found


def is_row(line: str) -> bool:
    return line.startswith(" ") or re.search(r"\S\s{2,}\S", line) is not None


def caption_numbers(pdf: Path) -> list[str]:
    return [CAPTION.match(caption).group(2) for _, _, caption in captions(pdf)]  # type: ignore[union-attr]


def blank_pages_with_furniture(pdf: Path) -> list[str]:
    """Pages with no body text that still carry a running head or foot (a blank page should be
    blank)."""
    return [page.where() for page in read_pages(pdf) if not page.lines and page.furniture]


def sentences(pdf: Path) -> list[tuple[str, str]]:
    """(page label, sentence) in reading order (pdftotext without layout follows the text,
    hyphenated words joined)."""
    labels = reader(pdf).page_labels
    found = []
    for label, raw in zip(labels, _pdftotext(pdf).split("\f"), strict=False):
        raw = re.sub(r"(\w)-\n(\w)", r"\1\2", raw)
        for sentence in re.split(r"(?<=[.!?;])\s+", squeeze(raw)):
            found.append((label, sentence.strip()))
    return found


def repeated_sentences(pdf: Path) -> list[str]:
    """A sentence of :data:`SENTENCE_WORDS` words or more printed twice in a row (on one page
    or across a page turn)."""
    found = []
    pairs = sentences(pdf)
    for (label, first), (_, second) in zip(pairs, pairs[1:], strict=False):
        if first == second and len(first.split()) >= SENTENCE_WORDS:
            found.append(f"page {label}: {first!r}")
    return found


# --- boxes (examples, notes) -------------------------------------------------------------------

#: A box's title row is drawn this tall (points), its frame with rounded corners, as wide as the
#: text (Sphinx's heavy box: the frame and the title row are each a stroked outline of four
#: curves and eight lines, over a fill).
TITLE_ROW = 20.0
BOX_WIDTH = 440.0
#: A piece of a box broken over pages that holds nothing but its title, or nothing at all, is
#: at most this much taller than its title row (or than nothing).
EMPTY = 12.0


def split_boxes(pdf: Path) -> list[str]:
    """Pieces of a box broken over pages that hold only the box's title (the title left alone
    at a page foot) or nothing (the empty end of a box at the top of a page)."""
    from tests.print.pdfs import shapes

    found = []
    for page in read_pages(pdf):
        outlines = [
            s
            for s in shapes(pdf, page.number)
            if s.width > BOX_WIDTH and (s.curves, s.lines) == (4, 8)
        ]
        titles = [s for s in outlines if abs(s.height - TITLE_ROW) < 0.5]
        for frame in (s for s in outlines if s not in titles):
            inside = [t for t in titles if frame.y0 - 1 <= t.y0 and t.y1 <= frame.y1 + 1]
            if frame.height < (TITLE_ROW if inside else 0) + EMPTY:
                what = "only its title" if inside else "nothing"
                found.append(f"{page.where()}: a box piece with {what}")
    return found


# --- the index ---------------------------------------------------------------------------------


#: Where a page's running head and foot are (points from the top of an A4 page): the index's
#: lines are read between them.
HEAD_ZONE, FOOT_ZONE = 60.0, 780.0
#: How far (points) the second line of an index entry is indented, at least.
INDENT = 5.0


#: A sub-entry is indented by 20 pt (``\\subitem``), a line that goes on by 40 pt.
SUB_INDENT = 30.0


def index_lines(pdf: Path, title: str = "Index") -> list[str]:
    """The entries of the index in reading order (their sub-entries left out: see
    :func:`index_tree`)."""
    return [entry for entry, _ in index_tree(pdf, title)]


def index_tree(pdf: Path, title: str = "Index") -> list[tuple[str, list[str]]]:
    """The lines of the index in reading order, each entry with its sub-entries: its pages from
    the outline's entry ``title`` to the end, each page's left column then its right one
    (``pdftotext -bbox``: words with their places), running heads, feet and the index's title
    left out."""
    tree: list[tuple[str, list[str]]] = []
    for indent, text in _index_rows(pdf, title):
        if indent > SUB_INDENT and tree:  # an entry too long for its column goes on indented
            if tree[-1][1]:
                tree[-1][1][-1] += " " + text
            else:
                tree[-1] = (tree[-1][0] + " " + text, [])
        elif indent > INDENT and tree:
            tree[-1][1].append(text)
        else:
            tree.append((text, []))
    return tree


def _index_rows(pdf: Path, title: str) -> list[tuple[float, str]]:
    """Each printed line of the index with its indent from its column's margin."""
    start = next(page for page, name in outline(pdf) if name == title)
    parsed = reader(pdf)
    found: list[tuple[float, str]] = []
    for number, words in enumerate(_words(pdf)[start - 1 :], start):
        middle = float(parsed.pages[number - 1].mediabox.width) / 2
        placed = sorted(
            (x0 >= middle, y0, x0, word)
            for x0, y0, _, _, word in words
            if HEAD_ZONE < y0 < FOOT_ZONE
        )
        rows: list[tuple[bool, list[tuple[float, str]]]] = []
        last: tuple[bool, float] | None = None
        for column, y0, x0, word in placed:
            if last is None or column != last[0] or y0 - last[1] > 3:
                rows.append((column, []))
                last = (column, y0)
            rows[-1][1].append((x0, word))
        margins = {c: min(min(row)[0] for col, row in rows if col == c) for c, _ in rows}
        for column, row in rows:
            text = " ".join(word for _, word in sorted(row))
            if text.casefold() == title.casefold():
                continue  # the index's own title, over the right column
            found.append((min(row)[0] - margins[column], text))
    return found


def index_groups(pdf: Path, title: str = "Index") -> list[tuple[str, list[str]]]:
    """The index's letter groups in printed order, each with its entries."""
    groups: list[tuple[str, list[str]]] = []
    for line in index_lines(pdf, title):
        if len(line) == 1 and line.isalpha():
            groups.append((line, []))
        elif groups:
            groups[-1][1].append(line)
    return groups


# --- links and their page references -----------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """A link to a place in the book: its page, its destination, its text and the two words
    after it on the page."""

    page: int
    dest: str
    text: str
    after: str


Word = tuple[float, float, float, float, str]


#: A word of ``pdftotext -bbox``, with its box.
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


@cache
def _words(pdf: Path) -> list[list[Word]]:
    """Every page's words with their boxes (``pdftotext -bbox``), in reading order."""
    html = _pdftotext(pdf, "-bbox")
    return [
        [
            (float(a), float(b), float(c), float(d), _unescape(word))
            for a, b, c, d, word in WORD.findall(page)
        ]
        for page in html.split("<page ")[1:]
    ]


def _unescape(value: str) -> str:
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&amp;", "&")):
        value = value.replace(entity, char)
    return value


def _resolve(value: object) -> object:
    return value.get_object() if isinstance(value, IndirectObject) else value


def _destination(annotation: DictionaryObject) -> str | None:
    """The named destination of an internal link; None for a web address or another file."""
    action = _resolve(annotation.get("/A"))
    if isinstance(action, DictionaryObject):
        return str(action.get("/D")) if action.get("/S") == "/GoTo" else None
    dest = annotation.get("/Dest")
    return None if dest is None else str(_resolve(dest))


def internal_links(pdf: Path, pages: Iterable[int]) -> list[Link]:
    """The links to a place in the book on the given file pages, each with its text and what
    follows it.  A link broken over two lines or pages is two annotations with one destination:
    they make one link, whose text is followed by what follows its last piece."""
    parsed = reader(pdf)
    words = _words(pdf)
    links: list[Link] = []
    previous: Link | None = None
    for number in pages:
        page = parsed.pages[number - 1]
        for annotation in _resolve(page.get("/Annots")) or ArrayObject():
            annotation = _resolve(annotation)
            if (
                not isinstance(annotation, DictionaryObject)
                or annotation.get("/Subtype") != "/Link"
            ):
                continue
            dest = _destination(annotation)
            if dest is None:
                continue
            rect = tuple(float(v) for v in annotation["/Rect"])
            text, after = _text_at(words[number - 1], _as_shown(page, rect))
            if previous is not None and previous.dest == dest and not PAGEREF.match(previous.after):
                links[-1] = previous = Link(number, dest, f"{previous.text} {text}", after)
            else:
                previous = Link(number, dest, text, after)
                links.append(previous)
    return links


def _as_shown(page: PageObject, rect: tuple[float, ...]) -> tuple[float, float, float, float]:
    """A rectangle of the page (points, y up) as pdftotext places words: on the page as shown,
    from its top left (a landscape page, ``/Rotate`` 90 or 270, is shown turned)."""
    x0, y0, x1, y1 = rect
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    turned = int(page.get("/Rotate", 0)) % 360
    if turned == 90:
        return y0, x0, y1, x1
    if turned == 270:
        return height - y1, width - x1, height - y0, width - x0
    return x0, height - y1, x1, height - y0


def _text_at(words: list[Word], rect: tuple[float, float, float, float]) -> tuple[str, str]:
    """The words inside ``rect`` and the two words that follow the last of them."""
    x0, y0, x1, y1 = rect
    inside = [
        index
        for index, (a, b, c, d, _) in enumerate(words)
        if x0 - 1 <= (a + c) / 2 <= x1 + 1 and y0 - 1 <= (b + d) / 2 <= y1 + 1
    ]
    if not inside:
        return "", ""
    text = " ".join(words[i][4] for i in inside)
    after = " ".join(word[4] for word in words[inside[-1] + 1 : inside[-1] + 10])
    return text, after


def cross_references(pdf: Path) -> list[Link]:
    """The internal links of the text: every page from the first chapter (page 1) to the index,
    the contents and the index being lists of pages themselves."""
    labels = reader(pdf).page_labels
    first = labels.index("1", 2) + 1  # the cover is page 1 of the file too
    index = next(page for page, title in outline(pdf) if title == "Index")
    return internal_links(pdf, range(first, index))


def document_info(pdf: Path) -> dict[str, str]:
    """The document information dictionary, and the catalogue's /Lang."""
    parsed = reader(pdf)
    info = {key: str(value) for key, value in (parsed.metadata or {}).items()}
    lang = parsed.trailer["/Root"].get_object().get("/Lang")
    if lang is not None:
        info["/Lang"] = str(lang)
    return info


# --- page labels and link destinations ----------------------------------------------------------


def shared_labels(pdf: Path) -> list[str]:
    """Page labels that more than one page carries (the cover was "1" like the first chapter's
    first page), with the file pages (from 1) that carry each."""
    pages: dict[str, list[int]] = {}
    for number, label in enumerate(reader(pdf).page_labels, 1):
        pages.setdefault(label, []).append(number)
    return [
        f"label {label!r}: file pages {found}" for label, found in pages.items() if len(found) > 1
    ]


def unresolved_links(pdf: Path) -> list[str]:
    """Internal links whose named destination the PDF does not hold (a link that does nothing)."""
    parsed = reader(pdf)
    names = set(parsed.named_destinations)
    found = []
    for number, page in enumerate(parsed.pages, 1):
        for annotation in _resolve(page.get("/Annots")) or ArrayObject():
            annotation = _resolve(annotation)
            if isinstance(annotation, DictionaryObject) and annotation.get("/Subtype") == "/Link":
                dest = _destination(annotation)
                if dest is not None and dest not in names:
                    found.append(f"file page {number}: {dest}")
    return found


def page_anchors_off_label(pdf: Path) -> list[str]:
    """Page anchors ("page.62", where the index's page numbers link) that are not on the page
    labelled so, and labels of pages that have no anchor."""
    parsed = reader(pdf)
    labels = parsed.page_labels
    anchors = {
        name[len("page.") :]: parsed.get_destination_page_number(dest)
        for name, dest in parsed.named_destinations.items()
        if name.startswith("page.")
    }
    found = [
        f"page.{label} is on file page {page + 1}, labelled {labels[page]!r}"
        for label, page in anchors.items()
        if labels[page] != label
    ]
    return found + [f"page {label!r} has no anchor" for label in labels if label not in anchors]


# --- what stays together: records, a table's details, a list's end -------------------------------


def _colon(text: str) -> str:
    """Squeezed, without the space French sets before a colon."""
    return re.sub(r"\s+([:;!?])", r"\1", squeeze(text)).casefold()


def records_split(
    pdf: Path, titles: Iterable[str], fields: Iterable[str], pages: range
) -> list[str]:
    """Records (an erratum's title, then its "Where:" line and its fields) on the given file
    pages whose title is not followed on its page by a line that starts with one of ``fields``
    ("Printed:"): the title, or the title and its "Where:" line, at a page's foot."""
    wanted = {_colon(title) for title in titles}
    starts = tuple(_colon(field) for field in fields)
    found = []
    for page in read_pages(pdf):
        if page.number not in pages:
            continue
        lines = [_colon(line) for line in page.lines]
        for index, line in enumerate(lines):
            two = f"{line} {lines[index + 1]}" if index + 1 < len(lines) else line
            title = line if line in wanted else two if two in wanted else None
            if title and not any(rest.startswith(starts) for rest in lines[index + 1 :]):
                found.append(f"{page.where()}: {title!r}")
    return found


def pages_opening_exactly(pdf: Path, lines: Iterable[str]) -> list[str]:
    """Pages whose body's first line is one of ``lines``, exactly (a table's details carried
    over to the next page: "Special Rules")."""
    wanted = {squeeze(line).casefold() for line in lines}
    return [
        f"{page.where()}: {page.lines[0].strip()!r}"
        for page in read_pages(pdf)
        if page.lines and squeeze(page.lines[0]).casefold() in wanted
    ]


def _bullet(line: str) -> bool:
    return line.strip().startswith("•")


def last_items_alone(pdf: Path) -> list[str]:
    """Pages that open with a list's last item alone, the rest of its list on the page before
    (a bullet line there, among its last three lines); no other item in the page's next three
    lines (an erratum's item has its reading under it in two lines at most)."""
    pages = read_pages(pdf)
    return [
        f"{page.where()}: {page.lines[0].strip()!r}"
        for before, page in zip(pages, pages[1:], strict=False)
        if page.lines
        and _bullet(page.lines[0])
        and not any(_bullet(line) for line in page.lines[1:4])
        and any(_bullet(line) for line in before.lines[-3:])
    ]
