"""Why the clean build and the PDFs cost what they cost: two steps of `make bench`.

``html-causes``: one plain English build, one clean English and one clean French build of ours,
each profiled (cProfile in CPU time); every function's own time is given to a cause: a group of
code (one of our top modules, Furo, sphinx-design, the search index, the translation step,
imports) or, for Sphinx's and docutils' own code, the phase of the build it runs in. The
causes' shares are applied to the CPU time of the same build unprofiled, and the table says,
largest first, what each adds beyond the plain build and why it cannot go.

``pdf-passes``: both PDFs from a clean state, step by step: Sphinx's LaTeX, then latexmk with
``-time``: each xelatex pass, each index run (xindy), xdvipdfmx, with the reason latexmk gives
for each rerun, and latexmk's own time.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nqprint.tex_sandbox import LATEXMKOPTS, sandboxed_env

#: A pstats table: (file, line, function) -> (calls, primitive calls, own time, cumulative
#: time, {caller: (calls, primitive calls, own time, cumulative time)}).
Func = tuple[str, int, str]
Stats = Mapping[Func, tuple[Any, Any, float, float, Mapping[Func, tuple[Any, Any, float, float]]]]

OUTSIDE = "sphinx-build's command line and exit"
IMPORTS = "imports (Sphinx, docutils, MyST, Furo, Pygments, Babel, ...)"
I18N = "Sphinx: the translation step (i18n Locale transform, catalogues compiled)"

#: Code whose time, and that of what it calls, is one cause (the innermost cause wins): a
#: fragment of its file's path and the cause. Our own packages are named by their modules.
GROUPS = (
    ("<frozen importlib._bootstrap", IMPORTS),
    ("/furo/", "Furo: navigation tree and page context"),
    ("/sphinx_design/", "sphinx-design (tabs, cards, grids)"),
    ("/sphinx/search/", "Sphinx: search index"),
    ("/sphinx/transforms/i18n.py", I18N),
    ("/sphinx/util/i18n.py", I18N),
)
OURS = ("nqsphinx", "nqcompanion", "nqcore", "nqtranslate", "nqprint")

#: Sphinx's own phases, by the function that runs each: (function, file ending, cause). Code
#: of no group is given to the innermost phase it runs in.
PHASES = (
    ("__init__", "sphinx/application.py", "Sphinx: start-up (configuration, extensions' setup)"),
    ("build", "sphinx/application.py", "Sphinx: build-finished handlers"),
    ("build", "sphinx/builders/__init__.py", "Sphinx: consistency checks, pickled environment"),
    ("read", "sphinx/builders/__init__.py", "Sphinx: reading and parsing (MyST, docutils)"),
    ("apply_transforms", "sphinx/transforms/__init__.py", "Sphinx: transforms and post-transforms"),
    ("get_and_resolve_doctree", "sphinx/environment/__init__.py", "Sphinx: resolving references"),
    ("write", "sphinx/builders/__init__.py", "Sphinx: writing HTML (docutils translator)"),
    ("handle_page", "sphinx/builders/html/__init__.py", "Sphinx: page templates (Jinja, Furo's)"),
    ("finish", "sphinx/builders/html/__init__.py", "Sphinx: index pages, static files"),
)

#: Why each cause runs: what would remove it, or why it cannot go.
REASONS = {
    IMPORTS: "paid by every Sphinx start; the French build is a second process, so twice",
    OUTSIDE: "a few milliseconds",
    "Furo: navigation tree and page context": "the theme's sidebar, per page per language "
    "(below plain's: nqsphinx.upstream resolves the site's tree once per build)",
    "sphinx-design (tabs, cards, grids)": "the pages use its directives; per page per language",
    "Sphinx: search index": "both sites are searchable offline: one index per language",
    I18N: "every French paragraph looked up and its msgstr parsed (nqsphinx.upstream's faster "
    "Locale transform): the French site's text",
    "Sphinx: start-up (configuration, extensions' setup)": "once per Sphinx process",
    "Sphinx: build-finished handlers": "our offline files and bundles (their own time is ours)",
    "Sphinx: reading and parsing (MyST, docutils)": "each language's pages are parsed: the "
    "French build reads every page again before translating it",
    "Sphinx: transforms and post-transforms": "Sphinx's, MyST's and docutils' transforms walk "
    "each page's whole tree, which our generated tables make larger than plain's (where our "
    "directives render nothing); per language",
    "Sphinx: resolving references": "per page per language",
    "Sphinx: writing HTML (docutils translator)": "per page per language",
    "Sphinx: page templates (Jinja, Furo's)": "per page per language",
    "Sphinx: index pages, static files": "per language",
    "Sphinx: consistency checks, pickled environment": "per language",
    "nqsphinx.directives": "the pages' tables, cards, diagrams and examples, drawn from the "
    "engine: the book's content",
    "nqsphinx.languages": "the language switch, typography and the theme's words per language",
    "nqsphinx.site": "the site's own files: offline copy, bundles, CSP, search",
    "nqcompanion.page": "At the table: its forms and answer tables, per language",
    "nqcompanion.engine": "At the table: the calculators' engine as files, once for both sites",
    "nqcompanion.bridge": "At the table: the engine asked for the answer tables",
    "nqsphinx.books": "the editions' tags (print and site) and the books' settings",
    "nqtranslate.guard": "every catalogue's msgstr checked against its msgid's markup before "
    "the build uses it (security: catalogues are untrusted input)",
    "nqtranslate.status": "the per-page translation status (the incomplete-page notice)",
    "nqtranslate.catalogue": "the theme's and extension's catalogues kept up to date",
    "nqcore.cli": "the engine's command-line words the pages quote (code prose, At the table)",
    "nqsphinx.messages": "the extension's words in the build's language",
    "nqsphinx.untrusted": "the raw nodes' checks (security)",
    "nqcore.tables": "the reference tables computed from the rules: the book's content",
    "nqcore.data": "the rules' data files, read and checked",
    "nqcore.rules": "the rules engine the tables and examples run",
    "nqcore.army": "profiles and points the tables show",
    "nqcore.book": "errata, changes and one-truth records the pages show",
    "nqcore.i18n": "the engine's words in the build's language",
    "the worked examples (pytest docs, once)": "every example is checked against the engine "
    "before anything is published",
    "the root page and service worker": "a Python start-up of its own (could join the build)",
    "the offline archive of both sites": "both sites zipped; a Python start-up of its own",
}


def our_module(filename: str) -> str | None:
    """``nqsphinx.site`` for .../nqsphinx/site/csp.py, ``nqsphinx.messages`` for
    .../nqsphinx/messages.py: our package and its first level; None for other code."""
    parts = filename.replace("\\", "/").split("/")
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] in OURS and index + 1 < len(parts):
            first = parts[index + 1].removesuffix(".py")
            return parts[index] if first == "__init__" else f"{parts[index]}.{first}"
    return None


#: nqsphinx.upstream replaces upstream code with faster code of the same output: its functions
#: count where the code they replace would, by name; the others are transparent (their callers
#: decide: MyST's parser cache counts as reading, the toctree resolver as Furo's navigation).
UPSTREAM = "nqsphinx.upstream"
REPLACED = {
    "locale_apply": I18N,
    "_first_pass": I18N,
    "_second_pass": I18N,
    "_catalogue": I18N,
    "load_search_index": "Sphinx: search index",
    "freeze_search_index": "Sphinx: search index",
    "frozen_index_entries": "Sphinx: search index",
}


def owner(func: Func) -> str | None:
    """The cause a function is itself: a group or a phase, or None (its callers decide). A
    module's body is an import (ours count as our module's)."""
    filename, _, name = func
    ours = our_module(filename)
    if ours == UPSTREAM:
        return REPLACED.get(name)
    if ours:
        return ours
    if name == "<module>" and not filename.endswith("/sphinx/__main__.py"):
        return IMPORTS
    for fragment, cause in GROUPS:
        if fragment in filename:
            return cause
    for function, ending, cause in PHASES:
        if name == function and filename.replace("\\", "/").endswith(ending):
            return cause
    return None


def attribute(stats: Stats) -> dict[str, float]:
    """Each function's own time given to its cause, the profile's seconds by cause (they sum to
    the profile's total). A function of no cause shares its time among its callers, as the
    calls from each took it, up to the nearest functions that have one (gprof's rule); a caller
    already on the way up (a loop) is left out."""
    owners = {func: owner(func) for func in stats}
    shares: dict[Func, dict[str, float]] = {}
    visiting: set[Func] = set()

    def share(func: Func, weights: Mapping[Func, float]) -> dict[str, float]:
        if func in shares:
            return shares[func]
        if not weights:
            return {OUTSIDE: 1.0}
        visiting.add(func)
        found: dict[str, float] = defaultdict(float)
        for caller, weight in weights.items():
            if caller in visiting:
                continue
            owned = owners.get(caller)
            upper = {owned: 1.0} if owned else share(caller, _cumulative(stats, caller))
            for cause, part in upper.items():
                found[cause] += (weight or 1e-12) * part
        visiting.discard(func)
        result = _normalised(found)
        if result:  # empty when every caller is in a loop: known on another way up
            shares[func] = result
        return result

    totals: dict[str, float] = defaultdict(float)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        for func, (_, _, own, _, callers) in stats.items():
            owned = owners[func]
            parts = {owned: 1.0} if owned else share(func, {c: v[2] for c, v in callers.items()})
            for cause, part in (parts or {OUTSIDE: 1.0}).items():
                totals[cause] += own * part
    finally:
        sys.setrecursionlimit(limit)
    return dict(totals)


def _cumulative(stats: Stats, func: Func) -> dict[Func, float]:
    """A function's callers, each with the cumulative time of its calls."""
    return {caller: row[3] for caller, row in stats[func][4].items()} if func in stats else {}


def _normalised(weights: Mapping[str, float]) -> dict[str, float]:
    total = sum(weights.values())
    return {cause: weight / total for cause, weight in weights.items()} if total > 0 else {}


def scaled(causes: Mapping[str, float], cpu: float) -> dict[str, float]:
    """The profile's shares applied to the CPU time of the same build without the profiler."""
    total = sum(causes.values())
    return {cause: cpu * seconds / total for cause, seconds in causes.items()} if total else {}


@dataclass
class Breakdown:
    """CPU seconds by cause: of the plain English build, and of our English and French builds;
    ``steps``: the other commands of ``make html`` (examples, root page, archive)."""

    plain: dict[str, float]
    english: dict[str, float]
    french: dict[str, float]
    steps: dict[str, float] = field(default_factory=dict)

    def total(self) -> float:
        return sum(self.english.values()) + sum(self.french.values()) + sum(self.steps.values())


SMALL = 0.03  # seconds: causes that add less are summed on one line


def causes_report(breakdown: Breakdown, measured_total: float | None, goal_ratio: float) -> str:
    """What each cause adds beyond one plain English build, largest first, with its share of
    what is left beyond the goal and why it runs."""
    plain = sum(breakdown.plain.values())
    total = breakdown.total()
    goal = goal_ratio * plain
    left = total - goal
    measured = f"; `make html` itself: {measured_total:.2f} s" if measured_total else ""
    lines = [
        f"Where the clean build's CPU goes, by cause (profiles in CPU time of one plain, one "
        f"English and one French build, applied to each build's median CPU unprofiled; the "
        f"commands one at a time): ours {total:.2f} s{measured}, plain {plain:.2f} s, goal "
        f"{goal_ratio} × plain = {goal:.2f} s, left beyond it {left:.2f} s.",
        f"  {'beyond plain':>12}  {'share of left':>13}  {'plain':>6}  {'English':>7}  "
        f"{'French':>6}  cause: why it runs",
    ]
    rows = []
    names = set(breakdown.plain) | set(breakdown.english) | set(breakdown.french)
    for name in names:
        en, fr, base = (
            breakdown.english.get(name, 0.0),
            breakdown.french.get(name, 0.0),
            breakdown.plain.get(name, 0.0),
        )
        rows.append((en + fr - base, base, en, fr, name))
    rows += [(seconds, 0.0, seconds, 0.0, name) for name, seconds in breakdown.steps.items()]
    rows.sort(key=lambda row: -row[0])
    small = [row for row in rows if abs(row[0]) < SMALL]
    for beyond, base, en, fr, name in [row for row in rows if abs(row[0]) >= SMALL]:
        why = REASONS.get(name, "")
        lines.append(
            f"  {beyond:10.2f} s  {beyond / left if left > 0 else 0:13.0%}  {base:4.2f} s  "
            f"{en:5.2f} s  {fr:4.2f} s  {name}" + (f": {why}" if why else "")
        )
    if small:
        lines.append(
            f"  {sum(r[0] for r in small):10.2f} s  {'':13}  {'':6}  {'':7}  {'':6}  "
            f"{len(small)} causes under {SMALL} s each"
        )
    lines.append(
        "  The goal cannot be reached in CPU: the French site is a whole second Sphinx build "
        "(start-up, imports, reading, writing, search index of every page) plus its translation "
        "step, so two sites cost about two plain builds before any of our work; what our "
        "extension adds is the lines named after our modules."
    )
    return "\n".join(lines)


# --- running the builds --------------------------------------------------------------------------


def run_measured(command: list[str], cwd: Path, env: Mapping[str, str]) -> tuple[float, str]:
    """CPU seconds of a command and its children, and its output; an error if it fails."""
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            command, cwd=cwd, env=dict(env), stdout=log, stderr=subprocess.STDOUT
        )
        _, status, usage = os.wait4(process.pid, 0)
        log.seek(0)
        output = log.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"$ {' '.join(command)}\n{output[-3000:]}")
    return usage.ru_utime + usage.ru_stime, output


