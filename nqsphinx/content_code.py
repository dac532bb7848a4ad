"""No code in the content: what a pull request may change as content (``docs/``, ``locale/`` and
the packages' catalogues) holds pages, catalogues, data, images and diagrams, never something a
reader's browser runs or renders as a page.

The site's code (page templates, scripts, stylesheets) is the extension's, reviewed as code, in
``nqsphinx/site/templates/`` and ``nqsphinx/site/static/``.  A script, stylesheet, HTML page or
template under a content folder would be published as it is (a static path is copied whole, a
templates path is rendered on every page): ``docs/_static/x.js`` with a redirect, an inline
script in ``docs/_static/s6.html``, a meta refresh in ``docs/_templates/page.html``.  So when
any builder starts, before anything is read or copied, each such file stops the build with one
line naming it, by its suffix or, for a file of another suffix, by its first bytes as a browser
sniffs them (``<script``, ``<html``...), in every encoding a browser may read them in (UTF-16
and UTF-32 without a byte order mark, UTF-7) and past every blank and byte order mark; an SVG
drawing under another name (``x.png``), a file named as an image that is not a whole image of
that kind (Pillow reads its header, size and data: ``GIF89a`` and an SVG is none) or of more
pixels than a browser should decode, a page, data or text file that is not UTF-8 (at its
line), Python or pytest's configuration (pytest would run it with the build's rights) are
refused too, by name; and a templates path inside a content folder is refused in the
configuration.  SVG files have their
own parser (:mod:`nqsphinx.svg_files`); pages (``.md``) and catalogues (``.po``) theirs
(:mod:`nqsphinx.untrusted`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

from nqcore.data.datafiles import utf8_problem

logger = logging.getLogger(__name__)

STATIC = "nqsphinx/site/static/"
#: XML documents a server may send as ``+xml`` (feeds, MathML, maps...): a browser that renders
#: one runs the XHTML ``<h:script>`` inside.
XML_SUFFIXES = (
    *(".rdf", ".atom", ".rss", ".mml", ".kml", ".wsdl", ".gpx", ".xbl", ".plist"),
    *(".xsd", ".dtd", ".xul", ".opml", ".smil", ".xspf", ".gml", ".x3d", ".dae"),
)
XML_DOCUMENT = "an XML document (a browser may render it and run its scripts)"
TEMPLATES = "nqsphinx/site/templates/"
#: What each suffix is, and where the site's code of that kind lives.
KINDS: dict[str, tuple[str, str]] = {
    **dict.fromkeys((".js", ".mjs", ".cjs", ".wasm"), ("a script", STATIC)),
    ".css": ("a stylesheet", STATIC),
    **dict.fromkeys(
        (".html", ".htm", ".xhtml", ".xht", ".shtml", ".xml", ".xsl", ".xslt"),
        ("a page (HTML)", TEMPLATES),
    ),
    **dict.fromkeys((".jinja", ".jinja2", ".j2", ".tmpl"), ("a template", TEMPLATES)),
    **dict.fromkeys(XML_SUFFIXES, (XML_DOCUMENT, "")),
}
#: Python, or what tells Python or pytest what to run: pytest imports every ``conftest.py`` and
#: ``test_*.py`` under the sources, and reads a ``pytest.ini`` there, with the build's rights,
#: before any page's example is sandboxed (``make doctest``, the suite).  The sources hold none:
#: the pages' examples are collected by a plugin of the package (:mod:`nqsphinx.page_examples`).
PYTHON = (
    "Python (pytest would run it with the build's rights)",
    "its packages (nqcore/, nqsphinx/...)",
)
#: Python code, and the archives Python imports code from (zipimport: a ``.zip`` on sys.path).
PYTHON_SUFFIXES = (
    ".py", ".pyc", ".pyo", ".pyw", ".pyd", ".so", ".pth", ".pyz", ".zip", ".egg", ".whl"
)  # fmt: skip
PYTHON_NAMES = (
    "pytest.ini",
    ".pytest.ini",
    "tox.ini",
    "setup.cfg",
    "pyproject.toml",
    "conftest.py",
)
#: Read by their own checks, never published as they are.
OWN_CHECKS = (".md", ".po", ".pot", ".mo", ".svg", ".svgz")
#: The starts of a file that a browser sniffs as HTML (WHATWG MIME Sniffing, "HTML" patterns).
SNIFFED = re.compile(
    rb"\s*<(!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p"
    rb"|!--|\?xml)[\s>/]",
    re.IGNORECASE,
)


#: How much of a file is read for its kind: more than a browser sniffs (512 bytes), as leading
#: blank lines hide markup from a short read and a browser that renders the file skips them.
SNIFF_BYTES = 65536


#: The first bytes of each kind of image the content may hold, by suffix.
IMAGE_STARTS: dict[str, tuple[bytes, ...]] = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    **dict.fromkeys((".jpg", ".jpeg"), (b"\xff\xd8\xff",)),
    ".gif": (b"GIF87a", b"GIF89a"),
    ".ico": (b"\x00\x00\x01\x00", b"\x00\x00\x02\x00"),
    ".webp": (b"RIFF",),
    ".bmp": (b"BM",),
}
#: The start of an SVG drawing or another XML document under a name that is not ``.svg``.
SVG_SNIFFED = re.compile(rb"\s*<(svg|!doctype svg)[\s>/]", re.IGNORECASE)
#: The start of any other markup: an element, a declaration or an instruction.
MARKUP_SNIFFED = re.compile(rb"\s*<[A-Za-z_!?]")


#: The encodings a browser may read a file in, with a byte order mark or guessing without one
#: (UTF-16 and UTF-32 by where their NUL bytes fall, UTF-7 by its ``+ADw-``): markup in any of
#: them is refused.
ENCODINGS = ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "utf-7")
#: What a browser skips before markup: every Unicode blank (``\\f``, ``\\v``, U+00A0, U+2028...),
#: byte order marks (U+FEFF, any number of them) and NUL.
_LEADING_BLANKS = re.compile(r"^[\s\ufeff\u200b\x00]+")


def _as_utf8(start: bytes) -> list[bytes]:
    """The first bytes as UTF-8, each way a browser may decode them, with what it skips before
    markup left out."""
    texts = []
    for codec in ENCODINGS:
        text = start.decode(codec, errors="ignore")
        # a lone surrogate (UTF-8 text read as UTF-16: glossary.toml, proof round fifteen) is
        # no markup, and stopped the build
        texts.append(_LEADING_BLANKS.sub("", text).encode("utf-8", errors="ignore"))
    return texts


#: Linked as text: UTF-8 without a NUL, as the site's pages and catalogues are.
TEXT_SUFFIXES = (".txt", ".csv")


def text_problem(suffix: str, start: bytes) -> str:
    """Why a text file of ``suffix`` whose first bytes are ``start`` is refused ('' when not)."""
    if suffix not in TEXT_SUFFIXES:  # not UTF-8 at all: utf8_problem, on the whole file
        return ""
    if b"\x00" in start:
        return f"a NUL byte (UTF-16 or UTF-32?): a {suffix} file must be UTF-8"
    return ""


def image_problem(suffix: str, start: bytes) -> str:
    """Why a file named as an image of ``suffix`` whose first bytes are ``start`` is not one
    ('' when it is): a browser or a reader's tool may take what its bytes say (an SVG's script)."""
    if suffix not in IMAGE_STARTS:
        return ""
    if not start:
        return f"an empty file named {suffix}"
    kind = suffix.removeprefix(".").upper()
    if not start.startswith(IMAGE_STARTS[suffix]) or (kind == "WEBP" and start[8:12] != b"WEBP"):
        return f"not a {kind} image by its bytes"
    return ""


#: The most pixels an image of the content may have, in each frame: the largest the site ships
#: is 512 × 512 (its icons); 4096 × 4096 leaves room for a drawing. A browser decodes an image
#: whole: 9500 × 9500 in a 23 KB PNG is 360 MB of memory, a 60000² header 14 GB.
MAX_IMAGE_PIXELS = 4096 * 4096


#: The most bytes an image of the content may have: the largest the site ships is 15 KB (its
#: icons); a PNG with 30 MB after its end was published twice and put in the offline archive.
MAX_IMAGE_BYTES = 2 * 1024 * 1024


def image_bytes_problem(kind: str, path: Path) -> str:
    """Why the bytes of ``path``, an image of ``kind``, are refused ('' when they are not): more
    than :data:`MAX_IMAGE_BYTES`, or any byte after the image's real end, found by walking its
    format (:func:`nqsphinx.image_ends.image_end`: a second end marker after a payload is no
    end)."""
    from nqsphinx.image_ends import WALKERS, image_end

    size = path.stat().st_size
    if size > MAX_IMAGE_BYTES:
        return f"a {kind} image of {size} bytes, more than {MAX_IMAGE_BYTES}"
    if kind not in WALKERS:
        return ""
    end = image_end(kind, path.read_bytes())
    if end is None:
        return f"not a whole {kind} image (its header, size or data unreadable)"
    return f"a {kind} image with bytes after its end" if end != size else ""


def whole_image_problem(kind: str, path: Path) -> str:
    """Why ``path``, named as an image of ``kind``, is not a whole one ('' when it is): its
    bytes (:func:`image_bytes_problem`), header, size and data read by Pillow (``GIF89a``
    followed by an SVG is no GIF), each of its frames at most :data:`MAX_IMAGE_PIXELS`
    (Pillow's own limit, a warning and an error past it, is ten times that)."""
    import warnings

    from PIL import Image, UnidentifiedImageError

    if problem := image_bytes_problem(kind, path):
        return problem
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                image.verify()
            return _frames_problem(kind, path)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        pixels = re.search(r"\((\d+) pixels\)", str(error))
        return _too_large(kind, int(pixels[1]) if pixels else 0)
    except (OSError, SyntaxError, ValueError, EOFError, UnidentifiedImageError):
        return f"not a whole {kind} image (its header, size or data unreadable)"


def _frames_problem(kind: str, path: Path) -> str:
    """Why a frame of the image at ``path`` is too large or of no size ('' when none is)."""
    from PIL import Image

    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            sizes = [image.size, *(tile.extents[2:] for tile in image.tile if tile.extents)]
            for width, height in sizes:
                if width <= 0 or height <= 0:
                    return f"a {kind} image of no size"
                if width * height > MAX_IMAGE_PIXELS:
                    return _too_large(kind, width * height)
    return ""


def _too_large(kind: str, pixels: int) -> str:
    shown = f"{pixels} pixels" if pixels else "more pixels than Pillow decodes"
    return f"a {kind} image of {shown}, more than {MAX_IMAGE_PIXELS} (a browser decodes it whole)"


def content_folders(app: Sphinx) -> list[Path]:
    """The folders a contributor's content lives in: the sources, the catalogues' folders."""
    from nqsphinx.project_files import LOCALE_PACKAGES

    root, srcdir = Path(app.confdir).absolute(), Path(app.srcdir).absolute()
    folders = [srcdir, root / "locale", *(srcdir / d for d in app.config.locale_dirs)]
    folders += [root / package / "locale" for package in LOCALE_PACKAGES]
    found = {Path(os.path.normpath(f)) for f in folders}
    return sorted(f for f in found if f.is_dir() and not f.is_symlink())


#: Text the build, pytest or ``nq`` read whole: a byte that is not UTF-8 (a Latin-1 ``é``) made
#: each of them stop with a traceback naming no file (attack round twenty-one).
UTF8_SUFFIXES = (".md", ".toml", ".txt", ".csv", ".json", ".yaml", ".yml")


def code_kind_by_name(path: Path) -> tuple[str, str] | None:
    """:data:`PYTHON` for Python or pytest's configuration, by the file's name alone."""
    name = path.name.lower()
    return PYTHON if path.suffix.lower() in PYTHON_SUFFIXES or name in PYTHON_NAMES else None


def code_kind(path: Path) -> tuple[str, str] | None:
    """What code ``path`` is (and where such code lives), or None for content."""
    name = path.name.lower()
    suffix = path.suffix.lower()
    if suffix in KINDS:
        return KINDS[suffix]
    if code_kind_by_name(path) == PYTHON:
        return PYTHON
    if name.endswith("_t"):  # Sphinx renders a static file ``x.css_t`` as a template
        return ("a template", TEMPLATES)
    if suffix in UTF8_SUFFIXES and (problem := utf8_problem(path.read_bytes())):
        return (problem, "")
    if suffix in OWN_CHECKS:
        return None
    with path.open("rb") as handle:
        start = handle.read(SNIFF_BYTES)
    texts = _as_utf8(start)  # blank lines before the markup hid it from the patterns
    if any(SNIFFED.match(text) for text in texts):
        return ("a page (HTML by its first bytes)", TEMPLATES)
    if any(SVG_SNIFFED.match(text) for text in texts):
        return ("an SVG drawing by its first bytes, not named .svg (its own check reads .svg)", "")
    if any(MARKUP_SNIFFED.match(text) for text in texts):
        return ("markup by its first bytes (a browser may render it and run its scripts)", "")
    if problem := image_problem(suffix, start) or text_problem(suffix, start):
        return (problem, "")
    if suffix in IMAGE_STARTS and (problem := whole_image_problem(suffix[1:].upper(), path)):
        return (problem, "")
    return None


def code_in(
    folder: Path,
    own: frozenset[Path] = frozenset(),
    kind_of: Callable[[Path], tuple[str, str] | None] = code_kind,
) -> list[tuple[Path, str, str]]:
    """Every file of ``folder`` that is code by ``kind_of``, but the project's ``own``: (file,
    what, where the site's code lives)."""
    found: list[tuple[Path, str, str]] = []
    for parent, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "_build"))
        for name in sorted(files):
            path = Path(parent, name)
            if path.is_symlink() or not path.is_file() or path in own:
                continue  # refused by nqsphinx.project_files
            kind = kind_of(path)
            if kind:
                found.append((path, *kind))
    return found


