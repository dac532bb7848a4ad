"""Two names of one kind translated to words a reader cannot tell apart (attack rounds
twenty-four, finding 3, and twenty-five, findings 6 and 9): « Brouillard » for both Fog and
Smoke, then « Fumée » for Smoke and « Fumeе » with a Cyrillic "е" for Fog, « L'ombre » against
« L’ombre », a decomposed « Fumée »: two spells the French reader took for one.

The one rule of every reader of the engine's catalogue: the build's guard
(:mod:`nqtranslate.name_clashes`) refuses the catalogue at both lines; the engine's reader
(:func:`nqcore.catalogue_loading.load_po`: ``nq``, the examples, the companion's bridge) shows
the English of both names, with a warning at each line.

Names are compared as a reader tells them apart (:func:`clash_key`): NFKC, spacing folded, case
ignored, apostrophes and quotation marks folded (' ’ ʼ), and the confusable skeleton of UTS #39
(:func:`nqcore.army.lookalikes.skeleton`, the table ``nq army`` reads).  A word of a name that
mixes the letters of two scripts is refused as ``nq army`` refuses it in a unit's name
(:func:`nqcore.army.names.check_one_script`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

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
#: Apostrophes and quotation marks a reader takes for one another.
_QUOTES = str.maketrans(
    dict.fromkeys("\u2019\u02bc\u2018\u201b`\u00b4\u2032\u02b9\uff07", "'")
    | dict.fromkeys("\u201c\u201d\u00ab\u00bb\u201e\u201f\u2033\uff02", '"')
)


@dataclass(frozen=True)
class Named:
    """A translated message of the engine's catalogue, as the name check reads it."""

    msgid: str
    msgstr: str
    line: int
    context: str | None = None


@cache
def data_names() -> dict[tuple[str | None, str], frozenset[str]]:
    """Each name of :data:`NAME_KINDS` as the catalogue keys it (context, English), with its
    kinds."""
    from nqcore.data.contexts import DATA_CONTEXTS
    from nqcore.data.datafiles import load

    kinds: dict[tuple[str | None, str], set[str]] = {}
    for (relative, field), kind in sorted(NAME_KINDS.items()):
        table, name = field.removeprefix(".").split(".")
        for record in load(relative.removeprefix("data/")).get(table, ()):
            if isinstance(text := record.get(name), str) and text:
                key = (DATA_CONTEXTS.get((relative, field)), text)
                kinds.setdefault(key, set()).add(kind)
    return {key: frozenset(found) for key, found in kinds.items()}


def clash_key(text: str) -> str:
    """A name as a reader tells it from another, and as a player types it: NFKC, spaces
    folded, case ignored, quotes and apostrophes folded, then its confusable skeleton, without
    accents (:func:`nqcore.typed_names.folded`: « Boule dé feu » typed found « Boule de feu »,
    attacker round 31).

    >>> clash_key("L'ombre") == clash_key("L\u2019ombre") == clash_key("l\u02bcOmbre")
    True
    >>> clash_key("Fum\u00e9e") == clash_key("Fum\u00e9\u0435") == clash_key("FUME\u0301E")
    True
    >>> clash_key("Boule d\u00e9 feu") == clash_key("Boule de feu")
    True
    """
    from nqcore.army.lookalikes import skeleton
    from nqcore.typed_names import folded

    spaced = " ".join(unicodedata.normalize("NFKC", text).translate(_QUOTES).split()).casefold()
    return folded(unicodedata.normalize("NFC", skeleton(spaced)))


def mixed_script(text: str) -> str:
    """Why a translated name is refused for a word that mixes the letters of two scripts, in
    English ('' when none does), as ``nq army`` refuses a unit's name."""
    from nqcore.army.names import check_one_script
    from nqcore.i18n import Refusal

    try:
        check_one_script(text)
    except Refusal as refused:
        return str(refused)
    return ""


def name_problems(
    messages: Iterable[Named], names: dict[tuple[str | None, str], frozenset[str]]
) -> list[tuple[int, str]]:
    """Each refused translated name of ``messages``, as (line, why): a word mixing two scripts,
    or a name of a kind translated as another of its kind reads (at both lines)."""
    first: dict[tuple[str, str], Named] = {}
    problems: list[tuple[int, str]] = []
    for message in messages:
        kinds = names.get((message.context, message.msgid), frozenset())
        if not kinds or not message.msgstr:
            continue
        if mixed := mixed_script(message.msgstr):
            problems.append((message.line, f"the {min(kinds)} name {message.msgid!r}: {mixed}"))
        for kind in sorted(kinds):
            seen = first.setdefault((kind, clash_key(message.msgstr)), message)
            if seen is message:
                continue
            why = f"the {kind} names {seen.msgid!r} (line {seen.line}) and {message.msgid!r}"
            why += f" (line {message.line}) are {_translated(seen.msgstr, message.msgstr)}: a"
            why += " reader could not tell them apart; translate each its own way"
            problems += [(seen.line, why), (message.line, why)]
    return problems


def _translated(first: str, second: str) -> str:
    """How two translations that read alike are told: the one word, or both and why."""
    if " ".join(unicodedata.normalize("NFC", first).casefold().split()) == " ".join(
        unicodedata.normalize("NFC", second).casefold().split()
    ):
        return f"both translated {second!r}"
    return f"translated {first!r} and {second!r}, which read alike"
