"""Reading what a PDF shows: its text (pdftotext), its fonts (pdffonts), its drawn shapes."""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from pathlib import Path
from typing import TypeVar

from pypdf import PdfReader
from pypdf.generic import ContentStream

#: Points of PostScript/PDF per inch: a shape printed at 100 % measures its size in these.
PT_PER_INCH = 72
T = TypeVar("T")


#: What tells one state of a file from another: its inode, size and time of change.
Stamp = tuple[int, int, int]


def _stamp(pdf: Path) -> Stamp:
    stat = pdf.stat()
    return stat.st_ino, stat.st_size, stat.st_mtime_ns


@lru_cache(maxsize=32)
def _read(pdf: Path, _stamp: Stamp) -> PdfReader:
    return PdfReader(str(pdf))


def reader(pdf: Path) -> PdfReader:
    """The parsed PDF, parsed once while the file stays as it is (:func:`_stamp`): the
    checks read a rulebook page by page, and parsing it again for each page made the box
    check of test_rulebook_layout.py three times slower (25 s instead of 9 s a language)."""
    return _read(pdf.resolve(), _stamp(pdf))


@lru_cache(maxsize=64)
def _run(command: tuple[str, ...], _stamp: Stamp) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def run_on(pdf: Path, *command: str) -> str:
    """The output of a poppler tool (``command`` then the file, ``-`` for the output), run once
    while the file stays as it is: several checks read the same rulebook's text.  One page of
    ``pdftotext`` (``-f N -l N``, nothing cropped) is cut from its run on the whole file: the
    same bytes (tests/print/test_pdfs_per_page.py), where a process for each page made 2,500
    runs of a rulebook's checks (77 s)."""
    page, whole = _one_page(command)
    if page is not None:
        pages = _pages(whole, pdf.resolve(), _stamp(pdf))
        if 1 <= page <= len(pages):
            return pages[page - 1]
    return _run((*command, str(pdf.resolve()), "-"), _stamp(pdf))


#: The options after which ``pdftotext`` reads one page as part of the whole file's run.
WHOLE_FILE_OPTIONS = frozenset({"-layout", "-raw", "-bbox", "-bbox-layout"})


def _one_page(command: tuple[str, ...]) -> tuple[int | None, tuple[str, ...]]:
    """The page that a ``pdftotext`` command reads alone, and the command for the whole file."""
    if len(command) < 5 or command[:2] != ("pdftotext", "-f") or command[3] != "-l":
        return None, command
    if command[2] != command[4] or not set(command[5:]) <= WHOLE_FILE_OPTIONS:
        return None, command
    return int(command[2]), (command[0], *command[5:])


_BOXED_PAGE = re.compile(r"[ \t]*<page .*?</page>\n", re.S)


@lru_cache(maxsize=32)
def _pages(command: tuple[str, ...], pdf: Path, stamp: Stamp) -> tuple[str, ...]:
    """Each page's output, as ``pdftotext -f N -l N`` gives it, from one run on the whole file:
    the text ends each page with a form feed; the boxes (``-bbox``) put each page in a
    ``<page>`` element between the document's head and foot."""
    whole = _run((*command, str(pdf), "-"), stamp)
    if not {"-bbox", "-bbox-layout"} & set(command):
        return tuple(page + "\f" for page in whole.split("\f")[:-1])
    boxes = list(_BOXED_PAGE.finditer(whole))
    if not boxes:
        return ()
    head, foot = whole[: boxes[0].start()], whole[boxes[-1].end() :]
    return tuple(head + box.group() + foot for box in boxes)


def text(
    pdf: Path,
    *,
    layout: bool = True,
    page: int | None = None,
    crop: tuple[float, float, float, float] | None = None,
) -> str:
    """The text of ``pdf`` (one page, and a rectangle x, y, width, height in points if given)."""
    command = ["pdftotext"]
    if layout:
        command.append("-layout")
    if page is not None:
        command += ["-f", str(page), "-l", str(page)]
    if crop is not None:  # pdftotext measures from the top left, in points at 72 dpi
        x, y, width, height = (str(round(v)) for v in crop)
        command += ["-x", x, "-y", y, "-W", width, "-H", height]
    return run_on(pdf, *command)


def pages(pdf: Path) -> int:
    return len(reader(pdf).pages)


def unembedded_fonts(pdf: Path) -> list[str]:
    """Fonts that a printer would have to substitute (the `emb` column of pdffonts is `no`)."""
    output = subprocess.run(
        ["pdffonts", str(pdf)], check=True, capture_output=True, text=True
    ).stdout.splitlines()
    header = output[0]
    column = header.index("emb")
    return [line.split()[0] for line in output[2:] if line[column : column + 3].strip() != "yes"]