def dry_run(make: list[str], cwd: Path, env: Mapping[str, str]) -> list[list[str]]:
    """The commands ``make`` would run (``make -n``), continuation lines joined, without mkdir,
    touch and cp."""
    dry = subprocess.run(
        [*make, "-n"], cwd=cwd, env=dict(env), capture_output=True, text=True, check=True
    ).stdout
    lines = dry.replace("\\\n", " ").splitlines()
    skipped: tuple[list[str], ...] = (["mkdir"], ["touch"], ["cp"], [])
    return [line.split() for line in lines if line.split()[:1] not in skipped]


REPEAT = 3  # timed runs of each build, for its median CPU time


def profiled_build(
    command: list[str],
    cwd: Path,
    env: Mapping[str, str],
    profiled: str,
    python: str,
    reset: Callable[[], None],
) -> dict[str, float]:
    """One Sphinx build timed (the median of ``REPEAT`` runs), then the same build again from
    the same state under the profiler: CPU seconds by cause."""
    import pstats

    runs = []
    for _ in range(REPEAT):
        reset()
        runs.append(run_measured(command, cwd, env)[0])
    cpu = statistics.median(runs)
    reset()
    with tempfile.NamedTemporaryFile(suffix=".prof") as out:
        arguments = command[3:] if command[1:3] == ["-m", "sphinx"] else command[1:]
        run_measured([python, "-c", profiled, out.name, *arguments], cwd, env)
        stats = pstats.Stats(out.name).stats  # type: ignore[attr-defined]
    return scaled(attribute(stats), cpu)


