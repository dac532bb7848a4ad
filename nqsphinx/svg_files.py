"""No SVG the site publishes can run a script or load from elsewhere.

An SVG file is a document of its own: opened directly (its address in ``_images/`` or
``_static/``), its ``<script>``, its event attributes (``onload``) and its ``javascript:`` links
run, out of reach of the pages' Content-Security-Policy; and an ``<image href="https://...">``
or a ``<foreignObject>`` (HTML inside the drawing) loads from another site.  The project's
drawings need none of these.  So, when the builder starts, every SVG under the sources and the
static paths is read with expat (no DTD, no entity: an entity declaration is refused too) and
any of them stops the build, at the file and line.
"""

from __future__ import annotations

import os
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


def _attribute_problem(name: str, value: str) -> str:
    local = _local(name)
    compact = "".join(value.split()).lower()
    if local.startswith("on"):
        return f"event attribute {local!r}"
    if local == "href" and not compact.startswith(ALLOWED_HREF):
        return f"link to {value.strip()[:60]!r} (only #id or an inline image)"
    if "javascript:" in compact:
        return f"javascript: in attribute {local!r}"
    return ""


def svg_problems(path: Path) -> list[tuple[int, str]]:
    """What in the SVG file ``path`` could run or load something, with its line."""
    found: list[tuple[int, str]] = []
    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")

    def start(name: str, attributes: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        if _local(name) in REFUSED_ELEMENTS:
            found.append((line, f"element <{_local(name)}>"))
        for key, value in attributes.items():
            problem = _attribute_problem(key, value)
            found.extend([(line, problem)] if problem else [])

    def entity(name: str, *_: object) -> None:
        found.append((parser.CurrentLineNumber, f"entity declaration {name!r}"))

    def instruction(target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            found.append((parser.CurrentLineNumber, "xml-stylesheet instruction"))

    parser.StartElementHandler = start
    parser.EntityDeclHandler = entity
    parser.ProcessingInstructionHandler = instruction
    try:
        parser.Parse(path.read_bytes(), True)
    except xml.parsers.expat.ExpatError as error:
        message = xml.parsers.expat.ErrorString(error.code)
        found.append((error.lineno, f"not well-formed XML ({message})"))
    return found


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
