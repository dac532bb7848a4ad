"""No SVG the site publishes can run a script or load from elsewhere.

An SVG file is a document of its own: opened directly (its address in ``_images/`` or
``_static/``), its ``<script>``, its event attributes (``onload``) and its ``javascript:`` links
run, out of reach of the pages' Content-Security-Policy; and an ``<image href="https://...">``
or a ``<foreignObject>`` (HTML inside the drawing) loads from another site.  The project's
drawings need none of these.  So, when the builder starts, every SVG under the sources and the
static paths is read with expat (no DTD, no entity: an entity declaration is refused too) and
any of them stops the build, at the file and line.  So does CSS that loads something: an
``@import`` or a ``url()`` other than a part of the drawing (``url(#gradient)``), in a ``<style>``,
a ``style=""`` or a presentation attribute (``fill="url(https://...)"``).  A ``<style>`` holds
text only: an element, a comment or an instruction inside it (``@imp<x/>ort``) splits a word for
this check that the browser reads whole.  And an animation (``<set>``, ``<animate>``...) may not
change a link (``attributeName="href"``) nor set an address: it would swap in a remote image, or
send a click elsewhere, after the file is checked.  Beyond these, a drawing holds only the
elements and attributes of :data:`ELEMENTS` and :data:`ATTRIBUTES` (what the project's drawings
use, and the plain shapes, text and gradients like them), all in SVG's namespace: an element of
another (XHTML's ``<h:meta http-equiv="refresh">``, ``<h:img>``, ``<h:form>``...), which a browser
opening the SVG obeys, is refused at its line, and so is an animation or an attribute no drawing
needs.  The PDF's diagrams
(converted by ``rsvg-convert``) are the same files, checked when that builder starts too.
"""

from __future__ import annotations

import os
import re
import sys
import xml.parsers.expat
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: Elements that run code or embed another document.
REFUSED_ELEMENTS = frozenset({"script", "foreignobject", "iframe", "embed", "object", "handler"})
#: What an ``href`` may be: a part of the same drawing, or an image given inline.
ALLOWED_HREF = ("#", "data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp")
#: SVG's animation elements (SMIL): each sets an attribute of its parent while the drawing shows.
ANIMATIONS = frozenset({"set", "animate", "animatemotion", "animatetransform", "animatecolor"})
#: The attributes of an animation that hold the values it sets.
ANIMATED_VALUES = ("to", "from", "by", "values")
#: An address: a scheme (``https:``), a path (a ``/`` in it), a file name (``x.png``).
_ADDRESS = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|[^#;\s]*/|\.|[^#;\s]*\.[a-z][a-z0-9]{1,4}$)", re.I)


SVG = "http://www.w3.org/2000/svg"
XML = "http://www.w3.org/XML/1998/namespace"
#: The elements a drawing may hold (SVG's namespace): what the project's drawings use (``svg``,
#: ``g``, ``defs``, ``style``, ``title``, ``marker``, ``path``, ``circle``, ``rect``, ``text``),
#: and the static shapes, text and gradients of the same kind.
ELEMENTS = frozenset(
    {
        *("svg", "g", "defs", "style", "title", "desc", "marker", "symbol", "clipPath"),
        *("path", "circle", "ellipse", "line", "polyline", "polygon", "rect", "text", "tspan"),
        *("linearGradient", "radialGradient", "stop"),
    }
)
#: The attributes a drawing's elements may carry (no namespace), besides ``data-*`` and
#: ``xml:lang``, ``xml:space``: geometry, presentation, and the text's accessible names.
ATTRIBUTES = frozenset(
    {
        *("id", "class", "style", "lang", "role", "aria-label", "aria-hidden", "version"),
        *("viewBox", "preserveAspectRatio", "width", "height", "x", "y", "x1", "y1", "x2", "y2"),
        *("cx", "cy", "r", "rx", "ry", "fx", "fy", "d", "points", "dx", "dy", "rotate"),
        *("transform", "textLength", "lengthAdjust", "pathLength", "href"),
        *("fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity"),
        *("stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin"),
        *("stroke-miterlimit", "opacity", "visibility", "display", "color", "vector-effect"),
        *("font-family", "font-size", "font-weight", "font-style", "text-anchor"),
        *("dominant-baseline", "alignment-baseline", "letter-spacing", "word-spacing"),
        *("clip-path", "clip-rule", "clipPathUnits", "paint-order", "shape-rendering"),
        *("marker-start", "marker-mid", "marker-end", "markerWidth", "markerHeight"),
        *("markerUnits", "refX", "refY", "orient", "overflow"),
        *("gradientUnits", "gradientTransform", "spreadMethod", "offset", "stop-color"),
        "stop-opacity",
    }
)


def off_the_list(name: str, attributes: dict[str, str]) -> str:
    """Why the element ``name`` (expat's ``namespace name``) with ``attributes`` is not one a
    drawing holds ('' when it is)."""
    namespace, _, local = name.rpartition(" ")
    if namespace != SVG:
        where = f"namespace {namespace!r}" if namespace else "no namespace"
        return f"element <{local}> of {where} (a drawing's elements are SVG's)"
    if local not in ELEMENTS:
        return f"element <{local}>, not one the drawings use (nqsphinx/svg_files.py, ELEMENTS)"
    for key in attributes:
        namespace, _, local = key.rpartition(" ")
        if namespace == XML and local in ("lang", "space"):
            continue
        if namespace:
            return f"attribute {local!r} of namespace {namespace!r} (a drawing's are SVG's)"
        if local not in ATTRIBUTES and not local.startswith("data-"):
            return f"attribute {local!r}, not one the drawings use (ATTRIBUTES)"
    return ""


def _local(name: str) -> str:
    """The name without its namespace (expat gives ``namespace name`` with a separator)."""
    return name.rsplit(" ", 1)[-1].rsplit(":", 1)[-1].lower()


#: A CSS escape (``\\75 rl(`` is ``url(``) and a CSS comment (``@im/**/port`` hides the word).
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t]?|\\(.)", re.S)
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|$)", re.S)
#: The one address a drawing's CSS may name: a part of the same drawing, by a plain id.
_FRAGMENT = re.compile(r"#[A-Za-z0-9_.:-]+")
#: What in CSS loads a resource: ``@import``, and each function taking an address.
_CSS_LOAD = re.compile(
    r"@import|\b(url|src|image-set|image|cross-fade|element)\(\s*(['\"]?)([^)'\"]*)", re.I
)


