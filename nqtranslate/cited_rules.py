"""The rule an engine message names in brackets is the rule its translation names.

The engine ends a note or a refusal with the section it comes from, in brackets ("… has no effect
against a template (Dodge)."), and the At the table page links that name to its section
(:mod:`nqcompanion.page.rule_names`).  A translation must name the same section, by its heading
as the pages' catalogues translate it: « (Esquive) ».  Two ways it goes wrong, both silent
before: the French names another rule (« (Table de panique) » for "(Armour Saves)": the reader
is sent to the wrong rule, and the page links it there), or a heading's translation changes and
the engine's citation no longer names any section of the French book.

A bracketed English name counts as a section when a page catalogue has it as a message (a
heading is a message of its own); the French side is checked against that message's
translations.  Each finding is named at the engine catalogue's line.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from nqtranslate.guard import catalogues, is_page_catalogue
from nqtranslate.reading import CatalogueRefused, Finding, Message, checked_messages

#: A name in brackets, with no bracket inside: "(Dodge)", "(Attacks Against Very Large Targets)".
BRACKETED = re.compile(r"\(([^()]+)\)")
#: The engine's catalogue: its messages cite the rules.
ENGINE_DOMAIN = "nqcore"


def cited_names(text: str) -> list[str]:
    """The names ``text`` holds in brackets, as the page links them
    (:mod:`nqcompanion.page.rule_names`)."""
    return [match.group(1).strip() for match in BRACKETED.finditer(text)]


def headings(paths: Iterable[Path]) -> dict[str, set[str]]:
    """Each English message of the page catalogues ``paths`` with its translations (a heading
    is one of them); a catalogue the build refuses is left to its own finding."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in paths:
        try:
            messages = checked_messages(path)
        except CatalogueRefused:
            continue
        for message in messages:
            if message.translated and not message.plural_id:
                found[message.msgid].add(message.msgstr[0])
    return dict(found)


def _message_findings(
    path: Path, message: Message, sections: dict[str, set[str]], cited: dict[str, str]
) -> list[Finding]:
    found = []
    for msgid, msgstr in message.pairs():
        named = cited_names(msgstr)
        english = [name for name in cited_names(msgid) if name in sections]
        for name in english:
            if not sections[name] & set(named):
                french = " or ".join(f"“{t}”" for t in sorted(sections[name]))
                why = f"names no section where the English names “{name}”: its heading is {french}"
                found.append(Finding(path, message.line, why))
        for name in named:
            rule = cited.get(name)
            if rule is not None and rule not in english:
                why = f"names the section “{name}” ({rule}), which the English does not name"
                found.append(Finding(path, message.line, why))
    return found


def cited_rule_findings(lang: str) -> list[Finding]:
    """Every engine message of ``lang`` whose brackets name another section than its English."""
    pages = [path for path in catalogues(lang) if is_page_catalogue(path)]
    engine = [path for path in catalogues(lang) if path.stem == ENGINE_DOMAIN]
    sections = headings(pages)
    found: list[Finding] = []
    for path in engine:
        try:
            messages = checked_messages(path)
        except CatalogueRefused:
            continue
        english_cited = {n for m in messages for n in cited_names(m.msgid) if n in sections}
        cited = {t: name for name in english_cited for t in sections[name]}
        for message in messages:
            if message.translated:
                found += _message_findings(path, message, sections, cited)
    return found
