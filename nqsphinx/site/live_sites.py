"""The resident builder's sites (:mod:`nqsphinx.site.live`): each language's Sphinx application,
kept in a worker process of its own, and what a second build in one process must undo.

Sphinx and docutils register nodes, directives and catalogues process-wide, for one application:
two languages' applications in one process warned of each other's nodes (errors under ``-W``).
A worker is started by a fork of the builder (what it imported, the engine, is shared); it
builds when asked, answers with its problems and its CPU, and ends when its application failed
(an exception leaves it unusable): the next build starts a new one, from Sphinx's saved
environment.
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import itertools
import os
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nqsphinx.site import live_guard
from nqsphinx.upstream import patches
from nqsphinx.upstream.application import confdir, log_to, sphinx_app

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def first_line(error: BaseException) -> str:
    """An error on one line: its lines joined (a doctest's expected and got), at most 300
    characters; named by its class unless it is a failed check."""
    text = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
    text = text if len(text) <= 300 else text[:299] + "…"
    return text if isinstance(error, AssertionError) else f"{type(error).__name__}: {text}"


#: What a site's worker sends back for each build: its problems, its CPU seconds since its last
#: answer, and whether it stopped (its application failed: it cannot build again).
Built = tuple[list[str], float, bool]


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

    @property
    def folders(self) -> tuple[Path, Path]:
        """The published site and its doctrees (sphinx-build's OUTDIR and ``-d``)."""
        return Path(self.arguments[-1]), Path(self.arguments[self.arguments.index("-d") + 1])

    def staged_arguments(self) -> list[str]:
        """The arguments with the site and its doctrees replaced by their staged copies."""
        outdir, doctrees = self.folders
        found = [*self.arguments[:-1], str(live_guard.staged(outdir))]
        found[self.arguments.index("-d") + 1] = str(live_guard.staged(doctrees))
        return found

    def start(self) -> None:
        import multiprocessing

        for folder in self.folders:
            live_guard.stage(folder)
        context = multiprocessing.get_context("fork")  # the imports already made are shared
        self.channel, child = context.Pipe()
        self.worker = context.Process(
            target=_serve_builds,
            args=(self.staged_arguments(), child, self.profiles),
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

    def answer(self) -> tuple[list[str], float]:
        """The build's problems and CPU seconds (a stopped worker starts again at the next
        build, from Sphinx's saved environment)."""
        try:
            problems, cpu, stopped = self.channel.recv()
        except (EOFError, OSError):
            stopped, cpu = True, 0.0
            problems = [f"{self.name}: the builder stopped; it starts again at the next save"]
        if stopped:
            self.stop()
        return problems, cpu

    def stop(self, wait: float = 10) -> None:
        """End the worker: asked to, then killed after ``wait`` seconds."""
        if self.worker is not None:
            with contextlib.suppress(OSError):
                self.channel.send(None)  # its end of the pipe is also in the other workers
            self.channel.close()
            self.worker.join(timeout=wait)
            if self.worker.is_alive():
                self.worker.kill()
                self.worker.join(timeout=10)
        self.worker = self.channel = None

    def reset(self) -> None:
        """After a build with a problem: the worker ended, the staged copies dropped; the next
        build starts again from the published site."""
        self.stop()
        for folder in self.folders:
            live_guard.drop(folder)

    def publish(self) -> None:
        """The staged site and doctrees copied into place (every site built)."""
        for folder in self.folders:
            live_guard.publish(folder)


def _serve_builds(arguments: list[str], channel: Any, profiles: Path | None) -> None:
    """A site's worker: builds whenever asked, until its pipe closes or a build raises."""
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the builder's to handle: it stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the builder's handler (live.main)

    with patch_docutils(confdir(arguments)), docutils_namespace():  # as sphinx-build does
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
            now = time.process_time()
            stopped = failed or not reuses_application()
            built: Built = (problems, now - since, stopped)
            channel.send(built)
            since = now
            if stopped:
                return


def reuses_application() -> bool:
    """Whether a worker builds again with its application: only with the Sphinx that the
    resets of a second build were written for (patch ``second-build``); otherwise each worker
    makes one build and the next is forked anew, as fresh as ``sphinx-build``."""
    return "second-build" in patches.installed()


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

        self.warnings.seek(0)
        self.warnings.truncate()
        if self.app is not None:
            refused = self.check_sources(self.app) or self.check_catalogues(self.app)
            if refused:
                return refused, False
        try:
            if self.app is not None:
                patches.forget_page_catalogues(self.app)
                patches.forget_page_assets(self.app, self.assets)
                patches.forget_read_doctrees(self.app)
            else:
                self.app = sphinx_app(self.arguments, self.warnings)
                self.assets = (list(self.app.registry.js_files), list(self.app.registry.css_files))
                self.catalogues = catalogue_stamp(self.app)
            app = self.app
            log_to(app, self.warnings, fresh=True)
            app.build()
        except (Exception, SystemExit) as error:  # SystemExit: a catalogue refused at start
            category = getattr(error, "category", type(error).__name__)
            name = Path(self.arguments[-1]).name
            return [*self.warning_lines(), f"{name}: {category}: {first_line(error)}"], True
        problems = self.warning_lines()
        if app.statuscode and not problems:
            problems = [f"{Path(self.arguments[-1]).name}: the build failed"]
        return problems, False

    def check_sources(self, app: Sphinx) -> list[str]:
        """The checks of a build's start (``builder-inited``: symbolic and hard links among the
        sources, static files, drawings, code in the content) made again before each build, as
        each ``make html`` makes them: a refused source is named, and nothing is built."""
        from nqsphinx import content_code, project_files, svg_files

        log_to(app, self.warnings, fresh=False)
        checks = (
            content_code.check_content,
            project_files._check_static,
            project_files._check_links,
            svg_files.check_svgs,
        )
        try:
            for check in checks:
                check(app)
        except SystemExit:
            return self.warning_lines() or [f"{Path(self.arguments[-1]).name}: sources refused"]
        return self.warning_lines()

    def check_catalogues(self, app: Sphinx) -> list[str]:
        """The page catalogues' checks of a build's start (:mod:`nqsphinx.untrusted`), again
        when a catalogue changed: a refused one is named, one line each, and nothing is built."""

        from nqsphinx import untrusted

        stamp = catalogue_stamp(app)
        if stamp == self.catalogues:
            return []
        log_to(app, self.warnings, fresh=False)
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


def catalogue_stamp(app: Sphinx) -> frozenset[tuple[str, int, int]]:
    """Each page catalogue's name, modification time and size: whether one changed."""
    found = set()
    for folder in app.config.locale_dirs:
        for path in (app.srcdir / folder).rglob("*.po"):
            stat = path.stat()
            found.add((str(path), stat.st_mtime_ns, stat.st_size))
    return frozenset(found)
