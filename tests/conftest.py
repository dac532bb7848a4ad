"""Session fixtures: each output is built once per test run, in a scratch directory, also when
pytest-xdist's workers share the run (tests/sharing.py); the print builds are made ahead, beside
the tests that need none (tests/background.py)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from nqcompanion.engine import kept_steps
from nqcompanion.page.answers import CACHE, CACHE_VARIABLE
from tests import covering
from tests.background import QUIET, Background, builds_last
from tests.building import LETTER, ROOT, Build, build_all, latexmk_all
from tests.file_times import FileClock, write_summary
from tests.pseudolang import PseudoBuilds, build_pseudo
from tests.sharing import (
    BUDGET_VARIABLE,
    LEFT_OVER,
    WORKER,
    Shared,
    budget_seconds,
    compile_page_catalogues,
    file_groups,
    shared_folder,
)

# Hypothesis's per-example deadline and its too-slow check read the wall clock: on a loaded CI
# machine they failed examples that are merely slow. Hangs are caught by the tests' own
# watchdogs; what each example costs is the test's business.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

#: make_app and SphinxTestApp for the extension's fast tests (tests/ext/).
pytest_plugins = ["sphinx.testing.fixtures"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        help="every setting of the browser matrices (./dev test --full), not a covering design",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    covering.settings_of(metafunc)  # a browser matrix: its covering cases, every one with --full


def pytest_configure(config: pytest.Config) -> None:
    """The tools the suite runs write plain text, whatever the CI's terminal asks for.

    A CI that sets ``FORCE_COLOR`` made Sphinx colour its warnings, and a test comparing
    warning lines failed on the escape codes; ``NO_COLOR`` wins over it in Sphinx, pytest
    and npm.

    Every build the suite makes, in the checkout or in a scratch copy of it (the faults, the
    resident builder, the catalogue runs), reads the At the table page's answer tables from the
    checkout's cache: a language's tables are about 37 s of the engine's time, made once;
    and the engine's slow steps likewise (nqcompanion/engine/kept_steps.py).
    """
    os.environ.pop("FORCE_COLOR", None)
    os.environ.pop("FORCE_COLOUR", None)
    os.environ["NO_COLOR"] = "1"
    os.environ.setdefault(CACHE_VARIABLE, str(CACHE))
    os.environ.setdefault(kept_steps.CACHE_VARIABLE, str(kept_steps.CACHE))
    from tests.building import freeze_environment

    freeze_environment()  # the builds made ahead never see a test's own variables
    _one_tracer_in_a_worker(config)


def _one_tracer_in_a_worker(config: pytest.Config) -> None:
    """In a pytest-xdist worker, pytest-cov 7.1 starts two measurements: the master's (the
    worker is given ``-n``), whose data is never saved, and at session start the worker's own.
    Each pause of the worker's (a ``no_cover`` test) resumed the other, so that every test, the
    slow ones too, ran traced (test_page_content.py: 59 s of CPU instead of 35 s).  The first is
    stopped here, before the worker's starts."""
    if not hasattr(config, "workerinput"):
        return
    from coverage import Coverage

    unsaved = Coverage.current()
    if unsaved is not None:
        unsaved.stop()


#: Fixtures that build the whole book, its PDFs or print products, or drive a browser (minutes):
#: every test that uses one, even through another fixture, is marked slow.
SLOW_FIXTURES = frozenset(
    {
        "html_builds",
        "latex_builds",
        "pdf_builds",
        "letter_pdf_builds",
        "epub_builds",
        "epubcheck_runs",
        "doctest_builds",
        "pseudo_builds",
        "products",
        "browser",
        "faults",
    }
)
#: tests.building's builders: a test module that imports one builds the book itself.
BUILDERS = ("build_all", "latexmk_all", "sphinx_command")


def mark_slow(items: list[pytest.Item]) -> None:
    """``-m "not slow"`` (``./dev test-fast``) leaves out every test that builds the book or
    drives a browser: the rest runs in about a minute."""
    for item in items:
        module = getattr(item, "module", None)
        builds = module is not None and any(hasattr(module, name) for name in BUILDERS)
        if builds or SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("slow") or not _measures_the_engine(item):
            item.add_marker(pytest.mark.no_cover)


