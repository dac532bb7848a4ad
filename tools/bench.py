"""Benchmarks of the pipeline (`make bench`): medians over repeated runs, CPU time, peak memory.

Everything runs in a scratch copy of the project (tools/scratch.py), never in the working
tree. Figures: a clean build of both sites against a plain Sphinx build of the same sources
(tools/plain_sphinx: no nqsphinx, no sphinx_design, our directives render nothing); an
incremental rebuild of both sites after one paragraph changes, by ``make html`` and by the
resident builder (``make live``: the CPU of its own processes, by step); both PDFs; the engine
(import, full export, every generated table); the whole test suite; the whole build (sites and PDFs)
without network; and Lighthouse's accessibility, best-practices and SEO scores of the built site
(tools/lighthouse/). Then the weight of the built pages (``pages``): per page of both sites, the
HTML and the stylesheets, scripts, images and fonts it loads, each counted once and gzipped as a
web server sends them, and the number of requests; the median against the goals (60 KB, 12
requests) and any request that would leave the site. These are measurements, not timed tests: a
goal missed is reported, not failed.

    python tools/bench.py [--repeat N] [--only NAME ...] [--markdown] [--keep]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nqsphinx.site.engine_files import STARTING_NAMES  # noqa: E402
from tools import bench_causes, bench_first_answer  # noqa: E402
from tools.lighthouse import audit as lighthouse  # noqa: E402
from tools.scratch import copy_project, init_git, offline, scratch_env  # noqa: E402

PYTHON = sys.executable
PAGE = "docs/magic.md"  # the chapter whose paragraph the incremental rebuild changes


@dataclass
class Sample:
    seconds: float
    cpu: float
    peak_kb: int
    failed: bool = False  # the command reported failures it was allowed to (tests)
    steps: str = ""  # the resident builder's CPU by step ("en 0.17, fr 0.20, ...")


@dataclass
class Result:
    name: str
    title: str
    samples: list[Sample] = field(default_factory=list)
    goal: str = ""
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(s.seconds for s in self.samples)

    def row(self) -> tuple[str, ...]:
        if not self.samples:
            return (self.title, "-", "-", "-", "-", self.goal, self.note)
        best = min(s.seconds for s in self.samples)
        cpu = statistics.median(s.cpu for s in self.samples)
        peak = max(s.peak_kb for s in self.samples) / 1024
        return (
            self.title,
            _secs(self.median),
            _secs(best),
            _secs(cpu),
            f"{peak:.0f} MB",
            self.goal,
            self.note,
        )


def _secs(value: float) -> str:
    return f"{value:.2f} s" if value < 10 else f"{value:.0f} s"


class BenchError(RuntimeError):
    """A benchmarked command failed: the message holds its command and the end of its log."""


class BenchSkipped(RuntimeError):
    """What a benchmark needs is missing here (the message says what): reported, not failed."""


def measure(
    commands: Sequence[Sequence[str]],
    cwd: Path,
    prefix: Sequence[str] = (),
    allowed: tuple[int, ...] = (0,),
) -> Sample:
    """Run the commands at once and wait for all: wall time, CPU time of all of them and their
    children, and the peak resident memory of the largest process. An exit code outside
    ``allowed`` is an error."""
    env = bench_env(cwd)
    logs, running = [], []
    started = time.perf_counter()
    for command in commands:
        log = tempfile.TemporaryFile()
        logs.append(log)
        running.append(
            subprocess.Popen(
                [*prefix, *command], cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        )
    cpu, peak, failed, allowed_failure = 0.0, 0, [], False
    for command, process, log in zip(commands, running, logs, strict=True):
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        cpu += usage.ru_utime + usage.ru_stime
        peak = max(peak, usage.ru_maxrss)
        allowed_failure |= process.returncode != 0 and process.returncode in allowed
        if process.returncode not in allowed:
            log.seek(0)
            tail = log.read().decode(errors="replace")[-3000:]
            failed.append(f"$ {' '.join(command)} (exit {process.returncode})\n{tail}")
        log.close()
    seconds = time.perf_counter() - started
    if failed:
        raise BenchError("\n".join(failed))
    return Sample(seconds, cpu, peak, allowed_failure)


def bench_env(cwd: Path) -> dict[str, str]:
    """The scratch copy's environment, with Python's bytecode cache as a checkout has it: a
    shell that sets PYTHONDONTWRITEBYTECODE made every build compile the project's modules."""
    env = scratch_env(cwd)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def measure_inside(code: str, cwd: Path) -> Sample:
    """Run Python ``code`` that prints the seconds it timed itself (no interpreter start-up)."""
    env = bench_env(cwd)
    process = subprocess.Popen(
        [PYTHON, "-c", code],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, status, usage = os.wait4(process.pid, 0)
    assert process.stdout and process.stderr
    out, err = process.stdout.read(), process.stderr.read()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise BenchError(f"$ python -c {code!r}\n{err[-3000:]}")
    return Sample(float(out.split()[-1]), usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


# --- the benchmarks -----------------------------------------------------------------------------


def clean(copy: Path) -> None:
    """A clean state: no build output and no compiled catalogue (as after a fresh checkout)."""
    shutil.rmtree(copy / "_build", ignore_errors=True)
    for compiled in copy.rglob("*.mo"):
        compiled.unlink()


def _make(copy: Path, *targets: str) -> list[list[str]]:
    return [
        [
            "make",
            "--no-print-directory",
            "-j2",
            *targets,
            f"BUILD={copy / '_build'}",
            f"PYTHON={PYTHON}",
        ]
    ]


def plain_html(copy: Path, lang: str = "en") -> list[list[str]]:
    language = (
        ["-D", "language=fr", "-D", f"locale_dirs={copy / 'locale'}", "-D", "gettext_compact=0"]
        if lang == "fr"
        else []
    )
    return [
        [
            PYTHON,
            "-m",
            "sphinx",
            "-q",
            "-b",
            "html",
            "-c",
            str(copy / "tools" / "plain_sphinx"),
            *language,
            "-d",
            str(copy / "_build" / "plain" / "doctrees"),
            str(copy / "docs"),
            str(copy / "_build" / "plain" / "html"),
        ]
    ]


def changed_paragraph(copy: Path) -> tuple[Path, str, str]:
    """The page, its text, and its text with one prose paragraph changed."""
    page = copy / PAGE
    text = page.read_text(encoding="utf-8")
    match = re.search(r"^[A-Z][^\n]{40,}$", text, re.M)
    if not match:
        raise BenchError(f"{PAGE}: no prose paragraph to change")
    changed = (
        text[: match.end()] + " This sentence was added by the benchmark." + text[match.end() :]
    )
    return page, text, changed


@dataclass
class Bench:
    name: str
    title: str
    run: Callable[[Path], Sample]
    repeat: int | None = None  # None: the --repeat of the command line
    goal: str = ""


def _clean_then(commands: Callable[[Path], list[list[str]]]) -> Callable[[Path], Sample]:
    def run(copy: Path) -> Sample:
        clean(copy)
        return measure(commands(copy), copy)

    return run


def _incremental(copy: Path) -> Sample:
    page, text, changed = changed_paragraph(copy)
    page.write_text(text, encoding="utf-8")
    measure(_make(copy, "html"), copy)  # up to date with the original text (not timed)
    page.write_text(changed, encoding="utf-8")
    try:
        return measure(_make(copy, "html"), copy)
    finally:
        page.write_text(text, encoding="utf-8")


class LiveBuilder:
    """``make live LIVE_ARGS=--manual`` in the copy (nqsphinx/site/live.py): a line on its
    standard input asks for a rebuild; it answers with its summary, the CPU of the rebuild in
    its own processes (``time.process_time``: the builder and its two Sphinx workers)."""

    SUMMARY = re.compile(r"^built in ([\d.]+) s CPU \((.*)\)$")

    def __init__(self, copy: Path) -> None:
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [*_make(copy, "live")[0], "LIVE_ARGS=--manual"],
            cwd=copy,
            env=bench_env(copy),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        self.answer()  # the first build, not timed

    def answer(self) -> tuple[float, str]:
        """The CPU seconds and steps of the build under way."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(("built in", "restart:")) or "problem(s)" in line:
                found = self.SUMMARY.match(line.strip())
                if not found:
                    self.log.seek(0)
                    errors = self.log.read().decode(errors="replace")[-3000:]
                    raise BenchError(f"$ make live: {line.strip()}\n{errors}")
                return float(found[1]), found[2]
        self.process.wait()
        self.log.seek(0)
        raise BenchError(
            f"$ make live (exit {self.process.returncode})\n{self.log.read()[-3000:]!r}"
        )

    def rebuild(self) -> Sample:
        assert self.process.stdin is not None
        started = time.perf_counter()
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        cpu, steps = self.answer()
        return Sample(time.perf_counter() - started, cpu, 0, steps=steps)

    def stop(self) -> int:
        """Ends the builder; the peak memory of its largest process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        _, _, usage = os.wait4(self.process.pid, 0)
        self.log.close()
        return usage.ru_maxrss


def _live(change: bool) -> Callable[[Path], Sample]:
    """One rebuild of the resident builder after one paragraph changes (``change``) or with
    nothing changed; its first build is not timed."""

    def run(copy: Path) -> Sample:
        page, text, changed = changed_paragraph(copy)
        page.write_text(text, encoding="utf-8")
        builder = LiveBuilder(copy)
        try:
            if change:
                page.write_text(changed, encoding="utf-8")
            sample = builder.rebuild()
        finally:
            page.write_text(text, encoding="utf-8")  # the next run's first build reads it back
            peak = builder.stop()
        sample.peak_kb = peak
        return sample

    return run


#: The phases of a Sphinx build in its profile: (function, file ending), what it is, why.
SPHINX_PHASES = (
    (
        "__init__",
        "sphinx/application.py",
        "start-up",
        "Python, Sphinx, MyST, Furo and the extension imported and set up, the environment loaded",
    ),
    ("read", "sphinx/builders/__init__.py", "reading", "the changed page parsed (and translated)"),
    (
        "write",
        "sphinx/builders/__init__.py",
        "writing",
        "the changed page, its toctree parents, coverage and glossary pages",
    ),
    (
        "finish",
        "sphinx/builders/html/__init__.py",
        "finishing",
        "index pages, search index, static files, bundles, offline files",
    ),
)


def _steps(copy: Path) -> list[list[str]]:
    """The commands ``make html`` runs now (``make -n``), continuation lines joined."""
    dry = subprocess.run(
        [*_make(copy, "html")[0], "-n"],
        cwd=copy,
        env=bench_env(copy),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = dry.replace("\\\n", " ").splitlines()
    return [line.split() for line in lines if line.split()[:1] not in (["mkdir"], ["touch"], [])]


#: Sphinx under cProfile timed in CPU time (a busy machine would stretch wall-clock times):
#: ``python -c PROFILED <profile file> <sphinx-build arguments>``.
PROFILED = """\
import cProfile, runpy, sys, time
out, sys.argv = sys.argv[1], ["sphinx-build", *sys.argv[2:]]
profile = cProfile.Profile(time.process_time)
try:
    profile.runcall(runpy.run_module, "sphinx", run_name="__main__")
except SystemExit as stop:
    if stop.code:
        raise
finally:
    profile.dump_stats(out)"""


def _phases(profile: Path, cpu: float) -> list[tuple[str, float, str]]:
    """The Sphinx build's phases, their share of its profile applied to its CPU time."""
    import pstats

    stats = pstats.Stats(str(profile)).stats  # type: ignore[attr-defined]
    total = max(t[3] for t in stats.values())
    found = []
    for function, ending, what, why in SPHINX_PHASES:
        cumulative = max(
            (t[3] for (f, _, name), t in stats.items() if name == function and f.endswith(ending)),
            default=0.0,
        )
        found.append((what, cpu * cumulative / total, why))
    rest = cpu - sum(seconds for _, seconds, _ in found)
    return [("imports of sphinx-build itself", rest, "before the application starts"), *found]


#: The other commands of ``make html``, by the module they run: what they are, why they run.
OTHER_STEPS = {
    "pytest": (
        "the changed page's worked examples (pytest)",
        "every example is run against the engine before anything is published",
    ),
    "nqsphinx.site.root_page": ("the root page and service worker", "a Python start-up of its own"),
    "nqsphinx.site.archive": (
        "the offline archive of both sites",
        "zipped again whole, a Python start-up of its own",
    ),
}


def incremental_breakdown(copy: Path) -> list[tuple[str, float, str]]:
    """After one paragraph changes: each command of ``make html`` on its own, its CPU time, and
    for the Sphinx builds the share of each phase (from a profile of the same rebuild again)."""
    page, text, changed = changed_paragraph(copy)
    rows: list[tuple[str, float, str]] = []
    try:
        page.write_text(text, encoding="utf-8")
        measure(_make(copy, "html"), copy)
        page.write_text(changed, encoding="utf-8")
        for step in _steps(copy):
            sample = measure([step], copy)
            if step[0] != "sphinx-build":
                module = step[2] if step[1:2] == ["-m"] else step[0]
                what, why = OTHER_STEPS.get(module, (" ".join(step[:3]), ""))
                rows.append((what, sample.cpu, why))
                continue
            lang = "French" if "language=fr" in step else "English"
            profile = copy / "_build" / f"bench-{lang}.prof"
            time.sleep(0.01)
            page.write_text(changed, encoding="utf-8")  # newer: the same rebuild, profiled
            measure([[PYTHON, "-c", PROFILED, str(profile), *step[1:]]], copy)
            rows += [
                (f"{lang} Sphinx: {what}", seconds, why)
                for what, seconds, why in _phases(profile, sample.cpu)
            ]
    finally:
        page.write_text(text, encoding="utf-8")
    return rows


def breakdown_report(rows: list[tuple[str, float, str]], goal: float) -> str:
    """The table of causes: CPU seconds, share, what and why; the largest first."""
    total = sum(seconds for _, seconds, _ in rows)
    lines = [
        f"What is left of the one-paragraph rebuild ({total:.2f} s CPU, the commands run "
        f"one at a time; goal {goal:.1f} s), by cause, from a profile of each Sphinx "
        "build:"
    ]
    for what, seconds, why in sorted(rows, key=lambda row: -row[1]):
        lines.append(
            f"  {seconds:5.2f} s  {seconds / total:4.0%}  {what}" + (f": {why}" if why else "")
        )
    return "\n".join(lines)


def _unchanged(copy: Path) -> Sample:
    measure(_make(copy, "html"), copy)  # up to date (not timed)
    return measure(_make(copy, "html"), copy)


def _offline(copy: Path) -> Sample:
    clean(copy)
    sample = measure(_make(copy, "all"), copy, prefix=offline().prefix)
    for pdf in ("noquarter-en.pdf", "noquarter-fr.pdf"):
        if not (copy / "_build" / "pdf" / pdf).is_file():
            raise BenchError(f"offline build made no {pdf}")
    return sample


def _engine(code: str) -> Callable[[Path], Sample]:
    timed = f"import time\nt = time.perf_counter()\n{code}\nprint(time.perf_counter() - t)"
    return lambda copy: measure_inside(timed, copy)


#: The pages Lighthouse audits in each language: the home page and one chapter.
LIGHTHOUSE_PAGES = ("index.html", "magic.html")
CATEGORY_NAMES = {
    "accessibility": "Accessibility",
    "best-practices": "Best practices",
    "seo": "SEO",
}


def _goal(category: str) -> str:
    goal = lighthouse.GOALS[category]
    return str(goal) if goal == 100 else f"≥ {goal}"


class LighthouseBench:
    """Lighthouse on the home page and magic.html of each language, mobile and desktop, on the
    scratch copy's site served on 127.0.0.1. The time is that of the audits; the scores are
    printed as a table of their own (`scores`)."""

    def __init__(self) -> None:
        self.reports: list[tuple[str, lighthouse.Report]] = []  # (page, report)

    def __call__(self, copy: Path) -> Sample:
        reason = lighthouse.missing()
        if reason:
            raise BenchSkipped(reason)
        measure(_make(copy, "html"), copy)  # the site, up to date (not timed)
        self.reports.clear()
        samples = []
        with (
            lighthouse.serve(copy / "_build" / "html") as base,
            tempfile.TemporaryDirectory(prefix="nq-lighthouse-") as scratch,
        ):
            for lang in ("en", "fr"):
                for page in LIGHTHOUSE_PAGES:
                    for form_factor in lighthouse.FORM_FACTORS:
                        out = Path(scratch) / f"{lang}-{page}-{form_factor}.json"
                        profile = Path(tempfile.mkdtemp(prefix="profile-", dir=scratch))
                        url = f"{base}/{lang}/{page}"
                        samples.append(
                            measure(
                                [lighthouse.command(url, form_factor, out, profile)],
                                copy,
                                prefix=("env", f"CHROME_PATH={lighthouse.CHROMIUM}"),
                            )
                        )
                        report = lighthouse.parse(json.loads(out.read_text()), form_factor)
                        self.reports.append((f"{lang}/{page}", report))
        return Sample(
            sum(s.seconds for s in samples),
            sum(s.cpu for s in samples),
            max(s.peak_kb for s in samples),
        )

    def summary(self) -> str:
        missed = sum(len(report.missed()) for _, report in self.reports)
        scores = len(self.reports) * len(lighthouse.CATEGORIES)
        return "goals met" if not missed else f"{missed} of {scores} scores below goal"

    def scores(self, markdown: bool) -> str:
        """Each score against its goal, then the audits that fail where a goal is missed."""
        version = self.reports[0][1].version if self.reports else "?"
        chromium = subprocess.run(
            [lighthouse.CHROMIUM, "--version"], capture_output=True, text=True
        ).stdout.strip()
        goals = ", ".join(f"{CATEGORY_NAMES[c]} {_goal(c)}" for c in lighthouse.CATEGORIES)
        header = ("Page", "Form factor", *(CATEGORY_NAMES[c] for c in lighthouse.CATEGORIES))
        rows = [
            (
                page,
                report.form_factor,
                *(
                    f"{report.scores[c]}" + (" missed" if c in report.missed() else "")
                    for c in lighthouse.CATEGORIES
                ),
            )
            for page, report in self.reports
        ]
        lines = [
            f"Lighthouse {version}, {chromium}; goals: {goals}",
            "",
            table(rows, markdown, header),
        ]
        return "\n".join(lines + self.failing())

    def failing(self) -> list[str]:
        """Each audit that fails where a goal is missed, once, with the runs it fails in."""
        failing: dict[tuple[str, str], list[str]] = {}
        found: dict[tuple[str, str], lighthouse.Failure] = {}
        for page, report in self.reports:
            for category in report.missed():
                for failure in report.failures[category]:
                    key = (category, failure.id)
                    failing.setdefault(key, []).append(f"{page} {report.form_factor}")
                    found.setdefault(key, failure)
        lines = ["", "Audits that fail where a goal is missed:"] if failing else []
        order = lighthouse.CATEGORIES.index
        for (category, audit_id), runs in sorted(failing.items(), key=lambda f: order(f[0][0])):
            failure = found[(category, audit_id)]
            where = f"; at {failure.where}" if failure.where else ""
            on = f"all {len(runs)} runs" if len(runs) == len(self.reports) else ", ".join(runs)
            lines += [
                f"  {CATEGORY_NAMES[category]}: {audit_id}: {failure.title}",
                f"      on {on}{where}",
            ]
        return lines


LIGHTHOUSE = LighthouseBench()

IMPORT_ALL = """\
import importlib, pkgutil, nqcore
for info in pkgutil.iter_modules(nqcore.__path__):
    if info.name != "__main__":
        importlib.import_module(f"nqcore.{info.name}")"""
SETUP_TABLES = "from nqcore.tables.registry import get_table, table_keys\nkeys = table_keys()\n"

BENCHES = (
    Bench("html-plain", "Plain Sphinx, English only (the baseline)", _clean_then(plain_html)),
    Bench(
        "html-plain-fr",
        "Plain Sphinx, French only (Sphinx's own i18n)",
        _clean_then(lambda c: plain_html(c, "fr")),
    ),
    Bench(
        "html",
        "Our sites, English and French in parallel (clean)",
        _clean_then(lambda c: _make(c, "html")),
        goal="≤ 1.3 × plain",
    ),
    Bench("html-en", "Our English site alone (clean)", _clean_then(lambda c: _make(c, "html-en"))),
    Bench("html-fr", "Our French site alone (clean)", _clean_then(lambda c: _make(c, "html-fr"))),
    Bench(
        "verify-examples",
        "The worked examples run before the sites (pytest docs)",
        _clean_then(lambda c: _make(c, "verify-examples")),
    ),
    Bench("incremental", "Both sites after one paragraph changes", _incremental, goal="≤ 1 s CPU"),
    Bench("unchanged", "Both sites again, nothing changed", _unchanged, goal="≤ 0.5 s CPU"),
    Bench(
        "live",
        "Both sites after one paragraph changes, resident builder (`./dev live`)",
        _live(change=True),
        goal="≤ 1 s CPU",
    ),
    Bench(
        "live-unchanged",
        "Both sites again, nothing changed, resident builder (`./dev live`)",
        _live(change=False),
        goal="≤ 0.5 s CPU",
    ),
    Bench("pdf", "Both PDFs from a clean state", _clean_then(lambda c: _make(c, "pdf"))),
    Bench("import", "Engine: import every module", _engine(IMPORT_ALL), 7, "< 0.1 s"),
    Bench(
        "import-cli",
        "Engine: import nqcore.cli.commands (what nq pays)",
        _engine("import nqcore.cli.commands"),
        7,
    ),
    Bench(
        "export",
        "Engine: full export (nqcore.cli.export.export())",
        _engine("from nqcore.cli.export import export\nt = time.perf_counter()\nexport()"),
        7,
        "< 0.5 s",
    ),
    Bench(
        "tables",
        "Engine: every generated table",
        _engine(SETUP_TABLES + "t = time.perf_counter()\nfor k in keys: get_table(k)"),
        7,
        "< 0.5 s",
    ),
    Bench(
        "tests",
        "The whole test suite",
        lambda c: measure(
            [
                [
                    PYTHON,
                    "-m",
                    "pytest",
                    "-q",
                    "-p",
                    "no:cacheprovider",
                    "--basetemp",
                    str(c.parent / "pytest-tmp"),
                ]
            ],
            c,
            allowed=(0, 1),
        ),
        1,
    ),
    Bench(
        "offline",
        f"make all (sites, PDFs, print) without network: {offline().how}",
        _offline,
        1,
        "passes",
    ),
    Bench(
        "lighthouse",
        "Lighthouse: home and magic.html, en and fr, mobile and desktop",
        LIGHTHOUSE,
        1,
        "a11y 100, BP ≥ 95, SEO ≥ 95",
    ),
)


# --- page weight ---------------------------------------------------------------------------------

PAGE_GOAL_KB = 60
REQUEST_GOAL = 12
#: ``url()`` in a stylesheet: a font or image it loads.
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)")
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".otf", ".eot")


class _Loads(HTMLParser):
    """The URLs a page makes the browser load: stylesheets, scripts, images, icons."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.icon = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        rel = values.get("rel", "").lower().split()
        if tag == "link" and ("stylesheet" in rel or "icon" in rel) and values.get("href"):
            self.urls.append(values["href"])
            self.icon = self.icon or "icon" in rel
        elif tag in ("script", "img", "iframe", "video", "audio", "source") and values.get("src"):
            self.urls.append(values["src"])


@dataclass
class PageWeight:
    page: str
    gzipped: int  # bytes, the page and what it loads
    requests: int
    outside: list[str] = field(default_factory=list)


def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), mtime=0)) if path.is_file() else 0


def page_weight(html: Path, page: Path) -> PageWeight:
    """One page of the site in ``html``: what the browser fetches to show it (a page without an
    icon link makes the browser ask for /favicon.ico)."""
    reader = _Loads()
    reader.feed(page.read_text(encoding="utf-8"))
    files: dict[str, Path | None] = {}
    outside: list[str] = []

    def load(url: str, base: Path) -> None:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob"):
            return
        if parts.scheme or parts.netloc:
            outside.append(url)
            files.setdefault(url, None)
            return
        path = unquote(parts.path)
        target = (html / path.lstrip("/") if path.startswith("/") else base / path).resolve()
        files.setdefault(str(target), target)

    for url in reader.urls:
        load(url, page.parent)
    for target in [f for f in files.values() if f and f.suffix == ".css" and f.is_file()]:
        for url in CSS_URL.findall(target.read_text(encoding="utf-8", errors="replace")):
            if url.lower().split("?")[0].endswith(FONT_SUFFIXES):
                load(url, target.parent)
    size = _gzipped(page) + sum(_gzipped(f) for f in files.values() if f)
    requests = 1 + len(files) + (0 if reader.icon else 1)
    return PageWeight(page.relative_to(html).as_posix(), size, requests, outside)


def page_weights(html: Path) -> list[PageWeight]:
    """Every page of the language sites under ``html`` (``en/``, ``fr/``)."""
    pages = sorted(p for lang in ("en", "fr") for p in (html / lang).rglob("*.html"))
    return [page_weight(html, page) for page in pages]


def page_report(weights: list[PageWeight]) -> str:
    if not weights:
        return "Page weight: no built page"
    size = statistics.median(w.gzipped for w in weights) / 1024
    requests = statistics.median(w.requests for w in weights)
    heaviest = max(weights, key=lambda w: w.gzipped)
    busiest = max(weights, key=lambda w: w.requests)
    outside = sorted({url for w in weights for url in w.outside})

    def verdict(ok: bool) -> str:
        return "met" if ok else "missed"

    return "\n".join(
        [
            f"Page weight ({len(weights)} pages of both sites; HTML + the CSS, JS, images and "
            "fonts it loads, each once, gzipped):",
            f"  median size      {size:6.1f} KB   goal <= {PAGE_GOAL_KB} KB: "
            f"{verdict(size <= PAGE_GOAL_KB)}",
            f"  median requests  {requests:6g}      goal <= {REQUEST_GOAL}: "
            f"{verdict(requests <= REQUEST_GOAL)}",
            f"  heaviest page    {heaviest.page} ({heaviest.gzipped / 1024:.1f} KB); most requests "
            f"{busiest.page} ({busiest.requests})",
            f"  requests leaving the site: {len(outside)}"
            + (f" ({', '.join(outside)})" if outside else ""),
        ]
    )


def _pages(copy: Path) -> str:
    """The page weight of the scratch copy's site, built first if no other benchmark did."""
    return page_report(page_weights(_built_site(copy)))


def _built_site(copy: Path) -> Path:
    html = copy / "_build" / "html"
    if not (html / "en" / "index.html").is_file() or not (html / "fr" / "index.html").is_file():
        measure(_make(copy, "html"), copy)
    return html


# --- the At the table page: its weight before use, with its engine, and the engine's load time ---

CALCULATORS_PAGE = "at-the-table.html"
#: The one engine of both sites (nqcompanion/engine/bundle.py), beside en/ and fr/.
ENGINE_FOLDER = Path("_engine")


@dataclass
class EngineWeight:
    page: str
    before_use: int  # gzipped bytes: the page and its stylesheets and scripts
    engine_gzipped: int  # what the engine adds, gzipped (a server that compresses)
    engine_raw: int  # the same files as they are (a server that does not)
    drawn: float | None = None  # seconds until the calculators are drawn
    ready: float | None = None  # seconds until the engine answers, a first visit
    #: The same on a later visit: the memory the first one kept restored.
    ready_again: float | None = None


def engine_weights(html: Path) -> list[EngineWeight]:
    weights = []
    for lang in ("en", "fr"):
        page = html / lang / CALCULATORS_PAGE
        if not page.is_file():
            continue
        # what a first visit downloads: the rest of the standard library waits for an import
        files = [html / ENGINE_FOLDER / name for name in STARTING_NAMES]
        files = [path for path in files if path.is_file()]
        weights.append(
            EngineWeight(
                page.relative_to(html).as_posix(),
                page_weight(html, page).gzipped,
                sum(_gzipped(f) for f in files),
                sum(f.stat().st_size for f in files),
            )
        )
    return weights


def engine_load_times(html: Path, weights: list[EngineWeight]) -> str:
    """Chromium on a local server, empty cache: when the controls are drawn, when the engine is
    ready. Without Chromium or playwright, says so."""
    import threading
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright not installed: no load time"
    if not Path(chromium).is_file():
        return "Chromium not found: no load time"

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--headless", "--no-sandbox"]
            )
            url = f"http://127.0.0.1:{server.server_address[1]}"
            for weight in weights:
                weight.drawn, weight.ready, weight.ready_again = _load_time(
                    browser, f"{url}/{weight.page}"
                )
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return ""


