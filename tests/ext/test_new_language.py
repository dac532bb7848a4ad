"""A language started with its engine catalogue only (step 1 of the README's recipe): ``nq`` and
every build refuse it in one line naming what it lacks, never with a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcore import i18n
from nqcore.cli import commands, parser
from nqsphinx.directives import glossary
from nqsphinx.languages import project_languages
from tests.ext.conftest import copy_root


@pytest.fixture
def with_qq(monkeypatch: pytest.MonkeyPatch) -> None:
    """``qq`` is a language of the project, as an engine catalogue for it makes it."""
    languages = (*i18n.LANGUAGES, "qq")
    for module in (i18n, parser, glossary, project_languages):
        monkeypatch.setattr(module, "LANGUAGES", languages)
    glossary.load_terms.cache_clear()


def test_nq_refuses_a_language_babel_does_not_know(
    with_qq: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert commands.main(["--lang", "qq", "cast", "5", "--wizardry", "2"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("nq: nqcore/locale/qq: qq is not a language of the project: ")
    assert "Traceback" not in error and error.count("\n") == 1


def test_a_build_names_what_a_new_language_lacks(with_qq: None, tmp_path: Path) -> None:
    srcdir = copy_root("nq", tmp_path)
    found = project_languages.problems(str(srcdir))
    assert found[0].startswith("nqcore/locale/qq: qq is not a language of the project: Babel")
    words = srcdir.parent / "locale" / "qq" / "glossary.toml"
    assert found[1] == (
        f"{words}: missing: qq is not a language of the project until the glossary has its "
        "words (README, A new language)"
    )
    glossary.load_terms.cache_clear()


def test_the_languages_of_the_project_have_what_their_sites_need() -> None:
    assert project_languages.problems("docs") == []
