"""Session fixtures: each output is built once per test run, in a scratch directory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.building import LETTER, Build, build_all, latexmk_all
from tests.pseudolang import PseudoBuilds, build_pseudo


def pytest_configure(config: pytest.Config) -> None:
    """The tools the suite runs write plain text, whatever the CI's terminal asks for.

    A CI that sets ``FORCE_COLOR`` made Sphinx colour its warnings, and a test comparing
    warning lines failed on the escape codes; ``NO_COLOR`` wins over it in Sphinx, pytest
    and npm.
    """
    os.environ.pop("FORCE_COLOR", None)
    os.environ.pop("FORCE_COLOUR", None)
    os.environ["NO_COLOR"] = "1"


@pytest.fixture(scope="session")
def html_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    return build_all("html", tmp_path_factory.mktemp("html"))


@pytest.fixture(scope="session")
def html_sites(html_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() for lang, build in html_builds.items()}


@pytest.fixture(scope="session")
def latex_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    """The rulebooks' LaTeX (``make pdf``'s Sphinx step), compiled by :func:`pdf_builds`."""
    return build_all("latex", tmp_path_factory.mktemp("latex"))


@pytest.fixture(scope="session")
def pdf_builds(latex_builds: dict[str, Build]) -> dict[str, Build]:
    return latexmk_all(latex_builds)


@pytest.fixture(scope="session")
def pdfs(pdf_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() / "noquarter.pdf" for lang, build in pdf_builds.items()}


@pytest.fixture(scope="session")
def letter_pdf_builds(
    tmp_path_factory: pytest.TempPathFactory, latex_builds: dict[str, Build]
) -> dict[str, Build]:
    """The rulebooks on US Letter, as `make pdf-letter` builds them, but Sphinx starts from the
    A4 build's doctrees: what it reads does not depend on the paper (``latex_elements`` asks
    for no new reading), so it only writes the LaTeX again, the same bytes as from scratch."""
    base = tmp_path_factory.mktemp("latex-letter")
    for lang, build in latex_builds.items():
        shutil.copytree(build.out.parent / "doctrees", base / lang / "doctrees")
    return latexmk_all(build_all("latex", base, extra=LETTER))


@pytest.fixture(scope="session")
def letter_pdfs(letter_pdf_builds: dict[str, Build]) -> dict[str, Path]:
    return {lang: build.check() / "noquarter.pdf" for lang, build in letter_pdf_builds.items()}


@pytest.fixture(scope="session")
def pseudo_builds(tmp_path_factory: pytest.TempPathFactory) -> PseudoBuilds:
    """The site and the PDF rulebook in the pseudo language (tests/site/test_pseudo_language.py,
    tests/print/test_pseudo_print.py), built side by side from one set of catalogues."""
    return build_pseudo(tmp_path_factory.mktemp("pseudo"))
