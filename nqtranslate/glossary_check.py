"""Check every French catalogue against the glossary: one French form per game term, per
recurring phrase and per sense of a homonym, and none of the forms the glossary rules out.

The glossary (``docs/_data/glossary.toml``) records:

- ``[[term]]``: the approved French of each game term.  Checked: terms of two or more words
  ("close combat", "masterful hit") and abbreviations written in parentheses ("(ST)" needs
  "(F)").  Single common words ("cover", "hold") are too often plain English to check
  automatically.
- ``[[phrase]]``: a recurring English phrasing (a regular expression, ``within 20"``) and the one
  French form that renders it (``à 20" ou moins``), ``{1}`` standing for the English's number.
- ``[[avoid]]``: a French form no catalogue uses (an anglicism, a variant, the other sense of a
  homonym), unless the English says one of its ``en_only`` words.
- ``[[homonym]]``: one English word with several senses, each with its French and, for the
  engine's strings, its gettext context.

A translator who has a reason to depart from the glossary in one message writes a comment
``# glossary-exempt: <key>`` above it.

Usage: ``python -m nqtranslate.glossary_check [PO...]`` (default: every French catalogue).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from nqcore.data import datafiles
from nqcore.data.datafiles import DataFileError
from nqcore.i18n import ROOT
from nqsphinx.directives.glossary import GlossaryError, Term, load_terms
from nqtranslate.data_french import English, data_findings
from nqtranslate.reading import CatalogueRefused, checked_messages
from nqtranslate.reading import Finding as ReadingFinding

GLOSSARY = ROOT / "docs" / "_data" / "glossary.toml"
CATALOGUES = ROOT / "locale" / "fr" / "LC_MESSAGES"
#: Every French catalogue: pages, engine, extension and theme, examples, print products.
CATALOGUE_FOLDERS = tuple(
    ROOT / folder / "locale" / "fr" / "LC_MESSAGES"
    for folder in ("", "nqcore", "nqsphinx", "examples", "nqprint")
)
EXEMPT = re.compile(r"glossary-exempt:\s*([\w-]+(?:\s*,\s*[\w-]+)*)")


def french_catalogues() -> list[Path]:
    return sorted(po for folder in CATALOGUE_FOLDERS for po in folder.glob("*.po"))


@dataclass(frozen=True)
class Phrase:
    key: str
    en: re.Pattern[str]
    fr: str
    avoid: re.Pattern[str] | None


@dataclass(frozen=True)
class Avoid:
    key: str
    fr: re.Pattern[str]
    use: str
    en_only: tuple[str, ...]


@dataclass(frozen=True)
class Sense:
    fr: str
    context: str | None


@dataclass(frozen=True)
class Homonym:
    key: str
    en: str
    senses: tuple[Sense, ...]


@dataclass(frozen=True)
class Rules:
    terms: tuple[Term, ...]
    phrases: tuple[Phrase, ...]
    avoid: tuple[Avoid, ...]
    homonyms: tuple[Homonym, ...]


@dataclass(frozen=True)
class Finding:
    po: Path
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.po}:{self.line}: {self.message} (glossary key {self.key})"


def _pattern(path: Path, kind: str, record: dict[str, Any], field: str) -> re.Pattern[str]:
    try:
        return re.compile(record[field])
    except (KeyError, TypeError, re.error) as error:
        raise GlossaryError(
            f"{path}: {kind} {record.get('key', '?')}: field {field}: {error}"
        ) from None


_FIELDS = {"phrase": ("key", "en", "fr"), "avoid": ("key", "fr", "use"), "homonym": ("key", "en")}


def _check_fields(path: Path, data: dict[str, Any]) -> None:
    for kind, fields in _FIELDS.items():
        for index, record in enumerate(data.get(kind, [])):
            missing = [field for field in fields if not isinstance(record.get(field), str)]
            if kind == "homonym" and not all("fr" in s for s in record.get("senses", [{}])):
                missing.append("senses")
            if missing:
                raise GlossaryError(
                    f"{path}: {kind} #{index + 1} ({record.get('key', '?')}): "
                    f"missing field(s) {', '.join(missing)}"
                )


@cache
def load_rules(path: Path = GLOSSARY) -> Rules:
    """The glossary's terms, phrases, ruled-out forms and homonyms; a malformed record raises
    :class:`GlossaryError` naming the file, the record and the field."""
    data = datafiles.parse(datafiles.read_utf8(path), str(path), None)
    _check_fields(path, data)
    phrases = tuple(
        Phrase(
            key=record["key"],
            en=re.compile(_pattern(path, "phrase", record, "en").pattern, re.IGNORECASE),
            fr=record["fr"],
            avoid=_pattern(path, "phrase", record, "avoid") if "avoid" in record else None,
        )
        for record in data.get("phrase", [])
    )
    avoid = tuple(
        Avoid(
            key=record["key"],
            fr=_pattern(path, "avoid", record, "fr"),
            use=record["use"],
            en_only=tuple(record.get("en_only", ())),
        )
        for record in data.get("avoid", [])
    )
    homonyms = tuple(
        Homonym(
            key=record["key"],
            en=record["en"],
            senses=tuple(Sense(s["fr"], s.get("context")) for s in record["senses"]),
        )
        for record in data.get("homonym", [])
    )
    return Rules(load_terms(path), phrases, avoid, homonyms)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.casefold().replace("’", "'"))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def _stems(text: str) -> list[str]:
    """The words of a French term cut to five letters: plurals and agreement still match."""
    return [word[:5] for word in re.findall(r"\w+", _fold(text)) if len(word) > 2]


def check_entry(
    msgid: str, msgstr: str, terms: Iterable[Term], exempt: set[str]
) -> Iterator[tuple[Term, str]]:
    """The glossary terms of ``msgid`` that ``msgstr`` does not translate as approved."""
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


def check_phrases(
    msgid: str, msgstr: str, phrases: Iterable[Phrase], exempt: set[str]
) -> Iterator[tuple[str, str]]:
    """(key, reason) for each recurring phrase of ``msgid`` not in its one French form."""
    for phrase in phrases:
        if phrase.key in exempt:
            continue
        for match in phrase.en.finditer(msgid):
            number = re.escape(match.group(1)) if phrase.en.groups else ""
            wanted = phrase.fr.replace("{1}", number)
            if not re.search(wanted, msgstr):
                yield phrase.key, f"{match.group(0)!r} should read {wanted!r}"
            elif phrase.avoid and (found := phrase.avoid.search(msgstr)):
                yield phrase.key, f"{match.group(0)!r} also reads {found.group(0)!r}"


def check_avoided(
    msgid: str, msgstr: str, avoid: Iterable[Avoid], exempt: set[str]
) -> Iterator[tuple[str, str]]:
    """(key, reason) for each ruled-out French form in ``msgstr``."""
    for rule in avoid:
        if rule.key in exempt or any(w.casefold() in msgid.casefold() for w in rule.en_only):
            continue
        if found := rule.fr.search(msgstr):
            yield rule.key, f"{found.group(0)!r} is ruled out: write {rule.use!r}"


def check_homonyms(
    msgid: str, context: str | None, msgstr: str, homonyms: Iterable[Homonym], exempt: set[str]
) -> Iterator[tuple[str, str]]:
    """(key, reason) when a homonym's message is not the French of its sense (its context)."""
    for homonym in homonyms:
        if homonym.key in exempt or msgid != homonym.en:
            continue
        for sense in homonym.senses:
            if sense.context == context and msgstr.casefold() != sense.fr.casefold():
                where = f"in context {context!r}" if context else "without a context"
                yield homonym.key, f"{msgid!r} {where} should be translated {sense.fr!r}"


