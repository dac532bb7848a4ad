"""Lighthouse (npm, tools/lighthouse/) in Debian's Chromium on a chapter of each language.

The goals (accessibility 100, best practices and SEO at least 95) live in the bench, `./dev bench
--only lighthouse`, which prints every score of the home page and a chapter, mobile and desktop,
with the audits that fail. This test keeps a chapter from sliding below 95 in accessibility. It is
skipped, saying why, where node, npm or Chromium is missing or `npm ci` cannot install Lighthouse.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import Site
from tools.lighthouse import audit as lighthouse

FLOOR = 95
PAGE = "magic.html"


@pytest.fixture(scope="module")
def lighthouse_installed() -> None:
    reason = lighthouse.missing()
    if reason:
        pytest.skip(f"Lighthouse cannot run here: {reason}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_chapter_scores_at_least_95_in_accessibility(
    lang: str, site: Site, lighthouse_installed: None
) -> None:
    url = site.page(f"{lang}/{PAGE}")
    report = lighthouse.audit(url, "mobile", timeout=90)
    assert report.url == url
    assert set(report.scores) == set(lighthouse.CATEGORIES)
    failing = "; ".join(
        f"{f.id} ({f.title}) at {f.where}" for f in report.failures["accessibility"]
    )
    assert report.scores["accessibility"] >= FLOOR, (
        f"{lang}/{PAGE}: accessibility {report.scores['accessibility']} < {FLOOR}: {failing}"
    )
