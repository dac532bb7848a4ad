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
