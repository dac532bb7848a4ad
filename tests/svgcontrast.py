"""The contrast of every text of an SVG drawing with what lies under it (WCAG 1.4.3, 4.5:1).

A text's colour is its ``fill`` (attribute, ``style``, a class of the drawing's ``<style>``, or
inherited from its groups; ``currentColor`` is the page's text colour).  What lies under it is
found at three points of the text (its first letter, its middle, its last letter, from a width
of LETTER_WIDTH em a letter): the filled shapes drawn before it (circle, ellipse, rect) that
hold the point, blended by their opacity over the page (the theme's background), so that a word
running off its disc is caught.  Each pair is checked in the theme's light and dark mode.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from nqcore.colour import TEXT_CONTRAST, contrast, rgb

SVG = "{http://www.w3.org/2000/svg}"
#: Furo's page text and background (--color-foreground-primary, --color-background-primary).
THEME = {"light": ("#000000", "#ffffff"), "dark": ("#cfd0d0", "#131416")}
NAMED = {"white": "#ffffff", "black": "#000000"}
CURRENT = "currentcolor"
SHAPES = (f"{SVG}circle", f"{SVG}ellipse", f"{SVG}rect")
#: The average width of a letter of a sans-serif font, in em (DejaVu Sans: about 0.55).
LETTER_WIDTH = 0.55


@dataclass(frozen=True)
class Pair:
    """A text of a drawing on what lies under it, in one of the theme's modes."""

    drawing: str
    mode: str
    text: str
    colour: str
    under: str
    part: str = ""  # where in the text, when its ends lie on another colour than its middle

    @property
    def ratio(self) -> float:
        return contrast(self.colour, self.under)

    def __str__(self) -> str:
        part = f" ({self.part})" if self.part else ""
        return (
            f"{self.drawing} ({self.mode} mode): text {self.text!r}{part} {self.colour} on "
            f"{self.under}: {self.ratio:.2f}:1 < {TEXT_CONTRAST}:1"
        )


def _class_rules(root: ET.Element) -> dict[str, dict[str, str]]:
    """``.name{prop:value;...}`` rules of the drawing's own stylesheet."""
    css = " ".join(style.text or "" for style in root.iter(f"{SVG}style"))
    return {
        name: _declarations(body) for name, body in re.findall(r"\.([\w-]+)\s*\{([^}]*)\}", css)
    }


def _declarations(css: str) -> dict[str, str]:
    pairs = (part.split(":", 1) for part in css.split(";") if ":" in part)
    return {name.strip(): value.strip() for name, value in pairs}


def _own(element: ET.Element, name: str, classes: dict[str, dict[str, str]]) -> str | None:
    """A presentation property set on ``element`` itself: style, attribute, then its classes."""
    value = _declarations(element.get("style", "")).get(name) or element.get(name)
    if value:
        return value
    for cls in reversed(element.get("class", "").split()):
        if name in classes.get(cls, {}):
            return classes[cls][name]
    return None


def _colour(value: str, mode: str) -> str | None:
    """``value`` as ``#rrggbb`` in ``mode``; None for no paint; ValueError if unknown."""
    value = value.strip().lower()
    if value in ("none", "transparent"):
        return None
    if value == CURRENT:
        return THEME[mode][0]
    value = NAMED.get(value, value)
    red, green, blue = rgb(value)  # ColourError (a ValueError) names what it cannot read
    return f"#{red:02x}{green:02x}{blue:02x}"


def _number(element: ET.Element, name: str, value: str | None = None) -> float:
    """A length of ``element`` (its attribute ``name``, or ``value``), units dropped."""
    raw = value if value is not None else element.get(name, "0")
    return float(re.sub(r"[a-z%]+$", "", raw.strip()) or 0)


def _blend(top: str, bottom: str, alpha: float) -> str:
    mixed = (round(a * alpha + b * (1 - alpha)) for a, b in zip(rgb(top), rgb(bottom), strict=True))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _holds(shape: ET.Element, x: float, y: float) -> bool:
    if shape.tag == f"{SVG}circle":
        cx, cy, r = (_number(shape, n) for n in ("cx", "cy", "r"))
        return (x - cx) ** 2 + (y - cy) ** 2 <= r**2
    if shape.tag == f"{SVG}ellipse":
        cx, cy, rx, ry = (_number(shape, n) for n in ("cx", "cy", "rx", "ry"))
        return rx > 0 and ry > 0 and ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
    left, top = _number(shape, "x"), _number(shape, "y")
    return left <= x <= left + _number(shape, "width") and top <= y <= top + _number(
        shape, "height"
    )


def _points(text: ET.Element, size: float, letters: int) -> dict[str, tuple[float, float]]:
    """Points inside the text's first letter, its middle and its last letter, a third of a
    letter above the baseline."""
    x, y = _number(text, "x"), _number(text, "y")
    width = LETTER_WIDTH * size * letters
    left = x - {"middle": width / 2, "end": width}.get(text.get("text-anchor", "start"), 0.0)
    inset = min(size / 10, width / 2)
    y -= size / 3
    return {
        "": (left + width / 2, y),
        "first letter": (left + inset, y),
        "last letter": (left + width - inset, y),
    }


def pairs(svg: str, drawing: str) -> Iterator[Pair]:
    """Every text of ``svg`` with what lies under it, in light and in dark mode."""
    root = ET.fromstring(svg)
    classes = _class_rules(root)
    parents = {child: parent for parent in root.iter() for child in parent}
    drawn: list[tuple[ET.Element, str, float]] = []  # painted shapes so far: fill, opacity
    for element in root.iter():
        chain = [element]  # the element and its ancestors, whose properties it inherits
        while chain[-1] in parents:
            chain.append(parents[chain[-1]])
        fill = next((f for e in chain if (f := _own(e, "fill", classes)) is not None), "black")
        if element.tag in SHAPES and fill.strip().lower() not in ("none", "transparent"):
            opacity = float(_own(element, "fill-opacity", classes) or 1)
            opacity *= float(_own(element, "opacity", classes) or 1)
            drawn.append((element, fill, opacity))
        elif element.tag == f"{SVG}text" and "".join(element.itertext()).strip():
            text = " ".join("".join(element.itertext()).split())
            size = next(
                (
                    _number(e, "font-size", v)
                    for e in chain
                    if (v := _own(e, "font-size", classes)) is not None
                ),
                16.0,
            )
            for mode in THEME:
                colour = _colour(fill, mode)
                if colour is None:
                    continue
                seen = set()
                for part, (x, y) in _points(element, size, len(text)).items():
                    under = THEME[mode][1]  # the page shows through
                    for shape, shape_fill, opacity in drawn:
                        if _holds(shape, x, y):
                            under = _blend(_colour(shape_fill, mode) or under, under, opacity)
                    if under not in seen:
                        seen.add(under)
                        yield Pair(drawing, mode, text, colour, under, part)


def failures(svg: str, drawing: str) -> list[Pair]:
    return [pair for pair in pairs(svg, drawing) if pair.ratio < TEXT_CONTRAST]


def inline_svgs(html: str) -> Iterator[str]:
    """The drawings written into a page (``<svg ... role="img">``), not the theme's icons."""
    yield from re.findall(r'<svg\b[^>]*\brole="img".*?</svg>', html, flags=re.S)
