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


def outdated(data: dict[str, Any], profiles: Any) -> dict[tuple[str, int], list[dict[str, str]]]:
    """Each entry whose profile or leader was made from a profile of the page's profile
    builder (its ``builder_id``) that has changed since (``profiles``: the builder's ``id`` and
    ``toml`` of each): the field, the profile's name now and its id.  The entry keeps the copy
    it was made from until the player chooses the profile as it is now (two wizards made one after
    the other from one profile stay two wizards); the page says so beside the entry, as an
    army builder says an entry's data is out of date."""
    kept = {
        str(p["id"]): str(p["toml"])
        for p in (profiles if isinstance(profiles, list) else ())
        if isinstance(p, dict) and "id" in p and "toml" in p
    }
    found: dict[tuple[str, int], list[dict[str, str]]] = {}
    for kind in KINDS:
        for index, record in enumerate(data.get(kind, [])):
            for field in ("profile", "leader"):
                given = record.get(field) if isinstance(record, dict) else None
                made = str(given.get("builder_id")) if isinstance(given, dict) else None
                if made not in kept:
                    continue
                now = _read_kept(kept[made])
                if now and now | {"builder_id": made} != given:
                    name = str(now.get("name") or "?")
                    changed = {"field": field, "name": name, "id": made}
                    found.setdefault((kind, index), []).append(changed)
    return found


def mark_outdated(entries: list[dict[str, Any]], data: dict[str, Any], profiles: Any) -> None:
    """Each entry of the builder's answer with its ``outdated`` list (:func:`outdated`)."""
    changed = outdated(data, profiles)
    for entry in entries:
        entry["outdated"] = changed.get((entry["kind"], entry["index"]), [])


def _read_kept(toml: str) -> dict[str, Any]:
    """A profile the builder keeps, read as ``nq points`` reads its file (unreadable: none, and
    nothing said of the entry: never the army refused for it)."""
    from nqcompanion.bridge.web import _as_file
    from nqcore.cli.files import read_toml
    from nqcore.i18n import Refusal

    try:
        with _as_file(toml.encode("utf-8", "replace"), "profile.toml") as path:
            return dict(read_toml(path))
    except (Refusal, ValueError):
        return {}