#: Where the tests that measure the engine's line coverage live: its own tests, the worked
#: examples and the tests of its catalogue readers (95.4 % of nqcore and the companion's bridge
#: in CI without the latter, 96.3 % here with them; every fast test: 97.5 %).  Traced, the slow
#: tests' walks through the engine (every answer of the page's tables) took 4-5 times longer, and
#: the fast tests 544 s of CPU instead of 408 s: the others run untraced.
COVERAGE_PATHS = (
    "tests/engine",
    "docs",
    "tests/test_build_lock.py",
    "tests/test_catalogue_readers.py",
    "tests/test_catalogue_header_refusals.py",
    "tests/test_catalogue_escapes.py",
    "tests/test_catalogue_files.py",
)


def _measures_the_engine(item: pytest.Item) -> bool:
    return any(item.path.is_relative_to(ROOT / path) for path in COVERAGE_PATHS)


@contextmanager
def _untraced(item: pytest.Item) -> Iterator[None]:
    """pytest-cov pauses its tracer for a ``no_cover`` test's call only; its fixtures (a tiny
    rulebook built in the process, a module's scratch copy) are left untraced here too."""
    from coverage import Coverage

    tracing = Coverage.current()
    if tracing is None or not item.get_closest_marker("no_cover"):
        yield
        return
    tracing.stop()
    try:
        yield
    finally:
        tracing.start()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    with _untraced(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    with _untraced(item):
        return (yield)


@pytest.fixture(scope="session")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Shared:
    """The builds made once for every worker of the run (tests/sharing.py)."""
    return Shared(shared_folder(tmp_path_factory))


@pytest.fixture(scope="session", autouse=True)
def _page_catalogues(shared: Shared) -> None:
    """Compiled before any build starts, in any worker (tests/sharing.py)."""
    shared.once("page-catalogues", compile_page_catalogues)


@pytest.fixture(scope="session")
def html_builds(shared: Shared) -> dict[str, Build]:
    result: dict[str, Build] = shared.once("html_builds", lambda out: build_all("html", out))
    return result


@pytest.fixture(scope="session")
def html_sites(html_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() for lang, build in html_builds.items()}


@pytest.fixture(scope="session")
def background(request: pytest.FixtureRequest, shared: Shared) -> Iterator[Background]:
    """The print builds, made ahead (tests/background.py) when the chosen tests need them; each
    made once for all workers (tests/sharing.py), in a folder of its name."""
    from tests.print.conftest import build_products, check_epubs

    wanted = {name for item in request.session.items for name in item.fixturenames}
    ahead = Background(wanted)

    def add(name: str, make: Callable[[Path], object]) -> None:
        ahead.add(name, lambda: shared.once(name, make))

    add("latex_builds", lambda out: build_all("latex", out))
    add("pdf_builds", lambda _: latexmk_all(ahead.result("latex_builds")))
    add("epub_builds", lambda out: build_all("epub", out))
    add("epubcheck_runs", lambda out: check_epubs(out, ahead.result("epub_builds")))
    add("letter_pdf_builds", lambda out: letter_builds(out, ahead.result("latex_builds")))
    add(
        "products",
        lambda out: build_products(
            out, ahead.result("pdf_builds"), ahead.result("letter_pdf_builds")
        ),
    )
    add("pseudo_builds", build_pseudo)
    add("doctest_builds", lambda out: build_all("doctest", out))
    yield ahead
    ahead.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    left = covering.one_language_each(items, config.getoption("full"))
    if left:
        config.hook.pytest_deselected(items=left)
    mark_slow(items)
    builds_last(items)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, which `-p no:xdist` leaves out
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadgroup`` hands out each test file whole (tests/sharing.py)."""
    return file_groups(config, log)


#: The report lines of pytest-xdist's workers (``workeroutput["summary"]``: the faults').
WORKER_SUMMARIES: list[str] = []


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    WORKER_SUMMARIES.extend(getattr(node, "workeroutput", {}).get("summary", []))


#: The slow files named as they end (tests/file_times.py), by the process that reports.
CLOCK = FileClock()
#: Where the run prints (pytest's terminal reporter), found at the session's start.
REPORTER: list[pytest.TerminalReporter] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if isinstance(reporter, pytest.TerminalReporter):
        REPORTER.append(reporter)


def pytest_collection_finish(session: pytest.Session) -> None:
    CLOCK.expect(item.nodeid for item in session.items)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: object, ids: list[str]) -> None:
    CLOCK.expect(ids)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    line = None if os.environ.get(WORKER) else CLOCK.ended(report)
    if line and REPORTER:
        REPORTER[0].write_line(line)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A run that stopped at its budget (tests/sharing.py) fails, whatever its tests said."""
    if LEFT_OVER:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    write_summary(terminalreporter)
    for line in WORKER_SUMMARIES:
        terminalreporter.write_line(line)
    if LEFT_OVER:
        terminalreporter.section("files not run: the run went over its budget", red=True)
        terminalreporter.write_line(
            f"{sum(LEFT_OVER.values())} tests in {len(LEFT_OVER)} files were not started after "
            f"{budget_seconds() / 60:g} min (tests/sharing.py, {BUDGET_VARIABLE}):"
        )
        for name, count in LEFT_OVER.items():
            terminalreporter.write_line(f"  {name} ({count} tests)")


@pytest.fixture(autouse=True)
def _builds_ahead(request: pytest.FixtureRequest, background: Background) -> None:
    """The builds start at the first test after those that run first and want a quiet machine
    (tests/background.py); under pytest-xdist, at the first test: the other worker's tests run
    beside the quiet ones anyway, and the builds take what the tests leave of the cores."""
    quiet = any(request.node.path.is_relative_to(ROOT / folder) for folder in QUIET)
    if os.environ.get(WORKER) or not quiet:
        background.start()


@pytest.fixture(scope="session")
def latex_builds(background: Background) -> dict[str, Build]:
    """The rulebooks' LaTeX (``make pdf``'s Sphinx step), compiled by :func:`pdf_builds`."""
    result: dict[str, Build] = background.result("latex_builds")
    return result


@pytest.fixture(scope="session")
def pdf_builds(background: Background) -> dict[str, Build]:
    result: dict[str, Build] = background.result("pdf_builds")
    return result


@pytest.fixture(scope="session")
def pdfs(pdf_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() / "noquarter.pdf" for lang, build in pdf_builds.items()}


def letter_builds(base: Path, latex_builds: dict[str, Build]) -> dict[str, Build]:
    """The rulebooks on US Letter, as `make pdf-letter` builds them, but Sphinx starts from the
    A4 build's doctrees: what it reads does not depend on the paper (``latex_elements`` asks
    for no new reading), so it only writes the LaTeX again, the same bytes as from scratch."""
    for lang, build in latex_builds.items():
        shutil.copytree(build.out.parent / "doctrees", base / lang / "doctrees")
    return latexmk_all(build_all("latex", base, extra=LETTER))


@pytest.fixture(scope="session")
def letter_pdf_builds(background: Background) -> dict[str, Build]:
    result: dict[str, Build] = background.result("letter_pdf_builds")
    return result


@pytest.fixture(scope="session")
def letter_pdfs(letter_pdf_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() / "noquarter.pdf" for lang, build in letter_pdf_builds.items()}


@pytest.fixture(scope="session")
def epub_builds(background: Background) -> dict[str, Build]:
    """The e-books (tests/print/test_epub.py)."""
    result: dict[str, Build] = background.result("epub_builds")
    return result


@pytest.fixture(scope="session")
def doctest_builds(background: Background) -> dict[str, Build]:
    """Sphinx's doctest builder in each language (tests/site/test_doctest_builder.py)."""
    result: dict[str, Build] = background.result("doctest_builds")
    return result


@pytest.fixture(scope="session")
def pseudo_builds(background: Background) -> PseudoBuilds:
    """The site and the PDF rulebook in the pseudo language (tests/site/test_pseudo_language.py,
    tests/print/test_pseudo_print.py), built side by side from one set of catalogues."""
    result: PseudoBuilds = background.result("pseudo_builds")
    return result