def check_catalogue(po_path: Path, rules: Rules | tuple[Term, ...]) -> list[Finding]:
    """Each message of ``po_path`` that renders a term or phrase another way; a catalogue the
    build refuses raises :class:`nqtranslate.reading.CatalogueRefused`."""
    if isinstance(rules, tuple):
        rules = Rules(rules, (), (), ())
    findings = []
    for entry in checked_messages(po_path):
        msgstr = "" if entry.plural_id else entry.msgstr[0]  # plural forms: not checked
        if not msgstr:
            continue
        exempt, unknown = exemptions(entry.comment, rules)
        line = entry.line
        findings += [Finding(po_path, line, key, why) for key, why in unknown]
        for term, expected in check_entry(entry.msgid, msgstr, rules.terms, exempt):
            message = f"'{term.names['en']}' should be translated '{expected}'"
            findings.append(Finding(po_path, line, term.key, message))
        reasons = [
            *check_phrases(entry.msgid, msgstr, rules.phrases, exempt),
            *check_avoided(entry.msgid, msgstr, rules.avoid, exempt),
            *check_homonyms(entry.msgid, entry.context, msgstr, rules.homonyms, exempt),
        ]
        findings += [Finding(po_path, line, key, reason) for key, reason in reasons]
    return findings


def exemptions(comment: str, rules: Rules) -> tuple[set[str], list[tuple[str, str]]]:
    """The glossary keys a translator comment exempts its message from, and each marker that
    exempts nothing (no key, or a key the glossary does not hold): a typo would exempt nothing
    silently while the translator thinks the message reviewed."""
    known = {
        item.key
        for group in (rules.terms, rules.phrases, rules.avoid, rules.homonyms)
        for item in group
    }
    exempt: set[str] = set()
    unknown: list[tuple[str, str]] = []
    for marker in re.finditer(r"glossary-exempt\b[^\n]*", comment):
        match = EXEMPT.match(marker.group(0))
        keys = [key.strip() for key in match.group(1).split(",")] if match else []
        if not keys:
            unknown.append(("?", "'glossary-exempt:' names no glossary key"))
        for key in keys:
            if key in known:
                exempt.add(key)
            else:
                unknown.append((key, f"'glossary-exempt: {key}' names no glossary key"))
    return exempt, unknown