STEP_NAMES = {
    "pytest": "the worked examples (pytest docs, once)",
    "nqsphinx.site.root_page": "the root page and service worker",
    "nqsphinx.site.archive": "the offline archive of both sites",
}


def _sphinx(command: list[str]) -> bool:
    return Path(command[0]).name == "sphinx-build"


def clean_breakdown(
    copy: Path,
    make: Callable[..., list[list[str]]],
    env: Mapping[str, str],
    plain: list[str],
    profiled: str,
    python: str,
    clean: Callable[[Path], None],
) -> Breakdown:
    """The commands of a clean ``make html``, one at a time: the Sphinx builds profiled, the
    others timed; and the plain English build profiled."""
    clean(copy)
    plain_causes = profiled_build(
        plain, copy, env, profiled, python, lambda: _remove(copy / "_build" / "plain")
    )
    clean(copy)
    commands = dry_run(make(copy, "html")[0], copy, env)
    languages: dict[str, dict[str, float]] = {}
    steps: dict[str, float] = {}
    for command in commands:
        if _sphinx(command):
            out, doctrees = Path(command[-1]), Path(command[command.index("-d") + 1])
            lang = "fr" if "language=fr" in command else "en"

            def reset(out: Path = out, doctrees: Path = doctrees) -> None:
                _remove(out)
                _remove(doctrees)
                _remove_catalogues(copy)

            languages[lang] = profiled_build(command, copy, env, profiled, python, reset)
            continue
        module = command[2] if command[1:2] == ["-m"] else command[0]
        steps[STEP_NAMES.get(module, " ".join(command[:3]))] = run_measured(command, copy, env)[0]
    return Breakdown(plain_causes, languages.get("en", {}), languages.get("fr", {}), steps)


