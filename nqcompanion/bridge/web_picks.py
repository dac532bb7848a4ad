"""The profile builder's lists (beside :mod:`nqcompanion.bridge.web`): the weapons, abilities,
traits, equipment and spells a profile file lists, each added by its key (and level) or removed by
its place, and named as the page's reader names them.  A spell is a card of the Magic chapter
(:mod:`nqcore.rules.spells`), named with its aspect: the aspects decide which wizards may share
an army (Magic Relationships)."""

from __future__ import annotations

import contextlib
from typing import Any

from nqcore.army.profiles import SPELL_TWICE
from nqcore.i18n import Msg, Refusal, translator

#: The lists of a profile file the builder adds to and removes from, in the page's order.
PICK_LISTS = ("weapons", "abilities", "traits", "equipment", "spells")


def add_pick(record: dict[str, Any], listed: str, pick: str) -> int | None:
    """Add the item ``pick`` (``key`` or ``key|level``) to the list ``listed`` of ``record``;
    an ability, trait, item of equipment or spell it has already is refused, but another level
    of one it has takes that one's place (player round 26: Fear (2) after Fear (0) was refused
    as "taken twice").  The place of the item replaced, if any."""
    if listed not in PICK_LISTS:
        raise ValueError(f"no list {listed!r}")
    key, _, level = pick.partition("|")
    item: Any = {"key": key, "level": level} if level else key
    if listed == "spells":
        _check_spell(record, key)
    elif listed != "weapons":
        place = _check_once(record, listed, key, level)
        if place is not None:
            record[listed] = [*record[listed][:place], item, *record[listed][place + 1 :]]
            return place
    record[listed] = [*record.get(listed, []), item]
    return None


def add_named(record: dict[str, Any], add: Any, lang: str) -> dict[str, dict[str, str]]:
    """:func:`add_pick` of the builder's ``add`` request (list, pick), if any: ``replaced``, the
    reader's names of the item a new level took the place of and of the new one, for the page
    to say ("“Fear (0)” replaced by “Fear (2)”.")."""
    if add is None:
        return {}
    listed = str(add[0])
    before = pick_names(record, lang).get(listed, [])
    place = add_pick(record, listed, str(add[1]))
    if place is None:
        return {}
    return {"replaced": {"old": before[place], "name": pick_names(record, lang)[listed][place]}}


def _check_spell(record: dict[str, Any], key: str) -> None:
    from nqcore.rules.spells import spell

    found = spell(key)
    if any(spell(str(taken)).key == found.key for taken in record.get("spells", [])):
        raise Refusal(SPELL_TWICE, name=found.name)


def _check_once(record: dict[str, Any], listed: str, key: str, level: str) -> int | None:
    """Refuse an ability, trait or item the profile already has, by its name: the book's
    profiles take each once (:data:`nqcore.army.profiles.TAKEN_TWICE`); the place of the one
    it has at another level, which the new level replaces."""
    from nqcore.army.features import feature
    from nqcore.army.profiles import TAKEN_TWICE

    category = {"abilities": "ability", "traits": "trait"}.get(listed, listed)
    found = feature(category, key)
    for place, item in enumerate(record.get(listed, [])):
        taken = item if isinstance(item, str) else str(item.get("key", ""))
        with contextlib.suppress(KeyError):
            if feature(category, taken).key != found.key:
                continue
            had = "" if isinstance(item, str) else str(item.get("level", ""))
            if found.levels and level and found.level(had) != found.level(level):
                return place
            raise Refusal(TAKEN_TWICE, name=found.name)
    return None


def remove_pick(record: dict[str, Any], listed: str, index: int) -> None:
    """Remove the item at ``index`` of the list ``listed`` (the list goes once empty)."""
    items = list(record.get(listed, []))
    del items[index]
    if items:
        record[listed] = items
    else:
        record.pop(listed, None)


def make_primary(record: dict[str, Any], index: int) -> None:
    """The weapon at ``index`` first: the model's primary weapon, at full points, the others at
    half ("Weapon Selection": second and subsequent weapons at half the cost, rounded up)."""
    weapons = list(record.get("weapons", []))
    weapons.insert(0, weapons.pop(index))
    record["weapons"] = weapons


def pick_names(record: dict[str, Any], lang: str) -> dict[str, list[str]]:
    """The weapons, abilities, traits, equipment and spells of ``record`` as the reader names
    them."""
    from nqcore.army.armoury import weapon
    from nqcore.army.features import abilities, equipment, level_parts, traits
    from nqcore.rules.spells import spell

    _ = translator(lang)
    features = {f.key: f for f in (*abilities(), *traits(), *equipment())}
    names: dict[str, list[str]] = {}
    for listed in PICK_LISTS:
        names[listed] = []
        for item in record.get(listed, []):
            key = item if isinstance(item, str) else str(item.get("key", item.get("name", "?")))
            level = None if isinstance(item, str) else item.get("level")
            try:
                if listed == "spells":
                    name = _(spell(key).name)
                else:
                    name = _(weapon(key).name) if listed == "weapons" else _(features[key].name)
            except (KeyError, ValueError):
                name = _(key)  # a created weapon: its own name
            if level:  # its words in the reader's language: « F3 1½" Mise à terre »
                said = "".join(_(p) if isinstance(p, Msg) else p for p in level_parts(str(level)))
                name = f"{name} ({said})"
            names[listed].append(name)
    return names
