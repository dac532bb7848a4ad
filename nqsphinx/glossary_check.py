"""Check translations against the glossary: where a message uses a game term, its translation
uses the approved French term.

Checked: terms of two or more words ("close combat", "masterful hit") and abbreviations written
in parentheses ("(ST)" needs "(F)").  Single common words ("cover", "hold") are too often plain
English to check automatically.  A translator who has a reason to depart from the glossary in one
message writes a comment ``# glossary-exempt: <term key>`` above it.

Usage: ``python -m nqsphinx.glossary_check [PO...]`` (default: every page catalogue).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import polib

from nqsphinx.glossary import Term, load_terms

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "_data" / "glossary.toml"
CATALOGUES = ROOT / "locale" / "fr" / "LC_MESSAGES"
EXEMPT = re.compile(r"glossary-exempt:\s*([\w-]+(?:\s*,\s*[\w-]+)*)")


@dataclass(frozen=True)
class Finding:
    po: Path
    line: int
    term: Term
    expected: str

    def __str__(self) -> str:
        return (
            f"{self.po}:{self.line}: '{self.term.names['en']}' should be translated "
            f"'{self.expected}' (glossary key {self.term.key})"
        )


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.casefold().replace("’", "'"))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def _stems(text: str) -> list[str]:
    """The words of a French term cut to five letters: plurals and agreement still match."""
    return [word[:5] for word in re.findall(r"\w+", _fold(text)) if len(word) > 2]


def check_entry(
    msgid: str, msgstr: str, terms: Iterable[Term], exempt: set[str]
) -> Iterator[tuple[Term, str]]:
    folded = _fold(msgstr)
    for term in terms:
        if term.key in exempt:
            continue
        english = term.names["en"]
        if len(english.split()) >= 2 and re.search(
            rf"(?<![\w-]){re.escape(english)}s?(?![\w-])", msgid, re.IGNORECASE
        ):
            if not all(stem in folded for stem in _stems(term.names["fr"])):
                yield term, term.names["fr"]
        abbreviation = term.abbreviations.get("en")
        french = term.abbreviations.get("fr")
        if abbreviation and french and f"({abbreviation})" in msgid and f"({french})" not in msgstr:
            yield term, f"({french})"


def check_catalogue(po_path: Path, terms: tuple[Term, ...]) -> list[Finding]:
    findings = []
    for entry in polib.pofile(str(po_path)):
        if entry.obsolete or not entry.msgstr:
            continue
        exempt = {
            key.strip()
            for match in EXEMPT.finditer(entry.tcomment or "")
            for key in match.group(1).split(",")
        }
        for term, expected in check_entry(entry.msgid, entry.msgstr, terms, exempt):
            findings.append(Finding(po_path, entry.linenum, term, expected))
    return findings


def main(argv: list[str]) -> int:
    terms = load_terms(GLOSSARY)
    paths = [Path(a) for a in argv] or sorted(CATALOGUES.rglob("*.po"))
    findings = [f for path in paths for f in check_catalogue(path, terms)]
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