#: How many memories of the engine the browser keeps (nq-engine-worker.js).
MEMORIES = "caches.open('nq-engine-memory').then((cache) => cache.keys()).then((k) => k.length)"


def _load_time(browser: Any, url: str) -> tuple[float, float, float]:
    """Seconds until the calculators are drawn and until the engine is ready, in a new context
    (empty cache); then until it is ready again on a later visit, once the first has kept the
    engine's memory."""
    context = browser.new_context()
    # the engine answered in this browser before: the page starts it at once, unasked
    context.add_init_script("localStorage.setItem('nq-engine-used', '1')")
    page = context.new_page()
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    page.locator("form.nq-calc").first.wait_for(state="visible")
    drawn = time.monotonic() - start
    page.locator(".nq-engine-status.nq-engine-ready").wait_for(timeout=120_000)
    ready = time.monotonic() - start
    deadline = time.monotonic() + 120
    while page.evaluate(MEMORIES) < 1 and time.monotonic() < deadline:
        time.sleep(0.2)
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    page.locator(".nq-engine-status.nq-engine-ready").wait_for(timeout=120_000)
    again = time.monotonic() - start
    context.close()
    return drawn, ready, again


def engine_report(html: Path, timed: bool = True) -> str:
    weights = engine_weights(html)
    if not weights:
        return "At the table: no calculator page built"
    note = engine_load_times(html, weights) if timed else "not timed"
    lines = [
        "At the table (the calculators' page; the engine is Pyodide + nqcore, loaded after "
        "the page is drawn):"
    ]
    for w in weights:
        timing = note
        if w.drawn is not None and w.ready is not None and w.ready_again is not None:
            timing = (
                f"drawn {w.drawn:.2f} s, engine ready {w.ready:.1f} s on a first visit, "
                f"{w.ready_again:.1f} s on a later one (its memory restored: "
                f"×{w.ready / w.ready_again:.1f})"
            )
        lines.append(
            f"  {w.page}: before use {w.before_use / 1024:.1f} KB gzipped; with the engine "
            f"{(w.before_use + w.engine_gzipped) / 2**20:.1f} MB gzipped "
            f"({(w.before_use + w.engine_raw) / 2**20:.1f} MB uncompressed); {timing}"
        )
    return "\n".join(lines)


