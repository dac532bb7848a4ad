"""What the army builder's page refuses of an army file before ``nq army`` reads it: a date or
a time (no field takes one, and the page could not write it back) and a profile file named
beside it (a browser has no folder to read it from), each at its entry and field."""

from __future__ import annotations

import datetime
from typing import Any

from nqcore.army.force import KINDS
from nqcore.i18n import N_, Typed

#: Why a profile file named by an army file is refused on the page.
NO_FOLDER = N_(
    "{file} is a profile file beside the army file, and a browser has no folder to read it "
    "from: write the profile's own fields in the army file, or make the profile in the "
    "profile builder and choose it as your profile"
)


#: Why a date or a time in an army file is refused when no field's schema names it.
NO_DATES = N_("{value} is a date or a time: no field of an army file takes one")


def no_dates(data: dict[str, Any], path: str, name: str) -> None:
    """Refuse a TOML date or time (``points = 1979-05-27``) as ``nq army`` does, at its entry and
    field, in the page's language: no field takes one, and the page could not write it back."""
    from nqcore.army.force import ArmyError, located
    from nqcore.army.force import army as read_army

    found = _date_place(data)
    if found is None:
        return
    read_army(path)  # nq army's own refusal: the schema's complaint, its entry and field
    entry, field, value = found
    where = name if entry is None else f"{name}, {entry[0]} #{entry[1] + 1}"
    refused = ArmyError(NO_DATES, where=f"{where}, {field}", value=Typed(value.isoformat()))
    raise located(refused, entry, field)


Dated = datetime.date | datetime.time


def _date_place(data: dict[str, Any]) -> tuple[tuple[str, int] | None, str, Dated] | None:
    """The first date or time of the army file ``data``: its entry (none for the army's own
    fields), its field, the value."""
    for key, value in data.items():
        records = value if key in KINDS and isinstance(value, list) else None
        if records is None:
            if (found := _date_in(value)) is not None:
                return None, key, found
            continue
        for index, record in enumerate(records):
            for field, item in record.items() if isinstance(record, dict) else ():
                if (found := _date_in(item)) is not None:
                    return (key, index), field, found
    return None


def _date_in(value: object) -> Dated | None:
    if isinstance(value, Dated):
        return value
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return next((found for item in items if (found := _date_in(item)) is not None), None)


def no_profile_files(data: dict[str, Any], name: str) -> None:
    """Refuse an entry whose profile or leader names a profile file (``{ file = ... }``): ``nq
    army`` reads it beside the army file, but the page has only the file it was given."""
    from nqcore.army.force import ArmyError, located

    for kind in KINDS:
        records = data.get(kind)
        for index, record in enumerate(records if isinstance(records, list) else []):
            for field in ("profile", "leader"):
                ref = record.get(field) if isinstance(record, dict) else None
                if isinstance(ref, dict) and "file" in ref:
                    where = f"{name}, {kind} #{index + 1} ({record.get('name')}), {field}"
                    refused = ArmyError(NO_FOLDER, where=where, file=Typed(str(ref["file"])))
                    raise located(refused, (kind, index), field)
