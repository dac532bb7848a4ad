"""The benchmark runner works (its figures are not tested: they are measurements)."""

from __future__ import annotations

import gzip
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.building import ROOT


@pytest.mark.slow  # builds the whole site
def test_the_plain_baseline_stubs_every_directive_of_ours(tmp_path: Path) -> None:
    """tools/plain_sphinx builds the same sources with our directives rendering nothing; a
    directive it does not know would make the baseline measure an error path."""
    conf = ROOT / "tools" / "plain_sphinx"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-b",
            "html",
            "-c",
            str(conf),
            "-d",
            str(tmp_path / "doctrees"),
            str(ROOT / "docs"),
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "Unknown directive" not in result.stderr, result.stderr
    assert (tmp_path / "html" / "magic.html").exists()
    assert "nq-table" not in (tmp_path / "html" / "magic.html").read_text(encoding="utf-8")


@pytest.mark.slow  # runs the benchmark's builds
def test_the_runner_reports_medians_cpu_and_memory() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench.py"), "--only", "import", "tables"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Machine: ")
    rows = {line.split("  ")[0]: line for line in result.stdout.splitlines()}
    for title in ("Engine: import every module", "Engine: every generated table"):
        assert re.search(r"\d+\.\d\d s .* \d+ MB .* goal (met|missed)", rows[title]), rows