def _remove_catalogues(copy: Path) -> None:
    """The compiled catalogues, which a clean build compiles again."""
    for top in ("locale", *OURS):
        for compiled in (copy / top).rglob("*.mo"):
            compiled.unlink()


def _remove(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


# --- the PDFs, pass by pass ----------------------------------------------------------------------

#: latexmk's report with ``-time``: "'xelatex': time = 3.57", then "Processing time = 12.98".
RULE_TIME = re.compile(r"^'([^']+)': time = ([\d.]+)$", re.M)
PROCESSING = re.compile(r"^Processing time = ([\d.]+)$", re.M)
#: Before each run, latexmk's reasons: "Rule 'xelatex':  Reasons for rerun", then a category
#: ("Changed files or newly in use/created:") and indented lines (the files), up to "------".
RERUN = re.compile(r"^Rule '([^']+)':\s+Reasons for rerun\n((?:(?!-{6}).*\n)*)", re.M)


@dataclass
class Passes:
    """One PDF's latexmk run: each rule run with its CPU seconds, in order; latexmk's total
    (its own work included); latexmk's reasons for each xelatex pass (the files that changed)."""

    runs: list[tuple[str, float]]
    processing: float
    reasons: list[list[str]] = field(default_factory=list)

    def count(self, rule: str) -> int:
        return sum(1 for name, _ in self.runs if _kind(name) == rule)

    def seconds(self, rule: str) -> float:
        return sum(seconds for name, seconds in self.runs if _kind(name) == rule)


def _kind(rule: str) -> str:
    """ "makeindex noquarter.idx" is the index (xindy here, from Sphinx's latexmkrc)."""
    return "makeindex" if rule.startswith("makeindex") else rule


def parse_latexmk(output: str) -> Passes:
    """The passes of latexmk's output with ``-time`` (verbose, for the reasons)."""
    runs = [(name, float(seconds)) for name, seconds in RULE_TIME.findall(output)]
    found = PROCESSING.search(output)
    if not runs or not found:
        raise ValueError("latexmk's output has no '-time' report")
    reasons = [
        [line.strip() for line in block.splitlines() if line.startswith("  ")]
        for rule, block in RERUN.findall(output)
        if rule == "xelatex"
    ]
    return Passes(runs, float(found.group(1)), reasons)


#: The runs found needed by hand: xelatex passes, index runs, xdvipdfmx runs.
CHECKED_COUNTS = (3, 2, 1)
PASSES_NEEDED = [
    "  Every run is needed (checked 2026-11-25, English A4, by stopping after each pass and",
    "  comparing the PDFs' text page by page): pass 1 has no .aux/.toc/.ind; pass 2 reads them,",
    "  and its layout, with the references resolved, moves index entries ('Growth' p. 69 -> 70)",
    "  and writes the contents' 'Index' line: the index is run again and pass 3 prints both (a",
    "  PDF stopped after pass 2 lacks that line and has 2 index entries on the wrong page).",
    "  Pass 3's .aux/.toc/.out/.idx equal pass 2's, so latexmk stops: no 4th pass, and one",
    "  xdvipdfmx (-xelatex). The first index run is needed too: without an .ind, pass 2 writes",
    "  no 'Index' line and a 4th pass would follow.",
]


@dataclass
class PdfSteps:
    lang: str
    sphinx: float  # CPU seconds of Sphinx's LaTeX builder
    make: float  # CPU seconds of make + latexmk + everything it ran
    passes: Passes


def pdf_report(steps: list[PdfSteps], examples: float, plain_cpu: float | None) -> str:
    """Each PDF by step and pass, the passes counted, and whether each is needed."""
    total = examples + sum(s.sphinx + s.make for s in steps)
    ratio = (
        f" = {total / plain_cpu:.1f} × plain English HTML ({plain_cpu:.2f} s)"
        if (plain_cpu)
        else ""
    )
    lines = [
        f"Both PDFs from a clean state, step by step (CPU, one at a time): {total:.1f} s{ratio}; "
        "goal ≤ 2 × plain.",
        f"  {examples:5.2f} s  the worked examples (pytest docs, once)",
    ]
    passes = [step.passes for step in steps]
    for step in steps:
        p = step.passes
        xelatex, index = p.count("xelatex"), p.count("makeindex")
        latexmk_own = step.make - sum(seconds for _, seconds in p.runs)
        lines += [
            f"  {step.lang}: {step.sphinx + step.make:5.2f} s",
            f"    {step.sphinx:5.2f} s  Sphinx's LaTeX builder",
            f"    {p.seconds('xelatex'):5.2f} s  xelatex, {xelatex} passes ("
            + ", ".join(f"{s:.2f}" for n, s in p.runs if n == "xelatex")
            + " s)",
            f"    {p.seconds('makeindex'):5.2f} s  the index (xindy), {index} runs",
            f"    {p.seconds('xdvipdfmx'):5.2f} s  xdvipdfmx, {p.count('xdvipdfmx')} run",
            f"    {latexmk_own:5.2f} s  latexmk and make themselves (start, checksums)",
        ]
        for number, why in enumerate(p.reasons, start=1):
            lines.append(f"    xelatex pass {number}, latexmk's reason: {'; '.join(why)}")
    if plain_cpu:
        typeset = sum(step.passes.seconds("xelatex") for step in steps)
        lines.append(
            f"  The {sum(s.passes.count('xelatex') for s in steps)} xelatex passes alone take "
            f"{typeset:.1f} s = {typeset / plain_cpu:.1f} × plain (goal 2 × = "
            f"{2 * plain_cpu:.1f} s for everything): a book of this size cannot be typeset "
            "twice within the goal; only fewer passes (none is spare, below) or a faster "
            "engine would move it."
        )
    counts = {(p.count("xelatex"), p.count("makeindex"), p.count("xdvipdfmx")) for p in passes}
    lines += (
        PASSES_NEEDED
        if counts == {CHECKED_COUNTS}
        else [
            f"  latexmk's runs differ from those checked {CHECKED_COUNTS}: check again which are "
            "needed (stop after each pass, compare the PDFs' text per page)."
        ]
    )
    return "\n".join(lines)


def pdf_breakdown(
    copy: Path,
    make: Callable[..., list[list[str]]],
    env: Mapping[str, str],
    clean: Callable[[Path], None],
) -> tuple[list[PdfSteps], float]:
    """``make pdf``'s commands one at a time from a clean state; latexmk with ``-time``."""
    clean(copy)
    examples: float | None = None
    steps = []
    for lang in ("en", "fr"):
        sphinx, folder = 0.0, ""
        for command in dry_run(make(copy, f"pdf-{lang}")[0], copy, env):
            if "pytest" in command and examples is None:
                examples = run_measured(command, copy, env)[0]
            elif _sphinx(command):
                sphinx, folder = run_measured(command, copy, env)[0], command[-1]
        latex_env = sandboxed_env(dict(env))
        latex_env["LATEXMKOPTS"] = LATEXMKOPTS.replace("-silent", "").strip() + " -time"
        cpu, output = run_measured(["make", "-C", folder, "all-pdf"], copy, latex_env)
        steps.append(PdfSteps(lang, sphinx, cpu, parse_latexmk(output)))
    return steps, examples or 0.0
    return steps, examples


def median_cpu(samples: list[Any]) -> float | None:
    return statistics.median(s.cpu for s in samples) if samples else None
