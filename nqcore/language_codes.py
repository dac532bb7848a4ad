"""Which folders of engine catalogues are languages (attack round twenty-four, minor
observation 2).

A language's code names folders (``locale/<lang>/``, ``_build/html/<lang>/``) and the Makefile
gives it to the shell: ``nqcore/locale/_engine/`` made ``nq`` offer ``--lang _engine`` and
``./dev html-_engine`` start a build into the site's engine folder.  So a code is two or three
small letters, and a country's two capitals after ``_`` (``fr``, ``pt_BR``:
:data:`LANGUAGE_CODE`); a folder of another name is no language, refused before it names a folder
of the output: the Makefile refuses it in one line, the engine leaves it out of
:data:`nqcore.i18n.LANGUAGES`, and the build names it (:func:`misnamed_problems`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

#: A language's code: ``[a-z]{2,3}(_[A-Z]{2})?`` (the Makefile's MISNAMED_LANGUAGES too).
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?")


def discovered(
    folders: Iterable[Path], domain: str, source: str
) -> tuple[tuple[str, ...], tuple[Path, ...]]:
    """The source language, then every language with a catalogue ``domain.po`` in ``folders``,
    in the order of their codes; and the catalogues whose folder is no language code."""
    catalogues = [
        path for folder in folders for path in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.po"))
    ]
    codes = {path.parents[1].name for path in catalogues}
    codes = {code for code in codes if LANGUAGE_CODE.fullmatch(code)}
    refused = tuple(path for path in catalogues if path.parents[1].name not in codes)
    return (source, *sorted(codes - {source})), refused


def misnamed_problems() -> list[str]:
    """One line for each engine catalogue whose folder is no language code (the build names
    them: :mod:`nqsphinx.languages.project_languages`)."""
    from nqcore.i18n import MISNAMED, _where

    return [
        f"{_where(path)}:1: {path.parents[1].name!r} is not a language code (two or three small"
        " letters, then _ and a country's two capitals if any: fr, pt_BR): refused"
        for path in MISNAMED
    ]
