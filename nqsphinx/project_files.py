"""Nothing outside the project reaches the output: what a page or a static path brings in is a
file of the project, and no page loads anything from elsewhere.

A page may make Sphinx copy a file into the site: ``{download}``, a MyST ``path:`` link or a link
to a file that is not a page (both become downloads), an image.  A static path
(``html_static_path``, ``html_extra_path``) is copied whole.  A hostile pull request could point
any of them at ``/etc/passwd``, by a path climbing out of ``docs/`` or by a symbolic link.  So,
when a page is read (``doctree-read``, before Sphinx's collectors list what to copy), every such
target must be a regular file inside ``docs/``, reached through no symbolic link, with no other
name (a hard link: ``ln /home/me/secret.txt docs/_static/notes.txt``) and known to git
(tracked, or new and not ignored: a figure added to a page builds before ``git add``); a refused
one is an error at the page's file and line and its node is dropped, so nothing is copied even
under ``--keep-going``.  The static paths are checked when the builder starts, and a symbolic
link, a hard link or a stray file there stops the build before anything is copied.

Math (``{math}``, the ``math`` directive, ``$...$``) would add a script loading MathJax from a
CDN: the rulebook has none, so it is refused like raw HTML; so is ``tabularcolumns``, whose
specification is raw LaTeX (a file of TeX's search path printed, JavaScript in the PDF).  And
whatever adds a script or a stylesheet from another site to a page (``mathjax_path``,
``html_js_files`` with a URL, a theme option) is refused when the page is written.  What still
gets through is caught after the build by :mod:`nqsphinx.site.output_audit`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging

from nqsphinx import content_code, svg_files
from nqsphinx.untrusted import GENERATED, refuse

logger = logging.getLogger(__name__)
#: Set on the download links the extension makes itself (the print PDFs of nqsphinx.site.downloads).
GENERATED_DOWNLOAD = "nq_generated_download"


def git_files(root: Path) -> list[str]:
    """The files git lists in ``root`` (tracked, or new and not ignored), sorted, relative;
    raises OSError or CalledProcessError outside a git work tree."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sorted({name for name in listed.split("\0") if name})


@cache
def _listed(root: Path, stamp: tuple[float, ...]) -> frozenset[str] | None:
    """:func:`git_files` of ``root``, or None outside a git work tree (a scratch copy of the
    files: any file counts).  ``stamp`` keys the cache: the index's and the folders'
    modification times."""
    try:
        return frozenset(git_files(root))
    except (OSError, subprocess.CalledProcessError):
        return None


def listed_files(root: Path) -> frozenset[str] | None:
    """:func:`_listed` for the state of the work tree now."""
    if not (root / ".git").exists():
        return None
    watched = [root / ".git" / "index", root / "docs", root / "docs" / "_static"]
    stamp = tuple(p.stat().st_mtime if p.exists() else 0.0 for p in watched)
    return _listed(root, stamp)


def symlink_on_the_way(path: Path, within: Path) -> Path | None:
    """The first symbolic link among ``path`` and its folders below ``within``, if any."""
    current = path
    while current != within and within in current.parents:
        if current.is_symlink():
            return current
        current = current.parent
    return None


def hard_link(path: Path) -> str:
    """Why a file with more than one name is refused ('' if it has one): its other name may be
    anywhere on the same file system, outside the project (a hard link cannot be told from the
    file it names, and git stores it as a plain file)."""
    try:
        names = path.stat(follow_symlinks=False).st_nlink
    except OSError:
        return ""
    if names <= 1 or not path.is_file():
        return ""
    return f"is a hard link ({names} names: the other ones may be outside the project)"


def file_problem(path: Path, within: Path, root: Path, what: str, shown: str = "") -> str:
    """Why ``path`` may not be copied into the output ('' if it may): it must be a regular file
    of the project's git work tree inside ``within``, reached through no symbolic link.
    ``shown``: the path as its page writes it (default: from the project's root)."""
    path = Path(os.path.normpath(path.absolute()))
    within, root = within.absolute(), root.absolute()
    shown = shown or os.path.relpath(path, root)
    if not path.is_relative_to(within):
        return f"{what} {shown!r} is outside {within.name}/"
    link = symlink_on_the_way(path, within)
    if link is not None:
        target = os.readlink(link)
        return f"{what} {shown!r}: {os.path.relpath(link, root)} is a symbolic link (to {target})"
    if not path.is_file():
        return f"{what} {shown!r} is not a file"
    if linked := hard_link(path):
        return f"{what} {shown!r} {linked}"
    listed = listed_files(root)
    if listed is not None and path.relative_to(root).as_posix() not in listed:
        return f"{what} {shown!r} is not a file of the project (not known to git)"
    return ""


def _project(app: Sphinx) -> Path:
    return Path(app.confdir)


def _page_dir(app: Sphinx) -> Path:
    """The folder of the page being read, as Sphinx resolves a relative file name from it."""
    return Path(app.srcdir) / Path(app.env.docname).parent


