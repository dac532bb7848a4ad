"""The e-book's cover, drawn from the title and credits as SVG and rendered to PNG by
``rsvg-convert`` (as the PDF's diagrams are), which every reading app shows in its library; and
the words of the book's metadata and cover in its language, typeset."""

from __future__ import annotations

import html
import shutil
import subprocess
import textwrap
from pathlib import Path

from sphinx.errors import ExtensionError

from nqsphinx.books.units import unit_spaces  # as the PDF's cover: "25–30 mm" held together
from nqsphinx.directives.diagrams import ASPECT_COLOURS, CIRCLE_ORDER, aspect_positions
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import ui_text

TRANSLATORS = {"fr": ("Rodolphe Carpentier",)}
#: The cover's size in pixels (2:3, what reading apps show best).
COVER_WIDTH = 1200


def _typeset(text: str, lang: str) -> str:
    """French typography for text that no transform of the build reaches (metadata, raw)."""
    return french_html(text) if lang == "fr" else text


def _words(text: str, lang: str) -> str:
    """One of the extension's strings in ``lang``, typeset."""
    return _typeset(ui_text(text, lang), lang)


def _colon(lang: str) -> str:
    """A colon as the language writes it (French spaces it; :func:`_typeset` fixes the space)."""
    return " : " if lang == "fr" else ": "


def _translator_credits(lang: str) -> list[str]:
    label = ui_text("French translation", lang)
    return [_typeset(f"{label}{_colon(lang)}{name}", lang) for name in TRANSLATORS.get(lang, ())]


# -- The cover ----------------------------------------------------------------------------------

RED, PAPER, INK = "#7b1e1e", "#f7f1e3", "#2b2118"
#: Average advance of a character, in em, to wrap lines (DejaVu Sans, a little generous).
CHAR_EM = {"normal": 0.6, "bold": 0.68}


def _text_lines(
    text: str, y: float, size: float, width: float, weight: str = "normal", fill: str = INK
) -> tuple[list[str], float]:
    """``text`` centred from baseline ``y``, wrapped to ``width``; the elements and the next y."""
    per_line = max(8, int(width / (size * CHAR_EM[weight])))
    elements = []
    for line in textwrap.wrap(text, per_line) or [""]:
        elements.append(
            f'<text x="50%" y="{y:.0f}" text-anchor="middle" font-size="{size}" '
            f'font-weight="{weight}" fill="{fill}">{html.escape(line)}</text>'
        )
        y += size * 1.25
    return elements, y


def _emblem(cx: float, cy: float, radius: float) -> list[str]:
    """The six aspects of magic in their circle (as in the Magic chapter), in their colours."""
    positions = {a: (cx + x, cy + y) for a, (x, y) in aspect_positions(radius).items()}
    parts = [
        f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="none" stroke="{RED}" '
        'stroke-width="3" stroke-opacity="0.5"/>'
    ]
    for aspect in CIRCLE_ORDER[:3]:
        (x1, y1), (x2, y2) = positions[aspect], positions[aspect.opposed]
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{RED}" '
            'stroke-width="3" stroke-dasharray="10 7" stroke-opacity="0.6"/>'
        )
    for aspect in CIRCLE_ORDER:
        x, y = positions[aspect]
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="26" fill="{ASPECT_COLOURS[aspect]}"/>')
    return parts


def cover_svg(title: str, lang: str) -> str:
    """The cover as SVG (600 × 900 units), laid out as the PDF's cover: a red band with the
    title (its first two words large, ``No Quarter``) and the edition's language, the aspects'
    circle, the subtitle and the
    credits, in ``lang``."""
    width, height, text_width = 600, 900, 520
    words = {
        "tagline": _words("The fantasy battles miniatures wargame", lang),
        "scale": _typeset(unit_spaces(ui_text("for 25–30 mm miniatures", lang)), lang),
        "by": _words("Designed and written by", lang),
    }
    words_of_title = title.split()
    name, rest = " ".join(words_of_title[:2]), " ".join(words_of_title[2:])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">',
        f'<rect width="{width}" height="{height}" fill="{PAPER}"/>',
        f'<rect width="{width}" height="330" fill="{RED}"/>',
        f'<rect y="338" width="{width}" height="6" fill="{RED}"/>',
    ]
    lines, y = _text_lines(name, 165, 70, text_width, "bold", PAPER)
    parts += lines
    lines, y = _text_lines(rest, y + 10, 40, text_width, "bold", PAPER)
    parts += lines
    lines, y = _text_lines(_words("English edition", lang), y + 4, 20, text_width, fill=PAPER)
    parts += lines
    parts += _emblem(width / 2, 505, 95)
    lines, y = _text_lines(words["tagline"], 680, 26, text_width)
    parts += lines
    lines, y = _text_lines(words["scale"], y, 20, text_width)
    parts += lines
    lines, y = _text_lines(words["by"], max(y + 25, 790), 18, text_width)
    parts += lines
    lines, y = _text_lines("Chris Gilders", y + 8, 32, text_width, "bold", RED)
    parts += lines
    size = 32
    for credit in _translator_credits(lang):
        lines, y = _text_lines(credit, y, 16, text_width)
        parts += lines
        size = 16
    if (bottom := y - size * 1.25 + size * DESCENT) > height:
        raise ExtensionError(_overflow(lang, bottom - height))
    parts.append("</svg>")
    return "".join(parts)


#: How far below its baseline a line's letters reach, in em (DejaVu Sans's descenders).
DESCENT = 0.25
#: The extension's words the cover draws, in its order.
COVER_WORDS = (
    "English edition",
    "The fantasy battles miniatures wargame",
    "for 25–30 mm miniatures",
    "Designed and written by",
    "French translation",
)


def _overflow(lang: str, past: float) -> str:
    """Why the cover is refused: its words run ``past`` units below its bottom, so the credits
    would be cut off (attack round twenty-five, finding 7); names the catalogue's file and line
    of the translation that grew the most from its English."""
    translated = [(ui_text(text, lang), text) for text in COVER_WORDS]
    grown = [(said, text) for said, text in translated if getattr(said, "where", "")]
    said, text = max(grown or translated, key=lambda pair: len(pair[0]) / len(pair[1]))
    where = getattr(said, "where", "nqsphinx/books/epub_cover.py")
    return (
        f"{where}: the e-book's cover: with {str(said)!r} for {text!r}, its words run"
        f" {past:.0f} units past its bottom and its credits would be cut off; shorten it"
    )


def write_cover(path: Path, title: str, lang: str) -> None:
    """Render the cover to PNG with rsvg-convert (Debian librsvg2-bin)."""
    converter = shutil.which("rsvg-convert")
    if converter is None:
        raise ExtensionError(
            "rsvg-convert not found: the e-book's cover is drawn with it "
            "(Debian: apt-get install librsvg2-bin)"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        [converter, "--width", str(COVER_WIDTH), "--format", "png", "--output", str(path)],
        input=cover_svg(title, lang).encode("utf-8"),
        capture_output=True,
        check=False,
    )
    if result.returncode != 0:
        raise ExtensionError(f"rsvg-convert could not draw the cover: {result.stderr.decode()}")