def _at_table(copy: Path) -> str:
    html = _built_site(copy)
    return f"{engine_report(html)}\n\n{bench_first_answer.report(html)}"


# --- report --------------------------------------------------------------------------------------


def machine() -> str:
    cpu = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo.read_text(), re.M)
        cpu = found.group(1).strip() if found else cpu
    memory = ""
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        total = re.search(r"^MemTotal:\s*(\d+) kB", meminfo.read_text(), re.M)
        memory = f", {int(total.group(1)) / 1024**2:.0f} GB RAM" if total else ""
    return (
        f"{os.cpu_count()} CPUs ({cpu}){memory}, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}"
    )


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


HEADER = ("Benchmark", "Median", "Best", "CPU", "Peak RSS", "Goal", "Note")


def table(rows: Sequence[Sequence[str]], markdown: bool, header: Sequence[str] = HEADER) -> str:
    rows = [header, *rows]
    if markdown:
        lines = ["| " + " | ".join(row) + " |" for row in rows]
        lines.insert(1, "|" + "---|" * len(header))
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    )


def annotate(results: dict[str, Result]) -> None:
    """The ratio of our build to the plain one, and whether each goal is met; a later step's note
    replaces an earlier one's."""
    _note_ratios_to_plain(results)
    for result in results.values():
        if any(s.failed for s in result.samples):
            result.note = "some tests failed"
    _note_goals(results)


