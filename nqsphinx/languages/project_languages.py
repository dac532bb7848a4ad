"""Every language of the project (:data:`nqcore.i18n.LANGUAGES`: English and each language with
an engine catalogue) is in every site (language switch, search, glossary, calculators): a language
started with its engine catalogue only stops every build in one line naming what it lacks, not
with a crash report in the middle of one."""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from nqcore.i18n import LANGUAGES, language_problem
from nqcore.language_codes import misnamed_problems
from nqsphinx.directives.glossary import GLOSSARY_FILE, GlossaryError, load_terms
from nqsphinx.refusals import Refused


def problems(srcdir: str) -> list[str]:
    """What keeps a language of the project out of its sites: one line each."""
    found = misnamed_problems()
    found += [problem for lang in LANGUAGES if (problem := language_problem(lang))]
    glossary = Path(srcdir) / GLOSSARY_FILE
    if glossary.is_file():
        try:
            load_terms(glossary)
        except GlossaryError as error:
            found.append(str(error))
    return found


def _check_languages(app: Sphinx) -> None:
    """One ``ERROR:`` line from sphinx-build naming every problem, exit status 2."""
    found = problems(str(app.srcdir))
    if found:
        raise Refused("; ".join(found))


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _check_languages, priority=100)
