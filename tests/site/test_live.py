"""The resident builder (``make live``, nqsphinx/site/live.py) publishes what ``make html`` does:
after an English paragraph and a French translation change are undone, and after they are made
again, both sites, their search indexes, the root page and the offline archive equal a clean
``make html`` of the same sources, byte for byte; a broken directive is one error line, and the
next good save builds.

Both run in one scratch copy of the project (tools/scratch.py) whose page and catalogue
are changed, built by ``make html`` first: the clean build of the changed sources.  The clean
build of the checkout's sources is the session's (``html_builds``, with the root page and archive
``make html`` adds), so no second clean build is made.  Each rebuild is compared with the clean
build of the sources it was given, so a file a rebuild leaves stale differs from one of the two.
``make html``'s own incremental rebuild is compared too (the coverage and glossary pages are
written again only when what they show changed, in both)."""

from __future__ import annotations

import queue
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.building import ROOT, Build
from tools.scratch import copy_project, scratch_env

pytestmark = pytest.mark.slow

PAGE = "docs/morale.md"
CATALOGUE = "locale/fr/LC_MESSAGES/morale.po"
#: Seconds a build may take on a loaded machine before the test gives up.
PATIENCE = 600


class LiveBuilder:
    """``make live LIVE_ARGS=--manual`` in a copy: each line sent asks for a build."""

    def __init__(self, copy: Path, build: Path) -> None:
        self.process = subprocess.Popen(
            [
                "make",
                "--no-print-directory",
                "live",
                f"BUILD={build}",
                f"PYTHON={sys.executable}",
                "LIVE_ARGS=--manual",
            ],
            cwd=copy,
            env=scratch_env(copy),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("")  # the end

    def build(self) -> list[str]:
        """Ask for a build (none for the first, made at start) and return its lines, the
        summary last."""
        if self.process.stdin is not None and self.process.poll() is None:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
        return self.next_build()

    def next_build(self) -> list[str]:
        lines = []
        while True:
            line = self.lines.get(timeout=PATIENCE)
            lines.append(line)
            if not line:
                raise AssertionError("the builder stopped:\n" + "\n".join(lines))
            if re.match(r"(built|\d+ problem\(s\), not published) in [\d.]+ s CPU", line):
                return lines

    def stop(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=60)


def outputs(html: Path) -> dict[str, bytes]:
    return {p.relative_to(html).as_posix(): p.read_bytes() for p in html.rglob("*") if p.is_file()}


def edit_paragraph(text: str) -> str:
    """An English paragraph of the page, with a sentence added (as tools/bench.py does)."""
    match = re.search(r"^[A-Z][^\n]{40,}$", text, re.M)
    assert match, "no prose paragraph to change"
    return text[: match.end()] + " This sentence was added by a test." + text[match.end() :]


def edit_translation(text: str) -> str:
    """The last translation of the catalogue, with a sentence added (a translator's save)."""
    last = list(re.finditer(r'^msgstr ""\n(?:".*"\n)*".*(?="\n)', text, re.M))[-1]
    return text[: last.end()] + " Phrase ajoutée par un test." + text[last.end() :]


def written(build: Path) -> tuple[int, int]:
    """When the English glossary and the changed English page were written."""
    pages = build / "html" / "en"
    return (pages / "glossary.html").stat().st_mtime_ns, (pages / "morale.html").stat().st_mtime_ns


def make_html(copy: Path, build: str, *options: str, target: str = "html") -> None:
    done = subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-j2",
            target,
            f"BUILD={build}",
            f"PYTHON={sys.executable}",
        ]
        + list(options),
        cwd=copy,
        env=scratch_env(copy),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


#: Where ``make html`` builds the copy first; the resident builder builds on there, and
#: ``make html`` again, incrementally, in a copy of it (the same configuration: ``SITE``).
LIVE, ONE_SHOT = "_build/live", "_build/one-shot"
#: The changes, each a file and its edit.
EDITS = ((PAGE, edit_paragraph), (CATALOGUE, edit_translation))