def _definition_line(lines: list[str], french: str) -> int:
    escaped = french.replace('"', '\\"')
    return next((n for n, text in enumerate(lines, 1) if escaped in text), 0)


def check_definitions(path: Path, rules: Rules) -> list[Finding]:
    """The glossary's own French definitions, checked as translations of the English ones."""
    lines = datafiles.read_utf8(path).splitlines()
    findings = []
    for term in rules.terms:
        english, french = term.definitions["en"], term.definitions["fr"]
        reasons = [
            (found.key, f"'{found.names['en']}' should be translated '{expected}'")
            for found, expected in check_entry(english, french, rules.terms, set())
        ]
        reasons += check_phrases(english, french, rules.phrases, set())
        reasons += check_avoided(english, french, rules.avoid, set())
        line = _definition_line(lines, french)
        findings += [Finding(path, line, key, f"{term.key}: {why}") for key, why in reasons]
    return findings


def main(argv: list[str]) -> int:
    try:
        rules = load_rules(GLOSSARY)
    except DataFileError as error:  # a GlossaryError, or not TOML
        print(error, file=sys.stderr)
        return 2
    paths = [Path(a) for a in argv] or french_catalogues()
    findings: list[Finding | ReadingFinding] = []
    for path in paths:
        try:
            findings += check_catalogue(path, rules)
        except CatalogueRefused as refused:
            findings.append(refused.finding)
    english: list[English] = []
    if not argv:
        findings += check_definitions(GLOSSARY, rules)
        english = data_findings()  # the French of docs/_data read as English (round 28)
    for finding in [*findings, *english]:
        print(finding)
    return 1 if findings or english else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
