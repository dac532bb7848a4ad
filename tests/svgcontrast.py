"""The contrast of every text of an SVG drawing with what lies under it (WCAG 1.4.3, 4.5:1).

A text's colour is its ``fill`` (attribute, ``style``, a class of the drawing's ``<style>``, or
inherited from its groups; ``currentColor`` is the page's text colour).  What lies under it is
the last filled shape drawn before it (circle, ellipse, rect) that holds the text's anchor point;
where there is none, the page itself shows through (the theme's background).  Colours come from
the drawings and from the theme's two modes, so a pair is checked in light and in dark mode.
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


@dataclass(frozen=True)
class Pair:
    """A text of a drawing on what lies under it, in one of the theme's modes."""

    drawing: str
    mode: str
    text: str
    colour: str
    under: str

    @property
    def ratio(self) -> float:
        return contrast(self.colour, self.under)

    def __str__(self) -> str:
        return (
            f"{self.drawing} ({self.mode} mode): text {self.text!r} {self.colour} on "
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


def _number(element: ET.Element, name: str, default: float = 0.0) -> float:
    return float(re.sub(r"[a-z%]+$", "", element.get(name, str(default))) or default)


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


def _anchor(text: ET.Element, size: float) -> tuple[float, float]:
    """A point inside the text's first letters: its baseline raised by a third of a letter."""
    x, y = _number(text, "x"), _number(text, "y")
    shift = {"middle": 0.0, "end": -size / 3}.get(text.get("text-anchor", "start"), size / 3)
    return x + shift, y - size / 3


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
            size = next((_number(e, "font-size") for e in chain if e.get("font-size")), 16.0)
            x, y = _anchor(element, size)
            below = [(f, o) for shape, f, o in drawn if _holds(shape, x, y)]
            text = " ".join("".join(element.itertext()).split())
            for mode in THEME:
                colour = _colour(fill, mode)
                under = THEME[mode][1]  # the page shows through
                for shape_fill, opacity in below:
                    under = _blend(_colour(shape_fill, mode) or under, under, opacity)
                if colour is not None:
                    yield Pair(drawing, mode, text, colour, under)


def failures(svg: str, drawing: str) -> list[Pair]:
    return [pair for pair in pairs(svg, drawing) if pair.ratio < TEXT_CONTRAST]


def inline_svgs(html: str) -> Iterator[str]:
    """The drawings written into a page (``<svg ... role="img">``), not the theme's icons."""
    yield from re.findall(r'<svg\b[^>]*\brole="img".*?</svg>', html, flags=re.S)
