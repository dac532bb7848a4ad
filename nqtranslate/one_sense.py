"""Engine words that two kinds of data share: one French then serves both, which is right only
when they mean the same (a msgid without a context has one translation)."""

from __future__ import annotations

from pathlib import Path

from nqcore.data.contexts import DATA_CONTEXTS
from nqtranslate.catalogue import PACKAGE, data_messages

#: English words that data of several kinds (files, fields) use in one and the same sense, so one
#: French serves all (reviewed; :func:`words_in_two_kinds` reports any other).
ONE_SENSE: dict[str, str] = {
    "6 or less": "an erratum's printed and correct readings",
    "UC6": "an erratum's printed and correct readings",
    "6+ per unit": "a unit size, in the example and sample profiles",
    "Army Battle Standard": "the equipment, and its section's heading in an army rule",
    "Extra Attack": "the ability, and its section's heading in an army rule",
    "Magic Tattoos": "the equipment, and its section's heading in an army rule",
    "Claws": "a natural weapon of a profile or of its mount",
    "Dragon": "the mount of a combination profile",
    "Close Combat": "the characteristic, in its cost table and the book's tables",
    "ST": "the characteristic's abbreviation, in its cost table and the book's tables",
    "Double Time": "the ability, in its entry and the movement table",
    "Flying": "the trait, in its entry and the movement table",
    "Grape Shot": "the equipment, in its entry and its cost table",
    "Scope": "the equipment, in its entry and its cost table",
    "Grenade": "a grenade, in a cost table's title and rows",
    "Improvised": "the improvised hand weapon",
    "Individuals and characters only.": "the restriction of an ability or a trait",
    "Large models only.": "the restriction of an ability or a trait",
    "Characters and support models only.": "Move And Fire's restriction, on the changes page",
    "Jaws": "the bite attack: a mutation and a weapon of a profile",
    "Small (TTS)": "a teardrop template size",
    "Medium (TTM)": "a teardrop template size",
    "Large (TTL)": "a teardrop template size",
    "Penetration modifier (-1)": "a weapon's special rule, hand or ranged",
    "Target has the dodge ability": "a to-hit modifier, close or ranged",
    "Terrified": "the panic result and its counter",
}


def words_in_two_kinds(package: Path = PACKAGE) -> dict[str, list[str]]:
    """Each data msgid without a context that data of two kinds (file and field) use, with those
    kinds, unless :data:`ONE_SENSE` records it as one sense.  "Light" was one: the aspect and the
    armour shared « Lumière »."""
    kinds: dict[str, set[str]] = {}
    for relative, text, field in data_messages(package):
        if (relative, field) not in DATA_CONTEXTS:
            kinds.setdefault(text, set()).add(f"{relative}:{field}")
    return {
        text: sorted(where)
        for text, where in kinds.items()
        if len(where) > 1 and text not in ONE_SENSE
    }