def set_sources(copy: Path, texts: dict[str, str]) -> None:
    for name, text in texts.items():
        (copy / name).write_text(text, encoding="utf-8")


@dataclass(frozen=True)
class Live:
    copy: Path
    builder: LiveBuilder
    #: The page and catalogue, as checked out and as changed.
    original: dict[str, str]
    changed: dict[str, str]
    #: ``make html`` from clean of the changed sources.
    clean_changed: dict[str, bytes]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    copy = copy_project(tmp_path_factory.mktemp("live"))
    original = {name: (copy / name).read_text(encoding="utf-8") for name, _ in EDITS}
    changed = {name: edit(original[name]) for name, edit in EDITS}
    set_sources(copy, changed)
    make_html(copy, LIVE)
    clean_changed = outputs(copy / LIVE / "html")
    builder = LiveBuilder(copy, Path(LIVE))  # the same configuration (SITE names BUILD)
    first = builder.next_build()  # nothing to read: make html built it all
    assert first[-1].startswith("built in"), "\n".join(first)
    shutil.copytree(copy / LIVE, copy / ONE_SHOT, symlinks=True)
    yield Live(copy, builder, original, changed, clean_changed)
    assert builder.stop() == 0


@pytest.fixture(scope="module")
def clean_checkout(
    html_builds: dict[str, Build], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, bytes]:
    """``make html`` from clean of the checkout's sources: the session's sites, with the root page
    and the offline archive that ``make html`` adds."""
    html = tmp_path_factory.mktemp("clean-checkout") / "html"
    for lang, build in html_builds.items():
        shutil.copytree(build.check(), html / lang, symlinks=True)
    for tool in ("nqsphinx.site.root_page", "nqsphinx.site.archive"):
        subprocess.run([sys.executable, "-m", tool, str(html)], cwd=ROOT, check=True)
    return outputs(html)


def rebuild_both(live: Live) -> None:
    """The resident builder's rebuild, then ``make html``'s incremental one."""
    lines = live.builder.build()
    assert lines[-1].startswith("built in"), "\n".join(lines)
    make_html(live.copy, ONE_SHOT, f"SITE=-D nq_print_pdfs={LIVE}/pdf")


def assert_rebuilt_as(live: Live, before: tuple[int, int], reference: dict[str, bytes]) -> None:
    for name in ("en/morale.html", "fr/morale.html", "en/searchindex.js", "fr/searchindex.js"):
        assert name in reference  # what the comparison must cover
    assert "noquarter-html.zip" in reference and "sw.js" in reference and "index.html" in reference
    for build in (LIVE, ONE_SHOT):
        # Incremental builds: the glossary was not written again, the changed page was.
        glossary, page = written(live.copy / build)
        assert (glossary, page > before[1]) == (before[0], True), build
        rebuilt = outputs(live.copy / build / "html")
        assert sorted(rebuilt) == sorted(reference), build
        assert [name for name in reference if rebuilt[name] != reference[name]] == [], build


def test_a_rebuild_publishes_the_bytes_of_a_clean_build(
    live: Live, clean_checkout: dict[str, bytes]
) -> None:
    """The resident builder's rebuild and ``make html``'s incremental one, after an English
    paragraph and a French translation change are undone, then made again: each against ``make
    html`` from clean of the same sources."""
    before = written(live.copy / LIVE)
    assert written(live.copy / ONE_SHOT) == before  # copied with their times
    assert "This sentence was added by a test." in live.clean_changed["en/morale.html"].decode()
    assert "Phrase ajoutée par un test." in live.clean_changed["fr/morale.html"].decode()
    for name in ("en/morale.html", "fr/morale.html", "en/searchindex.js", "fr/searchindex.js"):
        assert clean_checkout[name] != live.clean_changed[name], name  # the references differ
    set_sources(live.copy, live.original)
    rebuild_both(live)
    assert_rebuilt_as(live, before, clean_checkout)
    before = written(live.copy / LIVE)
    set_sources(live.copy, live.changed)
    rebuild_both(live)
    assert_rebuilt_as(live, before, live.clean_changed)


