"""The resident builder (``./dev live``): both sites rebuilt in about a second after each save.

``make html`` after one paragraph changes starts five Python processes (the page's examples, two
Sphinx builds, the root page, the archive), and most of their time is start-up: imports, the
extension's set-up, Sphinx's environment loaded.  This process starts once, keeps one Sphinx
application per language (the arguments of the Makefile's ``html-%`` rule, passed by ``make
live``), and on every change of the sources builds what ``make html`` builds, the same bytes:

- the worked examples of the changed pages (Sybil, configured by nqsphinx.page_examples);
- each language's site (``app.build()`` again: Sphinx reads the changed pages only);
- the root page, the service worker and the offline archive (its unchanged members are not
  compressed again).

A change of anything but a page or a page catalogue (the engine, the extension, the configuration,
the pages' data, templates and static files) starts the process again, as ``make`` starts new
processes.  A mistake in a page or a catalogue is
printed, one line each, and the builder waits for the next save.  With ``--serve PORT`` the built
sites are served on 127.0.0.1; Enter in the terminal rebuilds.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import os
import select
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from nqsphinx.site import archive, offline, root_page
from nqsphinx.site.engine_files import SHARED_DIR
from nqsphinx.site.live_examples import run_examples, shown
from nqsphinx.site.live_guard import publish, refused_inputs
from nqsphinx.site.live_sites import Site

#: The folders of the files whose changes a running builder follows (:func:`followed`).
FOLLOWED = ("docs", "locale")
#: Seconds between two looks at the inputs' modification times.
POLL = 0.3


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


def followed(path: Path, root: Path) -> bool:
    """Whether a running builder follows a change of ``path``: a page or one of its files under
    ``docs/`` (not its data, templates, static files or conftest.py, which parts of the extension
    read once per process), or a page's catalogue under ``locale/`` (not Sphinx's own words)."""
    if path.is_relative_to(root / "locale"):  # locale/<lang>/LC_MESSAGES/<page>.po
        inside = path.relative_to(root / "locale").parts
        page = root / "docs" / Path(*inside[2:]).with_suffix(".md")
        return len(inside) > 2 and path.suffix == ".po" and page.is_file()
    if not path.is_relative_to(root / "docs"):
        return False
    inside = path.relative_to(root / "docs").parts
    return not inside[0].startswith("_") and path.name != "conftest.py"


def needs_restart(changed: Sequence[Path], root: Path) -> list[Path]:
    """The changed files a running builder cannot follow: code, configuration, data, templates."""
    return [path for path in changed if not followed(path, root)]


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
PARENT_STEPS = ("examples", "publish", "root page", "archive")


@dataclass
class Live:
    """The sites of ``html`` (each language's sphinx-build arguments), kept built; ``inputs``:
    the files and folders it follows, checked as make checks them before each build."""

    html: Path
    sites: list[Site]
    docs: Path
    inputs: list[Path] = field(default_factory=list)
    packer: archive.Packer = field(default_factory=archive.Packer)

    def __post_init__(self) -> None:
        offline.remember_digests()

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
            done.problems += refused_inputs(self.inputs, Path.cwd().resolve())
            if not done.problems:
                pages = sorted(self.docs.rglob("*.md")) if changed is None else changed
                done.problems += run_examples(self.docs, pages)
        if done.problems:
            return done
        for site in self.sites:  # side by side, one process each
            site.ask()
        failed = []
        for site in self.sites:
            problems, done.cpu[site.name] = site.answer()
            done.problems += problems
            if problems:
                failed.append(site)
        for site in failed:  # its next build starts again from the published site
            site.reset()
        if done.problems:  # the sites that built stay staged, unpublished, as make html holds them
            return done
        with timed(done, "publish"):
            for site in self.sites:
                site.publish()
            publish(self.html / SHARED_DIR)
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

        def send_head(self) -> Any:
            """A path no file can have (a NUL byte: ``/%00``) is not found, not a traceback in
            the terminal where the build's messages are read (attacker round 24)."""
            try:
                return super().send_head()
            except ValueError:
                self.send_error(http.HTTPStatus.NOT_FOUND)
                return None

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
    says None (the end of standard input, in ``--manual`` mode). The project is the current
    folder, as for ``make``."""
    root = Path.cwd().resolve()
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
        if outside := needs_restart(changed, root):
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
    names = ", ".join(shown(p) for p in changed[:3])
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
    watched = args.watch.split() or FOLLOWED
    inputs = [Path(name).resolve() for name in watched]
    live = Live(args.html, sites, Path("docs"), inputs)
    signal.signal(signal.SIGTERM, _terminated)  # its workers end with it (the finally below)
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
        asked = _line_asked if args.manual else _enter_pressed
        watch(live, inputs, partial(_restart, sites), asked)
    except KeyboardInterrupt:  # Ctrl-C: a worker in the middle of a build is not waited for
        for site in sites:
            site.stop(wait=CTRL_C_WAIT)
        return 0
    except Terminated:
        for site in sites:
            site.stop(wait=0)
        return 128 + signal.SIGTERM
    finally:
        for site in sites:
            site.stop()
    return 0


#: Seconds an idle worker has to end after Ctrl-C (it ends at once): a busy one is then killed,
#: its staged site dropped, the published one untouched.
CTRL_C_WAIT = 1.0


class Terminated(Exception):
    """SIGTERM (``kill PID``): the builder stops, and its workers with it."""


def _terminated(signum: int, frame: Any) -> None:
    raise Terminated


if __name__ == "__main__":
    raise SystemExit(main())
