"""The resident builder (``./dev live``): both sites rebuilt in about a second after each save.

``make html`` after one paragraph changes starts five Python processes (the page's examples, two
Sphinx builds, the root page, the archive), and most of their time is start-up: imports, the
extension's set-up, Sphinx's environment loaded.  This process starts once, keeps one Sphinx
application per language (the arguments of the Makefile's ``html-%`` rule, passed by ``make
live``), and on every change of the sources builds what ``make html`` builds, the same bytes:

- the worked examples of the changed pages (Sybil, configured by docs/conftest.py);
- each language's site (``app.build()`` again: Sphinx reads the changed pages only);
- the root page, the service worker and the offline archive (its unchanged members are not
  compressed again).

A change outside ``docs/`` and ``locale/`` (the engine, the extension, the configuration) starts
the process again, as ``make`` would start new processes.  A mistake in a page or a catalogue is
printed, one line each, and the builder waits for the next save.  With ``--serve PORT`` the built
sites are served on 127.0.0.1; Enter in the terminal rebuilds.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gettext
import http.server
import importlib.util
import io
import itertools
import os
import select
import shlex
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nqsphinx.site import archive, root_page

if TYPE_CHECKING:
    from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[2]
#: The folders whose changes a running builder follows; any other input restarts it.
FOLLOWED = ("docs", "locale")
#: Seconds between two looks at the inputs' modification times.
POLL = 0.3


class LiveError(ValueError):
    """A mistake in the sources (a page, a catalogue, an example): one line each, printed."""


# --- what changed -------------------------------------------------------------------------------

Snapshot = dict[Path, int]


def snapshot(inputs: Sequence[Path]) -> Snapshot:
    """The modification time of every input file (the Makefile's INPUTS: folders and files)."""
    found: Snapshot = {}
    for path in inputs:
        if path.is_file():
            found[path] = path.stat().st_mtime_ns
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d not in ("_build", "__pycache__")]
            for name in files:
                if not name.endswith((".mo", ".pyc")):
                    file = Path(folder, name)
                    with contextlib.suppress(FileNotFoundError):
                        found[file] = file.stat().st_mtime_ns
    return found


def changes(before: Snapshot, after: Snapshot) -> list[Path]:
    """The files added, changed or removed between two snapshots, sorted."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def needs_restart(changed: Sequence[Path], root: Path) -> list[Path]:
    """The changed files a running builder cannot follow: code, configuration, engine data."""
    followed = [root / folder for folder in FOLLOWED]
    return [
        path
        for path in changed
        if not any(path.is_relative_to(folder) for folder in followed) or path.name == "conftest.py"
    ]


# --- the worked examples ------------------------------------------------------------------------


@dataclass
class Examples:
    """The book's worked examples, run as ``make verify-examples`` runs them, in this process."""

    docs: Path
    _conftest: Any = None

    def conftest(self) -> Any:
        """docs/conftest.py, the one place the examples' parsers are chosen."""
        if self._conftest is None:
            spec = importlib.util.spec_from_file_location(
                "nq_docs_conftest", self.docs / "conftest.py"
            )
            assert spec and spec.loader
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self._conftest = module
        return self._conftest

    def pages(self, changed: Sequence[Path]) -> list[Path]:
        sybil = self.conftest().BOOK_EXAMPLES
        return [p for p in changed if p.is_file() and p.suffix == ".md" and sybil.should_parse(p)]

    def run(self, pages: Sequence[Path]) -> list[str]:
        """The problems of ``pages``' examples, one line each: ``docs/page.md:LINE: what``."""
        conftest = self.conftest()
        problems: list[str] = list(conftest.unclosed_fences(pages))
        if problems:
            return problems
        for page in pages:
            problems += self._run_page(conftest.BOOK_EXAMPLES, page)
        return problems

    def _run_page(self, sybil: Any, page: Path) -> list[str]:
        where = _shown(page)
        try:
            document = sybil.parse(page)
        except Exception as error:  # a parser's complaint names the line itself
            return [f"{where}: {_first_line(error)}"]
        problems = []
        for example in document:
            try:
                example.evaluate()
            except Exception as error:  # Sybil's failure holds the doctest's expected and got
                detail = getattr(error, "result", None)
                said = _first_line(AssertionError(detail) if detail else error)
                problems.append(f"{where}:{example.line}: example failed: {said}")
        return problems


