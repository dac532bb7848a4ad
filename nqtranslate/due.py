"""Entries a package catalogue (the engine's, the extension's, the theme's, the examples', the
print products') lacks: what its code, data or templates ask for that it holds no live entry
of, in the same sense and form.

A deleted entry, one made obsolete (``#~``), one given another ``msgctxt`` or a plural form
shows in English just as an empty msgstr does, but leaves nothing to count: the catalogue's
total only shrinks (attacker round 28, F3, F4, F7). So each catalogue is compared with its
template, extracted as ``./dev update-po`` extracts it (:mod:`nqtranslate.catalogue`,
:mod:`nqtranslate.theme_words`), and each message it lacks is named where it is used.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nqcore.i18n import ROOT, find_catalogue
from nqcore.po import Catalog
from nqtranslate.catalogue import CatalogueError, extract, read_catalogue

#: (package folder, catalogue domain, marker functions) of the extracted catalogues.
EXTRACTED: tuple[tuple[str, str, dict[str, Any] | None], ...] = (
    ("nqcore", "nqcore", None),
    ("nqsphinx", "nqsphinx", {"ui_text": None, "_words": None}),  # _words: nqsphinx.books.epub
    ("examples", "examples", None),
    ("nqprint", "nqprint", None),
)
#: The theme's words (:mod:`nqtranslate.theme_words`), in the extension's locale folder.
THEME = "theme"
DOMAINS = (*(domain for _, domain, _ in EXTRACTED), THEME)


@dataclass(frozen=True)
class Due:
    """A message the catalogue lacks, and where its code or template uses it."""

    msgid: str
    context: str | None
    used: str

    def warning(self, po_path: Path) -> str:
        """One line, at the use: a translator sees what shows in English and where."""
        context = f" (msgctxt {self.context!r})" if self.context else ""
        return (
            f"{self.used}: warning: {self.msgid[:60]!r}{context}: no entry in {_shown(po_path)}, "
            "shown in English (./dev update-po adds it; an obsolete '#~' entry comes back "
            "translated)"
        )


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@cache
def template(domain: str, lang: str) -> Catalog:
    """What ``domain``'s catalogue of ``lang`` is due, extracted as update-po extracts it."""
    if domain == THEME:
        from nqtranslate.theme_words import missing_from_sphinx

        return missing_from_sphinx(lang)
    package, keywords = next((p, k) for p, d, k in EXTRACTED if d == domain)
    return extract(ROOT / package, keywords)


def _used(domain: str, where: tuple[str, int | None], text: str) -> str:
    """``file:line`` of one use, from the checkout: code, a data file's string, a template."""
    from nqtranslate.engine_coverage import _used_at

    if domain == THEME:
        relative, line = where
        folder = "" if relative.startswith("furo/") else "nqsphinx/site/templates/"
        return f"{folder}{relative}:{line}" if line else f"{folder}{relative}"
    package = next(p for p, d, _ in EXTRACTED if d == domain)
    return os.path.normpath(_used_at(ROOT / package, where, text))


def missing(po_path: Path, domain: str | None = None) -> list[Due]:
    """The messages ``po_path`` (``domain``'s catalogue, by default its file's name) has no
    live entry of in their context and form (a plural entry does not answer a singular
    lookup); none for a catalogue of no known domain, or one the guard refuses."""
    domain = domain or po_path.stem
    if domain not in DOMAINS:
        return []
    try:
        catalogue = read_catalogue(po_path)
    except (CatalogueError, OSError, UnicodeDecodeError):
        return []  # refused: the guard names why
    found = []
    for message in template(domain, po_path.parent.parent.name):
        if not message.id:
            continue
        plural = isinstance(message.id, list | tuple)
        first = str(message.id[0] if plural else message.id)
        entry = catalogue.get(first, message.context)
        if entry is not None and isinstance(entry.id, list | tuple) == plural:
            continue
        used = [_used(domain, where, first) for where in message.locations] or [_shown(po_path)]
        found.append(Due(first, message.context, used[0]))
    return found


def missing_warnings(lang: str, domains: tuple[str, ...] = DOMAINS) -> list[str]:
    """One warning per message missing from the project's catalogues of ``domains``."""
    from nqtranslate.guard import PACKAGE_LOCALES

    warnings = []
    for locale in PACKAGE_LOCALES:
        for domain in domains:
            path = find_catalogue(locale, lang, domain)
            if path is not None and path.is_file():
                warnings += [due.warning(path) for due in missing(path, domain)]
    return warnings


def guard_warnings(args: list[str], lang: str | None) -> list[str]:
    """What the guard says of missing entries: in the project's catalogues of ``lang`` (its
    language, when it checks one), else in each catalogue file of ``args`` laid out as a
    language's (``<lang>/LC_MESSAGES/<domain>.po``: a loose file has no language to be due)."""
    if lang is not None:
        return missing_warnings(lang)
    paths = [Path(name) for name in args]
    laid_out = [path for path in paths if path.parent.name == "LC_MESSAGES" and path.is_file()]
    return [due.warning(path) for path in laid_out for due in missing(path)]
