"""After every build, each file of the output is either made by the build or a copy of a file of
the project (or of an installed package: Sphinx's and the theme's static files); anything else is
named, with the source that brought it, and deleted, and the build fails.

:mod:`nqsphinx.project_files` refuses, when pages are read, what would copy a file from outside
the project.  This is the net under it, for whatever route it missed.  While Sphinx builds, every
file it copies goes through ``sphinx.util.osutil.copyfile`` (downloads, images, static and extra
files, favicon, the theme's assets, the LaTeX and EPUB support files); that function is wrapped so
that each copy is recorded with its source.  A file written during the build and not recorded as a
copy was made by the build (pages, search index, our own scripts and stylesheets).  Both kinds go
into a manifest beside the doctrees (``nq-output-manifest.json``, never published), so that a file
an incremental build left as it was is judged by the build that made it.  A file none of these
explains (copied by an earlier build from a source now refused, or put there by hand) fails.

The audit runs when the build finishes, also after a failed build (Sphinx emits
``build-finished`` then too), so a build that stopped leaves no such file behind.  A build with no
manifest yet (the first after an update) starts from an empty output folder: its old files would
be unexplained.  An EPUB packed from a folder that held a refused file is deleted with it.
Copies of what the build made beside its doctrees (the diagrams converted to PDF for LaTeX) are
the build's; so are the files the TeX run writes beside a LaTeX document after the build
(``noquarter.aux``, ``.pdf``...: ``make pdf`` runs latexmk, shut in by nqprint.tex_sandbox).
"""

from __future__ import annotations

import json
import os
import shutil
import site
import sys
import sysconfig
from pathlib import Path
from typing import Any

import sphinx
from sphinx.application import Sphinx
from sphinx.util import logging, osutil

from nqsphinx.project_files import hard_link, listed_files, symlink_on_the_way
from nqsphinx.site import engine_files, staged_build
from nqsphinx.site.engine_files import SHARED_DIR

logger = logging.getLogger(__name__)
MANIFEST = "nq-output-manifest.json"
STARTED = "nq-output-started"
TEX_RUN = "made by the TeX run"
TEX_SUFFIXES = (
    ".aux",
    ".fdb_latexmk",
    ".fls",
    ".idx",
    ".ilg",
    ".ind",
    ".log",
    ".out",
    ".pdf",
    ".toc",
    ".xdv",
)
GENERATED = "generated"
#: Where the installed packages are: Sphinx's, Furo's and sphinx-design's assets come from there
#: (the environment's site-packages, and the folder Sphinx was imported from: a ``.pth`` file
#: may add another environment's).
PACKAGE_DIRS = tuple(
    Path(p).resolve()
    for p in {
        *site.getsitepackages(),
        *(sysconfig.get_paths()[k] for k in ("purelib", "platlib")),
        str(Path(sphinx.__file__).parents[1]),
    }
)
#: Packed from the output folder: deleted too when the folder held a refused file.
PACKED = ("*.epub",)

_ORIGINAL_COPYFILE = osutil.copyfile
#: (destination, source) of every copy Sphinx made in this process since the build started.
_COPIES: list[tuple[Path, Path]] = []


def _recording_copyfile(source: Any, dest: Any, *args: Any, **kwargs: Any) -> None:
    _COPIES.append((Path(os.path.abspath(dest)), Path(os.path.abspath(source))))
    _ORIGINAL_COPYFILE(source, dest, *args, **kwargs)


