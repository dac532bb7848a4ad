"""Translation status: per page, how many messages the French site shows translated, and how
many in English (untranslated or fuzzy, refused, or dropped by Sphinx).

What counts is what the build applied: after a French build, the record it wrote beside its
doctrees (:data:`APPLIED_FILE`, made by :mod:`nqsphinx.languages.translation_notice`, which also
puts the notice on incomplete pages). Without a build newer than the catalogues, the status is
read from the catalogues alone, with the guard's refusal rules: a translation the guard refuses
(:func:`nqtranslate.guard.message_findings`: a structure Sphinx would drop, foreign markup) or
a catalogue it refuses counts as English.

Usage: ``python -m nqtranslate.status`` (exit status 1 when anything is left to do).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from nqcore.i18n import ROOT
from nqcore.terminal import printable

CATALOGUES = ROOT / "locale" / "fr" / "LC_MESSAGES"
#: The French site's doctrees (the Makefile's ``-d``), where its build leaves its record.
DOCTREES = ROOT / "_build" / "doctrees" / "fr"
#: Beside the doctrees: per page, what the build applied.
APPLIED_FILE = "nq-translations-applied.json"


@dataclass
class Applied:
    """What a build did with one page's messages."""

    has_catalogue: bool = True
    translated: int = 0
    untranslated: int = 0
    #: Translated in the catalogue, not used by the build: (line in the page, msgid).
    dropped: list[tuple[int, str]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.has_catalogue and not (self.untranslated or self.dropped)

    def as_json(self) -> dict[str, object]:
        return {
            "has_catalogue": self.has_catalogue,
            "translated": self.translated,
            "untranslated": self.untranslated,
            "dropped": [list(d) for d in self.dropped],
        }


@dataclass(frozen=True)
class Status:
    page: str
    translated: int
    fuzzy: int
    untranslated: int
    #: Translated in the catalogue but shown in English: refused, or dropped by Sphinx.
    refused: int = 0
    #: Why the whole catalogue is refused, one ``file:line: reason`` each (the guard's words).
    why: tuple[str, ...] = ()
    #: What it counts untranslated that no entry shows, one line each: a message its code asks
    #: for that it lacks, at its use (:mod:`nqtranslate.due`); a data file's French field that
    #: reads as English, at its line (:mod:`nqtranslate.data_french`).
    missing: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not (self.fuzzy or self.untranslated or self.refused)


@cache
def page_status(po_path: Path, folder: Path = CATALOGUES) -> Status:
    """One page's status from its catalogue alone, under the guard's rules."""
    from nqtranslate.guard import message_findings, text_findings
    from nqtranslate.missing import missing_entries
    from nqtranslate.reading import read
    from nqtranslate.shown_in_english import left_in_english

    page = po_path.relative_to(folder).with_suffix("").as_posix()
    reading = read(po_path)
    if reading.findings:  # the build refuses the whole catalogue
        why = tuple(str(finding) for finding in reading.findings)
        return Status(page, 0, 0, 0, refused=max(len(reading.messages), 1), why=why)
    found = text_findings(po_path, reading) + message_findings(po_path, reading)
    refused_lines = {f.line for f in found}  # the English in disguise too: not translated
    english_lines = {m.line for m in left_in_english(reading)}  # shown as is: untranslated
    messages = reading.messages
    fuzzy = sum(m.fuzzy for m in messages)
    refused = sum(m.translated and m.line in refused_lines for m in messages)
    english = sum(m.translated and m.line in english_lines - refused_lines for m in messages)
    translated = sum(m.translated for m in messages) - refused - english
    untranslated = len(messages) - translated - fuzzy - refused
    untranslated += len(missing_entries(po_path) or ())  # no entry: shown in English too
    return Status(page, translated, fuzzy, untranslated, refused)


def applied_status(record: dict[str, dict[str, object]]) -> list[Status]:
    """The status of each page as a build applied it (:data:`APPLIED_FILE`)."""
    rows = []
    for page, done in sorted(record.items()):
        dropped = done.get("dropped", [])
        assert isinstance(dropped, list)
        untranslated = int(str(done.get("untranslated", 0)))
        if not done.get("has_catalogue", True):
            untranslated = max(untranslated, 1)
        rows.append(
            Status(page, int(str(done.get("translated", 0))), 0, untranslated, len(dropped))
        )
    return rows


def build_record(
    folder: Path = CATALOGUES, doctrees: Path = DOCTREES
) -> dict[str, dict[str, object]] | None:
    """The last French build's record, when it is newer than every page catalogue."""
    path = doctrees / APPLIED_FILE
    if not path.is_file():
        return None
    newest = max((p.stat().st_mtime for p in folder.rglob("*.po")), default=0.0)
    if path.stat().st_mtime < newest:
        return None
    record: dict[str, dict[str, object]] = json.loads(path.read_text(encoding="utf-8"))
    return record


def all_status(folder: Path = CATALOGUES, doctrees: Path = DOCTREES) -> list[Status]:
    record = build_record(folder, doctrees)
    if record is not None:
        return applied_status(record)
    return [page_status(path, folder) for path in sorted(folder.rglob("*.po"))]


def not_catalogues(folder: Path = CATALOGUES) -> list[str]:
    """What is named like a page catalogue but is no file to read, one line each."""
    from nqcore.catalogue_check import file_problem

    paths = sorted(folder.rglob("*.po"))
    return [f"{path}:1: {problem}" for path in paths if (problem := file_problem(path))]


def package_status(lang: str = "fr") -> list[Status]:
    """The catalogues of the engine, the site's words, the examples and the print products:
    what of them shows in English (fuzzy, untranslated, left as their English), as a page's
    catalogue is counted (attacker round 24: their English was counted nowhere), and the
    messages their code asks for that they lack (round 28: the total only shrank)."""
    from nqtranslate.due import missing
    from nqtranslate.guard import PACKAGE_LOCALES, message_findings, text_findings
    from nqtranslate.reading import read
    from nqtranslate.shown_in_english import left_in_english

    rows = []
    for locale in PACKAGE_LOCALES:
        for path in sorted((locale / lang / "LC_MESSAGES").glob("*.po")):
            reading = read(path)
            name = f"{locale.parent.name}/{path.name}"
            if reading.findings:
                rows.append(Status(name, 0, 0, 0, 1, tuple(str(f) for f in reading.findings)))
                continue
            # what the guard refuses is shown in English (a placeholder dropped): refused, as a
            # page's is counted (attacker round 28: counted translated)
            found = text_findings(path, reading) + message_findings(path, reading)
            refused_lines = {finding.line for finding in found}
            refused = sum(m.translated and m.line in refused_lines for m in reading.messages)
            english = sum(m.line not in refused_lines for m in left_in_english(reading))
            fuzzy = sum(m.fuzzy for m in reading.messages)
            empty = sum(not m.fuzzy and not m.translated for m in reading.messages)
            done = len(reading.messages) - fuzzy - empty - english - refused
            lacking = tuple(due.warning(path) for due in missing(path))
            untranslated = empty + english + len(lacking)
            rows.append(Status(name, done, fuzzy, untranslated, refused, missing=lacking))
    return rows


def data_status(lang: str = "fr") -> list[Status]:
    """The French fields of the site's data (docs/_data): those that read as English are
    untranslated (:mod:`nqtranslate.data_french`, attacker round 28: counted nowhere)."""
    from nqtranslate.data_french import data_counts

    rows = []
    for path, total, english in data_counts(lang):
        said = tuple(str(finding) for finding in english)
        rows.append(
            Status(f"docs/_data/{path.name}", total - len(english), 0, len(said), missing=said)
        )
    return rows


def _shown(name: str) -> str:
    """A page's name as the table prints it: escapes and line breaks shown, never obeyed."""
    return printable(name).translate({10: "\\n", 13: "\\r", 9: "\\t"})


def main(argv: list[str]) -> int:
    refused = not_catalogues()
    for line in refused:
        print(f"translation-status: {printable(line)}", file=sys.stderr)
    if refused:
        return 1
    packages, data = package_status(), data_status()
    rows = all_status() + packages + data
    for row in rows:
        for line in row.why + row.missing:
            print(f"translation-status: {printable(line)}", file=sys.stderr)
    width = max(len(_shown(r.page)) for r in rows)
    print(f"{'page':<{width}}  translated  fuzzy  untranslated  refused")
    for row in rows:
        print(
            f"{_shown(row.page):<{width}}  {row.translated:>10}  {row.fuzzy:>5}"
            f"  {row.untranslated:>12}"
            f"  {row.refused:>7}"
        )
    left = sum(r.fuzzy + r.untranslated + r.refused for r in rows)
    pages = f"{len(rows) - len(packages) - len(data)} pages and {len(packages)} other catalogues,"
    messages = "message" if left == 1 else "messages"
    print(f"{pages} {len(data)} data files: {left} {messages} to translate or review")
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
