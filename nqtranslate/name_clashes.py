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
compared as a reader tells them apart: case, accents kept, spacing folded (:func:`same_name`).

The glossary's terms are refused alike, where the glossary is read (:func:`glossary_clash`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from nqtranslate.reading import Finding, Message

#: The engine's catalogue: the one that holds the data's names.
ENGINE_DOMAIN = "nqcore"
#: The fields that name a record of the engine's data, by (data file, field path): its kind.
#: The three kinds of weapon are one kind to a player choosing a weapon.
NAME_KINDS: dict[tuple[str, str], str] = {
    ("data/spells.toml", ".spell.name"): "spell",
    ("data/hand_weapons.toml", ".weapon.name"): "weapon",
    ("data/ranged_weapons.toml", ".weapon.name"): "weapon",
    ("data/support_weapons.toml", ".weapon.name"): "weapon",
    ("data/abilities.toml", ".ability.name"): "ability",
    ("data/traits.toml", ".trait.name"): "trait",
    ("data/equipment.toml", ".equipment.name"): "equipment",
    ("data/mutations.toml", ".mutation.name"): "mutation",
    ("data/sample_profiles.toml", ".profile.name"): "profile",
    ("data/example_profiles.toml", ".profile.name"): "profile",
}


@cache
def data_names() -> dict[tuple[str | None, str], frozenset[str]]:
    """Each name of :data:`NAME_KINDS` as the catalogue keys it (context, English), with its
    kinds."""
    from nqcore.data import datafiles
    from nqtranslate.catalogue import DATA_CONTEXTS, PACKAGE, data_file_messages

    kinds: dict[tuple[str | None, str], set[str]] = {}
    for relative in sorted({file for file, _ in NAME_KINDS}):  # these files only: 0.1 s, not 0.9
        data_file = PACKAGE / relative
        data = datafiles.parse(data_file.read_text(encoding="utf-8"), str(data_file), None)
        for text, field in data_file_messages(data):
            if kind := NAME_KINDS.get((relative, field)):
                key = (DATA_CONTEXTS.get((relative, field)), text)
                kinds.setdefault(key, set()).add(kind)
    return {key: frozenset(found) for key, found in kinds.items()}


def same_name(text: str) -> str:
    """A name as a reader tells it from another: NFC, spaces folded, case ignored."""
    return " ".join(unicodedata.normalize("NFC", text).split()).casefold()


def clash_findings(
    path: Path, messages: Iterable[Message], names: dict[tuple[str | None, str], frozenset[str]]
) -> list[Finding]:
    """Each translated name of ``messages`` that another name of its kind translates alike, at
    both lines (the second names the first)."""
    first: dict[tuple[str, str], Message] = {}
    findings = []
    for message in messages:
        kinds = names.get((message.context, message.msgid), frozenset())
        if not kinds or not message.msgstr or not message.msgstr[0] or message.fuzzy:
            continue
        for kind in sorted(kinds):
            seen = first.setdefault((kind, same_name(message.msgstr[0])), message)
            if seen is message:
                continue
            why = (
                f"the {kind} names {seen.msgid!r} (line {seen.line}) and {message.msgid!r} (line"
                f" {message.line}) are both translated {message.msgstr[0]!r}: a reader could not"
                " tell them apart; translate each its own way"
            )
            findings += [Finding(path, seen.line, why), Finding(path, message.line, why)]
    return findings


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