def code_paths_in_config(app: Sphinx, folders: list[Path]) -> list[str]:
    """A templates path inside a content folder: its templates would be content's code."""
    root = Path(app.confdir).absolute()
    problems = []
    for entry in app.config.templates_path:
        path = Path(os.path.normpath(root / entry))
        if any(path.is_relative_to(f) for f in folders):
            problems.append(
                f"conf.py: templates_path {entry!r} is a content folder; the site's templates"
                f" live in {TEMPLATES}: refused"
            )
    return problems


#: What pytest's own doctest plugin collects as tests (``--doctest-glob``'s default).
PYTEST_DOCTEST_FILE = re.compile(r"test.*\.txt", re.IGNORECASE)


def python_in(sources: Path) -> list[str]:
    """The files under ``sources`` that pytest could run, relative to it: Python, pytest's
    configuration, its doctest files (``test*.txt``), and any symbolic link (named
    ``conftest.py``, it was imported; the content check leaves links to the build's own
    refusal, which pytest never sees), in any folder, ``_build`` too (attack rounds 21-26)."""
    root = sources.absolute()
    found = []
    for parent, dirs, files in os.walk(root):
        links = [d for d in dirs if Path(parent, d).is_symlink()]
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d not in links)
        for name in sorted([*files, *links]):
            path = Path(parent, name)
            if path.is_symlink() or code_kind_by_name(path) or PYTEST_DOCTEST_FILE.fullmatch(name):
                found.append(os.path.relpath(path, root))
    return found


def check_content(app: Sphinx) -> None:
    """Stop before anything is read or copied if code is among the content."""
    root = Path(app.confdir).absolute()
    folders = content_folders(app)
    problems = code_paths_in_config(app, folders)
    own = frozenset({root / "conf.py"})
    found = {path: (what, home) for folder in folders for path, what, home in code_in(folder, own)}
    for path, (what, home) in sorted(found.items()):
        shown = os.path.relpath(path, root)
        where = f" in the content folder; the site's code lives in {home}" if home else ""
        problems.append(f"{shown}: {what}{where}: refused")
    for problem in problems:
        logger.error(problem)
    if problems:
        count = len(problems)
        message = f"Refused input: {count} file(s) in the content (code, or not what their name"
        message += " says); nothing built."
        print(message, file=sys.stderr)
        raise SystemExit(2)