#: What a page may offer as a download, by suffix: data a player reads or imports, and images.
#: Anything else (an XHTML page under any of the many ``+xml`` names, a PDF that may run
#: JavaScript in a reader) is served from the site's own origin as what its name says; the
#: site's own PDFs and archive are generated downloads, not files of the sources.
DOWNLOAD_SUFFIXES = (".toml", ".txt", ".csv", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg")


def download_kind_problem(target: str) -> str:
    """Why a linked file named ``target`` is of a kind no page offers ('' if it is not)."""
    if Path(target).suffix.lower() in DOWNLOAD_SUFFIXES:
        return ""
    kinds = " ".join(DOWNLOAD_SUFFIXES)
    return f"linked file {target!r} is not a kind of file a page offers (only {kinds})"


def _check_downloads(app: Sphinx, doctree: nodes.document) -> None:
    srcdir = Path(app.srcdir)
    for node in list(doctree.findall(addnodes.download_reference)):
        target = str(node.get("reftarget", ""))
        if node.get(GENERATED_DOWNLOAD) or "://" in target or target.startswith("//"):
            continue  # Sphinx copies no remote target: it stays a link
        path = srcdir / target.lstrip("/") if target.startswith("/") else _page_dir(app) / target
        problem = file_problem(path, srcdir, _project(app), "linked file", target)
        if problem or (problem := download_kind_problem(target)):
            refuse(app, node, problem)


def _check_image_files(app: Sphinx, doctree: nodes.document) -> None:
    """Images inside docs/ (nqsphinx.untrusted refuses the others) must also be project files
    reached through no symbolic link."""
    srcdir = Path(app.srcdir)
    for image in list(doctree.findall(nodes.image)):
        uri = str(image.get("uri", ""))
        if "://" in uri or uri.startswith(("//", "data:")) or "*" in uri:
            continue
        path = srcdir / uri.lstrip("/") if uri.startswith("/") else _page_dir(app) / uri
        if Path(os.path.normpath(path.absolute())).is_relative_to(srcdir.absolute()):
            problem = file_problem(path, srcdir, _project(app), "image", uri)
            if problem:
                refuse(app, image, problem)


def _check_math(app: Sphinx, doctree: nodes.document) -> None:
    for node in list(doctree.findall(lambda n: isinstance(n, (nodes.math, nodes.math_block)))):
        shown = node.astext()[:40]
        refuse(app, node, f"math is refused ({shown!r}): its renderer loads from another site")


def _check_column_specs(app: Sphinx, doctree: nodes.document) -> None:
    """A ``tabularcolumns`` directive's specification is written into the LaTeX as it is:
    ``>{\\VerbatimInput{...}}`` printed a file of TeX's search path into the PDF, ``\\special``
    put JavaScript in it.  The book's tables are measured by the extension (its own, generated,
    are kept)."""
    for spec in list(doctree.findall(addnodes.tabular_col_spec)):
        if not spec.get(GENERATED):
            shown = str(spec.get("spec", ""))[:40]
            refuse(app, spec, f"tabularcolumns is refused ({shown!r}): it is raw LaTeX")


#: What a static path may hold, by suffix: images, drawings, and the site's scripts and
#: stylesheets (``nqsphinx/site/static/``; under ``docs/`` they are refused as code in the
#: content).  Anything else (a PDF that may run JavaScript in a reader, a web app manifest, a
#: page of Markdown) is published as it is from a static path, and nothing of the site needs it.
STATIC_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".svg", ".css", ".js")


def static_kind_problem(path: Path, shown: str) -> str:
    """Why ``path``, in a static path, is of a kind the site does not publish ('' if it is)."""
    if path.suffix.lower() in STATIC_SUFFIXES:
        return ""
    kinds = " ".join(STATIC_SUFFIXES)
    return (
        f"static file {shown!r} is not a kind of file the site publishes from a static path"
        f" (only {kinds})"
    )


def static_problems(app: Sphinx) -> list[tuple[Path, str]]:
    """Every symbolic link, every hard link, every file not of the project and every file of
    another kind than :data:`STATIC_SUFFIXES`, in the static and extra paths."""
    root = _project(app)
    folders = [root / f for f in (*app.config.html_static_path, *app.config.html_extra_path)]
    found: list[tuple[Path, str]] = []
    for folder in folders:
        if _installed(folder):
            continue  # an extension's own static files (sphinx-design's), from its package
        if folder.is_symlink():
            found.append((folder, f"symbolic link (to {os.readlink(folder)}) as a static path"))
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_symlink():
                found.append((path, f"symbolic link (to {os.readlink(path)}) in a static path"))
            elif path.is_file() and symlink_on_the_way(path, folder) is None:
                problem = file_problem(path, folder, root, "static file")
                problem = problem or static_kind_problem(path, os.path.relpath(path, root))
                if problem:
                    found.append((path, problem))
    for name in ("html_favicon", "html_logo"):
        value = str(getattr(app.config, name, "") or "")
        if value and remote(value):
            found.append((root / "conf.py", f"{name} {value} loads from another site"))
        elif value:
            problem = file_problem(root / value, root, root, name)
            found += [(root / value, problem)] if problem else []
    return found


