"""Colours as readers see them: WCAG contrast, and the text colour that reads on a fill.

The aspects' colours (``data/aspects.toml``) fill the aspect circle of the site and the PDF and
the title bars of the printed spell cards; the text written on them must reach the WCAG AA ratio
for normal text, 4.5:1, in every one of those products.  The text colour is computed here from the
fill, never typed beside it, so that a changed colour keeps its text readable.
"""

from __future__ import annotations

#: WCAG 2.1 AA, normal text (1.4.3 Contrast (Minimum)).
TEXT_CONTRAST = 4.5
WHITE = "#ffffff"
BLACK = "#000000"


class ColourError(ValueError):
    """Not a ``#rrggbb`` colour; the message names the value."""


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` (or ``#rgb``) as red, green and blue from 0 to 255."""
    value = colour.removeprefix("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    try:
        if len(value) != 6:
            raise ValueError
        return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))
    except ValueError:
        raise ColourError(f"not a #rrggbb colour: {colour!r}") from None


def luminance(colour: str) -> float:
    """WCAG relative luminance, from 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours, from 1 to 21 (the order does not matter)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_colour_on(fill: str) -> str:
    """White or black, whichever reads better on ``fill``: on any fill one of them reaches
    4.58:1 at least (the worst case, a fill of luminance 0.179), above :data:`TEXT_CONTRAST`."""
    return max((WHITE, BLACK), key=lambda text: contrast(text, fill))
