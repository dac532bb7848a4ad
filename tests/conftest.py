"""Session fixtures: each output is built once per test run, in a scratch directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.building import LETTER, Build, build_all, latexmk_all

# Hypothesis's per-example deadline and its too-slow check read the wall clock: on a loaded CI
# machine they failed examples that are merely slow. Hangs are caught by the tests' own
# watchdogs; what each example costs is the test's business.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

#: make_app and SphinxTestApp for the extension's fast tests (tests/ext/).
pytest_plugins = ["sphinx.testing.fixtures"]


def pytest_configure(config: pytest.Config) -> None:
    """The tools the suite runs write plain text, whatever the CI's terminal asks for.

    A CI that sets ``FORCE_COLOR`` made Sphinx colour its warnings, and a test comparing
    warning lines failed on the escape codes; ``NO_COLOR`` wins over it in Sphinx, pytest
    and npm.
    """
    os.environ.pop("FORCE_COLOR", None)
    os.environ.pop("FORCE_COLOUR", None)
    os.environ["NO_COLOR"] = "1"


#: Fixtures that build the whole book, its PDFs or print products, or drive a browser (minutes):
#: every test that uses one, even through another fixture, is marked slow.
SLOW_FIXTURES = frozenset(
    {"html_builds", "pdf_builds", "letter_pdf_builds", "products", "browser", "faults"}
)
#: tests.building's builders: a test module that imports one builds the book itself.
BUILDERS = ("build_all", "latexmk_all", "sphinx_command")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``-m "not slow"`` (``./dev test-fast``) leaves out every test that builds the book or
    drives a browser: the rest runs in about a minute."""
    for item in items:
        module = getattr(item, "module", None)
        builds = module is not None and any(hasattr(module, name) for name in BUILDERS)
        if builds or SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def html_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    return build_all("html", tmp_path_factory.mktemp("html"))


@pytest.fixture(scope="session")
def html_sites(html_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() for lang, build in html_builds.items()}


@pytest.fixture(scope="session")
def pdf_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    return latexmk_all(build_all("latex", tmp_path_factory.mktemp("latex")))


@pytest.fixture(scope="session")
def pdfs(pdf_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() / "noquarter.pdf" for lang, build in pdf_builds.items()}


@pytest.fixture(scope="session")
def letter_pdf_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    """The rulebooks on US Letter, as `make pdf-letter` builds them."""
    return latexmk_all(build_all("latex", tmp_path_factory.mktemp("latex-letter"), extra=LETTER))


@pytest.fixture(scope="session")
def letter_pdfs(letter_pdf_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() / "noquarter.pdf" for lang, build in letter_pdf_builds.items()}