def _note_ratios_to_plain(results: dict[str, Result]) -> None:
    """Each HTML build against the plain English one, wall and CPU; the goal for both sites."""
    plain = results.get("html-plain")
    if not (plain and plain.samples):
        return
    plain_cpu = statistics.median(s.cpu for s in plain.samples)
    for name in ("html", "html-en", "html-fr", "html-plain-fr"):
        other = results.get(name)
        if other and other.samples:
            ratio = other.median / plain.median
            cpu = statistics.median(s.cpu for s in other.samples) / plain_cpu
            other.note = f"{ratio:.2f} × plain (CPU {cpu:.2f} ×)"
            if name == "html":
                other.note += " goal met" if ratio <= 1.3 else " goal missed"


def _note_goals(results: dict[str, Result]) -> None:
    """The offline build passed; the engine's wall-time and the rebuilds' CPU-time goals;
    Lighthouse's scores."""
    offline_build = results.get("offline")
    if offline_build and offline_build.samples:
        offline_build.note = "passed"
    limits = {"import": 0.1, "export": 0.5, "tables": 0.5}
    for name, limit in limits.items():
        timed = results.get(name)
        if timed and timed.samples:
            timed.note = "goal met" if timed.median < limit else "goal missed"
    goals = {"incremental": INCREMENTAL_GOAL, "unchanged": 0.5, "live": 1.0, "live-unchanged": 0.5}
    for name, limit in goals.items():  # in CPU time
        cpu = _cpu(results, name)
        if cpu is not None:
            results[name].note = "goal met" if cpu <= limit else "goal missed"
            steps = _median_steps(results[name])
            if steps:
                results[name].note += f" ({steps})"
    audited = results.get("lighthouse")
    if audited and audited.samples:
        audited.note = LIGHTHOUSE.summary()


