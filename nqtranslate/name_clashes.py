"""Two names of one kind translated alike (attack round twenty-four, finding 3): « Brouillard »
for both Fog and Smoke put two spells of one name in the French spell list, on two cards, in
the index (merged under one word) and twice in the companion's menus; the French reader could no
longer tell them apart, and neither the build nor ``python -m nqtranslate check`` said a word.

So a translation, in the engine's catalogue, of the name of a record of the engine's data (a
spell, a weapon, an ability, a trait, an item of equipment, a mutation, a sample or example
profile: :data:`NAME_KINDS`) that is the translation of another name of the same kind is
refused by the guard (:func:`nqtranslate.guard.check_catalogue`: the build, ``nqtranslate
guard`` and ``check``), at both lines.  The names come into the catalogue as the data's messages
(:func:`nqtranslate.catalogue.data_messages`), with the context their field has, if any
(:data:`nqtranslate.catalogue.DATA_CONTEXTS`).  This is the reverse of
``tests/engine/test_i18n_contexts.py``, where one English word serves two kinds.  Names are
compared as a reader tells them apart (:mod:`nqcore.name_clashes`, the engine's rule, which
``nq`` applies too): case, spacing, apostrophes and quotes folded, look-alike letters of
another script read as the letters they pass for; a word mixing two scripts is refused.

The glossary's terms are refused alike, where the glossary is read (:func:`glossary_clash`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from nqcore.name_clashes import ENGINE_DOMAIN, NAME_KINDS, Named, clash_key, data_names
from nqcore.name_clashes import name_problems as _name_problems
from nqtranslate.reading import Finding, Message

__all__ = ["ENGINE_DOMAIN", "NAME_KINDS", "clash_findings", "data_names", "glossary_clash"]


def same_name(text: str) -> str:
    """A name as a reader tells it from another (:func:`nqcore.name_clashes.clash_key`)."""
    return clash_key(text)


def clash_findings(
    path: Path, messages: Iterable[Message], names: dict[tuple[str | None, str], frozenset[str]]
) -> list[Finding]:
    """Each translated name of ``messages`` that another name of its kind translates as a
    reader would read alike, at both lines (the second names the first), and each that mixes
    two scripts in a word (:func:`nqcore.name_clashes.name_problems`, the engine's rule)."""
    named = (
        Named(message.msgid, message.msgstr[0], message.line, message.context)
        for message in messages
        if message.msgstr and message.msgstr[0] and not message.fuzzy
    )
    return [Finding(path, line, why) for line, why in _name_problems(named, names)]


def glossary_clash(path: str, records: list[dict[str, Any]], languages: Iterable[str]) -> str:
    """Two terms of one word in a language (« Actions » for both Move and Actions): the glossary
    would define one word twice, its links and tooltips would not say which.  One line naming
    both records and the field ('' when none); :func:`nqsphinx.directives.glossary.load_terms`
    refuses the glossary with it (the build, the glossary check)."""
    for lang in languages:
        seen: dict[str, tuple[int, dict[str, Any]]] = {}
        for number, record in enumerate(records, 1):
            name = same_name(str(record.get(lang, "")))
            first = seen.setdefault(name, (number, record))
            if first[1] is not record and name:
                return (
                    f"{path}, term #{number} ({record['key']}), field {lang}:"
                    f" {record[lang]!r} is already term #{first[0]} ({first[1]['key']})'s:"
                    " a reader could not tell the two terms apart; give each its own words"
                )
    return ""
