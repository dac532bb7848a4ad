"""Sphinx's doctest builder runs every worked example, under the English and the French prose."""

from __future__ import annotations

import re

import pytest

from tests.building import Build, build_all


@pytest.fixture(scope="module")
def doctest_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Build]:
    return build_all("doctest", tmp_path_factory.mktemp("doctest"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_doctest_passes_in_both_languages(
    doctest_builds: dict[str, Build], lang: str
) -> None:
    build = doctest_builds[lang]
    assert build.returncode == 0, build.log
    output = (build.out / "output.txt").read_text(encoding="utf-8")
    assert "0 failures in tests" in output
    tests = int(re.findall(r"(\d+) tests\n", output)[-1])
    assert tests >= 150, output[-500:]