def _css_readings(text: str) -> tuple[str, str, str]:
    """``text`` as a CSS parser may read its words: escapes decoded (an escaped line end joins
    the words around it, ``u\\`` and ``rl(``), with its comments removed (their line ends kept,
    so that lines still count) and with them left in; and as written, where an escape inside
    ``url(#...)`` (``\\29``, a ``)``) makes no plain fragment. A ``/*`` inside a
    string is no comment, and removed with no ``*/`` after it took the rest of the text with it
    (an ``@font-face`` loading from another site): what either reading finds is refused."""

    def unescape(match: re.Match[str]) -> str:
        if match[1]:
            code = int(match[1], 16)
            return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "?"
        return "" if match[2] in "\r\n\f" else match[2]

    decoded = _CSS_ESCAPE.sub(unescape, text)
    return _CSS_COMMENT.sub(lambda m: "\n" * m[0].count("\n"), decoded), decoded, text


def css_problem(text: str) -> tuple[int, str] | None:
    """What in the CSS ``text`` (a ``<style>``, a ``style=""``, a presentation attribute such
    as ``fill="url(...)"``) would load a resource, anything but ``url(#fragment)``, with the
    number of lines before it in ``text``."""
    for css in _css_readings(text):
        for match in _CSS_LOAD.finditer(css):
            lines = css.count("\n", 0, match.start())
            if match[0].lower() == "@import":
                return lines, "CSS @import"
            if match[1].lower() == "url" and _FRAGMENT.fullmatch(match[3].strip()):
                continue
            return lines, f"CSS {match[1].lower()}({match[3].strip()[:60]!r}) (only url(#id))"
    return None


def _attribute_problem(name: str, value: str) -> str:
    local = _local(name)
    compact = "".join(value.split()).lower()
    if local.startswith("on"):
        return f"event attribute {local!r}"
    if local == "href" and not compact.startswith(ALLOWED_HREF):
        return f"link to {value.strip()[:60]!r} (only #id or an inline image)"
    if "javascript:" in compact:
        return f"javascript: in attribute {local!r}"
    if css := css_problem(value):
        return f"{css[1]} in attribute {local!r}"
    return ""


def animation_problem(attributes: dict[str, str]) -> str:
    """Why the animation element with ``attributes`` is refused ('' when it is not): it changes
    a link, or sets a value that is an address (anything but ``#id``)."""
    changed = next((v for k, v in attributes.items() if _local(k) == "attributename"), "")
    if _local(changed.strip()) == "href":
        return f"an animation of the link {changed.strip()!r}"
    for key, value in attributes.items():
        if _local(key) not in ANIMATED_VALUES:
            continue
        for item in value.split(";"):
            if _ADDRESS.match(item.strip()) and not item.strip().startswith("#"):
                return f"an animation to the address {item.strip()[:60]!r}"
    return ""


#: The largest a drawing may say it is, in CSS pixels, each way: the site's largest is 600; a
#: drawing of a million pixels (``width="1000000"``) built the site and stopped the PDF's TeX
#: ("Dimension too large": attack round twenty-one).  As large as an image may be.
MAX_SVG_PIXELS = 4096
#: CSS pixels in one of each unit an SVG's size may be given in.
_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([a-z]*)\s*")


def size_problem(attributes: dict[str, str]) -> str:
    """Why the drawing's size (its ``width`` and ``height``, else its ``viewBox``) is too large
    for a page ('' when it is not): each at most :data:`MAX_SVG_PIXELS` CSS pixels."""
    box = attributes.get("viewBox", "").replace(",", " ").split()
    sizes = {
        "width": attributes.get("width", box[2] if len(box) == 4 else "0"),
        "height": attributes.get("height", box[3] if len(box) == 4 else "0"),
    }
    for name, given in sizes.items():
        found = _LENGTH.fullmatch(given)
        if found is None or found[2] not in _UNITS:
            continue  # a percentage or em: the page's size
        pixels = float(found[1]) * _UNITS[found[2]]
        if not pixels <= MAX_SVG_PIXELS:
            return (
                f"a drawing whose {name} is {given.strip()!r}, more than {MAX_SVG_PIXELS} "
                "pixels: the PDF cannot set it"
            )
    return ""