def _installed(folder: Path) -> bool:
    """Whether ``folder`` is inside an installed Python package (not the project's)."""
    from nqsphinx.site.output_audit import PACKAGE_DIRS

    return any(folder.resolve().is_relative_to(d) for d in PACKAGE_DIRS)


def _check_static(app: Sphinx) -> None:
    """Stop before anything is read or copied: the static files are copied whole at the end."""
    if app.builder.format != "html":
        return
    found = static_problems(app)
    for path, problem in found:
        logger.error(f"{os.path.relpath(path, _project(app))}: {problem}: refused")
    if found:
        print(f"Refused input: {len(found)} static file error(s); nothing built.", file=sys.stderr)
        raise SystemExit(2)


#: The project's packages that hold catalogues (``<package>/locale/``).
LOCALE_PACKAGES = ("nqcore", "nqsphinx", "nqprint", "nqtranslate", "examples")


def _checked_folders(app: Sphinx) -> list[Path]:
    """The folders whose files Sphinx reads or copies: the sources, the catalogues' folders
    (``locale_dirs``, the project's ``locale/`` and its packages' ``locale/``) and the static
    paths, those of the project only (not an installed extension's)."""
    root, srcdir = _project(app).absolute(), Path(app.srcdir).absolute()
    folders = [srcdir, root / "locale"]
    folders += [srcdir / d for d in app.config.locale_dirs]
    folders += [root / package / "locale" for package in LOCALE_PACKAGES]
    folders += [root / f for f in (*app.config.html_static_path, *app.config.html_extra_path)]
    inside = {Path(os.path.normpath(f)) for f in folders if not _installed(f)}
    return sorted(f for f in inside if f.is_relative_to(root) and (f.exists() or f.is_symlink()))


def links_in(folder: Path) -> list[Path]:
    """Every symbolic link at or below ``folder`` (whose links are not followed)."""
    if folder.is_symlink():
        return [folder]
    found: list[Path] = []
    for parent, dirs, files in os.walk(folder):
        found += [Path(parent, n) for n in (*dirs, *files) if Path(parent, n).is_symlink()]
    return sorted(found)


def hard_links_in(folder: Path) -> list[Path]:
    """Every file at or below ``folder`` that has another name (a hard link)."""
    found: list[Path] = []
    for parent, _dirs, files in os.walk(folder):
        found += [Path(parent, n) for n in files if hard_link(Path(parent, n))]
    return sorted(found)


def _check_links(app: Sphinx) -> None:
    """Stop before anything is read: a page, a page folder or a catalogue that is a symbolic
    link would publish a file from outside the project (``docs/leak.md`` -> ``/etc/passwd``), and
    so would a hard link (``ln /etc/passwd docs/leak.md``, where the file systems allow it)."""
    root = _project(app)
    folders = _checked_folders(app)
    links = sorted({link for f in folders for link in links_in(f)})
    for link in links:
        shown = os.path.relpath(link, root)
        logger.error(f"{shown}: symbolic link (to {os.readlink(link)}) in the sources: refused")
    hard = sorted({path for f in folders for path in hard_links_in(f)})
    for path in hard:
        logger.error(f"{os.path.relpath(path, root)} {hard_link(path)}: refused")
    if links or hard:
        count = f"{len(links)} symbolic link(s), {len(hard)} hard link(s)"
        print(f"Refused input: {count}; nothing built.", file=sys.stderr)
        raise SystemExit(2)


def remote(url: str) -> bool:
    return "://" in url or url.startswith("//")


def _named(app: Sphinx) -> set[str]:
    """The remote addresses named in this build (each build names them again)."""
    found: set[str] = vars(app.builder).setdefault("nq_remote_assets_named", set())
    return found


def _forget_named(app: Sphinx, *args: Any) -> None:
    _named(app).clear()


def _check_page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """A script or stylesheet from another site on a page: an error (once per address, at the
    first page), and it is left out of every page."""
    named = _named(app)
    for key in ("script_files", "css_files"):
        files = context.get(key) or []
        kept = [f for f in files if not remote(str(getattr(f, "filename", f)))]
        for refused in (f for f in files if f not in kept):
            url = str(getattr(refused, "filename", refused))
            if url not in named:
                named.add(url)
                location = (pagename, 0) if pagename in app.env.all_docs else None
                logger.error(f"{url} loads from another site: refused", location=location)
        if len(kept) != len(files):
            context[key] = kept


def setup(app: Sphinx) -> None:
    # Before the other extensions read anything (the catalogues' checks read the .po files).
    # Code in the content first: its refusal names what the file is (a script, a page), where
    # the static check would name only a kind of file the site does not publish.
    app.connect("builder-inited", content_code.check_content, priority=100)
    app.connect("builder-inited", _check_static, priority=100)
    app.connect("builder-inited", _check_links, priority=100)
    app.connect("builder-inited", svg_files.check_svgs, priority=100)
    app.connect("doctree-read", _check_downloads, priority=100)
    app.connect("doctree-read", _check_image_files, priority=100)
    app.connect("doctree-read", _check_math, priority=100)
    app.connect("doctree-read", _check_column_specs, priority=100)
    app.connect("env-before-read-docs", _forget_named)
    app.connect("html-page-context", _check_page_assets, priority=900)
