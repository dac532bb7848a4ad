"""The glossary's abbreviations (``docs/_data/glossary.toml``, and ``locale/<lang>/glossary.toml``
for a language that file does not hold), read without Sphinx: the products print a template's
abbreviation as the reader's book does (« GGG » in French, not the English "TTL")."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from nqcore.i18n import ROOT, locale_dirs
from nqprint.latex import PrintError

GLOSSARY = ROOT / "docs" / "_data" / "glossary.toml"
LANGUAGE_FILE = "glossary.toml"


def _terms(path: Path) -> list[dict[str, Any]]:
    try:
        terms: list[dict[str, Any]] = tomllib.loads(path.read_text(encoding="utf-8"))["term"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as error:
        raise PrintError(f"{path}: not a glossary ({error})") from None
    return terms


@cache
def abbreviations(lang: str) -> dict[str, str]:
    """Each term's abbreviation in ``lang`` (``abbr_<lang>``), by the term's key."""
    terms = _terms(GLOSSARY)
    found = {t["key"]: t[f"abbr_{lang}"] for t in terms if t.get(f"abbr_{lang}")}
    for folder in locale_dirs(ROOT / "locale"):
        own = folder / lang / LANGUAGE_FILE
        if own.is_file():
            found.update(
                {
                    t["key"]: t[f"abbr_{lang}"]
                    for t in _own(own, lang, terms)
                    if t.get(f"abbr_{lang}")
                }
            )
    return found


def _own(path: Path, lang: str, terms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records of ``lang``'s own glossary file, checked as the build checks them."""
    from nqcore.data.datafiles import DataFileError
    from nqtranslate.glossary_files import read_language_file

    try:
        return read_language_file(path, lang, {t.get("key") for t in terms})
    except DataFileError as error:
        raise PrintError(str(error)) from None


def abbreviation(key: str, lang: str, default: str) -> str:
    """The abbreviation of the glossary's term ``key`` in ``lang``, or ``default``."""
    return abbreviations(lang).get(key, default)