def install_recorder() -> None:
    """Wrap ``copyfile`` wherever Sphinx and the extensions took it (they import the name)."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("sphinx", "furo", "sphinx_design", "notfound", "sphinxcontrib"):
            if getattr(module, "copyfile", None) is _ORIGINAL_COPYFILE:
                module.copyfile = _recording_copyfile  # type: ignore[attr-defined]


def source_problem(source: Path, root: Path, print_pdfs: str = "", made: Path | None = None) -> str:
    """Why a copy of ``source`` may not be published ('' if it may): it must be a file of the
    project (known to git, reached through no symbolic link, with no other name; or a print PDF
    the build made, or a package installed from a lock file), of an installed Python package, or
    one the build made beside its doctrees (``made``: the diagrams converted from SVG for LaTeX)."""
    if any(source.resolve().is_relative_to(folder) for folder in PACKAGE_DIRS):
        return ""
    if made is not None and source.is_relative_to(made):
        link = symlink_on_the_way(source, made)
        return "" if link is None else f"{link} is a symbolic link"
    if print_pdfs and source.parent == Path(print_pdfs) and source.suffix == ".pdf":
        return "" if not source.is_symlink() else f"{source} is a symbolic link"
    if not source.is_relative_to(root):
        return f"{source} is not a file of the project"
    link = symlink_on_the_way(source, root)
    if link is not None:
        return f"{source.relative_to(root)}: {link.relative_to(root)} is a symbolic link"
    relative = source.relative_to(root)
    if "node_modules" not in relative.parts and (linked := hard_link(source)):
        return f"{relative} {linked}"
    listed = listed_files(root)
    if "node_modules" in relative.parts or listed is None or relative.as_posix() in listed:
        return ""
    return f"{relative} is not a file of the project (not known to git)"


def _manifest_path(app: Sphinx) -> Path:
    return Path(app.doctreedir) / MANIFEST


def _read_manifest(path: Path) -> dict[str, dict[str, Any]] | None:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def _clock(app: Sphinx) -> int:
    """Now, by the file system's clock (coarser than ``time.time_ns``: a file written just after
    would seem older): the time a marker file beside the doctrees is given."""
    marker = Path(app.doctreedir) / STARTED
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_bytes(b"")
    return marker.stat().st_mtime_ns


#: Builders whose output is a report, never published, which they open before
#: ``builder-inited`` (the doctest builder's ``output.txt``): no audit.
REPORTS = frozenset({"doctest", "linkcheck", "dummy"})


def _start(app: Sphinx) -> None:
    """When the builder starts, before any writer: an output folder with no manifest is emptied
    (its files would be unexplained)."""
    if app.builder.name in REPORTS:
        return
    install_recorder()
    _COPIES.clear()
    app.nq_audit_started = _clock(app)  # type: ignore[attr-defined]
    outdir = Path(app.outdir)
    if _read_manifest(_manifest_path(app)) is None and outdir.is_dir():
        for child in outdir.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()


def _next_build(app: Sphinx, *args: Any) -> None:
    """A further build of the same application (the resident builder): its own copies and
    clock.  (The first build keeps those of ``builder-inited``, whose writers come before.)"""
    if getattr(app, "nq_audited", False):
        _COPIES.clear()
        app.nq_audit_started = _clock(app)  # type: ignore[attr-defined]


def _stat(path: Path) -> dict[str, int]:
    stat = path.lstat()
    return {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


#: Files Sphinx moves (their time kept) to another name of the output: a moved file is judged
#: by its old name's entry.  After a change of the configuration, the HTML builder keeps the
#: last build's ``.buildinfo`` as ``.buildinfo.bak`` and rebuilds every page.
MOVED_BY_SPHINX = {".buildinfo.bak": (".buildinfo",)}


def _judge(
    path: Path, relative: str, copies: dict[Path, Path], old: dict[str, Any], context: Any
) -> tuple[dict[str, Any] | None, str]:
    """The manifest's entry for one output file, or why it is refused."""
    root, print_pdfs, started, made, tex_products = context
    if path.is_symlink():
        return None, f"a symbolic link (to {os.readlink(path)})"
    if path in copies:
        source = copies[path]
        problem = source_problem(source, root, print_pdfs, made)
        if problem:
            return None, f"a copy of {source}: {problem}"
        return {"source": str(source)} | _stat(path), ""
    if relative in tex_products:
        return {"source": TEX_RUN} | _stat(path), ""
    if path.lstat().st_mtime_ns >= started:
        return {"source": GENERATED} | _stat(path), ""
    for name in (relative, *MOVED_BY_SPHINX.get(relative, ())):
        earlier = old.get(name)
        if earlier is not None and {k: earlier.get(k) for k in ("size", "mtime_ns")} == _stat(path):
            return earlier, ""
    return None, "neither made by the build nor a copy of a file of the project"


def _tex_products(app: Sphinx) -> frozenset[str]:
    """What the TeX run after a LaTeX build (``make pdf``: latexmk in nqprint.tex_sandbox) writes
    beside the document: made after the build, judged at the next."""
    if app.builder.format != "latex":
        return frozenset()
    stems = {Path(str(document[1])).stem for document in app.config.latex_documents}
    return frozenset(f"{stem}{suffix}" for stem in stems for suffix in TEX_SUFFIXES)


def _pages(app: Sphinx) -> frozenset[str] | None:
    """The page of every source the project has now (None for a builder without pages)."""
    if app.builder.format != "html":
        return None
    return frozenset(app.builder.get_target_uri(doc) for doc in app.env.found_docs)


def stale_reason(entry: dict[str, Any], relative: str, pages: frozenset[str] | None) -> str:
    """Why a file an earlier build made is no longer the sources' output ('' while it is): its
    source was deleted (a static file, an image), or it is the page of a source no longer in the
    project. Sphinx writes what changed and leaves the rest: without this, a page or a static
    file a reverted pull request brought stayed published, in the archive and the worker's list."""
    source = str(entry.get("source", ""))
    if source not in (GENERATED, TEX_RUN, "") and not os.path.lexists(source):
        return f"its source {source} is gone"
    if source == GENERATED and pages is not None and relative.endswith(".html"):
        if relative not in pages:
            return "the page of no source any more"
    return ""


