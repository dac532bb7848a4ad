"""What the e-book's package holds and how a reading system finds its way in it.

- Only the files the book uses: Sphinx copies every static file of the site (its favicon,
  touch and app icons, the disclosure triangles ``plus.png``/``minus.png``, ``basic.css``) into
  the book, and lists each in the package; a file no page, stylesheet or the package's cover
  names is left out (:func:`unused_files`).
- The contents are a page of the book, right after the cover (``nav.xhtml`` in the spine, by
  ``content.opf.jinja``), and the EPUB 2 guide's ``toc`` points at them, not at the home page.
- The navigation document has its landmarks (cover, contents, the first chapter, the index),
  which EPUB 3 reading systems offer as "Go to" (:func:`landmarks`; ``nav.xhtml.jinja``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

#: The navigation document, and the id of its table of contents.
NAV = "nav.xhtml"
NAV_TOC = f"{NAV}#toc"
#: The package's own files, never pruned.
PACKAGE_FILES = frozenset({"mimetype", "content.opf", "toc.ncx", NAV})
#: The documents and stylesheets whose references count as a use.
REFERRING = (".xhtml", ".html", ".css")
#: A name in an ``href``, ``src`` or ``url(...)``: its last path segment is enough to match.
_REFERENCE = re.compile(
    r"""(?:href|src|xlink:href)\s*=\s*["']([^"'#?]+)|url\(\s*["']?([^"')#?]+)"""
)


class Landmark(NamedTuple):
    kind: str  # an EPUB structural semantics term: cover, toc, bodymatter, index
    href: str
    title: str


def referenced_names(outdir: Path) -> set[str]:
    """The file names (last path segment) that the book's documents and stylesheets name."""
    names: set[str] = set()
    for path in outdir.rglob("*"):
        if path.suffix in REFERRING and path.is_file():
            for match in _REFERENCE.finditer(path.read_text(encoding="utf-8", errors="replace")):
                names.add((match[1] or match[2]).strip().rsplit("/", 1)[-1])
    return names


def unused_files(outdir: Path, keep: Iterable[str] = ()) -> list[Path]:
    """The files of the book's folder that nothing in it names: not a document (which the
    spine reads), not the package's own, not one of ``keep`` (paths relative to ``outdir``,
    such as the cover image, named by the package itself)."""
    names = referenced_names(outdir)
    kept = {*PACKAGE_FILES, *keep}
    unused = []
    for path in sorted(outdir.rglob("*")):
        relative = path.relative_to(outdir).as_posix()
        if not path.is_file() or relative.startswith("META-INF/") or relative in kept:
            continue
        if path.suffix in (".xhtml", ".html") or relative.endswith(".epub"):
            continue
        if path.name not in names:
            unused.append(path)
    return unused


def landmarks(
    cover: str | None,
    refnodes: Sequence[dict[str, Any]],
    front: Collection[str],
    index: str | None,
    titles: dict[str, str],
) -> list[Landmark]:
    """The landmarks: the cover page if any, the contents, the first chapter (the first entry of
    the contents that is not a page of the front matter, ``front``: the title page, the
    credits), the index if any; ``titles`` by kind."""
    found = []
    if cover:
        found.append(Landmark("cover", cover, titles["cover"]))
    found.append(Landmark("toc", NAV_TOC, titles["toc"]))
    first = next((n for n in refnodes if n["refuri"].split("#")[0] not in front), None)
    if first is not None:
        found.append(Landmark("bodymatter", first["refuri"], str(first["text"])))
    if index:
        found.append(Landmark("index", index, titles["index"]))
    return found
