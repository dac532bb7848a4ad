"""What the army builder offers an entry (its leaders, the options the book forbids it), and its
renaming and removal: who joins a unit follows it (player round fourteen: the join follows the
unit, not its name)."""

from __future__ import annotations

from typing import Any

from nqcore.army.force import KINDS
from nqcore.army.names import same_name
from nqcore.i18n import N_, translator

#: Said when the unit a character or an individual joined is removed (player round fourteen).
NO_LONGER_JOINS = N_("“{name}” no longer joins a unit: “{unit}” was removed")


def renamed(data: dict[str, Any], change: Any, lang: str) -> list[str]:
    """An entry renamed (``change``: kind, index, ``name``) or removed (no ``name``): the
    characters and individuals that joined it (a unit) follow, as they join the unit, not its
    name; those that joined a removed unit join none, each said (player round fourteen).  What
    is said, in ``lang``."""
    if not isinstance(change, dict):
        return []
    kind, index = str(change["kind"]), int(change["index"])
    records = data[kind]
    old = str(records[index]["name"])
    if "name" in change:
        records[index]["name"] = new = str(change["name"])
    else:
        del records[index]
        new = None
    notes = []
    joining = (r for k in KINDS if k != "unit" for r in data.get(k, []) if isinstance(r, dict))
    for record in joining if kind == "unit" else ():
        if same_name(str(record.get("joins", ""))) != same_name(old):
            continue
        if new is not None:
            record["joins"] = new
        else:
            del record["joins"]
            notes.append(translator(lang)(NO_LONGER_JOINS).format(name=record["name"], unit=old))
    return notes


def refused_options(entry: Any) -> dict[str, list[str]]:
    """The options the book forbids every model of ``entry``'s profile (``refused``: the army
    builder does not offer them): a support weapon, which "may not be wielded by a normal man
    sized model" (Support Weapons)."""
    from nqcore.army.armoury import WeaponKind, all_weapons

    if entry.profile.size.is_large:
        return {"refused": []}
    return {"refused": [f"weapons:{w.key}" for w in all_weapons() if w.kind is WeaponKind.SUPPORT]}


def leaders(entry: Any) -> dict[str, list[str]]:
    """A unit's ``leaders``: the book's profiles that may lead it (the engine's
    :func:`~nqcore.army.army_rules.may_lead`), which its "Unit leader" list offers."""
    from nqcore.army.army_rules import may_lead
    from nqcore.army.profile_files import example_profiles, sample_profiles

    if entry.kind != "unit":
        return {}
    book = [s.profile for s in sample_profiles()] + [e.profile for e in example_profiles()]
    return {"leaders": [p.key for p in book if p.key and may_lead(p, entry.profile)]}