def remove_stale(
    outdir: Path, old: dict[str, Any], fresh: tuple[int, set[Path]], pages: frozenset[str] | None
) -> None:
    """Delete the files of earlier builds that the sources no longer make (see
    :func:`stale_reason`), and forget them: a removal, not a refusal."""
    started, copied = fresh
    for relative, entry in list(old.items()):
        path = outdir / relative
        if not path.is_file() or path.is_symlink() or path in copied:
            continue  # gone, refused below, or copied by this build (with its source's time)
        if path.lstat().st_mtime_ns >= started:
            continue  # written by this build
        reason = stale_reason(entry, relative, pages)
        if reason:
            logger.info("%s: removed (%s)", path, reason)
            path.unlink()
            del old[relative]


def audit(app: Sphinx, exception: Exception | None = None) -> list[str]:
    """Judge every file of the output folder; delete the refused ones and those no source makes
    any more; write the manifest."""
    outdir = Path(app.outdir).absolute()
    manifest = _manifest_path(app)
    old = _read_manifest(manifest) or {}
    copies = {dest: source for dest, source in _COPIES if dest.is_relative_to(outdir)}
    started = getattr(app, "nq_audit_started", 0)
    remove_stale(outdir, old, (started, set(copies)), _pages(app))
    project, made = Path(app.confdir).absolute(), Path(app.doctreedir).absolute()
    context = (project, str(app.config.nq_print_pdfs or ""), started, made, _tex_products(app))
    kept: dict[str, dict[str, Any]] = {}
    refused: list[str] = []
    for path in sorted(outdir.rglob("*")):
        if (path.is_dir() and not path.is_symlink()) or path.is_relative_to(made):
            continue  # a folder; the build's own doctrees (``make gettext`` keeps them inside)
        relative = path.relative_to(outdir).as_posix()
        entry, problem = _judge(path, relative, copies, old, context)
        if entry is None:
            refused.append(f"{path}: {problem}: deleted")
            path.unlink()
            refused += _delete_published_twin(outdir, relative)
        else:
            kept[relative] = entry
    if refused:
        for packed in (p for pattern in PACKED for p in outdir.glob(pattern)):
            refused.append(f"{packed}: packed from a folder that held a refused file: deleted")
            kept.pop(packed.name, None)
            packed.unlink()
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps(kept, indent=0, sort_keys=True), encoding="utf-8")
    for problem in refused:
        logger.error(problem, type="nq", subtype="output")
    return refused


def _delete_published_twin(outdir: Path, relative: str) -> list[str]:
    """The refused file's twin in the published site, deleted too when ``outdir`` is a staged
    copy: the failed build keeps the last good site, and a file planted there (by code run on
    the host) stayed published, every later build failing on it (attack round twenty-four)."""
    placed = staged_build.published(outdir)
    twin = placed / relative if placed else None
    if twin is None or not (twin.is_file() or twin.is_symlink()):
        return []
    twin.unlink()
    return [f"{twin}: the same file, in the published site: deleted"]


#: What ``make html`` writes beside the languages' sites (root page, worker, archive).
TOP_LEVEL = frozenset({"index.html", "nq-root.js", "sw.js", "noquarter-html.zip"})
#: The files of the sites' one engine, beside them (nqsphinx.site.engine_files), rewritten as they
#: should be by the root page, which follows this check.
ENGINE_NAMES = frozenset(engine_files.ENGINE_NAMES)


def audit_sites(site: Path, doctrees: Path) -> list[str]:
    """``make html``'s check before the root page lists the sites' files for the service worker
    and the archive packs them: each file of a language's site is in its build's manifest as it
    is now (no file came in after the audit of its build); anything else is deleted."""
    refused: list[str] = []
    for path in sorted(site.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue
        relative = path.relative_to(site)
        if len(relative.parts) == 1:
            if relative.name not in TOP_LEVEL or path.is_symlink():
                refused.append(f"{path}: not a file make html writes there: deleted")
                path.unlink()
            continue
        if relative.parts[0] == SHARED_DIR:  # the sites' one engine: root_page writes it again
            if len(relative.parts) != 2 or relative.name not in ENGINE_NAMES or path.is_symlink():
                refused.append(f"{path}: not a file of the engine: deleted")
                path.unlink()
            continue
        manifest = _read_manifest(doctrees / relative.parts[0] / MANIFEST)
        if manifest is None:
            refused.append(f"{path}: its site has no manifest (build it again)")
            continue
        entry = manifest.get(Path(*relative.parts[1:]).as_posix())
        stat = None if path.is_symlink() else _stat(path)
        if entry is None or {k: entry.get(k) for k in ("size", "mtime_ns")} != stat:
            refused.append(f"{path}: not as its build left it (its manifest): deleted")
            path.unlink()
    return refused


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m nqsphinx.site.output_audit SITE DOCTREES", file=sys.stderr)
        return 2
    refused = audit_sites(Path(argv[0]), Path(argv[1]))
    for problem in refused:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if refused else 0


def _finished(app: Sphinx, exception: Exception | None) -> None:
    if app.builder.name in REPORTS:
        return
    audit(app, exception)
    app.nq_audited = True  # type: ignore[attr-defined]


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _start, priority=1)
    app.connect("env-before-read-docs", _next_build, priority=1)
    app.connect("build-finished", _finished, priority=1000)  # after every other writer


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