class _Reader:
    """expat's handlers: what each element, text, entity and instruction brings, at its line."""

    def __init__(self, parser: xml.parsers.expat.XMLParserType) -> None:
        self.parser = parser
        self.found: list[tuple[int, str]] = []
        self.styles: list[int] = []  # the lines of the <style> elements open
        self.started = False  # past the root element
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text
        parser.buffer_text = True  # a <style>'s text in one piece, not cut at each line
        parser.EntityDeclHandler = self.entity
        parser.ProcessingInstructionHandler = self.instruction
        parser.CommentHandler = self.comment
        parser.StartDoctypeDeclHandler = self.doctype

    def start(self, name: str, attributes: dict[str, str]) -> None:
        line = self.parser.CurrentLineNumber
        known = len(self.found)
        if not self.started and (problem := size_problem(attributes)):
            self.found.append((line, problem))
        self.started = True
        self.named(name, attributes, line)
        if len(self.found) == known and (problem := off_the_list(name, attributes)):
            self.found.append((line, problem))

    def named(self, name: str, attributes: dict[str, str], line: int) -> None:
        """The problems named by what the element does: runs, loads, links, animates."""
        if _local(name) in REFUSED_ELEMENTS:
            self.found.append((line, f"element <{_local(name)}>"))
        if self.styles:
            self.found.append((line, f"element <{_local(name)}> inside a <style>"))
        if _local(name) in ANIMATIONS and (problem := animation_problem(attributes)):
            self.found.append((line, problem))
        if _local(name) == "style":
            self.styles.append(line)
        for key, value in attributes.items():
            problem = _attribute_problem(key, value)
            self.found.extend([(line, problem)] if problem else [])

    def end(self, name: str) -> None:
        if _local(name) == "style" and self.styles:
            self.styles.pop()

    def text(self, data: str) -> None:
        if self.styles and (css := css_problem(data)):
            self.found.append((self.styles[-1] + css[0], f"{css[1]} in <style>"))

    def doctype(self, *_: object) -> None:
        self.found.append((self.parser.CurrentLineNumber, "a DOCTYPE declaration"))

    def entity(self, name: str, *_: object) -> None:
        self.found.append((self.parser.CurrentLineNumber, f"entity declaration {name!r}"))

    def instruction(self, target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            self.found.append((self.parser.CurrentLineNumber, "xml-stylesheet instruction"))
        elif self.styles:
            self.found.append((self.parser.CurrentLineNumber, "an instruction inside a <style>"))

    def comment(self, data: str) -> None:
        if self.styles:
            self.found.append((self.parser.CurrentLineNumber, "a comment inside a <style>"))


def svg_problems(path: Path) -> list[tuple[int, str]]:
    """What in the SVG file ``path`` could run or load something, with its line."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    reader = _Reader(parser)
    try:
        parser.Parse(path.read_bytes(), True)
    except xml.parsers.expat.ExpatError as error:
        message = xml.parsers.expat.ErrorString(error.code)
        reader.found.append((error.lineno, f"not well-formed XML ({message})"))
    except ValueError as error:  # a multi-byte encoding expat cannot read (UTF-7, Shift_JIS)
        named = _DECLARED.match(path.read_bytes())
        encoding = named[1].decode("ascii") if named else "?"
        why = f"encoding {encoding!r} cannot be read ({error}): an SVG must be UTF-8"
        reader.found.append((parser.CurrentLineNumber, why))
    return reader.found


#: The encoding an XML declaration names (``<?xml version="1.0" encoding="UTF-7"?>``).
_DECLARED = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)""")


def svg_files(app: Sphinx) -> list[Path]:
    """The SVG files Sphinx may copy: under the sources and the project's static paths."""
    root = Path(app.confdir)
    folders = [Path(app.srcdir)]
    folders += [root / f for f in (*app.config.html_static_path, *app.config.html_extra_path)]
    found: set[Path] = set()
    for folder in folders:
        for parent, _dirs, files in os.walk(folder):
            found.update(Path(parent, n) for n in files if n.lower().endswith((".svg", ".svgz")))
    return sorted(found)


def check_svgs(app: Sphinx) -> None:
    """Stop before anything is read or copied if an SVG holds a script or a remote link."""
    root = Path(app.confdir)
    count = 0
    for path in svg_files(app):
        if path.is_symlink() or not path.is_file():
            continue  # refused by nqsphinx.project_files
        for line, problem in svg_problems(path):
            count += 1
            logger.error(f"{os.path.relpath(path, root)}:{line}: {problem} in an SVG: refused")
    if count:
        print(f"Refused input: {count} SVG error(s); nothing built.", file=sys.stderr)
        raise SystemExit(2)