@pytest.mark.slow  # copies the project and its vendored packages
def test_the_scratch_copy_passes_the_builds_input_checks(tmp_path: Path) -> None:
    """The copy every benchmark builds in holds nothing the Makefile refuses (a symbolic link
    into the checkout made each build benchmark fail before it started), and its vendored
    packages read as installed (their record where its git folder keeps it)."""
    from nqsphinx.site import vendored
    from tools.scratch import VENDORED

    copy = _bench_module()._prepare(tmp_path)
    for folder in VENDORED:
        lock = next((copy / folder).glob("*/package.json"))
        assert vendored.read(lock).startswith(b"{")
    result = subprocess.run(
        ["make", "-n", "html", f"BUILD={tmp_path / 'out'}"],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Refused input" not in result.stderr


def _bench_module() -> Any:
    spec = importlib.util.spec_from_file_location("nq_bench", ROOT / "tools" / "bench.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["nq_bench"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_page_weight_counts_what_a_page_loads_once(tmp_path: Path) -> None:
    """The page, each file it loads once (fonts of its stylesheets too), gzipped; the
    browser's /favicon.ico when the page names no icon; what would leave the site."""
    bench = _bench_module()
    static = tmp_path / "en" / "_static"
    static.mkdir(parents=True)
    (tmp_path / "fr").mkdir()
    files = {
        "en/_static/a.css": "@font-face { src: url(f.woff2) } body { background: url(data:x) }",
        "en/_static/f.woff2": "font" * 100,
        "en/_static/a.js": "console.log(1);" * 50,
        "en/img.png": "png",
        "en/index.html": '<link rel="stylesheet" href="_static/a.css?v=1">'
        '<script src="_static/a.js"></script><script src="_static/a.js"></script>'
        '<img src="img.png"><img src="data:image/png;base64,AA">'
        '<script src="https://cdn.example/x.js"></script>',
        "fr/index.html": '<link rel="icon" href="/en/img.png"><p>fr</p>',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    weights = {w.page: w for w in bench.page_weights(tmp_path)}
    size = sum(
        len(gzip.compress((tmp_path / n).read_bytes(), mtime=0))
        for n in files
        if n.startswith("en/")
    )
    # The page, a.css, f.woff2, a.js, img.png, the script from elsewhere, /favicon.ico.
    assert (weights["en/index.html"].requests, weights["en/index.html"].gzipped) == (7, size)
    assert weights["en/index.html"].outside == ["https://cdn.example/x.js"]
    assert weights["fr/index.html"].requests == 2  # the page and its icon
    report = bench.page_report(list(weights.values()))
    assert "goal <= 60 KB: met" in report and "goal <= 12: met" in report
    assert "requests leaving the site: 1 (https://cdn.example/x.js)" in report


def test_the_ratios_of_both_sites_to_plain_english_say_what_is_left() -> None:
    bench = _bench_module()

    def result(name: str, *samples: tuple[float, float]) -> Any:
        return bench.Result(name, name, [bench.Sample(w, c, 1000) for w, c in samples])

    results = {
        "html-plain": result("html-plain", (2.0, 2.0), (2.2, 2.1), (1.8, 1.9)),
        "html": result("html", (3.0, 6.0), (2.8, 6.2), (3.2, 5.8)),
        "html-en": result("html-en", (2.5, 3.0)),
        "html-fr": result("html-fr", (3.0, 3.5)),
        "verify-examples": result("verify-examples", (0.5, 0.5)),
    }
    text = bench.ratios(results)
    assert "medians of 3): wall 1.50 ×, CPU 3.00 × (goal ≤ 1.3 ×: wall missed CPU missed)" in text
    assert "2.00 s   33%  one plain English build" in text
    assert "0.50 s    8%  the worked examples" in text
    assert "0.50 s    8%  our English extension" in text
    assert "3.00 s   50%  the French site" in text
    assert "0.00 s    0%  the root page" in text
    results["html"] = result("html", (2.4, 2.4), (2.4, 2.4), (2.4, 2.4))
    assert bench.ratios(results).endswith("(goal ≤ 1.3 ×: wall met CPU met).")


def test_a_missed_incremental_goal_is_explained_by_cause() -> None:
    """The largest cause first, each with its CPU seconds, its share and why it runs."""
    bench = _bench_module()
    report = bench.breakdown_report(
        [
            ("the offline archive of both sites", 0.5, "zipped again whole"),
            ("English Sphinx: start-up", 1.5, "imports"),
        ],
        1.0,
    )
    lines = report.splitlines()
    assert "(2.00 s CPU" in lines[0] and "goal 1.0 s" in lines[0]
    assert lines[1:] == [
        "   1.50 s   75%  English Sphinx: start-up: imports",
        "   0.50 s   25%  the offline archive of both sites: zipped again whole",
    ]


def test_the_resident_builders_rows_say_their_goal_and_cpu_by_step() -> None:
    """The live rows: the summary line the builder prints is read, and the median rebuild's
    steps follow the goal's verdict."""
    bench = _bench_module()
    line = "built in 0.70 s CPU (changes 0.01, examples 0.00, en 0.32, fr 0.30, archive 0.05)"
    found = bench.LiveBuilder.SUMMARY.match(line)
    assert found and (float(found[1]), found[2].split(", ")[2]) == (0.70, "en 0.32")
    samples = [bench.Sample(1.0, cpu, 1000, steps=f"en {cpu}") for cpu in (0.9, 0.6, 1.2)]
    results = {
        "live": bench.Result("live", "live", samples),
        "live-unchanged": bench.Result(
            "live-unchanged", "u", [bench.Sample(0.4, 0.6, 1, steps="x")]
        ),
    }
    bench.annotate(results)
    assert results["live"].note == "goal met (en 0.9)"
    assert results["live-unchanged"].note == "goal missed (x)"


# --- why the clean build and the PDFs cost what they cost (tools/bench_causes.py) ---------------

SPHINX = "/venv/lib/python3.11/site-packages/sphinx"
ROOT_CALL = ("/usr/lib/python3.11/runpy.py", 200, "run_module")
READ = (f"{SPHINX}/builders/__init__.py", 468, "read")
WRITE = (f"{SPHINX}/builders/__init__.py", 704, "write")
SEARCH = (f"{SPHINX}/search/__init__.py", 300, "feed")
PARSE = ("/venv/lib/python3.11/site-packages/docutils/parsers/rst/states.py", 1, "run")
DIRECTIVE = ("/tmp/nq-bench-1/project/nqsphinx/directives/tables.py", 10, "run")
TABLE = ("/tmp/nq-bench-1/project/nqcore/tables/registry.py", 5, "get_table")
FURO = ("/venv/lib/python3.11/site-packages/furo/navigation.py", 1, "get_navigation_tree")
DECODE = ("/usr/lib/python3.11/json/decoder.py", 1, "decode")
IMPORT = ("<frozen importlib._bootstrap>", 1, "_find_and_load")
HELPER = ("/venv/lib/python3.11/site-packages/jinja2/runtime.py", 1, "call")
INNER = ("/venv/lib/python3.11/site-packages/markupsafe/__init__.py", 1, "escape")
LOOP_A = ("/venv/lib/python3.11/site-packages/docutils/nodes.py", 1, "walk")
LOOP_B = ("/venv/lib/python3.11/site-packages/docutils/nodes.py", 2, "dispatch")


def _entry(own: float, callers: dict[Any, tuple[float, float]]) -> Any:
    """A pstats row: own time and, per caller, (own time, cumulative time) of those calls."""
    return (1, 1, own, own, {c: (1, 1, tt, ct) for c, (tt, ct) in callers.items()})


def test_the_profile_gives_each_functions_own_time_to_its_cause() -> None:
    """Our modules, groups (imports, Furo, the search index) and Sphinx's phases own their code;
    other code shares its time among its callers as the calls took it, up the chain, through
    a loop without end; nothing is lost."""
    from tools import bench_causes

    stats = {
        ROOT_CALL: _entry(0.1, {}),
        READ: _entry(0.2, {ROOT_CALL: (0.2, 2.0)}),
        WRITE: _entry(0.1, {ROOT_CALL: (0.1, 4.0)}),
        SEARCH: _entry(0.3, {WRITE: (0.3, 1.0)}),
        PARSE: _entry(0.6, {READ: (0.4, 1.0), DIRECTIVE: (0.2, 0.5)}),
        DIRECTIVE: _entry(0.3, {PARSE: (0.3, 1.5)}),
        TABLE: _entry(0.5, {DIRECTIVE: (0.5, 1.1)}),
        FURO: _entry(0.2, {WRITE: (0.2, 0.6)}),
        DECODE: _entry(1.0, {TABLE: (0.6, 0.6), FURO: (0.4, 0.4)}),
        IMPORT: _entry(0.7, {ROOT_CALL: (0.7, 0.7)}),
        INNER: _entry(1.0, {HELPER: (1.0, 1.0)}),  # HELPER: 3 parts from write, 1 from search
        HELPER: _entry(0.0, {WRITE: (0.0, 3.0), SEARCH: (0.0, 1.0)}),
        LOOP_A: _entry(0.5, {READ: (0.25, 1.0), LOOP_B: (0.25, 0.5)}),
        LOOP_B: _entry(0.5, {LOOP_A: (0.5, 0.5)}),
    }
    causes = bench_causes.attribute(stats)
    read, write = (bench_causes.PHASES[i][2] for i in (3, 6))
    assert causes == pytest.approx(
        {
            bench_causes.OUTSIDE: 0.1,
            read: 0.2 + 0.4 + 0.5 + 0.5,
            write: 0.1 + 0.75,
            "Sphinx: search index": 0.3 + 0.25,
            "nqsphinx.directives": 0.3 + 0.2,
            "nqcore.tables": 0.5 + 0.6,
            "Furo: navigation tree and page context": 0.2 + 0.4,
            bench_causes.IMPORTS: 0.7,
        }
    )
    assert sum(bench_causes.scaled(causes, 3.0).values()) == pytest.approx(3.0)


def test_our_modules_are_named_by_package_and_first_level() -> None:
    from tools import bench_causes

    assert bench_causes.our_module("/tmp/x/project/nqsphinx/site/csp.py") == "nqsphinx.site"
    assert bench_causes.our_module("/tmp/x/nqsphinx/messages.py") == "nqsphinx.messages"
    assert bench_causes.our_module("/tmp/x/nqcore/__init__.py") == "nqcore"
    assert bench_causes.our_module(f"{SPHINX}/application.py") is None


def test_the_clean_build_by_cause_says_what_each_adds_beyond_plain() -> None:
    """Largest first: each cause's English + French beyond the plain build's, its share of what
    is left beyond the goal, and why it runs."""
    from tools import bench_causes

    read = bench_causes.PHASES[3][2]
    breakdown = bench_causes.Breakdown(
        plain={read: 1.0, bench_causes.IMPORTS: 0.5, "Sphinx: search index": 0.01},
        english={read: 1.0, bench_causes.IMPORTS: 0.6, "nqsphinx.directives": 0.9},
        french={read: 1.2, bench_causes.IMPORTS: 0.6, "Sphinx: search index": 0.02},
        steps={"the worked examples (pytest docs, once)": 0.5},
    )
    assert breakdown.total() == pytest.approx(4.82)
    lines = bench_causes.causes_report(breakdown, 5.0, 1.3).splitlines()
    assert "ours 4.82 s; `make html` itself: 5.00 s, plain 1.51 s" in lines[0]
    assert "goal 1.3 × plain = 1.96 s, left beyond it 2.86 s." in lines[0]
    causes = [read, "nqsphinx.directives", bench_causes.IMPORTS, "examples (pytest docs, once)"]
    assert all(cause in line for cause, line in zip(causes, lines[2:6], strict=True)), lines
    assert lines[2].split()[:6] == ["1.20", "s", "42%", "1.00", "s", "1.00"]
    assert "the pages' tables, cards, diagrams" in lines[3]
    assert lines[6].split()[:2] == ["0.01", "s"] and "1 causes under 0.03 s" in lines[6]
    assert "second Sphinx build" in lines[-1]


def _latexmk_output() -> str:
    """latexmk -xelatex -time (verbose) as it ran for the English A4 book, the TeX logs left
    out."""
    return (ROOT / "tests" / "data" / "latexmk-time.txt").read_text(encoding="utf-8")


def test_latexmks_passes_are_counted_with_their_times_and_reasons() -> None:
    from tools import bench_causes

    passes = bench_causes.parse_latexmk(_latexmk_output())
    assert [name for name, _ in passes.runs] == [
        "xelatex",
        "makeindex noquarter.idx",
        "xelatex",
        "makeindex noquarter.idx",
        "xelatex",
        "xdvipdfmx",
    ]
    counts = (passes.count("xelatex"), passes.count("makeindex"), passes.count("xdvipdfmx"))
    assert counts == (3, 2, 1) == bench_causes.CHECKED_COUNTS
    assert passes.seconds("xelatex") == pytest.approx(3.57 + 3.89 + 3.69)
    assert passes.seconds("makeindex") == pytest.approx(0.52 + 0.49)
    assert passes.processing == 12.98
    changed = ["noquarter.aux", "noquarter.ind", "noquarter.out", "noquarter.toc"]
    assert passes.reasons == [
        ["Rerun of 'xelatex' forced or previously required"],
        changed,
        changed,
    ]
    with pytest.raises(ValueError, match="no '-time' report"):
        bench_causes.parse_latexmk("Latexmk: All targets are up-to-date\n")


def test_the_pdf_row_explains_itself_pass_by_pass() -> None:
    from tools import bench_causes

    passes = bench_causes.parse_latexmk(_latexmk_output())
    steps = [bench_causes.PdfSteps(lang, 2.0, 13.0, passes) for lang in ("en", "fr")]
    report = bench_causes.pdf_report(steps, 0.6, 1.6)
    lines = report.splitlines()
    assert (
        lines[0].startswith("Both PDFs from a clean state") and "30.6 s = 19.1 × plain" in lines[0]
    )
    assert "  en: 15.00 s" in lines
    assert "    11.15 s  xelatex, 3 passes (3.57, 3.89, 3.69 s)" in lines
    assert "     1.01 s  the index (xindy), 2 runs" in lines
    assert "     0.59 s  latexmk and make themselves (start, checksums)" in lines
    assert "  The 6 xelatex passes alone take 22.3 s = 13.9 × plain (goal 2 × = 3.2 s" in report
    assert "Every run is needed" in report
    passes.runs.append(("xelatex", 3.0))  # a fourth pass: not the runs found needed
    assert "check again" in bench_causes.pdf_report(steps, 0.6, 1.6)


def test_the_cause_steps_are_chosen_by_name() -> None:
    bench = _bench_module()
    assert bench._arguments(["--only", "html-causes", "pdf-passes"]).only == [
        "html-causes",
        "pdf-passes",
    ]
