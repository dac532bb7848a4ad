"""What a TOML file given to ``nq`` (or the At the table page) is: an army or a profile.  A file
of the other kind is said as what it is, with where it goes, rather than refused field by field
("unknown field(s) individual, points, unit" for an army given to ``nq points``)."""

from __future__ import annotations

from typing import Any

from nqcore.i18n import N_, Refusal

#: An army file given to ``nq points``, a profile file to ``nq army``.
ARMY_FOR_POINTS = N_("this is an army file: price it with nq army {file}")
PROFILE_FOR_ARMY = N_("this is a profile file: price it with nq points {file}")


def file_kind(data: dict[str, Any]) -> str | None:
    """What a file read as TOML is: ``"army"`` (it has an army's size or entries), ``"profile"``
    (the reader of ``nq points`` takes it), else ``None``."""
    from nqcore.army.force import KINDS
    from nqcore.army.profile_files import parse_profile

    if "points" in data or any(kind in data for kind in KINDS):
        return "army"
    try:
        parse_profile(data)
    except (Refusal, ValueError, TypeError, KeyError):
        return None
    return "profile"
