"""Lighthouse (npm, pinned here by package-lock.json) on the built site, in Debian's Chromium.

Shared by the benchmark (`./dev bench --only lighthouse`, which prints the scores against the
goals) and tests/browser/test_lighthouse.py. Only the accessibility, best-practices and SEO
categories run: they fetch nothing. Chromium gets a fresh profile and a proxy that leads nowhere
(loopback is never proxied), so the pages reach the local server and nothing else.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LIGHTHOUSE = HERE / "node_modules" / ".bin" / "lighthouse"
#: axe-core, the accessibility engine (Lighthouse's own, pinned at the top level of package.json),
#: for tests/browser/test_accessibility.py.
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
#: npm's record of what `npm ci` installed; older than the lock means install again.
INSTALLED = HERE / "node_modules" / ".package-lock.json"
CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ("accessibility", "best-practices", "seo")
#: The goal of each category, out of 100 (the bench reports them; tests/browser/test_lighthouse.py
#: asserts them).
GOALS = {"accessibility": 100, "best-practices": 95, "seo": 95}
FORM_FACTORS = ("mobile", "desktop")
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--proxy-server=http://127.0.0.1:9",  # nothing listens there: no request leaves loopback
)


def missing() -> str | None:
    """Why Lighthouse cannot run here, or None. Installs it with `npm ci` first if needed (as
    ./dev does for the bench and the browser tests)."""
    if not Path(CHROMIUM).is_file():
        return f"{CHROMIUM} not found (Debian: apt-get install chromium)"
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node or npm not found (Debian: apt-get install nodejs npm)"
    lock = HERE / "package-lock.json"
    if INSTALLED.exists() and INSTALLED.stat().st_mtime >= lock.stat().st_mtime:
        return None
    install = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if install.returncode != 0 or not LIGHTHOUSE.exists() or not AXE.exists():
        return f"npm ci in {HERE} failed: {_npm_error(install.stderr)}"
    return None


def _npm_error(stderr: str) -> str:
    """npm's own sentence about what went wrong, without its code, errno and log lines."""
    for line in stderr.splitlines():
        text = line.removeprefix("npm error").strip()
        if text and not text.startswith(("code ", "syscall ", "errno ", "path ")):
            return text
    return stderr.strip()[-300:] or "no message"


@dataclass(frozen=True)
class Failure:
    """A scored audit that did not pass: its id, title and where (first elements or URLs)."""

    id: str
    title: str
    where: str = ""


@dataclass
class Report:
    url: str
    form_factor: str
    scores: dict[str, int] = field(default_factory=dict)  # category -> 0..100
    failures: dict[str, list[Failure]] = field(default_factory=dict)  # category -> audits
    version: str = ""

    def missed(self, goals: dict[str, int] = GOALS) -> list[str]:
        return [c for c in CATEGORIES if self.scores.get(c, 0) < goals[c]]


def _where(audit: dict[str, Any], shown: int = 2) -> str:
    items = (audit.get("details") or {}).get("items") or []
    places = []
    for item in items:
        source = item.get("node") or item.get("sourceLocation") or {}
        place = source.get("selector") or item.get("url") or source.get("url")
        if place and place not in places:
            places.append(place)
    more = f" (+{len(places) - shown} more)" if len(places) > shown else ""
    return ", ".join(places[:shown]) + more


def parse(result: dict[str, Any], form_factor: str) -> Report:
    """The scores (0..100) and, per category, the weighted audits that failed or could not run."""
    report = Report(result["finalDisplayedUrl"], form_factor, version=result["lighthouseVersion"])
    audits = result["audits"]
    for name in CATEGORIES:
        category = result["categories"][name]
        report.scores[name] = round((category["score"] or 0) * 100)
        failed = []
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            broken = audit["scoreDisplayMode"] == "error"
            below = audit["score"] is not None and audit["score"] < 1  # None: not applicable
            if ref["weight"] == 0 or not (broken or below):
                continue
            error = f" (error: {audit.get('errorMessage')})" if broken else ""
            failed.append(Failure(ref["id"], audit["title"] + error, _where(audit)))
        report.failures[name] = failed
    return report


def command(url: str, form_factor: str, output: Path, profile: Path) -> list[str]:
    flags = " ".join([*CHROMIUM_FLAGS, f"--user-data-dir={profile}"])
    preset = ["--preset=desktop"] if form_factor == "desktop" else ["--form-factor=mobile"]
    return [
        str(LIGHTHOUSE),
        url,
        *preset,
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={output}",
        "--quiet",
        "--no-enable-error-reporting",
        "--disable-full-page-screenshot",
        f"--chrome-flags={flags}",
    ]


def audit(url: str, form_factor: str = "mobile", timeout: float = 120) -> Report:
    """Run Lighthouse once on ``url`` in a fresh Chromium profile."""
    with tempfile.TemporaryDirectory(prefix="nq-lighthouse-") as scratch:
        output, profile = Path(scratch) / "report.json", Path(scratch) / "profile"
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        run = subprocess.run(
            command(url, form_factor, output, profile),
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if run.returncode != 0 or not output.exists():
            raise RuntimeError(
                f"lighthouse {url} ({form_factor}) exit {run.returncode}: "
                f"{run.stderr.strip()[-2000:]}"
            )
        return parse(json.loads(output.read_text(encoding="utf-8")), form_factor)


def audit_all(jobs: list[tuple[str, str]], timeout: float = 600) -> list[Report]:
    """Run Lighthouse on each ``(url, form_factor)`` in one node process and one Chromium
    (audit_all.mjs): the CLI's flags and presets, a new tab and a storage reset per audit, without
    a node start and a browser start per audit."""
    with tempfile.TemporaryDirectory(prefix="nq-lighthouse-") as scratch:
        outputs = [Path(scratch) / f"report-{n}.json" for n in range(len(jobs))]
        spec = Path(scratch) / "jobs.json"
        flags = [*CHROMIUM_FLAGS, f"--user-data-dir={Path(scratch) / 'profile'}"]
        spec.write_text(
            json.dumps(
                {
                    "chromeFlags": flags,
                    "categories": list(CATEGORIES),
                    "jobs": [
                        {"url": url, "formFactor": form_factor, "output": str(output)}
                        for (url, form_factor), output in zip(jobs, outputs, strict=True)
                    ],
                }
            ),
            encoding="utf-8",
        )
        run = subprocess.run(
            ["node", str(HERE / "audit_all.mjs"), str(spec)],
            env=dict(os.environ, CHROME_PATH=CHROMIUM),
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if run.returncode != 0 or not all(output.exists() for output in outputs):
            raise RuntimeError(f"lighthouse exit {run.returncode}: {run.stderr.strip()[-2000:]}")
        return [
            parse(json.loads(output.read_text(encoding="utf-8")), form_factor)
            for (_url, form_factor), output in zip(jobs, outputs, strict=True)
        ]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass


@contextmanager
def serve(root: Path) -> Iterator[str]:
    """Serve ``root`` (a built ``_build/html``) on 127.0.0.1; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