def _first_line(error: BaseException) -> str:
    """An error on one line: its lines joined (a doctest's expected and got), at most 300
    characters; named by its class unless it is a failed check."""
    text = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
    text = text if len(text) <= 300 else text[:299] + "…"
    return text if isinstance(error, AssertionError) else f"{type(error).__name__}: {text}"


def _shown(path: Path) -> str:
    with contextlib.suppress(ValueError):
        return path.resolve().relative_to(Path.cwd()).as_posix()
    return str(path)


# --- the sites ----------------------------------------------------------------------------------


#: What a site's worker sends back for each build: its problems and its CPU seconds.
Built = tuple[list[str], float]


@dataclass
class Site:
    """One language's site: its sphinx-build arguments and the worker process that keeps its
    Sphinx application.  Each language has a process of its own: Sphinx and docutils register
    nodes, directives and catalogues process-wide, for one application."""

    arguments: list[str]
    profiles: Path | None = None  # where each build's CPU profile goes (``--profile``)
    worker: Any = None  # multiprocessing's process
    channel: Any = None  # its end of the pipe

    @property
    def name(self) -> str:
        return Path(self.arguments[-1]).name

    def start(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")  # the imports already made are shared
        self.channel, child = context.Pipe()
        self.worker = context.Process(
            target=_serve_builds,
            args=(self.arguments, child, self.profiles),
            name=self.name,
            daemon=True,
        )
        self.worker.start()
        child.close()

    def ask(self) -> None:
        """Start a build (the worker builds while the caller asks the other languages)."""
        if self.worker is None or not self.worker.is_alive():
            self.start()
        self.channel.send("build")

    def answer(self) -> Built:
        """The build's problems (a failed worker is started again at the next build)."""
        try:
            problems, cpu = self.channel.recv()
        except (EOFError, OSError):
            self.stop()
            return [f"{self.name}: the builder stopped; it starts again at the next save"], 0.0
        if problems and problems[-1].startswith(RESTART_MARK):
            self.stop()
            problems[-1] = problems[-1].removeprefix(RESTART_MARK)
        return problems, cpu

    def stop(self) -> None:
        if self.worker is not None:
            with contextlib.suppress(OSError):
                self.channel.send(None)  # its end of the pipe is also in the other workers
            self.channel.close()
            self.worker.join(timeout=10)
            if self.worker.is_alive():
                self.worker.kill()
        self.worker = self.channel = None


#: The last problem of a build after which the worker stops (its application is not reusable).
RESTART_MARK = "\0restart\0"


def _serve_builds(arguments: list[str], channel: Any, profiles: Path | None) -> None:
    """A site's worker: builds whenever asked, until its pipe closes or a build raises."""
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    with patch_docutils(Path(".")), docutils_namespace():
        builder = SiteBuilder(arguments)
        since = time.process_time()  # the worker's CPU from one answer to the next, all of it
        for count in itertools.count():
            try:
                if channel.recv() is None:
                    return
            except (EOFError, OSError):
                return
            if profiles is None:
                problems, failed = builder.build()
            else:
                profile = cProfile.Profile(time.process_time)
                problems, failed = profile.runcall(builder.build)
                profiles.mkdir(parents=True, exist_ok=True)
                profile.dump_stats(profiles / f"{Path(arguments[-1]).name}-{count}.prof")
            if failed:
                problems[-1] = RESTART_MARK + problems[-1]
            now = time.process_time()
            channel.send((problems, now - since))
            since = now
            if failed:
                return


@dataclass
class SiteBuilder:
    """The resident Sphinx application of one language (made at its first build)."""

    arguments: list[str]
    warnings: io.StringIO = field(default_factory=io.StringIO)
    app: Sphinx | None = None
    #: The scripts and stylesheets of every page, as the extensions' set-up registered them.
    assets: tuple[list[Any], list[Any]] = ([], [])
    #: The page catalogues as last checked (:func:`catalogue_stamp`).
    catalogues: frozenset[tuple[str, int, int]] = frozenset()

    def build(self) -> tuple[list[str], bool]:
        """Build again: the warnings (``-W`` makes them errors), one line each, and whether the
        application failed (an exception: it cannot build again)."""
        from sphinx.util import logging as sphinx_logging

        self.warnings.seek(0)
        self.warnings.truncate()
        if self.app is not None:
            refused = self.check_catalogues(self.app)
            if refused:
                return refused, False
        try:
            if self.app is not None:
                forget_page_catalogues(self.app)
                forget_page_assets(self.app, self.assets)
            else:
                self.app = sphinx_app(self.arguments, self.warnings)
                self.assets = (list(self.app.registry.js_files), list(self.app.registry.css_files))
                self.catalogues = catalogue_stamp(self.app)
            app = self.app
            sphinx_logging.setup(app, app._status, self.warnings, verbosity=app.verbosity)
            app._warncount, app.statuscode = 0, 0
            app.build()
        except (Exception, SystemExit) as error:  # SystemExit: a catalogue refused at start
            category = getattr(error, "category", type(error).__name__)
            name = Path(self.arguments[-1]).name
            return [*self.warning_lines(), f"{name}: {category}: {_first_line(error)}"], True
        problems = self.warning_lines()
        if app.statuscode and not problems:
            problems = [f"{Path(self.arguments[-1]).name}: the build failed"]
        return problems, False

    def check_catalogues(self, app: Sphinx) -> list[str]:
        """The page catalogues' checks of a build's start (:mod:`nqsphinx.untrusted`), again
        when a catalogue changed: a refused one is named, one line each, and nothing is built."""
        from sphinx.util import logging as sphinx_logging

        from nqsphinx import untrusted

        stamp = catalogue_stamp(app)
        if stamp == self.catalogues:
            return []
        sphinx_logging.setup(app, app._status, self.warnings, verbosity=app.verbosity)
        try:
            untrusted.check_catalogues(app)
        except SystemExit:
            return self.warning_lines() or [f"{Path(self.arguments[-1]).name}: catalogue refused"]
        self.catalogues = stamp
        return []

    def warning_lines(self) -> list[str]:
        from sphinx.util.console import strip_colors

        text = strip_colors(self.warnings.getvalue())
        here = f"{Path.cwd()}{os.sep}"  # the files named as make names them
        return [line.removeprefix(here) for line in text.splitlines() if line.strip()]


def sphinx_app(arguments: Sequence[str], warning: io.StringIO) -> Sphinx:
    """The application ``sphinx-build ARGUMENTS`` makes (Sphinx's own parsing of them)."""
    from sphinx.application import Sphinx
    from sphinx.cmd import build

    parser = build.get_parser()
    args = build._parse_arguments(parser, list(arguments))
    confdir = build._parse_confdir(args.noconfig, args.confdir, args.sourcedir)
    overrides = build._parse_confoverrides(parser, args.define, args.htmldefine, args.nitpicky)
    return Sphinx(
        srcdir=args.sourcedir,
        confdir=confdir,
        outdir=args.outputdir,
        doctreedir=build._parse_doctreedir(args.doctreedir, args.outputdir),
        buildername=args.builder,
        confoverrides=overrides,
        status=None,
        warning=warning,
        freshenv=args.freshenv,
        warningiserror=args.warningiserror,
        tags=args.tags,
        verbosity=args.verbosity,
        parallel=args.jobs,
        keep_going=False,
        pdb=False,
        exception_on_warning=args.exception_on_warning,
    )


def catalogue_stamp(app: Sphinx) -> frozenset[tuple[str, int, int]]:
    """Each page catalogue's name, modification time and size: whether one changed."""
    found = set()
    for folder in app.config.locale_dirs:
        for path in (app.srcdir / folder).rglob("*.po"):
            stat = path.stat()
            found.add((str(path), stat.st_mtime_ns, stat.st_size))
    return frozenset(found)


def forget_page_catalogues(app: Sphinx) -> None:
    """Python and Sphinx keep each page catalogue they loaded, by file name, for the process's
    life: a catalogue compiled again after a translator's save must be read again."""
    from sphinx import locale as sphinx_locale

    folders = tuple(str((app.srcdir / d).resolve()) for d in app.config.locale_dirs)
    cached: dict[tuple[Any, str], Any] = gettext._translations  # type: ignore[attr-defined]
    for key in [k for k in cached if str(k[1]).startswith(folders)]:
        del cached[key]
    for key in [k for k in sphinx_locale.translators if k[1] != "sphinx"]:
        del sphinx_locale.translators[key]


def forget_page_assets(app: Sphinx, assets: tuple[list[Any], list[Any]]) -> None:
    """The scripts and stylesheets of every page as the extensions' set-up left them.

    A page's own file (the search page's ``nq-search-snippets.js``), added while the page is
    written (``app.add_js_file`` in ``html-page-context``), also goes to the list Sphinx 9.0.4
    gives every page at the start of a build, and stays in its copy after the last page: every
    page of the next build in the same process loaded it."""
    builder: Any = app.builder
    app.registry.js_files[:], app.registry.css_files[:] = assets[0], assets[1]
    if hasattr(builder, "_orig_js_files"):
        builder._js_files[:] = builder._orig_js_files
        builder._css_files[:] = builder._orig_css_files


# --- the builder --------------------------------------------------------------------------------


@dataclass
class Rebuild:
    """What one rebuild did: its CPU seconds by step, and the problems found (none: published)."""

    cpu: dict[str, float] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(self.cpu.values())

    def summary(self) -> str:
        steps = ", ".join(f"{name} {seconds:.2f}" for name, seconds in self.cpu.items())
        verdict = (
            "built" if not self.problems else f"{len(self.problems)} problem(s), not published"
        )
        return f"{verdict} in {self.total:.2f} s CPU ({steps})"


@contextlib.contextmanager
def timed(rebuild: Rebuild, step: str) -> Iterator[None]:
    started = time.process_time()
    try:
        yield
    finally:
        rebuild.cpu[step] = rebuild.cpu.get(step, 0.0) + time.process_time() - started


#: The steps of a rebuild made by this process (the sites are built by their workers).
PARENT_STEPS = ("examples", "root page", "archive")


@dataclass
class Live:
    """The sites of ``html`` (each language's sphinx-build arguments), kept built."""

    html: Path
    sites: list[Site]
    docs: Path
    packer: archive.Packer = field(default_factory=archive.Packer)

    def __post_init__(self) -> None:
        self.examples = Examples(self.docs)

    def rebuild(self, changed: Sequence[Path] | None, done: Rebuild | None = None) -> Rebuild:
        """Build after ``changed`` files (None: the first build, every example); ``done``: what
        the rebuild has cost so far (finding the changes)."""
        done = done or Rebuild()
        started = time.process_time()
        try:
            return self._rebuild(changed, done)
        finally:  # this process's CPU outside the steps: asking the workers, waiting
            steps = sum(done.cpu.get(name, 0.0) for name in PARENT_STEPS)
            done.cpu["other"] = max(0.0, time.process_time() - started - steps)

    def _rebuild(self, changed: Sequence[Path] | None, done: Rebuild) -> Rebuild:
        with timed(done, "examples"):
            pages = (
                sorted(self.docs.glob("*.md")) if changed is None else self.examples.pages(changed)
            )
            done.problems += self.examples.run(pages)
        if done.problems:
            return done
        for site in self.sites:  # side by side, one process each
            site.ask()
        for site in self.sites:
            problems, done.cpu[site.name] = site.answer()
            done.problems += problems
        if done.problems:
            return done
        with timed(done, "root page"):
            root_page.write_root(self.html)
        with timed(done, "archive"):
            archive.archive_all(self.html, self.packer)
        return done


def serve(html: Path, port: int) -> http.server.ThreadingHTTPServer:
    """The built sites on http://127.0.0.1:PORT/, in a thread, without a request log."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), partial(Quiet, directory=str(html))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _enter_pressed(timeout: float = POLL) -> bool:
    """Whether a line came on standard input within ``timeout`` seconds (a rebuild asked for)."""
    try:
        ready, _, _ = select.select([sys.stdin], [], [], timeout)
    except (ValueError, OSError):  # no terminal: only the clock
        time.sleep(timeout)
        return False
    if ready and not sys.stdin.readline():  # end of input: never ready again
        sys.stdin.close()
        time.sleep(timeout)
        return False
    return bool(ready)


def watch(
    live: Live,
    inputs: Sequence[Path],
    restart: Callable[[list[Path]], None],
    asked: Callable[[], bool | None],
) -> None:
    """Build, then build again whenever ``asked`` says so or ``inputs`` changed, until ``asked``
    says None (the end of standard input, in ``--manual`` mode)."""
    before = snapshot(inputs)
    report(live.rebuild(None))
    while (ask := asked()) is not None:
        done = Rebuild()
        with timed(done, "changes"):
            after = snapshot(inputs)
            changed = changes(before, after)
        if not changed and not ask:
            continue
        before = after
        if outside := needs_restart(changed, ROOT):
            restart(outside)
        report(live.rebuild(changed, done))


def _line_asked() -> bool | None:
    """``--manual``: a build at each line of standard input, none at its end."""
    return True if sys.stdin.readline() else None


def report(rebuild: Rebuild) -> None:
    for problem in rebuild.problems:
        print(f"error: {problem}", file=sys.stderr)
    print(rebuild.summary(), flush=True)


def _restart(sites: Sequence[Site], changed: list[Path]) -> None:
    for site in sites:
        site.stop()
    names = ", ".join(_shown(p) for p in changed[:3])
    print(f"restart: {names} changed (the builder reads it at start-up)", flush=True)
    os.execv(sys.executable, [sys.executable, "-m", "nqsphinx.site.live", *sys.argv[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqsphinx.site.live",
        description="Rebuild both sites, their examples and archive after every save.",
    )
    parser.add_argument("html", type=Path, help="the folder of the sites (_build/html)")
    parser.add_argument(
        "--site",
        action="append",
        required=True,
        help="one language's sphinx-build arguments, in one string (make live passes them)",
    )
    parser.add_argument(
        "--watch", default="", help="the inputs followed: folders and files (make's INPUTS)"
    )
    parser.add_argument("--serve", type=int, metavar="PORT", help="serve on 127.0.0.1:PORT")
    parser.add_argument("--once", action="store_true", help="build once, then stop")
    parser.add_argument(
        "--manual",
        action="store_true",
        help="look for changes at each line of standard input only (tests, benchmarks)",
    )
    parser.add_argument(
        "--profile", type=Path, metavar="DIR", help="each build's CPU profile, per language"
    )
    args = parser.parse_args(argv)
    sites = [Site(shlex.split(arguments), args.profile) for arguments in args.site]
    live = Live(args.html, sites, Path("docs"))
    try:
        if args.once:
            done = live.rebuild(None)
            report(done)
            return 1 if done.problems else 0
        for site in sites:  # before the server's thread: a fork copies only the caller's
            site.start()
        if args.serve:
            serve(args.html, args.serve)
            print(f"serving http://127.0.0.1:{args.serve}/", flush=True)
        watched = args.watch.split() or FOLLOWED
        inputs = [Path(name).resolve() for name in watched]
        asked = _line_asked if args.manual else _enter_pressed
        watch(live, inputs, partial(_restart, sites), asked)
    except KeyboardInterrupt:
        return 0
    finally:
        for site in sites:
            site.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