def _median_steps(result: Result) -> str:
    """The CPU by step of the resident builder's median rebuild (its summary's words)."""
    ranked = sorted((s for s in result.samples if s.steps), key=lambda s: s.cpu)
    return ranked[(len(ranked) - 1) // 2].steps if ranked else ""


def _cpu(results: dict[str, Result], name: str) -> float | None:
    result = results.get(name)
    return statistics.median(s.cpu for s in result.samples) if result and result.samples else None


def ratios(results: dict[str, Result]) -> str:
    """Both sites clean against one plain English build, wall and CPU (medians), and where the
    CPU time beyond the goal goes when it is missed."""
    plain, both = results.get("html-plain"), results.get("html")
    if not (plain and plain.samples and both and both.samples):
        return ""
    wall = both.median / plain.median
    cpu = statistics.median(s.cpu for s in both.samples) / statistics.median(
        s.cpu for s in plain.samples
    )
    runs = min(len(plain.samples), len(both.samples))
    verdict = " ".join(
        f"{name} {'met' if value <= GOAL_RATIO else 'missed'}"
        for name, value in (("wall", wall), ("CPU", cpu))
    )
    lines = [
        f"Both sites, clean, against one plain English build (medians of {runs}): "
        f"wall {wall:.2f} ×, CPU {cpu:.2f} × (goal ≤ {GOAL_RATIO} ×: {verdict})."
    ]
    if cpu <= GOAL_RATIO:
        return "\n".join(lines)
    plain_cpu, en, fr = (
        _cpu(results, "html-plain"),
        _cpu(results, "html-en"),
        _cpu(results, "html-fr"),
    )
    examples = _cpu(results, "verify-examples")
    total = _cpu(results, "html")
    assert plain_cpu and total
    lines.append(
        "What is left, in CPU seconds of the clean build of both sites "
        f"({total:.1f} s; goal {GOAL_RATIO * plain_cpu:.1f} s):"
    )
    parts = [("one plain English build (Sphinx, MyST, furo)", plain_cpu)]
    if en is not None and fr is not None and examples is not None:
        parts += [
            ("the worked examples run first (pytest docs, once)", examples),
            ("our English extension (engine tables, diagrams, checks)", en - examples - plain_cpu),
            (
                "the French site: a whole second Sphinx build with its translation step and"
                " catalogue checks",
                fr - examples,
            ),
            (
                "the root page, the service worker and the offline archive of both sites",
                total - en - fr + examples,
            ),
        ]
    for what, seconds in parts:
        lines.append(f"  {seconds:6.2f} s  {seconds / total:4.0%}  {what}")
    lines.append(
        "  Two builds of every page cannot take 1.3 × the CPU of one: the French site is a"
        " second full Sphinx build (read, resolve, write, index); on 2 cores they run"
        " side by side, so the wall ratio is the one the goal can reach."
    )
    return "\n".join(lines)


GOAL_RATIO = 1.3
INCREMENTAL_GOAL = 1.0  # CPU seconds of both sites after one paragraph changes


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    scratch = Path(tempfile.mkdtemp(prefix="nq-bench-"))
    copy = _prepare(scratch)
    results: dict[str, Result] = {}
    try:
        chosen = [b for b in BENCHES if not args.only or b.name in args.only]
        for bench in chosen:
            results[bench.name] = Result(bench.name, bench.title, goal=bench.goal)
        status = _run_rounds(chosen, results, copy, args.repeat)
        left, pages, failed = _after_the_rounds(results, copy, args.only)
        causes, causes_failed = _causes(results, copy, args.only)
        left, failed = "\n\n".join(filter(None, [causes, left])), failed or causes_failed
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    _report(results, left, pages, args.markdown)
    return status or failed


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per build benchmark (3)")
    names = [*(b.name for b in BENCHES), "pages", "at-table", *CAUSES]
    parser.add_argument(
        "--only",
        nargs="+",
        choices=names,
        metavar="NAME",
        help="run these only: " + ", ".join(names),
    )
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def _prepare(scratch: Path) -> Path:
    """The project's copy in the scratch folder, with what the benchmarks need of a checkout."""
    copy = copy_project(scratch / "project")
    init_git(copy)
    # Lighthouse runs from this checkout (``lighthouse.HERE``): no link into the copy, whose
    # build refuses any symbolic link.
    print(f"Machine: {machine()}")
    print(f"Scratch copy: {copy}; load average at start: {load()}", flush=True)
    return copy


def _run_rounds(chosen: list[Bench], results: dict[str, Result], copy: Path, repeat: int) -> int:
    """Round by round, one run of each benchmark: a change of the machine's load falls on all of
    them alike, and their medians compare. A benchmark skipped or failed runs no more; 1 if one
    failed."""
    status = 0
    stopped: set[str] = set()
    for round_ in range(max((b.repeat or repeat for b in chosen), default=0)):
        for bench in chosen:
            if bench.name in stopped or round_ >= (bench.repeat or repeat):
                continue
            result = results[bench.name]
            try:
                result.samples.append(bench.run(copy))
            except BenchSkipped as reason:
                print(f"bench: {bench.name} skipped: {reason}", file=sys.stderr)
                result.note = f"skipped: {reason}"
                stopped.add(bench.name)
            except BenchError as error:
                print(f"bench: {bench.name} failed:\n{error}", file=sys.stderr)
                result.note, status = "FAILED", 1
                stopped.add(bench.name)
        print(f"  round {round_ + 1}: {_round_times(chosen, results, round_)}", flush=True)
    return status


def _round_times(chosen: list[Bench], results: dict[str, Result], round_: int) -> str:
    """The time of each benchmark that ran in this round (counted from 0)."""
    return ", ".join(
        f"{b.name} {results[b.name].samples[-1].seconds:.2f} s"
        for b in chosen
        if results[b.name].samples and len(results[b.name].samples) == round_ + 1
    )


def _after_the_rounds(
    results: dict[str, Result], copy: Path, only: list[str] | None
) -> tuple[str, str, int]:
    """What is left of a missed one-paragraph goal, by cause; the pages' weight and the
    calculators' page; 1 if one of them failed."""
    left, status = "", 0
    cpu = _cpu(results, "incremental")
    if cpu is not None and cpu > INCREMENTAL_GOAL:
        try:
            left = breakdown_report(incremental_breakdown(copy), INCREMENTAL_GOAL)
        except BenchError as error:
            print(f"bench: incremental breakdown failed:\n{error}", file=sys.stderr)
            status = 1
    pages = ""
    if not only or "pages" in only:
        try:
            pages = _pages(copy)
        except BenchError as error:
            print(f"bench: pages failed:\n{error}", file=sys.stderr)
            status = 1
    if not only or "at-table" in only:
        try:
            pages = "\n\n".join(filter(None, [pages, _at_table(copy)]))
        except BenchError as error:
            print(f"bench: at-table failed:\n{error}", file=sys.stderr)
            status = 1
    return left, pages, status


#: The steps that say why the clean build and the PDFs cost what they cost (tools/bench_causes.py).
CAUSES = ("html-causes", "pdf-passes")


def _causes(results: dict[str, Result], copy: Path, only: list[str] | None) -> tuple[str, int]:
    """The clean build of both sites by cause, from profiles; both PDFs step by step and pass
    by pass; 1 if one of them failed."""
    reports, status, env = [], 0, bench_env(copy)
    plain_cpu = _cpu(results, "html-plain")
    if not only or "html-causes" in only:
        try:
            breakdown = bench_causes.clean_breakdown(
                copy, _make, env, plain_html(copy)[0], PROFILED, PYTHON, clean
            )
            reports.append(bench_causes.causes_report(breakdown, _cpu(results, "html"), GOAL_RATIO))
            plain_cpu = plain_cpu or sum(breakdown.plain.values())
        except (RuntimeError, subprocess.CalledProcessError) as error:
            print(f"bench: html-causes failed:\n{error}", file=sys.stderr)
            status = 1
    if not only or "pdf-passes" in only:
        try:
            steps, examples = bench_causes.pdf_breakdown(copy, _make, env, clean)
            reports.append(bench_causes.pdf_report(steps, examples, plain_cpu))
        except (RuntimeError, ValueError, subprocess.CalledProcessError) as error:
            print(f"bench: pdf-passes failed:\n{error}", file=sys.stderr)
            status = 1
    return "\n\n".join(reports), status


def _report(results: dict[str, Result], left: str, pages: str, markdown: bool) -> None:
    """The table of every benchmark with its notes, then the reports that go with it."""
    annotate(results)
    print(f"\nLoad average at the end: {load()}\n")
    if results:
        print(table([r.row() for r in results.values()], markdown))
    summary = ratios(results)
    if summary:
        print(f"\n{summary}")
    if left:
        print(f"\n{left}")
    if pages:
        print(f"\n{pages}")
    if "lighthouse" in results and LIGHTHOUSE.reports:
        print(f"\n{LIGHTHOUSE.scores(markdown)}")


if __name__ == "__main__":
    sys.exit(main())