def build_broken(live: Live, path: Path, broken: str) -> list[str]:
    """The builder's lines after ``broken`` is saved in ``path``; the file is put back after."""
    text = path.read_text(encoding="utf-8")
    path.write_text(broken, encoding="utf-8")
    try:
        return live.builder.build()
    finally:
        path.write_text(text, encoding="utf-8")


def assert_next_save_builds(live: Live) -> None:
    lines = live.builder.build()
    assert lines[-1].startswith("built in"), "\n".join(lines)
    assert not any(entry.startswith("error: ") for entry in lines), lines


def test_a_broken_directive_is_one_line_and_the_next_save_builds(
    live: Live,
) -> None:
    page = live.copy / PAGE
    text = page.read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index("\n\n")) + 3  # the broken directive's line
    broken = text.replace("\n\n", "\n\n```{nq-no-such-directive}\n```\n\n", 1)
    lines = build_broken(live, page, broken)
    assert lines[-1].startswith("2 problem(s), not published"), "\n".join(lines)
    errors = [entry for entry in lines if entry.startswith("error: ")]
    assert len(errors) == 2, lines  # English and French, one line each
    for error in errors:
        assert error.startswith(f"error: docs/morale.md:{line}: "), error
        assert "nq-no-such-directive" in error, error
    assert_next_save_builds(live)


def test_a_failing_example_names_its_line_and_nothing_is_built(
    live: Live,
) -> None:
    """The changed page's worked examples run first, as ``make html`` runs them (pytest)."""
    page = live.copy / PAGE
    text = page.read_text(encoding="utf-8")
    example = ">>> [t.turn for t in tests]\n[3, 4]\n"
    line = text[: text.index(example)].count("\n") + 1
    lines = build_broken(live, page, text.replace(example, example.replace("[3, 4]", "[3, 5]")))
    assert lines[-1].startswith("1 problem(s), not published"), "\n".join(lines)
    failure = f"error: docs/morale.md:{line}: example failed: Expected: [3, 5] Got: [3, 4]"
    assert failure in lines, lines
    assert not re.search(r"\b(en|fr) \d", lines[-1])  # no site was built
    assert_next_save_builds(live)


def test_a_broken_catalogue_is_one_line_and_the_next_save_builds(
    live: Live,
) -> None:
    catalogue = live.copy / CATALOGUE
    text = catalogue.read_text(encoding="utf-8")
    line = text[: text.index('msgstr "Moral"')].count("\n") + 1
    lines = build_broken(live, catalogue, text.replace('msgstr "Moral"', 'msgstr "Moral'))
    assert lines[-1].startswith("1 problem(s), not published"), "\n".join(lines)
    errors = [entry for entry in lines if entry.startswith("error: ")]
    assert len(errors) == 1 and re.search(rf"{CATALOGUE}:({line}|{line + 1}):", errors[0]), lines
    assert_next_save_builds(live)


def test_an_edit_of_the_engine_data_reaches_the_pages_of_an_incremental_build(
    live: Live,
) -> None:
    """No page's source changed, only the engine's data a directive reads (the panic table's
    words): ``make html-en`` on the last build reads the pages again, as a clean build would."""
    data = live.copy / "nqcore/data/panic_table.toml"
    text = data.read_text(encoding="utf-8")
    old, new = "resists all-out panic", "resists an all-out panic"
    assert old in text
    page = live.copy / ONE_SHOT / "html/en/morale.html"
    assert old in page.read_text(encoding="utf-8")
    data.write_text(text.replace(old, new), encoding="utf-8")
    try:
        make_html(live.copy, ONE_SHOT, f"SITE=-D nq_print_pdfs={LIVE}/pdf", target="html-en")
        assert new in page.read_text(encoding="utf-8")
    finally:
        data.write_text(text, encoding="utf-8")
    make_html(live.copy, ONE_SHOT, f"SITE=-D nq_print_pdfs={LIVE}/pdf", target="html-en")
    assert old in page.read_text(encoding="utf-8")
