"""Proof sheets for editors: chosen pages of every PDF, side by side on one PNG per PDF.

``python -m nqprint.proof [--pdf-dir _build/pdf] [--out _build/proof] [--pages 1-4,60,last]``
(``./dev proof``, ``make proof PAGES=...``) renders the pages with poppler's ``pdftoppm`` and lays
them out with Pillow, each under its printed page number and its place in the file, so that an
editor sees the front matter, a table or the index as the reader will, without a PDF viewer.
By default: the first four pages and a sample of the rest (four pages spread evenly, the last one
included).  Pages past the end of a short PDF (the templates) are left out.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from pypdf import PdfReader
from pypdf.errors import PdfReadError

#: Rendering resolution (dots per inch, ``--dpi``) and layout of a sheet.
DPI = 40
COLUMNS = 4
MARGIN = 16
LABEL_HEIGHT = 22
#: The default choice: the first pages, then this many more spread over the rest.
FIRST = 4
SAMPLE = 4

_ITEM = re.compile(r"^(\d+|last)(?:-(\d+|last))?$")


class ProofError(ValueError):
    """A bad argument or input; the message is one line naming it."""


def parse_pages(spec: str, count: int) -> list[int]:
    """The pages (from 1) that ``spec`` names in a PDF of ``count`` pages: numbers, ranges
    ``a-b`` and ``last``, comma-separated; pages past the end are left out."""
    pages: list[int] = []
    for item in (part.strip() for part in spec.split(",")):
        match = _ITEM.match(item)
        if not match:
            raise ProofError(f"PAGES: {item!r} is not a page, a range a-b or 'last' (in {spec!r})")
        first = _number(match.group(1), count)
        last = _number(match.group(2), count) if match.group(2) else first
        if first > last:
            raise ProofError(f"PAGES: the range {item!r} runs backwards")
        pages += [page for page in range(first, last + 1) if 1 <= page <= count]
    return list(dict.fromkeys(pages))


def _number(value: str, count: int) -> int:
    return count if value == "last" else int(value)


def default_pages(count: int) -> list[int]:
    """The first :data:`FIRST` pages and :data:`SAMPLE` more spread evenly, ending on the last."""
    pages = list(range(1, min(FIRST, count) + 1))
    rest = count - len(pages)
    if rest > 0:
        step = rest / min(SAMPLE, rest)
        pages += sorted({len(pages) + math.ceil(step * (i + 1)) for i in range(min(SAMPLE, rest))})
    return pages


def render(pdf: Path, page: int, folder: Path, dpi: int = DPI) -> Image.Image:
    """One page as an image, rendered by ``pdftoppm``."""
    prefix = folder / f"page-{page}"
    command = ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
    result = subprocess.run([*command, str(pdf), str(prefix)], capture_output=True, text=True)
    if result.returncode:
        raise ProofError(f"{pdf}: pdftoppm failed on page {page}: {result.stderr.strip()}")
    with Image.open(prefix.with_suffix(".png")) as image:
        return image.convert("RGB")


def contact_sheet(images: Sequence[tuple[str, Image.Image]]) -> Image.Image:
    """Images in a grid of :data:`COLUMNS`, each with its label under it, on white."""
    width = max(image.width for _, image in images)
    height = max(image.height for _, image in images)
    columns = min(COLUMNS, len(images))
    rows = math.ceil(len(images) / columns)
    cell_w, cell_h = width + MARGIN, height + LABEL_HEIGHT + MARGIN
    sheet = Image.new("RGB", (columns * cell_w + MARGIN, rows * cell_h + MARGIN), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=14)
    for index, (label, image) in enumerate(images):
        x = MARGIN + (index % columns) * cell_w
        y = MARGIN + (index // columns) * cell_h
        sheet.paste(image, (x, y))
        draw.rectangle((x - 1, y - 1, x + image.width, y + image.height), outline="#999999")
        draw.text((x, y + image.height + 4), label, fill="black", font=font)
    return sheet


def proof(pdf: Path, out: Path, spec: str | None, dpi: int = DPI) -> Path | None:
    """The contact sheet of ``pdf`` in ``out`` (``<name>.png``); None if no chosen page is in
    the PDF."""
    try:
        labels = PdfReader(str(pdf)).page_labels
    except (PdfReadError, OSError) as error:
        raise ProofError(f"{pdf}: not a readable PDF ({error})") from None
    pages = parse_pages(spec, len(labels)) if spec else default_pages(len(labels))
    if not pages:
        return None
    with tempfile.TemporaryDirectory() as folder:
        images = [
            (f"p. {labels[page - 1]} ({page}/{len(labels)})", render(pdf, page, Path(folder), dpi))
            for page in pages
        ]
    sheet = out / f"{pdf.stem}.png"
    contact_sheet(images).save(sheet)
    return sheet


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nqprint.proof", description=__doc__)
    parser.add_argument("--pdf-dir", type=Path, default=Path("_build/pdf"))
    parser.add_argument("--out", type=Path, default=Path("_build/proof"))
    parser.add_argument("--pages", default=None, help="e.g. 1-4,60,last (default: 1-4 + sample)")
    parser.add_argument("--dpi", type=int, default=DPI, help=f"resolution (default: {DPI})")
    args = parser.parse_args(argv)
    pdfs = sorted(args.pdf_dir.glob("*.pdf"))
    if not pdfs:
        print(
            f"{args.pdf_dir}: no PDF to proof (build them first: ./dev pdf, ./dev print)",
            file=sys.stderr,
        )
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        for pdf in pdfs:
            sheet = proof(pdf, args.out, args.pages, args.dpi)
            print(f"{pdf.name}: {sheet}" if sheet else f"{pdf.name}: no page in PAGES, no sheet")
    except ProofError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