@dataclass(frozen=True)
class Shape:
    """A filled or stroked path, by its bounding box in points (y up, from the page's origin)."""

    x0: float
    y0: float
    x1: float
    y1: float
    curves: int
    lines: int
    #: The path's points (its curves sampled), for shapes that lean.
    points: tuple[tuple[float, float], ...] = ()

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bezier(
    p0: tuple[float, float],
    p1: tuple[float, float],
    p2: tuple[float, float],
    p3: tuple[float, float],
    steps: int = 64,
) -> list[tuple[float, float]]:
    points = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        points.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return points


PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*"}


#: Pages whose shapes, runs or words are kept, of every rulebook and product a worker reads:
#: four rulebooks of 271 pages, about 80 MB each with all three.
PAGES_KEPT = 8192


def per_page(read: Callable[[Path, int], list[T]]) -> Callable[[Path, int], list[T]]:
    """``read`` done once per page while the file stays as it is (:func:`_stamp`): a dozen checks
    walk every page of the same rulebooks, and a page's shapes take 22 ms, its runs 43 ms and
    its words (a pdftotext process) 90 ms. Each call gets its own list."""

    @lru_cache(maxsize=PAGES_KEPT)
    def kept(pdf: Path, _stamp: Stamp, page: int) -> tuple[T, ...]:
        return tuple(read(pdf, page))

    @wraps(read)
    def reading(pdf: Path, page: int) -> list[T]:
        return list(kept(pdf.resolve(), _stamp(pdf), page))

    return reading


@per_page
def shapes(pdf: Path, page: int) -> list[Shape]:
    """Every painted path of a page (1-based), its curves sampled to find its true extent."""
    parsed = reader(pdf)
    content = ContentStream(parsed.pages[page - 1].get_contents(), parsed)
    ctm, stack = IDENTITY, []
    found: list[Shape] = []
    points: list[tuple[float, float]] = []
    current = (0.0, 0.0)
    curves = lines = 0
    for operands, operator in content.operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        values = [float(v) for v in operands if isinstance(v, int | float) or hasattr(v, "real")]
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(values), ctm)  # type: ignore[arg-type]
        elif op == "m":
            current = _apply(ctm, *values)
            points.append(current)
        elif op == "l":
            current = _apply(ctm, *values)
            points.append(current)
            lines += 1
        elif op == "c":
            p1, p2, p3 = (_apply(ctm, *values[i : i + 2]) for i in (0, 2, 4))
            points += _bezier(current, p1, p2, p3)
            current = p3
            curves += 1
        elif op == "re":
            x, y, w, h = values
            points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h)]
            lines += 4
        elif op in PAINT or op == "n":
            if points and op != "n":
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                box = (min(xs), min(ys), max(xs), max(ys))
                found.append(Shape(*box, curves, lines, tuple(points)))
            points, curves, lines = [], 0, 0
    return found


@dataclass(frozen=True)
class Run:
    """A piece of text as the PDF draws it: where it starts (points, y up) and its size."""

    text: str
    x: float
    y: float
    size: float


@per_page
def runs(pdf: Path, page: int) -> list[Run]:
    """The text runs of a page (1-based) in drawing order, each with its position and its size in
    PostScript points (the font size times the text and graphics matrices' vertical scale)."""
    found: list[Run] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        if not text.strip():
            return
        a, b, c, d, e, f = _multiply(tuple(tm), tuple(cm))  # type: ignore[arg-type]
        found.append(Run(text.strip(), e, f, abs(size * (b * b + d * d) ** 0.5)))

    reader(pdf).pages[page - 1].extract_text(visitor_text=visit)
    return found


@dataclass(frozen=True)
class Line:
    """A line of text as pdftotext groups it, by its box in points (y down, from the page's top
    left) and its words."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str


_LINE = re.compile(
    r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>', re.S
)
_WORD = re.compile(r"<word [^>]*>(.*?)</word>")


def text_lines(pdf: Path, page: int) -> list[Line]:
    """The lines of a page (1-based) with their boxes (``pdftotext -bbox-layout``)."""
    found = run_on(pdf, "pdftotext", "-f", str(page), "-l", str(page), "-bbox-layout")
    return [
        Line(float(x0), float(y0), float(x1), float(y1), " ".join(map(html.unescape, words)))
        for x0, y0, x1, y1, body in _LINE.findall(found)
        for words in [_WORD.findall(body)]
    ]
