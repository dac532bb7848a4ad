"""No SVG the site publishes can run a script or load from elsewhere.

An SVG file is a document of its own: opened directly (its address in ``_images/`` or
``_static/``), its ``<script>``, its event attributes (``onload``) and its ``javascript:`` links
run, out of reach of the pages' Content-Security-Policy; and an ``<image href="https://...">``
or a ``<foreignObject>`` (HTML inside the drawing) loads from another site.  The project's
drawings need none of these.  So, when the builder starts, every SVG under the sources and the
static paths is read with expat (no DTD, no entity: an entity declaration is refused too) and
any of them stops the build, at the file and line.  So does CSS that loads something: an
``@import`` or a ``url()`` other than a part of the drawing (``url(#gradient)``), in a ``<style>``,
a ``style=""`` or a presentation attribute (``fill="url(https://...)"``).  The PDF's diagrams
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


def _local(name: str) -> str:
    """The name without its namespace (expat gives ``namespace name`` with a separator)."""
    return name.rsplit(" ", 1)[-1].rsplit(":", 1)[-1].lower()


#: A CSS escape (``\\75 rl(`` is ``url(``) and a CSS comment (``@im/**/port`` hides the word).
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t]?|\\(.)", re.S)
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|$)", re.S)
#: What in CSS loads a resource: ``@import``, and each function taking an address.
_CSS_LOAD = re.compile(
    r"@import|\b(url|src|image-set|image|cross-fade|element)\(\s*(['\"]?)([^)'\"]*)", re.I
)


def _css_text(text: str) -> str:
    """``text`` as a CSS parser reads its words: escapes decoded, comments removed (their line
    ends kept, so that lines still count)."""

    def unescape(match: re.Match[str]) -> str:
        if match[1]:
            code = int(match[1], 16)
            return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "?"
        return match[2]

    text = _CSS_ESCAPE.sub(unescape, text)
    return _CSS_COMMENT.sub(lambda m: "\n" * m[0].count("\n"), text)


def css_problem(text: str) -> tuple[int, str] | None:
    """What in the CSS ``text`` (a ``<style>``, a ``style=""``, a presentation attribute such
    as ``fill="url(...)"``) would load a resource, anything but ``url(#fragment)``, with the
    number of lines before it in ``text``."""
    css = _css_text(text)
    for match in _CSS_LOAD.finditer(css):
        lines = css.count("\n", 0, match.start())
        if match[0].lower() == "@import":
            return lines, "CSS @import"
        if match[1].lower() == "url" and match[3].strip().startswith("#"):
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


class _Reader:
    """expat's handlers: what each element, text, entity and instruction brings, at its line."""

    def __init__(self, parser: xml.parsers.expat.XMLParserType) -> None:
        self.parser = parser
        self.found: list[tuple[int, str]] = []
        self.styles: list[int] = []  # the lines of the <style> elements open
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text
        parser.buffer_text = True  # a <style>'s text in one piece, not cut at each line
        parser.EntityDeclHandler = self.entity
        parser.ProcessingInstructionHandler = self.instruction

    def start(self, name: str, attributes: dict[str, str]) -> None:
        line = self.parser.CurrentLineNumber
        if _local(name) in REFUSED_ELEMENTS:
            self.found.append((line, f"element <{_local(name)}>"))
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

    def entity(self, name: str, *_: object) -> None:
        self.found.append((self.parser.CurrentLineNumber, f"entity declaration {name!r}"))

    def instruction(self, target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            self.found.append((self.parser.CurrentLineNumber, "xml-stylesheet instruction"))


def svg_problems(path: Path) -> list[tuple[int, str]]:
    """What in the SVG file ``path`` could run or load something, with its line."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    reader = _Reader(parser)
    try:
        parser.Parse(path.read_bytes(), True)
    except xml.parsers.expat.ExpatError as error:
        message = xml.parsers.expat.ErrorString(error.code)
        reader.found.append((error.lineno, f"not well-formed XML ({message})"))
    return reader.found


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
