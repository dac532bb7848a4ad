"""What the profile builder marks besides the engine's refusal: every other field the engine
would refuse next, so that a player sees them all at once."""

from __future__ import annotations

from typing import Any

from nqcore.cli.parser import one_line
from nqcore.i18n import Refusal


def other_refusals(record: dict[str, Any], refused: object, lang: str) -> list[dict[str, str]]:
    """Each characteristic besides the ``refused`` one that the engine would refuse next, with
    its refusal in ``lang``: the builder marks them all at once (a profile with AC 13 and CO 1
    showed only AC's: player round ten)."""
    from nqcore.army.characteristics import CHARACTERISTICS, check_characteristic

    found = []
    for key in CHARACTERISTICS:
        value = record.get(key)
        if key == refused or value is None or value == "-":
            continue
        try:
            check_characteristic(key, value)
        except Refusal as error:
            found.append({"field": key, "error": one_line(error.text(lang))})
    return found
