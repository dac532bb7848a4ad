"""Lighthouse (npm, tools/lighthouse/) in Debian's Chromium: the home page and a chapter of each
language, mobile and desktop, meet the goals (accessibility 100, best practices and SEO at least
95), one run each, all in one node process and one Chromium (tools/lighthouse/audit_all.mjs).
The suite audits a covering design (tests/covering.py): each language, page and form factor meets
each value of the other two once, four audits of the eight; ``./dev test --full`` runs all eight.

`./dev bench --only lighthouse` prints the same scores as a table. The test is skipped, saying
why, where node, npm or Chromium is missing or `npm ci` cannot install Lighthouse.
"""

from __future__ import annotations

import pytest

from tests import covering
from tests.browser.conftest import Site
from tools.lighthouse import audit as lighthouse

#: The pages audited in each language: the home page and one chapter (as the bench does).
PAGES = ("index.html", "magic.html")
LANGS = ("en", "fr")
AXES = {"lang": LANGS, "page": PAGES, "form_factor": lighthouse.FORM_FACTORS}


@pytest.fixture(scope="module")
def lighthouse_installed() -> None:
    reason = lighthouse.missing()
    if reason:
        pytest.skip(f"Lighthouse cannot run here: {reason}")


@pytest.fixture(scope="module")
def reports(
    site: Site, lighthouse_installed: None, request: pytest.FixtureRequest
) -> dict[tuple[str, str, str], lighthouse.Report]:
    """Every selected page's report, the audits run one after another in one browser."""
    wanted = [tuple(c.values()) for c in covering.cases(AXES, request.config.getoption("full"))]
    jobs = [(site.page(f"{lang}/{page}"), form_factor) for lang, page, form_factor in wanted]
    return dict(zip(wanted, lighthouse.audit_all(jobs, timeout=90 * len(jobs)), strict=True))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.function.__name__ == "test_the_page_meets_the_lighthouse_goals":
        covering.parametrize(metafunc, AXES)


def test_the_page_meets_the_lighthouse_goals(
    lang: str,
    page: str,
    form_factor: str,
    site: Site,
    reports: dict[tuple[str, str, str], lighthouse.Report],
) -> None:
    url = site.page(f"{lang}/{page}")
    report = reports[lang, page, form_factor]
    assert report.url == url
    assert set(report.scores) == set(lighthouse.CATEGORIES)
    missed = [
        f"{category} {report.scores[category]} < {lighthouse.GOALS[category]}: "
        + "; ".join(f"{f.id} ({f.title}) at {f.where}" for f in report.failures[category])
        for category in report.missed()
    ]
    assert not missed, f"{lang}/{page} ({form_factor}):\n  " + "\n  ".join(missed)
